"""The action notation: one action is one string; the seat is whoever is to play.

`draw` · `take` · `take N` · `open A B C | D E F` · `lay A B C` · `attach T to N` ·
`swap T in N` · `discard T` · `atu` · `close T` · `redeal` · `timeout`
(docs/notation.md has the full description.)
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import NotationError
from .tiles import Tile, parse_tile, parse_tiles, tiles_text

KINDS = ("draw", "take", "open", "lay", "attach", "swap", "discard", "atu", "close", "redeal",
         "timeout")


@dataclass(frozen=True)
class Action:
    kind: str
    tiles: tuple[Tile, ...] = ()                  # lay: the formation; attach/swap/discard/close: (T,)
    formations: tuple[tuple[Tile, ...], ...] = ()  # open
    number: int = 0                               # attach/swap: formation number; take: N

    @property
    def tile(self) -> Tile:
        return self.tiles[0]

    def __str__(self) -> str:
        if self.kind == "take":
            return "take" if self.number <= 1 else f"take {self.number}"
        if self.kind == "open":
            return "open " + " | ".join(tiles_text(f) for f in self.formations)
        if self.kind == "lay":
            return "lay " + tiles_text(self.tiles)
        if self.kind == "attach":
            return f"attach {tiles_text(self.tiles)} to {self.number}"
        if self.kind == "swap":
            return f"swap {tiles_text(self.tiles)} in {self.number}"
        if self.kind in ("discard", "close"):
            return f"{self.kind} {tiles_text(self.tiles)}"
        return self.kind


def _positive(word: str, what: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 6 or int(word) < 1:
        raise NotationError(f"{what} must be a whole number from 1, not '{word}'")
    return int(word)


def parse_action(text: str) -> Action:
    """Parse one action string; raises NotationError naming what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"an action is a string, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError("empty action")
    kind, rest = words[0].lower(), words[1:]
    if kind not in KINDS:
        raise NotationError(f"unknown action '{words[0]}' (one of: {', '.join(KINDS)})")
    if kind in ("draw", "atu", "redeal", "timeout"):
        if rest:
            raise NotationError(f"'{kind}' takes nothing after it")
        return Action(kind)
    if kind == "take":
        if len(rest) > 1:
            raise NotationError("write 'take' or 'take N'")
        return Action("take", number=_positive(rest[0], "N") if rest else 1)
    if kind == "open":
        groups = " ".join(rest).split("|")
        if not rest or any(not g.split() for g in groups):
            raise NotationError("write 'open A B C | D E F …': formations separated by |")
        return Action("open", formations=tuple(tuple(parse_tiles(g.split())) for g in groups))
    if kind == "lay":
        if not rest:
            raise NotationError("write 'lay A B C'")
        return Action("lay", tiles=tuple(parse_tiles(rest)))
    if kind in ("attach", "swap"):
        joint = "to" if kind == "attach" else "in"
        if len(rest) != 3 or rest[1].lower() != joint:
            raise NotationError(f"write '{kind} T {joint} N'")
        return Action(kind, tiles=(parse_tile(rest[0]),), number=_positive(rest[2], "N"))
    if len(rest) != 1:
        raise NotationError(f"write '{kind} T' with one tile")
    return Action(kind, tiles=(parse_tile(rest[0]),))
