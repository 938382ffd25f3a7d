"""Dealer dice (C3) and the deal (C4) from a seeded RNG or from a log's explicit deal."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

from .errors import NotationError
from .tiles import Tile, check_within_set, counts_of, full_set, parse_tile, tile_name

HAND = 14


def rng_for(*parts: object) -> random.Random:
    """A Random seeded from text, identical in CPython and Pyodide (sha256 of the parts)."""
    text = "/".join(str(part) for part in parts)
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def roll_dealer(seats: int, rng: random.Random) -> tuple[int, list[list[int]]]:
    """C3: every seat rolls a die, the highest deals; a tie among the highest re-rolls among
    them. Returns the dealer and every roll (one list of rolls per throw, by seat)."""
    rolling, throws = list(range(seats)), []
    while True:
        rolls = {seat: rng.randint(1, 6) for seat in rolling}
        throws.append([rolls.get(seat, 0) for seat in range(seats)])
        best = max(rolls.values())
        rolling = [seat for seat in rolling if rolls[seat] == best]
        if len(rolling) == 1:
            return rolling[0], throws


def dealer_of(throws: list[list[int]]) -> int:
    """C3: the seat whose roll is highest in the last throw (the one that broke every tie)."""
    last = throws[-1]
    return last.index(max(last))


@dataclass(frozen=True)
class Deal:
    """One round's deal: hands by seat (15 for the first player), the atu, the stock top first."""

    first: int
    atu: Tile
    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]

    @property
    def seats(self) -> int:
        return len(self.hands)

    @classmethod
    def shuffled(cls, seats: int, first: int, rng: random.Random) -> Deal:
        """C4: shuffle the set; the 106th tile is the atu; the first player takes 15, the others
        14, in turn order; the rest is the stock."""
        tiles = full_set()
        rng.shuffle(tiles)
        atu, tiles = tiles[-1], tiles[:-1]
        hands: list[tuple[Tile, ...]] = [()] * seats
        for offset in range(seats):
            seat = (first + offset) % seats
            size = HAND + 1 if offset == 0 else HAND
            hands[seat], tiles = tuple(tiles[:size]), tiles[size:]
        return cls(first, atu, tuple(hands), tuple(tiles))

    def to_json(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "atu": tile_name(self.atu),
            "hands": [[tile_name(t) for t in hand] for hand in self.hands],
            "stock": [tile_name(t) for t in self.stock],
        }

    @classmethod
    def from_json(cls, data: Any, seats: int) -> Deal:
        """Read a log's deal; the tiles it does not name follow in the stock in canonical order."""
        if not isinstance(data, dict):
            raise NotationError("a round must be an object")
        first = check_first(data.get("first"), seats)
        hands_data, stock_data = data.get("hands"), data.get("stock", [])
        if not isinstance(hands_data, list) or len(hands_data) != seats:
            raise NotationError(f"'hands' must list {seats} hands, one per seat", "C4")
        if not isinstance(stock_data, list) or not all(isinstance(h, list) for h in hands_data):
            raise NotationError("'hands' and 'stock' must be lists of tiles", "C4")
        atu = parse_tile(_text(data.get("atu")))
        hands = tuple(tuple(parse_tile(_text(t)) for t in hand) for hand in hands_data)
        for seat, hand in enumerate(hands):
            size = HAND + 1 if seat == first else HAND
            if len(hand) != size:
                raise NotationError(f"seat {seat} holds {len(hand)} tiles; the deal gives "
                                    f"{size} ({'first player' if seat == first else 'others'})",
                                    "C4")
        named = [atu, *(t for hand in hands for t in hand), *(parse_tile(_text(t))
                                                            for t in stock_data)]
        check_within_set(named)
        missing = counts_of(full_set())
        for tile in named:
            missing[tile] -= 1
        rest = [tile for tile, count in enumerate(missing) for _ in range(count)]
        stock = tuple(parse_tile(_text(t)) for t in stock_data) + tuple(rest)
        return cls(first, atu, hands, stock)


def check_first(first: Any, seats: int) -> int:
    """A log's first player (C3): a seat number, or a NotationError."""
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats:
        raise NotationError(f"'first' must be a seat 0…{seats - 1}", "C3")
    return first


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise NotationError(f"a tile is written as text like 'R7', not {value!r}", "C1")
    return value
