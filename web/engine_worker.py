"""The engine's worker: the game lives here, off the page's main thread.

Started by web/engine.js with PyScript's PyWorker (the same pyscript.toml, so `remi` is
importable). JS awaits ``remi_call(name, json_args)`` and gets a JSON string back with the
same shape as web/main.py's ``remiCall`` — ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": "...", "rule"?: "E4"}`` — plus ``"ms"``, the time the call took in
Python. Only JSON crosses; no DOM work happens here.
"""

import inspect
import json
import time

from remi import bridge


def is_bridge_function(function) -> bool:
    """Only the public functions defined in remi/bridge.py, not what it imports."""
    return (inspect.isfunction(function) and function.__module__ == bridge.__name__
            and not function.__name__.startswith("_"))


def remi_call(name: str, args_json: str = "{}") -> str:
    started = time.perf_counter()
    try:
        function = getattr(bridge, name, None)
        if not is_bridge_function(function):
            answer = {"ok": False, "error": f"unknown call: {name}"}
        else:
            answer = {"ok": True, "result": function(**json.loads(args_json or "{}"))}
    except Exception as error:  # every failure goes back to JS as data
        answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        if hasattr(error, "rule"):
            answer["rule"] = error.rule
    answer["ms"] = round((time.perf_counter() - started) * 1000, 2)
    return json.dumps(answer)


__export__ = ["remi_call"]
