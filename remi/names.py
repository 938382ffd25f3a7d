"""Players' names, as every page shows them (a guest's, the host's, the profile's, a loaded
log's): control and format characters are dropped — a right-to-left override (U+202E) or a
zero-width character would leak into the sentences around the name — and so are letters that
draw nothing (U+3164 …) and combining marks past two on one letter (a stack of them draws over
the lines around); runs of whitespace become one space, and a name keeps at most NAME_MAX
characters. Nothing left: the default. A guest's name may not read as a bot's label either
(`human_name`)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

NAME_MAX = 24
DEFAULT_NAME = "Tu"            # the local player's, when none is given
_DROPPED = {"Cc", "Cf", "Cs"}      # control, format (bidi, zero-width), lone surrogates


_BLANK = set("\u034f\u115f\u1160\u3164\uffa0\u2800")   # letters and marks that draw nothing
MAX_MARKS = 2
# "AI", also in look-alike letters (Greek, Cyrillic), as a word of its own: the bots' label
_BOT_LABEL = re.compile(r"[AΑА][IΙІӀ](?=$|[^\w])")


def clean_name(text: Any, default: str) -> str:
    if not isinstance(text, str):
        return default
    kept, marks = [], 0
    for c in unicodedata.normalize("NFC", text):
        if c in _BLANK or unicodedata.category(c) in _DROPPED:
            continue
        marks = marks + 1 if unicodedata.category(c) in ("Mn", "Me") else 0
        if marks <= MAX_MARKS:
            kept.append(" " if c.isspace() else c)
    return " ".join("".join(kept).split())[:NAME_MAX].rstrip() or default


def human_name(text: Any, default: str) -> str:
    """A person's name, which may not pass for a bot: a leading "AI" word goes (bots are
    labelled "AI <level>" everywhere, RULES.md Bots)."""
    name = clean_name(text, default)
    while (label := _BOT_LABEL.match(unicodedata.normalize("NFKC", name))):
        name = name[label.end():].lstrip(" -_.:·,;") or default
    return name


def clean_players(players: list[Any], default: str = "?") -> list[Any]:
    """A log's players with each name cleaned (`default` for a person's empty name, "AI" for a
    bot's); entries that are not objects stay as they are, for the caller to refuse."""
    return [{**p, "name": clean_name(p.get("name"), "AI" if p.get("is_bot") else default)}
            if isinstance(p, dict) else p for p in players]
