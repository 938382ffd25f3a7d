"""Best arrangement of a rack into formations (C5), exact.

The rack is packed into one int, 3 bits per tile kind (a count 0…2 and a guard bit), so
"does the rack still hold this formation?" is a single subtraction. Every candidate
formation of the rack (C5, at most one joker each) is listed once, filed under its lowest
real tile. A memoised search then always settles the lowest remaining real tile: all of its
copies stay loose, or one copy goes into a formation filed under it. Each partition is thus
reached exactly once and equal remainders are solved once.

Objectives are packed into one int, lexicographically: "covered" (tiles, then table value),
"table_value" (table value, then tiles), "opening" (opening points, then table value, then
tiles); then fewer formations. Ties beyond that go to the first partition found (loose
before formations, formations in a fixed order), so results are deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple

from .tiles import JOKER, Tile, check_within_set, counts_of
from .formations import FULL_RUN, table_value

Formation = tuple[Tile, ...]

OBJECTIVES = ("covered", "table_value", "opening")
OPENING_RULES = (None, "run", "run_or_three_groups")

_BITS = 3
_JOKER_SHIFT = _BITS * JOKER
_REAL_MASK = (1 << _JOKER_SHIFT) - 1
_GUARDS = sum(4 << (_BITS * kind) for kind in range(JOKER + 1))
_INFEASIBLE = -(1 << 62)

# Opening-rule progress ("need"): 0 met; 1…3 groups still missing (a run also meets it);
# 4 only a run meets it.
_NEED_RUN = 4
_AFTER_GROUP = (0, 0, 1, 2, _NEED_RUN)
_START_NEED = {None: 0, "run": _NEED_RUN, "run_or_three_groups": 3}


@dataclass(frozen=True)
class Arrangement:
    """Formations in table order (sorted), the leftover tiles (sorted) and the score."""

    formations: tuple[Formation, ...]
    loose: tuple[Tile, ...]
    score: int


class _Candidate(NamedTuple):
    tiles: Formation  # table order
    is_run: bool
    delta: int  # packed counts
    tiles_value: int  # table value (C6)
    opening: int  # opening points (C6)


def best_arrangement(
    rack: Iterable[Tile],
    objective: str = "covered",
    *,
    must_cover: Iterable[Tile] = (),
    opening_rule: str | None = None,
) -> Arrangement | None:
    """The formations maximising `objective` ("covered", "table_value" or "opening", C6);
    `must_cover` tiles must all be in formations and `opening_rule` ("run" or
    "run_or_three_groups", E4) constrains the formations. None when nothing satisfies
    the constraints."""
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}; use one of {OBJECTIVES}")
    if opening_rule not in OPENING_RULES:
        raise ValueError(f"unknown opening rule {opening_rule!r}; use one of {OPENING_RULES}")
    must_cover = list(must_cover)
    # only racks of 20 tiles at most ask for an opening or a close: no limit there
    limit = None if must_cover or opening_rule else SEARCH_LIMIT
    search = _Search(sorted(rack), objective, must_cover, opening_rule, limit)
    try:
        return search.run()
    except _TooLong:
        return search.greedy()


# Remainders the exact search may solve before it gives way to the greedy arrangement: at most
# about half a second of CPython (a rack of 30 tiles needs a few thousand). Racks of 40 tiles
# and more can need far more (a 41-tile rack of three whole colours and both jokers took 30 s,
# some random 50-tile racks 20 s): an opened Etalat player who takes the whole strip (E7)
# holds one, and the page's Arrange, the clock's discard (C8) and the bots arrange it.
SEARCH_LIMIT = 100_000


class _TooLong(Exception):
    """The exact search went past its limit."""


def closing_discards(rack: Iterable[Tile]) -> list[Tile]:
    """Tablă closing (T6): the distinct tiles T such that the rack minus one T is made of
    formations only, sorted. Memoised by the sorted rack: every Tablă legal list asks it, and
    bots' searches ask about the same racks again and again."""
    return list(_closing_discards(tuple(sorted(rack))))


@lru_cache(maxsize=1 << 15)
def _closing_discards(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    search = _Search(list(tiles), "covered", list(tiles), None)  # one memo for every discard
    return tuple(tile for tile in sorted(set(tiles)) if search.covers_all_but(tile))


def clear_memo() -> None:
    """Forget the memoised closing checks (benchmarks start cold)."""
    _closing_discards.cache_clear()


def best_close(rack: Iterable[Tile], discard: Tile) -> Arrangement | None:
    """Every tile but `discard` in formations, maximising their table value (the closer's
    score, T8); None when the rest cannot be fully covered (T6)."""
    rest = sorted(rack)
    if discard not in rest:
        raise ValueError("the discard must be a tile of the rack")
    rest.remove(discard)
    return best_arrangement(rest, "table_value", must_cover=rest)


def loose_after_best(rack: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles the "covered" best arrangement leaves loose (C8 timeout discard)."""
    arrangement = best_arrangement(rack)
    assert arrangement is not None  # "covered" without constraints always has an answer
    return arrangement.loose


def can_open(
    rack: Iterable[Tile],
    opening_rule: str,
    threshold: int = 45,
    must_cover: Iterable[Tile] = (),
) -> Arrangement | None:
    """The best opening (E4) when it reaches `threshold` points, else None."""
    best = best_arrangement(rack, "opening", must_cover=must_cover, opening_rule=opening_rule)
    return best if best is not None and best.score >= threshold else None


class _Search:
    """One rack, one objective: candidate formations filed by lowest tile, and the memo."""

    def __init__(
        self, tiles: list[Tile], objective: str, must_cover: list[Tile], rule: str | None,
        limit: int | None = None,
    ) -> None:
        counts = counts_of(tiles)
        if max(counts) > 2:
            check_within_set(tiles)
        must = counts_of(must_cover)
        self.tiles = tiles
        self.objective = objective
        self.need = _START_NEED[rule]
        self.candidates = _candidates(counts)
        # Copies of each tile that may stay loose.
        self.spare = [c - m for c, m in zip(counts, must)]
        self.by_low: list[list[tuple[int, int, bool, int]]] = [[] for _ in range(JOKER)]
        in_some = {JOKER}
        for index, candidate in enumerate(self.candidates):
            in_some.update(candidate.tiles)
            self.by_low[min(candidate.tiles)].append(
                (candidate.delta, self._gain(candidate), candidate.is_run, index)
            )
        # Tiles in no formation stay loose; the search starts without them.
        self.stranded = [tile for tile in tiles if tile not in in_some]
        self.feasible = min(self.spare) >= 0 and all(
            self.spare[kind] == counts[kind] for kind in set(self.stranded)
        )
        self.start = _pack([count if kind in in_some else 0 for kind, count in enumerate(counts)])
        self.memo: dict[int, int] = {}
        self.choice: dict[int, int] = {}
        self.limit = limit              # memo entries before _TooLong (None: no limit)

    def _gain(self, candidate: _Candidate) -> int:
        """The objective packed lexicographically; the -1 makes fewer formations win ties."""
        size, value = len(candidate.tiles), candidate.tiles_value
        if self.objective == "covered":
            return (size << 17 | value << 5) - 1
        if self.objective == "table_value":
            return (value << 11 | size << 5) - 1
        return (candidate.opening << 23 | value << 11 | size << 5) - 1

    def _score(self, chosen: list[_Candidate]) -> int:
        if self.objective == "covered":
            return sum(len(candidate.tiles) for candidate in chosen)
        if self.objective == "table_value":
            return sum(candidate.tiles_value for candidate in chosen)
        return sum(candidate.opening for candidate in chosen)

    def run(self) -> Arrangement | None:
        if not self.feasible or self._best(self.start, self.need) < 0:
            return None
        return self._arrangement(self._chosen(self.start, self.need))

    def _arrangement(self, chosen: list[_Candidate]) -> Arrangement:
        left = list(self.tiles)
        for candidate in chosen:
            for tile in candidate.tiles:
                left.remove(tile)
        formations = tuple(sorted(candidate.tiles for candidate in chosen))
        return Arrangement(formations, tuple(left), self._score(chosen))

    def covers_all_but(self, tile: Tile) -> bool:
        """Built with must_cover = the rack: whether the rack minus one `tile` is all
        formations."""
        if self.stranded:
            return self.stranded == [tile] and self._best(self.start, self.need) >= 0
        return self._best(self.start - (1 << (_BITS * tile)), self.need) >= 0

    def _best(self, packed: int, need: int) -> int:
        key = packed << 3 | need
        known = self.memo.get(key)
        if known is not None:
            return known
        reals = packed & _REAL_MASK
        if not reals:
            ok = need == 0 and packed >> _JOKER_SHIFT <= self.spare[JOKER]
            value = 0 if ok else _INFEASIBLE
            self.memo[key] = value
            return value
        low = ((reals & -reals).bit_length() - 1) // _BITS
        count = reals >> (_BITS * low) & 3
        best, best_choice = _INFEASIBLE, -1
        if self.spare[low] >= count:
            best = self._best(packed - (count << (_BITS * low)), need)
        guarded = packed | _GUARDS
        for delta, gain, is_run, index in self.by_low[low]:
            if (guarded - delta) & _GUARDS != _GUARDS:
                continue
            value = gain + self._best(packed - delta, 0 if is_run else _AFTER_GROUP[need])
            if value > best:
                best, best_choice = value, index
        self.memo[key] = best
        self.choice[key] = best_choice
        if self.limit is not None and len(self.memo) > self.limit:
            raise _TooLong
        return best

    def greedy(self) -> Arrangement:
        """Formations taken one at a time while the rest holds one, the one of highest gain
        first — or, in a second try, the best without a joker first (jokers fit anywhere
        later); the better of the two. Not always the best (on 42-tile racks a few tiles fewer
        covered), always quick (see SEARCH_LIMIT)."""
        tries = [self._greedy(self._gain),
                 self._greedy(lambda candidate: (JOKER not in candidate.tiles,
                                                 self._gain(candidate)))]
        return self._arrangement(max(tries, key=lambda chosen: sum(map(self._gain, chosen))))

    def _greedy(self, key: Callable[[_Candidate], Any]) -> list[_Candidate]:
        counts = counts_of(self.tiles)
        chosen: list[_Candidate] = []
        while (best := max(_candidates(counts), key=key, default=None)) is not None:
            chosen.append(best)
            for tile in best.tiles:
                counts[tile] -= 1
        return chosen

    def _chosen(self, packed: int, need: int) -> list[_Candidate]:
        """Replay the stored choices from the full rack."""
        chosen = []
        while packed & _REAL_MASK:
            key = packed << 3 | need
            index = self.choice[key]
            if index < 0:
                reals = packed & _REAL_MASK
                low = ((reals & -reals).bit_length() - 1) // _BITS
                packed -= (reals >> (_BITS * low) & 3) << (_BITS * low)
                continue
            candidate = self.candidates[index]
            chosen.append(candidate)
            packed -= candidate.delta
            need = 0 if candidate.is_run else _AFTER_GROUP[need]
        return chosen


def _pack(counts: list[int]) -> int:
    return sum(count << (_BITS * kind) for kind, count in enumerate(counts))


# Opening points (C6) of run positions 0…14 (14 is the high ace), summed from position 1.
_OPENING_UPTO = [0]
for _position in range(1, FULL_RUN + 1):
    _OPENING_UPTO.append(_OPENING_UPTO[-1] + (10 if _position >= 10 else 5))


_UNIT = [1 << (_BITS * kind) for kind in range(JOKER + 1)]
_TABLE_VALUE = [table_value(kind) for kind in range(JOKER + 1)]


def _candidate(tiles: Formation, is_run: bool, opening: int) -> _Candidate:
    delta = sum([_UNIT[tile] for tile in tiles])
    value = sum([_TABLE_VALUE[tile] for tile in tiles])
    return _Candidate(tiles, is_run, delta, value, opening)


def _candidates(counts: list[int]) -> list[_Candidate]:
    """Each formation (as a multiset) once. A 13- or 14-tile run that could have its ace
    low or high comes first with the ace low, as make_formation reads it."""
    jokers = min(counts[JOKER], 1)
    found: dict[int, _Candidate] = {}
    for number in range(1, 14):
        for candidate in _groups(counts, number, jokers):
            found[candidate.delta] = candidate
    for colour in range(4):
        for candidate in _runs(counts, colour, jokers):
            found.setdefault(candidate.delta, candidate)
    return list(found.values())


def _groups(counts: list[int], number: int, jokers: int) -> Iterator[_Candidate]:
    """Groups (C5) of `number`: 3–4 colours, or 2–3 colours and a joker."""
    present = [colour * 13 + number - 1 for colour in range(4) if counts[colour * 13 + number - 1]]
    each = 10 if number == 1 or number >= 10 else 5
    for size in (3, 4):
        for reals in combinations(present, size):
            yield _candidate(reals, False, each * size)
        if jokers:
            for reals in combinations(present, size - 1):
                yield _candidate(reals + (JOKER,), False, each * size)


def _runs(counts: list[int], colour: int, jokers: int) -> Iterator[_Candidate]:
    """Runs (C5) of `colour`: positions start…end of 1…14 (14 = high ace), with at most one
    joker; a joker that fills no gap stands at the high end unless the run ends on 14
    (and the 14-tile run takes it as the high ace)."""
    base = colour * 13
    held = [False] + [counts[base + number - 1] > 0 for number in range(1, 14)] + [False]
    for start in range(1, FULL_RUN - 1):
        held[FULL_RUN] = counts[base] > (start == 1)  # 1…14 needs both aces
        missing: list[int] = []
        for end in range(start, FULL_RUN + 1):
            if not held[end]:
                missing.append(end)
                if len(missing) > jokers:
                    break
            if end - start < 2:
                continue
            if not missing:
                yield _run(colour, start, end, None)
            if jokers:
                spots = missing or range(start, end + 1)
                for spot in spots:
                    if spot != start or (end == FULL_RUN and start > 1):
                        yield _run(colour, start, end, spot)


def _run(colour: int, start: int, end: int, joker_at: int | None) -> _Candidate:
    base = colour * 13 - 1
    tiles = [base + position for position in range(start, min(end, 13) + 1)]
    if end == FULL_RUN:
        tiles.append(colour * 13)  # the high ace
    if joker_at is not None:
        tiles[joker_at - start] = JOKER
    opening = _OPENING_UPTO[end] - _OPENING_UPTO[start - 1]
    return _candidate(tuple(tiles), True, opening)
