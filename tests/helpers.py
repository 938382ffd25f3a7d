"""Building rounds from explicit deals, the way tests read best."""

from __future__ import annotations

import random

import pytest

from remi import platform
from remi.bots import bot_action
from remi.deal import Deal
from remi.engine import apply, legal_actions
from remi.errors import RuleError
from remi.options import Options
from remi.state import RoundState
from remi.tournament import Tournament
from remi.views import view


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


def finished_fast_tournament(variant: str, seed: str) -> Tournament:
    """A fast tournament (easy bots, two-round tables, remi/platform.py) played to its end,
    the player's seat by an easy bot from its view."""
    tournament = platform.new_tournament(variant, "Ana", seed, fast=True)
    while tournament.stage != "done":
        if platform.next_step(tournament) == "advance":
            tournament.advance()
        table = next(t for t in tournament.tables if not t.done)
        while not table.done:
            if not tournament.bot_step(table):
                state = table.match.current
                legal = [str(a) for a in legal_actions(state)]
                table.match.play(bot_action("easy", view(state, state.to_play), legal, "me"))
    return tournament


def tournament_with_a_tie(by: str, variant: str = "etalat", tries: int = 40) -> Tournament:
    """The first finished fast tournament (seeds tie-0, tie-1, …) where two equal totals at a
    table were ordered `by` "best_round" or "seat" (a quarter of them hold a tie)."""
    for number in range(tries):
        tournament = finished_fast_tournament(variant, f"tie-{number}")
        if any(tie["by"] == by for table in tournament.tables for tie in table.ties()):
            return tournament
    raise AssertionError(f"no tie by {by} in {tries} tournaments")
