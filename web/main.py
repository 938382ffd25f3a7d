"""The page's Python side: the bridge JS calls, and the "ready" signal.

Runs in Pyodide through PyScript (see index.html). JS calls
``window.remiCall(name, json_args)`` and gets a JSON string back:

* ``{"ok": true, ...}`` on success, ``{"ok": false, "error": "..."}`` on failure (plus ``"rule"``
  when the engine refused with a rule id);
* ``ping`` is answered here (Python version, whether the engine and its bridge
  imported, and why not);
* any other name calls ``remi.bridge.<name>(**args)`` and answers
  ``{"ok": true, "result": <its return value>}``.
"""

import importlib
import inspect
import json
import sys

from pyscript import ffi, window


def load(name: str):
    """Import a module; on any failure return None and the error, so the page still starts."""
    try:
        return importlib.import_module(name), None
    except Exception as error:  # missing, or broken while the engine is being written
        return None, f"{type(error).__name__}: {error}"


remi, REMI_ERROR = load("remi")
bridge, BRIDGE_ERROR = load("remi.bridge") if remi else (None, None)


def ping() -> dict:
    return {
        "ok": True,
        "python": sys.version,
        "remi": remi is not None,
        "remi_error": REMI_ERROR,
        "bridge": bridge is not None,
        "bridge_error": BRIDGE_ERROR,
    }


def dispatch(name: str, args: dict) -> dict:
    if name == "ping":
        return ping()
    function = getattr(bridge, name, None)
    if not is_bridge_function(function):
        return {"ok": False, "error": f"unknown call: {name}"}
    return {"ok": True, "result": function(**args)}


def is_bridge_function(function) -> bool:
    """Only the public functions defined in remi/bridge.py, not what it imports."""
    return (inspect.isfunction(function) and function.__module__ == bridge.__name__
            and not function.__name__.startswith("_"))


def remi_call(name: str, args_json: str = "{}") -> str:
    try:
        answer = dispatch(name, json.loads(args_json or "{}"))
    except Exception as error:  # report every failure to JS as data, never a crash
        answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        if hasattr(error, "rule"):  # remi.errors.RuleError: the RULES.md id it enforces
            answer["rule"] = error.rule
    return json.dumps(answer)


window.remiCall = ffi.create_proxy(remi_call)
window.remiReadyAt = window.performance.now()
window.remiReady = True
window.dispatchEvent(window.CustomEvent.new("remi:ready"))
