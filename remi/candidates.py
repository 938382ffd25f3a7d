"""Every distinct formation that can be made from a rack's tiles (C5), for legal-move lists."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .formations import Formation, make_formation
from .tiles import JOKER, Tile, make_tile


# The tiles of each number (K, R, Y, B) and of each colour's run positions 1…14 (14: the
# high ace), built once: formations_in runs for every legal-move list.
NUMBER_TILES = {number: [make_tile(c, number) for c in "KRYB"] for number in range(1, 14)}
RUN_TILES = {colour: [make_tile(colour, 1 if p == 14 else p) for p in range(1, 15)]
             for colour in "KRYB"}


def formations_in(rack: Sequence[Tile]) -> list[Formation]:
    """All distinct formations (table order) buildable from the rack, sorted."""
    present = set(rack)
    jokers = 1 if JOKER in present else 0
    found: set[Formation] = set()
    for number in range(1, 14):
        tiles = [tile for tile in NUMBER_TILES[number] if tile in present]
        for size in (3, 4):
            for combo in combinations(tiles, size):
                found.add(combo)
            if jokers:
                for combo in combinations(tiles, size - 1):
                    found.add(make_formation(combo + (JOKER,)))
    for colour in "KRYB":
        found.update(_runs(rack, colour, jokers))
    return sorted(found)


def _runs(rack: Sequence[Tile], colour: str, jokers: int) -> list[Formation]:
    """Every run of this colour: each stretch of positions 1…14 (14 = the high ace) with at
    most `jokers` holes, a joker in each hole."""
    tiles = RUN_TILES[colour]
    held = [tile in rack for tile in tiles]
    runs = []
    for low in range(1, 13):
        holes = 0
        for high in range(low, 15):
            holes += not held[high - 1]
            if holes > jokers:
                break
            if high - low < 2 or (high - low == 13 and not holes and rack.count(tiles[0]) < 2):
                continue
            runs.append(tuple(t if held[p - 1] else JOKER
                              for p, t in zip(range(low, high + 1), tiles[low - 1:high])))
    return runs
