"""Building rounds from explicit deals, the way tests read best."""

from __future__ import annotations

import random

import pytest

from remi.deal import Deal
from remi.engine import apply
from remi.errors import RuleError
from remi.options import Options
from remi.state import RoundState


def round_of(variant: str, hands: list[str], atu: str = "K9", stock: str = "", first: int = 0,
             **options) -> RoundState:
    """A round from hands written as text ('R1 R2 R3 …', by seat) and the stock's top tiles."""
    deal = Deal.from_json({"first": first, "atu": atu, "hands": [h.split() for h in hands],
                           "stock": stock.split()}, len(hands))
    return RoundState.start(variant, Options(**options), deal)


def play(state: RoundState, *actions: str) -> RoundState:
    for action in actions:
        state = apply(state, action)
    return state


def filler(count: int, avoid: str = "") -> str:
    """`count` low tiles that make no formation together (K/Y 2–8 spread out)."""
    pool = [t for t in "K2 Y4 K6 Y8 B3 R5 B7 R9 K12 Y13 B11 R13 K4 Y6 B9 R11".split()
            if t not in avoid.split()]
    return " ".join(pool[:count])


def refusal(state: RoundState, action: str) -> RuleError:
    """The engine's refusal of `action`, checking that it changed nothing."""
    before = state.to_json()
    with pytest.raises(RuleError) as caught:
        apply(state, action)
    assert state.to_json() == before, "a refused action must change nothing"
    return caught.value


def redealt(state: RoundState, seat: int, rng: random.Random) -> RoundState:
    """The same position for `seat` with every hidden tile re-dealt: the other racks and the
    stock are shuffled among themselves (sizes kept)."""
    other = state.copy()
    others = [s for s in range(state.seats) if s != seat]
    hidden = [t for s in others for t in state.racks[s]] + list(state.stock)
    rng.shuffle(hidden)
    for s in others:
        size = len(state.racks[s])
        other.racks[s], hidden = hidden[:size], hidden[size:]
    other.stock = hidden
    other.check_tiles()
    return other
