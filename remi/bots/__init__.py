"""Bots: easy, medium, hard, expert — each decides only from a seat's view and legal list.

A bot is `choose(view, legal, rng) -> str`: `view` is `remi.views.view(state, seat)` for the
seat to play, `legal` the legal action strings (`str(a) for a in legal_actions(state)`).
Bots never receive the RoundState. `bot_action(level, view, legal, seed)` seeds the RNG
from the seed and the public position, so a replay reproduces every decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import easy, expert, hard, medium

Bot = Callable[[dict[str, Any], list[str], random.Random], str]

LEVELS: dict[str, Bot] = {
    "easy": easy.choose,
    "medium": medium.choose,
    "hard": hard.choose,
    "expert": expert.choose,
}


def rng_for(seed: str | int, view: dict[str, Any]) -> random.Random:
    """One RNG per decision: the seed, the turn, the seat and the decision within the turn."""
    return random.Random(f"{seed}/{view['turn']}/{view['seat']}/{len(view['history'])}")


def bot_action(level: str, view: dict[str, Any], legal: list[str], seed: str | int = 0) -> str:
    """The decision of bot `level` for the seat whose view this is; deterministic in seed."""
    try:
        bot = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level '{level}' (known: {', '.join(LEVELS)})") from None
    return bot(view, list(legal), rng_for(seed, view))


def label(level: str) -> str:
    """Bots are always labelled AI with their level (RULES.md, Bots)."""
    return f"AI {level}"


def seat_info(level: str) -> dict[str, Any]:
    return {"is_bot": True, "level": level, "name": label(level)}


def player_factory(level: str) -> Callable[[int, str | int], Callable[[Any], str]]:
    """Adapter for `remi.cli.register(level, player_factory(level))`: the returned player gets
    the engine's state but hands the bot only `view(state, seat)` and the legal strings."""
    from ..engine import legal_actions
    from ..views import view as view_of

    def factory(seat: int, seed: str | int) -> Callable[[Any], str]:
        def play(state: Any) -> str:
            legal = [str(action) for action in legal_actions(state)]
            return bot_action(level, view_of(state, state.to_play), legal, f"{seed}/{seat}")
        return play

    return factory


__all__ = ["LEVELS", "bot_action", "label", "player_factory", "rng_for", "seat_info"]
