"""Players' names, as every page shows them (a guest's, the host's, the profile's, a loaded
log's): control and format characters are dropped — a right-to-left override (U+202E) or a
zero-width character would leak into the sentences around the name — runs of whitespace
become one space, and a name keeps at most NAME_MAX characters. Nothing left: the default."""

from __future__ import annotations

import unicodedata
from typing import Any

NAME_MAX = 24
DEFAULT_NAME = "Tu"            # the local player's, when none is given
_DROPPED = {"Cc", "Cf", "Cs"}      # control, format (bidi, zero-width), lone surrogates


def clean_name(text: Any, default: str) -> str:
    if not isinstance(text, str):
        return default
    kept = "".join(" " if c.isspace() else c for c in text
                   if c.isspace() or unicodedata.category(c) not in _DROPPED)
    return " ".join(kept.split())[:NAME_MAX].rstrip() or default


def clean_players(players: list[Any], default: str = "?") -> list[Any]:
    """A log's players with each name cleaned (`default` for a person's empty name, "AI" for a
    bot's); entries that are not objects stay as they are, for the caller to refuse."""
    return [{**p, "name": clean_name(p.get("name"), "AI" if p.get("is_bot") else default)}
            if isinstance(p, dict) else p for p in players]
