"""Small multiset helpers over racks (lists of tiles)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import RuleError
from .tiles import Tile, counts_of, tiles_text


def has_tiles(rack: Sequence[Tile], tiles: Iterable[Tile]) -> bool:
    need, have = counts_of(tiles), counts_of(rack)
    return all(n <= h for n, h in zip(need, have))


def take_from(rack: list[Tile], tiles: Sequence[Tile], rule: str) -> None:
    """Remove tiles from the rack in place, or refuse naming `rule` if it lacks any."""
    if not has_tiles(rack, tiles):
        raise RuleError(rule, f"{tiles_text(tiles)}: not on your rack")
    for tile in tiles:
        rack.remove(tile)


def without(tiles: Sequence[Tile], removed: Iterable[Tile]) -> list[Tile]:
    rest = list(tiles)
    for tile in removed:
        if tile in rest:
            rest.remove(tile)
    return rest
