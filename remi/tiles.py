"""Tiles (C1): codes, notation and the 106-tile set.

A tile is a small int so that racks are cheap to copy and hash: colour index × 13 +
number − 1 (0…51) for the numbered tiles, 52 for a joker. Sorting codes gives the
canonical order of the match logs: colours K, R, Y, B, numbers 1–13, jokers last.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import NotationError

Tile = int

COLOURS = "KRYB"
COLOUR_NAMES = {"K": "black", "R": "red", "Y": "yellow", "B": "blue"}
JOKER: Tile = 52
TILE_KINDS = 53


def make_tile(colour: str, number: int) -> Tile:
    return COLOURS.index(colour) * 13 + number - 1


def colour_of(tile: Tile) -> int:
    """Colour index 0…3 (K, R, Y, B); only for numbered tiles."""
    return tile // 13


def number_of(tile: Tile) -> int:
    """Number 1…13; only for numbered tiles."""
    return tile % 13 + 1


def is_joker(tile: Tile) -> bool:
    return tile == JOKER


def tile_name(tile: Tile) -> str:
    return _NAMES[tile]


_NAMES = tuple(f"{COLOURS[colour_of(t)]}{number_of(t)}" for t in range(JOKER)) + ("J",)


def parse_tile(text: str) -> Tile:
    """`R7`, `K13`, `B1`, `J` → tile code (C1). Case-insensitive, surrounding spaces ignored."""
    word = text.strip().upper()
    if word == "J":
        return JOKER
    if 2 <= len(word) <= 3 and word[0] in COLOURS and word[1:].isascii() and word[1:].isdigit():
        number = int(word[1:])
        if 1 <= number <= 13 and not word[1:].startswith("0"):
            return make_tile(word[0], number)
    raise NotationError(f"'{text}' is not a tile: write colour K/R/Y/B + 1…13, or J", "C1")


def parse_tiles(words: Iterable[str]) -> list[Tile]:
    return [parse_tile(word) for word in words]


def tiles_text(tiles: Iterable[Tile]) -> str:
    return " ".join(tile_name(tile) for tile in tiles)


def full_set() -> list[Tile]:
    """The 106 tiles in canonical order: each numbered tile twice, then two jokers."""
    return [tile for tile in range(52) for _ in range(2)] + [JOKER, JOKER]


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * TILE_KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def check_within_set(tiles: Iterable[Tile]) -> None:
    """Refuse a collection holding a third copy of a tile or a third joker (C1)."""
    for tile, count in enumerate(counts_of(tiles)):
        if count > 2:
            raise NotationError(f"more than two copies of {tile_name(tile)}: the set has two", "C1")
