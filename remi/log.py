"""Match logs: every round as its deal plus its actions; a log replays to the same state.

Format (docs/notation.md): {"variant", "options", "seats", "rounds": [{"first", "atu",
"hands", "stock", "actions"}]}; a log may carry a "seed" instead of explicit deals.
"""

from __future__ import annotations

import json
from typing import Any

from .deal import Deal, check_first
from .errors import NotationError, RuleError
from .match import Match
from .options import VARIANTS, Options

# "round": a discrepancy report (remi/replays.py) names the match round its one round was;
# "table_rounds": a tournament table's log says how many rounds the table plays.
KEYS = {"variant", "options", "seats", "rounds", "seed", "match_id", "players", "dice", "round",
        "table_rounds"}


class LogError(ValueError):
    """A log that cannot be replayed: where it failed and which rule refused it."""

    def __init__(self, where: str, error: RuleError) -> None:
        super().__init__(f"{where}: {error}")
        self.rule = error.rule


def to_json(match: Match, players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The match as a log with explicit deals (self-contained: no RNG needed to replay)."""
    data: dict[str, Any] = {
        "match_id": match.match_id,
        "variant": match.variant,
        "options": match.options.to_json(),
        "seats": match.seats,
        "rounds": [{**state.deal.to_json(), "actions": list(state.actions)}
                   for state in match.rounds],
    }
    if players is not None:
        data["players"] = players
    return data


def replay(data: Any) -> Match:
    """Rebuild a match from a log, checking every action; raises LogError."""
    try:
        match, rounds = _header(data)
    except RuleError as error:
        raise LogError("log", error) from error
    table_rounds = data.get("table_rounds")       # checked by _header
    for index, record in enumerate(rounds):
        where = f"round {index}"
        try:
            if not isinstance(record, dict):
                raise NotationError("a round must be an object")
            if index and not match.current.over:
                raise RuleError("C10", f"round {index - 1} is not over, yet round {index} follows")
            if table_rounds is not None and index and match.played_out(table_rounds):
                raise RuleError("C9", f"the table is over: its rounds ({table_rounds}) "
                                      "are played")
            if "hands" in record or match.seed is None:
                deal = Deal.from_json(record, match.seats)
                match.start_round(deal)
            else:
                first = record.get("first")
                match.start_round(first=None if first is None
                                  else check_first(first, match.seats))
            actions = record.get("actions", [])
            if not isinstance(actions, list):
                raise NotationError("'actions' must be a list of strings")
        except RuleError as error:
            raise LogError(where, error) from error
        for number, action in enumerate(actions):
            seat = match.current.to_play
            try:
                match.play(action)
            except RuleError as error:
                raise LogError(f"{where}, action {number} (seat {seat}, {action!r})",
                               error) from error
    return match


def _header(data: Any) -> tuple[Match, list[Any]]:
    if not isinstance(data, dict):
        raise NotationError("a log is a JSON object")
    unknown = set(data) - KEYS
    if unknown:
        raise NotationError(f"unknown key(s) in the log: {', '.join(sorted(unknown))}")
    variant, seats, rounds = data.get("variant"), data.get("seats"), data.get("rounds")
    if variant not in VARIANTS:
        raise NotationError(f"variant must be one of {VARIANTS}")
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 4:
        raise NotationError("seats must be 2, 3 or 4", "C2")
    if not isinstance(rounds, list):
        raise NotationError("rounds must be a list")
    seed = data.get("seed")
    if seed is not None and not isinstance(seed, (str, int)):
        raise NotationError("seed must be a string or a whole number")
    table_rounds = data.get("table_rounds", 1)
    if not isinstance(table_rounds, int) or isinstance(table_rounds, bool) or table_rounds < 1:
        raise NotationError("table_rounds must be a whole number of rounds, at least 1")
    options = Options.from_json(data.get("options"))
    if seed is not None:
        match = Match.new(variant, seats, options, seed)
        match.rounds.clear()
    else:
        match = Match(variant, options, seats)
    match.match_id = str(data.get("match_id", match.match_id))
    return match, rounds


def summary(match: Match) -> dict[str, Any]:
    """What `python3 -m remi replay` prints."""
    rounds = []
    for state in match.rounds:
        entry: dict[str, Any] = {"closer": state.closer, "scores": state.scores}
        if state.end == "redeal":
            entry["redeal"] = True
        rounds.append(entry)
    return {"rounds": rounds, "totals": match.totals}


def load(text: str) -> Match:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LogError("log", NotationError(f"not JSON: {error}")) from error
    except RecursionError as error:       # valid JSON, nested deeper than Python parses
        raise LogError("log", NotationError("the JSON is nested too deeply")) from error
    return replay(data)
