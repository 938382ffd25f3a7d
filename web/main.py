"""The page's Python side: the bridge JS calls, and the "ready" signal.

Runs in Pyodide through PyScript (see index.html). JS calls
``window.remiCall(name, json_args)`` and gets a JSON string back:

* ``{"ok": true, ...}`` on success, ``{"ok": false, "error": "..."}`` on failure;
* ``ping`` is answered here (Python version, whether the engine is present);
* any other name calls ``remi.bridge.<name>(**args)`` and answers
  ``{"ok": true, "result": <its return value>}``.
"""

import json
import sys

from pyscript import ffi, window

try:
    import remi
except ImportError as error:  # the engine has not landed yet, or failed to import
    remi = None
    REMI_ERROR = f"{type(error).__name__}: {error}"
else:
    REMI_ERROR = None

try:
    from remi import bridge
except ImportError:
    bridge = None


def ping() -> dict:
    return {
        "ok": True,
        "python": sys.version,
        "remi": remi is not None,
        "remi_error": REMI_ERROR,
        "bridge": bridge is not None,
    }


def dispatch(name: str, args: dict) -> dict:
    if name == "ping":
        return ping()
    function = getattr(bridge, name, None) if not name.startswith("_") else None
    if not callable(function):
        return {"ok": False, "error": f"unknown call: {name}"}
    return {"ok": True, "result": function(**args)}


def remi_call(name: str, args_json: str = "{}") -> str:
    try:
        answer = dispatch(name, json.loads(args_json or "{}"))
    except Exception as error:  # report every failure to JS as data, never a crash
        answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
    return json.dumps(answer)


window.remiCall = ffi.create_proxy(remi_call)
window.remiReadyAt = window.performance.now()
window.remiReady = True
window.dispatchEvent(window.CustomEvent.new("remi:ready"))
