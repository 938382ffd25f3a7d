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

# Collects `longtask` entries (main thread blocked > 50 ms) from the page's start.
LONG_TASK_OBSERVER = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }
}).observe({ type: "longtask", buffered: true });
"""


def wait_python_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Waits until the engine (worker, or web/main.py as the fallback) set window.remiReady."""
    page.wait_for_function("window.remiReady === true", timeout=timeout_ms)


def remi_call(page, name: str, args_json: str = "{}") -> str:
    """Calls window.remiCall(name, args_json) in the page; returns its JSON string."""
    return page.evaluate("([name, args]) => window.remiCall(name, args)", [name, args_json])


def long_tasks(page, over_ms: float = 0) -> list[dict]:
    """Long tasks seen so far in the page, those longer than over_ms."""
    tasks = page.evaluate("window.__longTasks")
    return [task for task in tasks if task["duration"] > over_ms]


def wait_service_worker(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Waits until our service worker controls the page (so its cache is full)."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout_ms)
