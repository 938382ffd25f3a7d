"""Every distinct formation that can be made from a rack's tiles (C5), for legal-move lists."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .formations import Formation, make_formation
from .tiles import JOKER, Tile, make_tile


def formations_in(rack: Sequence[Tile]) -> list[Formation]:
    """All distinct formations (table order) buildable from the rack, sorted."""
    present = set(rack)
    jokers = 1 if JOKER in present else 0
    found: set[Formation] = set()
    for number in range(1, 14):
        tiles = [make_tile(c, number) for c in "KRYB" if make_tile(c, number) in present]
        for size in (3, 4):
            for combo in combinations(tiles, size):
                found.add(combo)
            if jokers:
                for combo in combinations(tiles, size - 1):
                    found.add(make_formation(combo + (JOKER,)))
    for colour in "KRYB":
        line = [make_tile(colour, 1 if p == 14 else p) in present for p in range(1, 15)]
        for low in range(1, 13):
            for high in range(low + 2, 15):
                segment = range(low, high + 1)
                holes = [p for p in segment if not line[p - 1]]
                if len(holes) > jokers:
                    continue
                if len(segment) == 14 and not holes and rack.count(make_tile(colour, 1)) < 2:
                    continue
                tiles = [JOKER if p in holes else make_tile(colour, 1 if p == 14 else p)
                         for p in segment]
                found.add(tuple(tiles))
    return sorted(found)
