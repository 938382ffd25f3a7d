"""The one door from JS into Python, shared by the engine's worker (web/engine_worker.py)
and the main-thread fallback (web/main.py); pyscript.toml copies it in as `calls`.

``remi_call(name, json_args)`` answers a JSON string:

* ``{"ok": true, "result": ...}`` on success, ``{"ok": false, "error": "..."}`` on failure
  (plus ``"rule"`` when the engine refused with a rule id), with ``"ms"``, the time the call
  took in Python;
* ``ping`` is answered here (Python version, whether the engine imported, and why not), so
  the page starts even when remi/ is missing or broken;
* ``room_*`` names call ``remi.host.<name>(**args)``, any other name
  ``remi.bridge.<name>(**args)`` (remi/page.py decides what is callable).
"""

import importlib
import json
import sys
import time


def load(name: str):
    """Import a module; on any failure return None and the error, so the page still starts."""
    try:
        return importlib.import_module(name), None
    except Exception as error:  # missing, or broken while the engine is being written
        return None, f"{type(error).__name__}: {error}"


remi, REMI_ERROR = load("remi")
page, PAGE_ERROR = load("remi.page") if remi else (None, None)


def ping() -> dict:
    return {
        "ok": True,
        "python": sys.version,
        "remi": remi is not None,
        "remi_error": REMI_ERROR,
        "bridge": page is not None,
        "bridge_error": PAGE_ERROR,
    }


def dispatch(name: str, args: dict) -> dict:
    if name == "ping":
        return ping()
    function = page.page_function(name) if page else None
    if function is None:
        return {"ok": False, "error": f"unknown call: {name}"}
    return {"ok": True, "result": function(**args)}


def remi_call(name: str, args_json: str = "{}") -> str:
    started = time.perf_counter()
    try:
        answer = dispatch(name, json.loads(args_json or "{}"))
    except Exception as error:  # every failure goes back to JS as data, never a crash
        answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        if hasattr(error, "rule"):  # remi.errors.RuleError: the RULES.md id it enforces
            answer["rule"] = error.rule
    answer["ms"] = round((time.perf_counter() - started) * 1000, 2)
    return json.dumps(answer)
