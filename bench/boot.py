#!/usr/bin/env python3
"""Page boot benchmark: time to playable and bytes served, Remi page vs bare Pyodide.

    python3 bench/boot.py [--runs 5]

Each run opens a fresh browser context (empty HTTP cache, no service worker) and
loads both pages, alternating. "ready" is performance.now() when the page is playable:
for Remi, the engine in its worker has answered and the table is drawn
(`body[data-ready]`); for the baseline, a bare loadPyodide() has run. "engine" is when
the Remi page's engine worker first answered (`window.remiReadyAt`); "bytes" are the
response bodies our server sent until then (uncompressed, as http.server sends them);
"gzip" is what the same files weigh gzipped, as a typical static host would send them.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PAGES = {"bare Pyodide": "bench/bare.html", "Remi page": ""}
# Records when PyScript reports each boot step ("py:progress" events).
STEP_RECORDER = """
window.__steps = {};
addEventListener("py:progress", ({ detail }) => { window.__steps[detail] = performance.now(); });
"""


class CountingHandler(build.StaticHandler):
    """Static handler that records the path and size of every body it sends."""

    served: list[tuple[str, int]] = []
    lock = threading.Lock()

    def copyfile(self, source, outputfile) -> None:  # type: ignore[override]
        start = source.tell()
        super().copyfile(source, outputfile)
        with self.lock:
            self.served.append((self.path.split("?")[0], source.tell() - start))


def gzip_size(dist: Path, url_path: str) -> int:
    path = dist / url_path.lstrip("/")
    if path.is_dir():
        path = path / "index.html"
    return len(gzip.compress(path.read_bytes(), 6))


def measure(browser, url: str, dist: Path, playable: bool) -> dict:
    context = browser.new_context()
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
        "http://127.0.0.1") else route.abort())
    CountingHandler.served.clear()
    page = context.new_page()
    page.add_init_script(STEP_RECORDER)
    page.goto(url)
    page.wait_for_function("window.remiReady === true", timeout=120_000)
    python = page.evaluate("window.remiReadyAt")
    if playable:  # the game's own engine (in its worker) answered and the table is drawn
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=180_000)
        ready = float(page.evaluate("document.body.dataset.readyAt"))
    else:
        ready = python
    steps = page.evaluate("window.__steps")
    paint = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
    with CountingHandler.lock:
        served = list(CountingHandler.served)
    context.close()
    return {
        "ready_ms": ready,
        "python_ms": python,
        "paint_ms": paint or 0.0,
        "bytes": sum(size for _, size in served),
        "gzip": sum(gzip_size(dist, path) for path, _ in served),
        "requests": len(served),
        "steps": steps,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs

    dist = build.build()
    copy_to = dist / "bench" / "bare.html"
    copy_to.parent.mkdir(exist_ok=True)
    shutil.copyfile(ROOT / "bench" / "bare.html", copy_to)
    server = build.make_server(dist, handler=CountingHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict]] = {name: [] for name in PAGES}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=CHROMIUM_ARGS)
        measure(browser, base + PAGES["bare Pyodide"], dist, False)  # warm-up, not counted
        for _ in range(runs):
            for name, path in PAGES.items():
                results[name].append(measure(browser, base + path, dist, name == "Remi page"))
        browser.close()
    server.shutdown()
    report(results, runs)


def paint_text(rows: list[dict]) -> str:
    """Median first contentful paint; "-" for a page that paints nothing."""
    paints = [row["paint_ms"] for row in rows if row["paint_ms"]]
    return f"{statistics.median(paints):.0f}" if paints else "-"


def report(results: dict[str, list[dict]], runs: int) -> None:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"medians over {runs} runs (fresh context each: cold HTTP cache, no service worker);"
          f" {os.cpu_count()} CPUs, load average {load}")
    print(f"{'page':<14}{'ready ms':>10}{'min':>8}{'max':>8}{'paint ms':>10}"
          f"{'requests':>10}{'bytes':>12}{'gzip':>12}")
    medians = {}
    for name, rows in results.items():
        ready = [row["ready_ms"] for row in rows]
        medians[name] = statistics.median(ready)
        print(f"{name:<14}{medians[name]:>10.0f}{min(ready):>8.0f}{max(ready):>8.0f}"
              f"{paint_text(rows):>10}"
              f"{statistics.median(row['requests'] for row in rows):>10.0f}"
              f"{statistics.median(row['bytes'] for row in rows):>12,.0f}"
              f"{statistics.median(row['gzip'] for row in rows):>12,.0f}")
    ratio = medians["Remi page"] / medians["bare Pyodide"]
    print(f"ratio Remi/bare (ready): {ratio:.2f}")
    engine = statistics.median(row["python_ms"] for row in results["Remi page"])
    print(f"Remi page, engine worker answered (median ms): {engine:.0f}")
    rows = results["Remi page"]
    if rows[0]["steps"]:
        print("Remi page, PyScript boot steps (median ms since navigation):")
    for step in rows[0]["steps"]:
        times = [row["steps"][step] for row in rows if step in row["steps"]]
        print(f"  {step:<24}{statistics.median(times):>8.0f}")


if __name__ == "__main__":
    main()
