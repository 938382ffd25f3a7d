"""Helpers for browser tests (import them: `from browser_helpers import ...`)."""

from __future__ import annotations

READY_TIMEOUT_MS = 60_000

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
    """Waits until web/main.py has set window.remiReady."""
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
