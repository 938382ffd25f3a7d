"""Replays: step through one round of a match log move by move, seen from a seat or open.

A discrepancy report is a match id, a round number and that round's log; `round_log`
extracts it in the log format `python3 -m remi replay` accepts.
"""

from __future__ import annotations

from typing import Any

from . import log as match_log
from .engine import apply
from .state import RoundState
from .views import view


def round_log(log: dict[str, Any], round_index: int) -> dict[str, Any]:
    """The log of one round (0-based), standalone: its deal and its actions."""
    rounds = log.get("rounds", [])
    if not 0 <= round_index < len(rounds):
        raise ValueError(f"the match has {len(rounds)} round(s); no round {round_index + 1}")
    match = match_log.replay(log)
    state = match.rounds[round_index]
    single = {**match_log.to_json(match), "rounds": [
        {**state.deal.to_json(), "actions": list(state.actions)}]}
    single["match_id"] = log.get("match_id", match.match_id)
    return single


def steps(log: dict[str, Any], round_index: int, seat: int | None = None) -> list[dict[str, Any]]:
    """Every position of a round, from its deal to its last action: the view of `seat`, or
    with `seat=None` the open table (every rack shown), for a finished round only."""
    match = match_log.replay(round_log(log, round_index))
    final = match.rounds[0]
    if seat is None and not final.over:
        raise ValueError(f"round {round_index + 1} is still in play: it is replayed from a seat "
                         "only (the open table would show the hidden racks and the stock)")
    state = RoundState.start(final.variant, final.options, final.deal)
    positions = [_position(state, seat, None)]
    for action in final.actions:
        state = apply(state, action)
        positions.append(_position(state, seat, action))
    return positions


def _position(state: RoundState, seat: int | None, action: str | None) -> dict[str, Any]:
    shown = view(state, 0 if seat is None else seat)
    if seat is None:
        shown["racks"] = [view(state, s)["rack"] for s in range(state.seats)]
        shown["rack"], shown["seat"] = [], None
    return {"action": action, "view": shown}
