#!/usr/bin/env python3
"""History benchmark: what the history's list reads, by the number of stored matches.

    python3 bench/history.py [--matches 10,50,100] [--runs 7]

The page's storage (web/platform/storage.js, version 2) keeps each match's summary apart
from its log. For each count it stores that many copies of one long match (30 rounds of four
medium bots, ≈ 80 KB of log, as a watched table leaves after half an hour) in a fresh
browser context, then times in the page, median of `runs`:
* "summaries": `store().matches()`, what the list reads now;
* "with logs": both stores read whole in one transaction, what version 1's list read (each
  entry held its log) — the baseline, measured in the same page;
* "Istoric": a click on the menu's History tab until its list is drawn (`aria-busy` gone).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.boot import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

FILL = """async ([log, n]) => {
  const { store } = await import(new URL('web/platform/storage.js', location.href));
  const db = await store();
  for (let i = 0; i < n; i++) {
    const id = `bench${String(i).padStart(7, '0')}`;
    await db.putMatch({ id, kind: 'arena', started: i, updated: i, variant: log.variant,
      players: log.players, seat: null, round: log.rounds.length, totals: [0, 0, 0, 0],
      over: false, log: { ...log, match_id: id } });
  }
}"""

TIME = """async (runs) => {
  const { store } = await import(new URL('web/platform/storage.js', location.href));
  const db = await store();
  const all = (name) => new Promise((resolve) => {
    const tx = db.db.transaction(['matches', 'logs']);
    const got = [];
    for (const s of ['matches', 'logs']) tx.objectStore(s).getAll().onsuccess = (e) => got.push(e.target.result);
    tx.oncomplete = () => resolve(got);
  });
  const drawn = () => new Promise((resolve) => {
    const panel = document.querySelector('[data-testid=panel-history]');
    const check = () => (panel.hasAttribute('aria-busy') || panel.hidden
      ? requestAnimationFrame(check) : resolve());
    check();
  });
  const out = { summaries: [], logs: [], open: [] };
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await db.matches();
    out.summaries.push(performance.now() - t);
    t = performance.now();
    await all();
    out.logs.push(performance.now() - t);
    document.querySelector('[data-testid=tab-arena]').click();
    t = performance.now();
    document.querySelector('[data-testid=tab-history]').click();
    await drawn();
    out.open.push(performance.now() - t);
  }
  return out;
}"""


def long_log() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "log.json"
        subprocess.run([sys.executable, "-m", "remi", "play", "--variant", "etalat", "--seats",
                        "medium,medium,medium,medium", "--rounds", "30", "--seed", "7",
                        "--log", str(path)], cwd=ROOT, check=True, capture_output=True)
        return json.loads(path.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", default="10,50,100")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    log = long_log()
    size = len(json.dumps(log))
    dist = build.build()
    server = build.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?botDelay=0"
    from playwright.sync_api import sync_playwright

    print(f"one log: {size / 1024:.0f} KB; medians of {args.runs} runs, ms\n")
    print("| matches | summaries | with logs (v1's read) | ratio | Istoric drawn |")
    print("|---|---|---|---|---|")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for count in (int(n) for n in args.matches.split(",")):
            context = browser.new_context()
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
            page.evaluate(FILL, [log, count])
            page.get_by_test_id("menu").click()
            times = page.evaluate(TIME, args.runs)
            med = {key: statistics.median(values) for key, values in times.items()}
            print(f"| {count} | {med['summaries']:.1f} | {med['logs']:.1f} | "
                  f"{med['logs'] / med['summaries']:.0f}× | {med['open']:.0f} |")
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
