#!/usr/bin/env python3
"""Bot decision time in the browser: one `bot_step` per level, timed inside the page.

    python3 bench/browser_bots.py [--steps 120] [--variants etalat,tabla] [--levels ...]

Builds the site into a temporary directory, serves it on 127.0.0.1, opens the page in Debian's Chromium (headless) and,
for each variant and level, plays a game of the local player against three bots of that
level through the page's engine (the PyScript worker, `window.remi.engine`): the local
player draws and discards the last legal discard; every bot step is timed. Two figures
per step:

* **python ms** — time inside the worker for `bridge.bot_step()` (the bot's legal list,
  its decision, the action, and the snapshot — which holds the local player's legal list
  when it is their turn next);
* **round trip ms** — from the page's call to the answer (adds the JSON crossing and the
  worker message), measured on the main thread.

Prints a Markdown table (p50 / p95 / max) for docs/performance.md ("In the browser").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

# Runs in the page: a game against three bots of one level, `steps` bot steps timed.
PLAY = """async ([variant, level, steps, seed]) => {
  const call = window.remi.engine;
  let snap = (await call("new_game", { variant, seats: ["human", level, level, level],
                                       seed })).result;
  const out = [];
  let guard = 0;
  while (out.length < steps && guard++ < 5000) {
    if (snap.bot_to_play) {
      const t0 = performance.now();
      const answer = await call("bot_step");
      out.push({ python: answer.ms, trip: performance.now() - t0,
                 action: answer.result.action });
      snap = answer.result.snapshot;
    } else if (snap.my_turn) {
      const legal = snap.legal;
      const discards = legal.filter((a) => a.startsWith("discard "));
      const action = legal.includes("draw") ? "draw" : discards[discards.length - 1] ?? legal[0];
      snap = (await call("act", { action })).result.snapshot;
    } else {
      snap = (await call("next_round")).result;
    }
  }
  return out;
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--variants", default="etalat,tabla")
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    # A private build: a shared dist/ may be rebuilt under us by a concurrent test run.
    dist = build.build(Path(tempfile.mkdtemp(prefix="remi-bench-")) / "dist")
    server = build.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?botDelay=600000"
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=180_000)
        engine = page.evaluate("document.body.dataset.engine")
        for variant in args.variants.split(","):
            for level in args.levels.split(","):
                steps = page.evaluate(PLAY, [variant, level, args.steps, args.seed])
                python = [s["python"] for s in steps]
                trip = [s["trip"] for s in steps]
                rows.append((variant, level, len(steps), statistics.median(python),
                             percentile(python, 0.95), max(python), statistics.median(trip),
                             percentile(trip, 0.95)))
                print(f"{variant} {level}: done", file=sys.stderr, flush=True)
        browser.close()
    server.shutdown()
    print(f"engine runs in: {engine}\n")
    print("| variant | level | steps | python p50 ms | p95 | max | round trip p50 ms | p95 |")
    print("|---|---|---|---|---|---|---|---|")
    for variant, level, n, p50, p95, top, t50, t95 in rows:
        print(f"| {variant} | {level} | {n} | {p50:.1f} | {p95:.1f} | {top:.1f} | "
              f"{t50:.1f} | {t95:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
