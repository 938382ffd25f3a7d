"""Which Python functions the page may call by name (web/engine_worker.py, web/main.py)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from . import bridge, host


def page_function(name: str) -> Callable[..., Any] | None:
    """A public function defined in remi/bridge.py, or in remi/host.py for `room_*` names
    (never what those modules import); None for anything else."""
    module = host if name.startswith("room_") else bridge
    function = getattr(module, name, None)
    if (inspect.isfunction(function) and function.__module__ == module.__name__
            and not name.startswith("_")):
        return function
    return None
