"""Level expert: for now the hard policy (see docs/bots.md for what is missing)."""

from __future__ import annotations

from .hard import choose

__all__ = ["choose"]
