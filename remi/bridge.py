"""The small JSON API the page calls (through web/main.py's `remiCall(name, args)`).

One game lives here: a match, who sits where (the local player, bots with their level) and
the seed. Every answer is plain JSON data; the page renders `snapshot()` and sends intents
as action strings. Nothing here decides a rule: the engine does.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from . import log as match_log
from .bots import bot_action, seat_info
from .engine import legal_actions
from .errors import RuleError
from .match import Match
from .options import Options
from .solver import best_arrangement
from .tiles import parse_tiles, tile_name
from .views import view

DEFAULT_SEATS = ["human", "medium", "medium"]


@dataclass
class Game:
    match: Match
    players: list[dict[str, Any]]        # {"name", "is_bot", "level"} by seat
    human: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def seed(self) -> str:
        return str(self.match.seed)

    def bot_to_play(self) -> bool:
        state = self.match.current
        return not state.over and self.players[state.to_play]["is_bot"]


_game: Game | None = None


def _players(seats: list[str], name: str) -> list[dict[str, Any]]:
    players = []
    for seat in seats:
        if seat == "human":
            players.append({"name": name, "is_bot": False, "level": None})
        else:
            players.append(seat_info(seat))
    return players


def new_game(variant: str = "etalat", seats: list[str] | None = None,
             options: dict[str, Any] | None = None, seed: str | None = None,
             name: str = "Tu") -> dict[str, Any]:
    """Start a match: `seats` lists "human" (the local player, once) or a bot level per seat."""
    global _game
    seats = seats or DEFAULT_SEATS
    if seats.count("human") != 1:
        raise ValueError("exactly one seat is the local player")
    match = Match.new(variant, len(seats), Options.from_json(options),
                      seed or secrets.token_hex(8))
    _game = Game(match, _players(seats, name), seats.index("human"))
    return snapshot()


def _current() -> Game:
    if _game is None:
        raise ValueError("no game: call new_game or load first")
    return _game


def snapshot() -> dict[str, Any]:
    """Everything the page draws, from the local player's seat only."""
    game = _current()
    return seat_snapshot(game.match, game.players, game.human)


def seat_snapshot(match: Match, players: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    """What one seat may see of a match (its view, never another rack), plus its legal
    actions when it is to play. Rooms send exactly this to each guest."""
    state = match.current
    mine = not state.over and state.to_play == seat
    return {
        "match_id": match.match_id,
        "round": len(match.rounds),
        "view": view(state, seat),
        "players": players,
        "totals": match.totals,
        "legal": [str(a) for a in legal_actions(state)] if mine else [],
        "my_turn": mine,
        "bot_to_play": not state.over and bool(players[state.to_play]["is_bot"]),
        "match_over": match.over,
        "winners": match.winners if match.over else [],
    }


def act(action: str) -> dict[str, Any]:
    """The local player's action; a refusal names the rule and changes nothing."""
    game = _current()
    state = game.match.current
    if state.over or state.to_play != game.human:
        return {"accepted": False, "rule": "C2", "error": "C2: it is not your turn",
                "snapshot": snapshot()}
    try:
        game.match.play(action)
    except RuleError as error:
        return {"accepted": False, "rule": error.rule, "error": str(error),
                "snapshot": snapshot()}
    return {"accepted": True, "snapshot": snapshot()}


def bot_step() -> dict[str, Any]:
    """Let the bot whose turn it is play one action; it sees only its own seat's view."""
    game = _current()
    if not game.bot_to_play():
        return {"action": None, "snapshot": snapshot()}
    state = game.match.current
    seat = state.to_play
    legal = [str(a) for a in legal_actions(state)]
    choice = bot_action(game.players[seat]["level"], view(state, seat), legal,
                        f"{game.seed}/{seat}") if legal else "timeout"
    game.match.play(choice)
    return {"action": choice, "seat": seat, "snapshot": snapshot()}


def timeout() -> dict[str, Any]:
    """The local player's clock ran out (C8)."""
    game = _current()
    game.match.play("timeout")
    return snapshot()


def next_round() -> dict[str, Any]:
    game = _current()
    if not game.match.current.over:
        raise ValueError("the round is still being played")
    if game.match.over:
        raise ValueError("the match is over")
    game.match.start_round()
    return snapshot()


def arrange(rack: list[str]) -> dict[str, Any]:
    """The rack reordered by its best arrangement: formations first, loose tiles last."""
    best = best_arrangement(parse_tiles(rack), "covered")
    formations = [[tile_name(t) for t in f] for f in best.formations]
    loose = [tile_name(t) for t in best.loose]
    return {"formations": formations, "loose": loose,
            "order": [t for f in formations for t in f] + loose}


def save() -> dict[str, Any]:
    """The match as a log (explicit deals, the seed, the players) — what the page stores."""
    game = _current()
    data = match_log.to_json(game.match, game.players)
    data["seed"] = game.match.seed
    return data


def load(log: dict[str, Any], human: int | None = None) -> dict[str, Any]:
    """Resume a saved match exactly where it was."""
    global _game
    players = log.get("players") if isinstance(log, dict) else None
    if not isinstance(players, list) or not players:
        raise ValueError("this saved game has no players")
    match = match_log.replay(log)
    if human is None:
        human = next(i for i, p in enumerate(players) if not p.get("is_bot"))
    _game = Game(match, players, human)
    return snapshot()
