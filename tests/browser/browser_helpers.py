"""Helpers for browser tests (import them: `from browser_helpers import ...`)."""

from __future__ import annotations

import os
from pathlib import Path

READY_TIMEOUT_MS = 60_000
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def screenshot_path(name: str, tmp_path: Path) -> Path:
    """docs/screenshots/<name> when missing or UPDATE_SCREENSHOTS is set, else a temp file
    (so a test run does not rewrite a tracked file each time)."""
    target = SCREENSHOTS / name
    if os.environ.get("UPDATE_SCREENSHOTS") or not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        return target
    return tmp_path / name


# The next bot step fails once (as a bot's exception in the worker would), then bots play on.
FAIL_NEXT_BOT_STEP = """() => { const backend = window.remiGame.backend, real = backend.botStep;
    let failures = 1;
    backend.botStep = async () => {
        if (failures-- > 0) throw new Error('forced bot failure');
        return real(); }; }"""


def plain_move(legal: list[str]) -> str:
    """A plain player: close when possible, else draw, else the first discard."""
    for prefix in ("close", "draw", "discard"):
        found = [a for a in legal if a.split()[0] == prefix]
        if found:
            return found[0]
    return legal[0]


# Collects `longtask` entries (main thread blocked > 50 ms) from the page's start, and the
# long animation frames with the time scripts ran in them (script attribution, Chromium ≥ 123).
LONG_TASK_OBSERVER = """
window.__longTasks = [];
window.__frames = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }
}).observe({ type: "longtask", buffered: true });
if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__frames.push({
        start: entry.startTime, end: entry.startTime + entry.duration,
        script: entry.scripts.reduce((sum, s) => sum + s.duration, 0),
        sources: entry.scripts.map((s) => `${s.invoker} ${s.sourceURL} ${Math.round(s.duration)}`),
      });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
}
"""


def wait_python_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Waits until the engine (worker, or web/main.py as the fallback) set window.remiReady."""
    page.wait_for_function("window.remiReady === true", timeout=timeout_ms)


def remi_call(page, name: str, args_json: str = "{}") -> str:
    """Calls window.remiCall(name, args_json) in the page; returns its JSON string."""
    return page.evaluate("([name, args]) => window.remiCall(name, args)", [name, args_json])


def long_tasks(page, over_ms: float = 0) -> list[dict]:
    """Long tasks seen so far in the page, those longer than over_ms. Each gets `script`: the
    most script time of a long animation frame overlapping it (None when the browser does
    not report frames), and those frames' scripts as `sources`."""
    tasks = page.evaluate("window.__longTasks")
    frames = page.evaluate("window.__frames")
    out = []
    for task in tasks:
        if task["duration"] <= over_ms:
            continue
        end = task["start"] + task["duration"]
        near = [f for f in frames if f["start"] < end and f["end"] > task["start"]]
        script = max((f["script"] for f in near), default=0.0) if frames else None
        out.append({**task, "script": script, "sources": [s for f in near for s in f["sources"]]})
    return out


def wait_service_worker(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Waits until our service worker controls the page (so its cache is full)."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout_ms)
