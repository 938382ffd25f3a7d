"""What a bot may know, read from a seat's view (remi.views.view) and the legal list only.

Nothing here receives a RoundState: every helper takes the view dict (own rack + public
table + public history) or tiles derived from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..actions import Action, parse_action
from ..errors import RuleError
from ..formations import attach, rack_penalty, table_value
from ..solver import Arrangement, best_arrangement, clear_memo
from ..tiles import JOKER, TILE_KINDS, Tile, colour_of, number_of, parse_tile

Legal = list[tuple[str, Action]]


def tiles_of(names: list[str]) -> list[Tile]:
    return [parse_tile(name) for name in names]


def turn_actions(view: dict[str, Any]) -> list[str]:
    """The actions this seat has made so far in the current turn, latest first."""
    if view["phase"] == "draw":
        return []
    block = []
    for entry in reversed(view["history"]):
        if entry["seat"] != view["seat"]:
            break
        if entry["action"].split()[0] == "discard":
            break
        block.append(entry["action"])
    return block


def parse_legal(legal: list[str]) -> Legal:
    return [(text, parse_action(text)) for text in legal if text != "redeal"]


def by_kind(legal: Legal, kind: str) -> Legal:
    return [(text, action) for text, action in legal if action.kind == kind]


@dataclass
class Seen:
    """Public facts reconstructed from the view's history, plus the own rack."""

    variant: str
    seat: int
    seats: int
    rack: list[Tile]
    atu: Tile
    stock: int
    rack_sizes: list[int]
    opened: list[bool] = field(default_factory=list)
    table: list[tuple[Tile, ...]] = field(default_factory=list)
    strip: list[Tile] = field(default_factory=list)
    rows: list[list[Tile]] = field(default_factory=list)
    taken: list[list[Tile]] = field(default_factory=list)   # tiles each seat took, publicly
    thrown: list[list[Tile]] = field(default_factory=list)  # tiles each seat discarded
    must_lay: list[Tile] = field(default_factory=list)

    @property
    def left(self) -> int:
        return (self.seat + 1) % self.seats

    def value(self, tile: Tile) -> int:
        return table_value(tile) if self.variant == "etalat" else rack_penalty(tile)


def seen(view: dict[str, Any]) -> Seen:
    variant = view["variant"]
    info = Seen(variant, view["seat"], view["seats"], tiles_of(view["rack"]),
                parse_tile(view["atu"]), view["stock"], list(view["rack_sizes"]))
    info.taken = [[] for _ in range(info.seats)]
    info.thrown = [[] for _ in range(info.seats)]
    for entry in view["history"]:
        words = entry["action"].split()
        if words[0] in ("discard", "close"):
            info.thrown[entry["seat"]].append(parse_tile(words[1]))
    if variant == "etalat":
        info.opened = list(view["opened"])
        info.table = [tuple(tiles_of(f["tiles"])) for f in view["table"]]
        info.strip = tiles_of(view["strip"])
        info.must_lay = tiles_of(view.get("must_lay") or [])
        _etalat_takes(view["history"], info)
    else:
        info.rows = [tiles_of(row) for row in view["rows"]]
        _tabla_takes(view["history"], info)
    return info


def _etalat_takes(history: list[dict[str, Any]], info: Seen) -> None:
    """Replay the strip from the public history to learn which tiles each seat took."""
    strip: list[Tile] = []
    start_strip: list[Tile] = []
    start_taken: list[Tile] = []
    for entry in history:
        words = entry["action"].split()
        seat = entry["seat"]
        if words[0] == "discard":
            strip.append(parse_tile(words[1]))
            start_strip, start_taken = list(strip), list(info.taken[seat])
        elif words[0] == "take":
            count = int(words[1]) if len(words) > 1 else 1
            info.taken[seat] += strip[-count:]
            del strip[-count:]
        elif words[0] == "rolled":          # C8: the unfinished take is undone
            strip = list(start_strip)
            info.taken[seat] = list(start_taken)


def _tabla_takes(history: list[dict[str, Any]], info: Seen) -> None:
    """In Tablă a take is the top of the taker's own row: the last tile discarded into it."""
    rows: list[list[Tile]] = [[] for _ in range(info.seats)]
    for entry in history:
        words = entry["action"].split()
        seat = entry["seat"]
        if words[0] in ("discard", "close"):
            rows[(seat + 1) % info.seats].append(parse_tile(words[1]))
        elif words[0] == "take" and rows[seat]:
            info.taken[seat].append(rows[seat].pop())


# -- tile relations -----------------------------------------------------------------------------

def related(a: Tile, b: Tile) -> bool:
    """Could a and b sit in one formation (same number other colour, same colour within 2)?"""
    return _RELATED[a][b]


def _related(a: Tile, b: Tile) -> bool:
    if a == JOKER or b == JOKER:
        return True
    if colour_of(a) == colour_of(b):
        gap = abs(number_of(a) - number_of(b))
        return 0 < gap <= 2 or gap >= 11 and 1 in (number_of(a), number_of(b))
    return number_of(a) == number_of(b)


_RELATED = [[_related(a, b) for b in range(TILE_KINDS)] for a in range(TILE_KINDS)]


def potential(tile: Tile, rack: list[Tile]) -> int:
    """How many other rack tiles could share a formation with `tile`."""
    if tile == JOKER:
        return 99
    others = list(rack)
    others.remove(tile)
    return sum(1 for other in others if related(tile, other))


def attaches(tile: Tile, table: list[tuple[Tile, ...]]) -> bool:
    return any(_attaches_to(formation, tile) for formation in table)


@lru_cache(maxsize=1 << 16)
def _attaches_to(formation: tuple[Tile, ...], tile: Tile) -> bool:
    """Memoised: the same formations come back turn after turn (and in expert's rollouts)."""
    try:
        attach(formation, tile)
    except RuleError:
        return False
    return True


def arrange(rack: list[Tile], objective: str = "covered") -> Arrangement:
    """The solver's best arrangement (no constraints), memoised by the sorted rack: a bot asks
    for the same racks again and again (expert's rollouts above all)."""
    return _arrange(tuple(sorted(rack)), objective)


@lru_cache(maxsize=1 << 15)
def _arrange(rack: tuple[Tile, ...], objective: str) -> Arrangement:
    best = best_arrangement(rack, objective)
    assert best is not None                  # no constraint: there is always an answer
    return best



def clear_caches() -> None:
    """Forget the memoised solver answers and attach checks (benchmarks start cold)."""
    _arrange.cache_clear()
    clear_memo()
    _attaches_to.cache_clear()


def loose(rack: list[Tile], objective: str = "covered") -> tuple[Tile, ...]:
    return arrange(rack, objective).loose


def covered(rack: list[Tile]) -> int:
    return len(rack) - len(arrange(rack).loose)


def without(rack: list[Tile], tile: Tile) -> list[Tile]:
    rest = list(rack)
    rest.remove(tile)
    return rest


def same_formation(action: Action, formation: tuple[Tile, ...]) -> bool:
    return sorted(action.tiles) == sorted(formation)
