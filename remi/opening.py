"""Finding an Etalat opening (E4) quickly, on a rack of any size.

Up to SMALL_RACK tiles the exact solver gives the best opening. A rack that has just broken
a long strip can hold fifty tiles, too many for an exact search within a turn; there any
opening is found among sets of at most three formations — which is enough, since every
formation is worth at least 15 opening points (C6), so three always make the 45.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .candidates import formations_in
from .formations import Formation, is_run, opening_points, table_value
from .rack import has_tiles, without
from .solver import can_open
from .tiles import Tile, counts_of

OPENING_POINTS = 45
SMALL_RACK = 20


def find_opening(tiles: Sequence[Tile], rule: str, must: Sequence[Tile] = ()) -> \
        tuple[Formation, ...] | None:
    """Formations worth 45 opening points under `rule` ("run" or "run_or_three_groups"),
    together using every tile of `must`; None when there is none."""
    if len(tiles) <= SMALL_RACK:
        best = can_open(tiles, rule, OPENING_POINTS, must)
        return best.formations if best else None
    return _three_formations(tiles, rule, list(must))


def opening_leaving(tiles: Sequence[Tile], rule: str, must: Sequence[Tile] = (),
                    keep: int = 1) -> tuple[Formation, ...] | None:
    """An opening (E4) using every tile of `must` that leaves at least `keep` tiles on the
    rack (E11: one to discard; two on the platform preset, where the opening turn may not also
    close), or None. The best opening when it leaves enough; else the best of its
    sub-openings (whole formations kept back); else an opening of the rack with one or two of
    its lowest tiles kept back — the best opening may use every tile, and a smaller one still
    opens."""
    best = find_opening(tiles, rule, must)
    if best is None or _left(tiles, best) >= keep:
        return best
    smaller = [part for size in range(len(best) - 1, 0, -1) for part in combinations(best, size)
               if _left(tiles, part) >= keep and is_opening(part, rule)
               and has_tiles([t for f in part for t in f], must)]
    if smaller:
        return max(smaller, key=lambda part: sum(map(opening_points, part)))
    spare = sorted(without(tiles, must), key=table_value)
    for count in range(1, keep + 1):
        for held in dict.fromkeys(combinations(spare, count)):
            found = find_opening(without(tiles, held), rule, must)
            if found is not None and _left(tiles, found) >= keep:
                return found
    return None


def _left(tiles: Sequence[Tile], formations: Sequence[Formation]) -> int:
    return len(tiles) - sum(map(len, formations))


def is_opening(formations: Sequence[Formation], rule: str) -> bool:
    runs = sum(1 for f in formations if is_run(f))
    enough = sum(opening_points(f) for f in formations) >= OPENING_POINTS
    return enough and (runs > 0 or (rule == "run_or_three_groups" and len(formations) >= 3))


def _three_formations(tiles: Sequence[Tile], rule: str, must: list[Tile]) \
        -> tuple[Formation, ...] | None:
    scored = sorted(((opening_points(f), f) for f in formations_in(tiles)), reverse=True)
    firsts = [pf for pf in scored if not must or must[0] in pf[1]]
    counts = counts_of(tiles)

    def search(chosen: list[Formation], start: int, points: int) -> tuple[Formation, ...] | None:
        if is_opening(chosen, rule) and has_tiles([t for f in chosen for t in f], must):
            return tuple(chosen)
        slots = 3 - len(chosen)
        for index in range(start, len(scored)):
            value, formation = scored[index]
            if slots == 0 or points + value * slots < OPENING_POINTS:
                break
            if _fits(chosen + [formation], counts):
                found = search(chosen + [formation], index + 1, points + value)
                if found:
                    return found
        return None

    for value, first in firsts:
        if _fits([first], counts):
            found = search([first], 0, value)
            if found:
                return found
    return None


def _fits(formations: list[Formation], counts: list[int]) -> bool:
    used = counts_of(t for f in formations for t in f)
    return all(u <= c for u, c in zip(used, counts))
