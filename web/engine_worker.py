"""The engine's worker: the game lives here, off the page's main thread.

Started by web/engine.js with PyScript's PyWorker (the same pyscript.toml, so `remi` and
`calls` are importable). JS awaits ``remi_call(name, json_args)`` (web/calls.py). Only JSON
crosses; no DOM work happens here.
"""

import calls


def remi_call(name: str, args_json: str = "{}") -> str:
    # A function defined here: polyscript exports names defined by this file's own code.
    return calls.remi_call(name, args_json)


__export__ = ["remi_call"]
