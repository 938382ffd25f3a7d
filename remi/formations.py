"""Formations (C5) and tile values (C6).

A formation is a tuple of tiles in table order. A run lies low to high, a joker at the
position it stands for; an ace at the start of a run is low (1), anywhere else high (14).
A group lies in the order given. `make_formation` accepts tiles in any order and returns
the table order, so the notation may name a run as `R13 R1 R12`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .errors import RuleError
from .tiles import JOKER, Tile, colour_of, is_joker, make_tile, number_of, tile_name

Formation = tuple[Tile, ...]

FULL_RUN = 14  # 1-2-…-13-1
FULL_GROUP = 4


def _number_at(position: int) -> int:
    """Run position 1…14 → tile number (14 is the high ace)."""
    return 1 if position == 14 else position


def _position(tile: Tile, index: int) -> int:
    number = number_of(tile)
    return 14 if number == 1 and index > 0 else number


def is_run(formation: Formation) -> bool:
    """For a valid formation: a run has one colour (a group has at least two)."""
    return len({colour_of(tile) for tile in formation if not is_joker(tile)}) == 1


def run_start(formation: Formation) -> int:
    """Position (1…14) of a run's first tile."""
    for index, tile in enumerate(formation):
        if not is_joker(tile):
            return _position(tile, index) - index
    raise ValueError("a run needs a real tile")


def run_colour(formation: Formation) -> int:
    return next(colour_of(tile) for tile in formation if not is_joker(tile))


def group_number(formation: Formation) -> int:
    return next(number_of(tile) for tile in formation if not is_joker(tile))


def represented(formation: Formation) -> list[Tile | None]:
    """The tile each position stands for: itself, or for a joker the tile it replaces
    (None for the joker of a 3-group, whose colour is not fixed yet — C5)."""
    if is_run(formation):
        start, colour = run_start(formation), run_colour(formation)
        return [
            make_tile("KRYB"[colour], _number_at(start + index)) for index in range(len(formation))
        ]
    number = group_number(formation)
    if len(formation) < FULL_GROUP:
        return [None if is_joker(tile) else tile for tile in formation]
    colours = {colour_of(tile) for tile in formation if not is_joker(tile)}
    missing = next(colour for colour in range(4) if colour not in colours)
    return [make_tile("KRYB"[missing], number) if is_joker(tile) else tile for tile in formation]


def _check_common(tiles: Sequence[Tile]) -> None:
    if len(tiles) < 3:
        raise RuleError("C5", f"a formation needs at least 3 tiles; {len(tiles)} given")
    if sum(1 for tile in tiles if is_joker(tile)) > 1:
        raise RuleError("C5", "at most one joker per formation")


def _as_group(tiles: Sequence[Tile]) -> Formation | None:
    reals = [tile for tile in tiles if not is_joker(tile)]
    if len({number_of(tile) for tile in reals}) != 1:
        return None
    if len({colour_of(tile) for tile in reals}) != len(reals):
        raise RuleError("C5", "a group needs different colours: " + _names(tiles))
    if len(tiles) > FULL_GROUP:
        raise RuleError("C5", "a group holds at most 4 tiles, one per colour")
    return tuple(tiles)


def _as_run(tiles: Sequence[Tile]) -> Formation | None:
    reals = [tile for tile in tiles if not is_joker(tile)]
    if len({colour_of(tile) for tile in reals}) != 1:
        return None
    joker_first = bool(tiles) and is_joker(tiles[0])
    ace_tiles = [tile for tile in reals if number_of(tile) == 1]
    aces = len(ace_tiles)
    others = sorted(number_of(tile) for tile in reals if number_of(tile) != 1)
    if aces > 2 or len(set(others)) != len(others):
        raise RuleError("C5", "a run holds each number once: " + _names(tiles))
    ace_named_first = bool(reals) and number_of(reals[0]) == 1
    if aces == 2:
        choices = [[1, 14]]
    elif aces == 1:                         # an ace named after the others is high (K2…K13 K1)
        choices = [[1], [14]] if ace_named_first else [[14], [1]]
    else:
        choices = [[]]
    for ace_positions in choices:
        positions = sorted(others + ace_positions)
        low, high = positions[0], positions[-1]
        gaps = high - low + 1 - len(positions)
        jokers = len(tiles) - len(reals)
        if gaps > jokers:
            continue
        if gaps == 0 and jokers == 1:
            if (joker_first and low > 1) or high == 14:
                low -= 1
            else:
                high += 1
        if low < 1 or high > 14:
            continue
        by_position = {number_of(tile): tile for tile in reals if number_of(tile) != 1}
        by_position.update({position: ace for position, ace in zip(ace_positions, ace_tiles)})
        return tuple(by_position.get(position, JOKER) for position in range(low, high + 1))
    if aces and others and others[0] == 2 and others[-1] == 13:
        raise RuleError("C5", "13-1-2 goes around the corner: the ace is low or high, not both")
    raise RuleError("C5", "a run needs consecutive numbers: " + _names(tiles))


def make_formation(tiles: Sequence[Tile]) -> Formation:
    """Validate tiles as a group or run (C5); return them in table order.

    A joker that fills no gap extends a run at its high end, or at its low end when it was
    named first or the run already ends with the high ace.
    """
    _check_common(tiles)
    group = _as_group(tiles)
    if group is not None:
        return group
    run = _as_run(tiles)
    if run is not None:
        return run
    raise RuleError("C5", "a group is one number in different colours, a run one colour in "
                    "consecutive numbers: " + _names(tiles))


def is_formation(tiles: Sequence[Tile]) -> bool:
    try:
        make_formation(tiles)
    except RuleError:
        return False
    return True


def attach(formation: Formation, tile: Tile) -> tuple[Formation, int]:
    """Extend a laid formation by one tile (E8); returns the new formation and the index
    where the tile went. A joker extends a run at the high end (low end after a high ace)."""
    if is_joker(tile) and JOKER in formation:
        raise RuleError("C5", "at most one joker per formation")
    if is_run(formation):
        return _attach_to_run(formation, tile)
    if len(formation) >= FULL_GROUP:
        raise RuleError("C5", "a complete group (4 tiles) cannot grow")
    if not is_joker(tile):
        if number_of(tile) != group_number(formation):
            raise RuleError("C5", f"{tile_name(tile)} does not belong to a group of "
                            f"{group_number(formation)}s")
        if any(not is_joker(t) and colour_of(t) == colour_of(tile) for t in formation):
            raise RuleError("C5", f"the group already has a {tile_name(tile)[0]} tile")
    return formation + (tile,), len(formation)


@lru_cache(maxsize=1 << 14)
def attachable(formation: Formation) -> frozenset[Tile]:
    """The tiles `attach` accepts for this formation (E8), computed at once; memoised (the
    same table formations are asked about again and again by legal-move lists)."""
    has_joker = JOKER in formation
    if is_run(formation):
        if len(formation) >= FULL_RUN:
            return frozenset()
        start, colour = run_start(formation), "KRYB"[run_colour(formation)]
        end = start + len(formation) - 1
        tiles = {make_tile(colour, _number_at(p)) for p in (start - 1, end + 1) if 1 <= p <= 14}
    else:
        if len(formation) >= FULL_GROUP:
            return frozenset()
        number = group_number(formation)
        colours = {colour_of(t) for t in formation if not is_joker(t)}
        tiles = {make_tile(c, number) for i, c in enumerate("KRYB") if i not in colours}
    return frozenset(tiles if has_joker else tiles | {JOKER})


def _attach_to_run(formation: Formation, tile: Tile) -> tuple[Formation, int]:
    if len(formation) >= FULL_RUN:
        raise RuleError("C5", "the complete run 1…13-1 cannot grow")
    start = run_start(formation)
    end = start + len(formation) - 1
    if is_joker(tile):
        if end < 14:
            return formation + (tile,), len(formation)
        return (tile,) + formation, 0
    if colour_of(tile) != run_colour(formation):
        raise RuleError("C5", f"{tile_name(tile)} is not the colour of this run")
    number = number_of(tile)
    if end < 14 and _number_at(end + 1) == number:
        return formation + (tile,), len(formation)
    if start > 1 and _number_at(start - 1) == number and start - 1 != 14:
        return (tile,) + formation, 0
    # the joker's own tile goes at its place, by a swap (an ace may still go at the other end)
    if JOKER in formation and represented(formation)[formation.index(JOKER)] == tile:
        raise RuleError("E9", f"{tile_name(tile)} is what the joker stands for: swap it in")
    raise RuleError("C5", f"{tile_name(tile)} does not extend this run at either end")


def swap_joker(formation: Formation, tile: Tile) -> Formation:
    """Put `tile` in place of the formation's joker (E9); the joker goes back to the swapper."""
    if JOKER not in formation:
        raise RuleError("E9", "this formation has no joker to swap")
    if not is_run(formation) and len(formation) < FULL_GROUP:
        raise RuleError("E9", "a joker leaves a group only when the group is complete (4 tiles)")
    index = formation.index(JOKER)
    wanted = represented(formation)[index]
    if tile != wanted:
        raise RuleError("E9", f"the joker here stands for {tile_name(wanted)}, not {tile_name(tile)}")
    return formation[:index] + (tile,) + formation[index + 1:]


# C6 ---------------------------------------------------------------------------------------

def table_value(tile: Tile) -> int:
    """Laid tiles and the Etalat rack (C6): 2–9 → 5, 10–13 → 10, ace → 25, joker → 50."""
    if is_joker(tile):
        return 50
    number = number_of(tile)
    return 25 if number == 1 else 10 if number >= 10 else 5


def rack_penalty(tile: Tile) -> int:
    """The Tablă rack (C6): 1–9 → 5 (ace included), 10–13 → 10, joker → 50."""
    if is_joker(tile):
        return 50
    return 10 if number_of(tile) >= 10 else 5


def _opening_value_of_number(number: int, high: bool) -> int:
    if number == 1:
        return 10 if high else 5
    return 10 if number >= 10 else 5


def opening_points(formation: Formation) -> int:
    """Opening points (C6): a joker counts as the tile it replaces; an ace 10 when high or in
    a group, 5 when low."""
    if is_run(formation):
        start = run_start(formation)
        return sum(
            _opening_value_of_number(_number_at(start + i), start + i == 14)
            for i in range(len(formation))
        )
    return len(formation) * _opening_value_of_number(group_number(formation), True)


def _names(tiles: Sequence[Tile]) -> str:
    return " ".join(tile_name(tile) for tile in tiles)
