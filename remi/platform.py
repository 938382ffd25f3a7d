"""What the page's platform screens need from the engine (docs/platform.md): the running
score sheet of a match, tournaments step by step (the player's table is played on the game
table, bot-only tables are simulated in slices), the profile's updates, replay positions and
discrepancy reports. Pure functions over engine objects and logs; remi/bridge.py exposes
them to the page. Nothing here is a new rule: tournaments are remi/tournament.py, the
statistics remi/profile.py, the replays remi/replays.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from . import log as match_log
from .bots import seat_info
from .match import Match
from .options import Options
from .profile import check_profile
from .replays import round_log, steps
from .tournament import RANK_POINTS, Table, Tournament

# The fast setting (tests, demos): easy bots, two rounds per qualifying table, one in the final.
FAST_LEVEL = "easy"


# -- the score sheet (C3, C9) --------------------------------------------------------------------


def score_sheet(match: Match, table_rounds: int | None = None) -> dict[str, Any]:
    """Every round's score per seat with the running totals and who dealt (C3: the deal
    moves one seat each round; a "3 doubles" redeal scores nothing and keeps the dealer).
    A tournament table (`table_rounds`) is over, and has its winners, once it played them."""
    over = is_over(match, table_rounds)
    running = [0] * match.seats
    rows = []
    for number, state in enumerate(match.rounds, start=1):
        scores = None if state.scores is None else list(state.scores)
        if scores is not None:
            running = [total + score for total, score in zip(running, scores)]
        rows.append({"round": number, "first": state.first,
                     "dealer": (state.first - 1) % match.seats, "scores": scores,
                     "totals": list(running), "over": state.over, "end": state.end,
                     "closer": state.closer, "double": state.double_round})
    return {"match_id": match.match_id, "variant": match.variant, "seats": match.seats,
            "target": match.options.target, "rounds": rows, "totals": match.totals,
            "over": over, "winners": match.winners if over else []}


def is_over(match: Match, table_rounds: int | None = None) -> bool:
    """The match reached its target (C9), or a tournament table played its rounds."""
    return match.over or (table_rounds is not None and match.played_out(table_rounds))


# -- tournaments ----------------------------------------------------------------------------------


def new_tournament(variant: str, name: str, seed: str, fast: bool = False,
                   options: Options | None = None) -> Tournament:
    """A tournament of remi/tournament.py; `fast` makes every bot easy, the qualifying tables
    two rounds long and the final one (for tests: a whole tournament in a minute or two, with
    standings between rounds)."""
    rounds = (2, 1) if fast else (3, 4)
    tournament = Tournament.new(variant, name, seed, options, *rounds)
    if fast:
        for entrant in tournament.entrants[1:]:
            entrant.update(seat_info(FAST_LEVEL))
    return tournament


def _current_tables(tournament: Tournament) -> list[Table]:
    stage = "final" if tournament.stage in ("final", "done") else "qualifying"
    return [table for table in tournament.tables if table.stage == stage]


def next_step(tournament: Tournament) -> str:
    """What the tournament waits for: `play` (the player's table), `simulate` (a bot-only
    table), `advance` (the qualifying is over: open the final) or `done`."""
    if tournament.stage == "done":
        return "done"
    tables = _current_tables(tournament)
    if any(0 in table.entrants and not table.done for table in tables):
        return "play"
    if any(not table.done for table in tables):
        return "simulate"
    return "advance"


def bot_steps(tournament: Tournament, table: Table, until: Callable[[], bool]) -> int:
    """Tournament.play_bots, a step at a time, stopping when `until()` says so (the page
    simulates in slices and shows progress). Same seeds, so the same game."""
    played = 0
    while not until() and tournament.bot_step(table):
        played += 1
    return played


def catch_up(tournament: Tournament, budget_s: float = 0.3) -> str:
    """While the player's table plays: let the bot-only tables of the same stage play as many
    rounds as the player's table has finished, so the standings between rounds compare like
    with like. Returns `simulate` while there is more to play, else `wait`."""
    mine, _ = player_table(tournament)
    target = mine.match.scored_rounds
    deadline = time.perf_counter() + budget_s
    for table in _current_tables(tournament):
        if table is mine or table.done:
            continue

        def caught_up(table: Table = table) -> bool:
            return table.match.played_out(target)

        if caught_up():
            continue
        bot_steps(tournament, table,
                  lambda table=table: caught_up(table) or time.perf_counter() > deadline)
        return "simulate"
    return "wait"


def step(tournament: Tournament, budget_s: float = 0.3) -> str:
    """One slice of progress without the player: simulate a bot-only table for about
    `budget_s` seconds, or open the final. Returns what was done."""
    action = next_step(tournament)
    if action == "simulate":
        table = next(t for t in _current_tables(tournament) if not t.done)
        deadline = time.perf_counter() + budget_s
        bot_steps(tournament, table, lambda: time.perf_counter() > deadline)
    elif action == "advance":
        tournament.advance()
    return action


def tournament_summary(tournament: Tournament) -> dict[str, Any]:
    """The standings screen: every table (entrants, totals, rounds played), the next step,
    and once it is over the places with their rank points."""
    tables = []
    for index, table in enumerate(tournament.tables):
        totals = table.match.totals
        order = table.standings()
        finalists = order[:2] if table.stage == "qualifying" and table.done else []
        seats = [{**tournament.entrants[entrant], "entrant": entrant, "seat": seat,
                  "total": totals[seat], "rank": order.index(seat) + 1,
                  "qualifies": seat in finalists}
                 for seat, entrant in enumerate(table.entrants)]
        tables.append({"index": index, "stage": table.stage, "rounds": table.rounds,
                       "played": table.match.scored_rounds, "done": table.done,
                       "moves": len(table.match.current.actions),
                       "mine": 0 in table.entrants, "match_id": table.match.match_id,
                       "winners": table.match.winners if table.done else [],
                       # how equal totals were ordered, once it decides (the table is done)
                       "ties": table.ties() if table.done else [],
                       "seats": sorted(seats, key=lambda s: s["rank"])})
    summary: dict[str, Any] = {"id": tournament.seed, "variant": tournament.variant,
                               "stage": tournament.stage, "next": next_step(tournament),
                               "qualifying_rounds": tournament.qualifying_rounds,
                               "final_rounds": tournament.final_rounds, "tables": tables,
                               "rank_points": list(RANK_POINTS), "places": []}
    if tournament.stage == "done":
        for place, entrant in enumerate(tournament.places(), start=1):
            summary["places"].append({**tournament.entrants[entrant], "entrant": entrant,
                                      "place": place, "rank_points": RANK_POINTS[place - 1]})
        mine = next(p for p in summary["places"] if p["entrant"] == 0)
        summary["player_place"], summary["player_rank_points"] = mine["place"], mine["rank_points"]
    return summary


def player_table(tournament: Tournament) -> tuple[Table, int]:
    """The table the player sits at now and their seat there."""
    table = tournament.player_table()
    return table, table.entrants.index(0)


# -- the profile (remi/profile.py) -----------------------------------------------------------------


def record_tournament(profile: dict[str, Any], tournament: Tournament) -> dict[str, Any]:
    """Add the player's rank points for a finished tournament (once per tournament id)."""
    check_profile(profile)
    if tournament.stage != "done":
        raise ValueError("the tournament is not over")
    done = list(profile.get("tournaments", []))
    if any(entry.get("id") == tournament.seed for entry in done):
        return profile
    place = tournament.places().index(0) + 1
    points = RANK_POINTS[place - 1]
    done.append({"id": tournament.seed, "variant": tournament.variant, "place": place,
                 "rank_points": points})
    return {**profile, "rank_points": profile["rank_points"] + points, "tournaments": done}


def profile_view(profile: dict[str, Any]) -> dict[str, Any]:
    """What the profile screen shows: the statistics with each variant's average round. A
    variant never played has no average, win rate or best round (None: the page shows "—",
    not a 0 that reads as a score); Tablă has no openings (T1: nothing is laid)."""
    check_profile(profile)
    variants = {}
    for variant, stats in profile["variants"].items():
        rounds = stats["rounds"]
        variants[variant] = {**stats, "average": round(stats["total"] / rounds, 1) if rounds
                             else None, "win_rate": round(100 * stats["wins"] / rounds) if rounds
                             else None, "best_round": stats["best_round"] if rounds else None}
        if variant == "tabla":
            variants[variant]["openings"] = None
    return {"name": profile["name"], "rank_points": profile["rank_points"],
            "variants": variants, "matches": len(profile["matches"]),
            "tournaments": profile.get("tournaments", [])}


# -- replays and reports (C10) -----------------------------------------------------------------------


def replay_positions(log: dict[str, Any], round_index: int,
                     seat: int | None = None) -> dict[str, Any]:
    """Every position of one round for the replay screen (the per-position history is left
    out: the action of each step is given instead, with `entry`, the history entry it made —
    its rule (E7, E11, E12) and the tiles a take took, which the page words as the history
    does)."""
    positions = steps(log, round_index, seat)
    before = 0
    for position in positions:
        history = position["view"].pop("history", None) or []
        position["entry"] = history[-1] if len(history) > before else None
        before = len(history)
    return {"match_id": log.get("match_id"), "round": round_index + 1,
            "rounds": len(log.get("rounds", [])), "seat": seat,
            "players": log.get("players", []), "positions": positions}


def discrepancy_report(log: dict[str, Any], round_index: int) -> dict[str, Any]:
    """Match id + round number + that round's log: a file `python3 -m remi replay` reads."""
    report = round_log(log, round_index)
    report["round"] = round_index + 1
    if isinstance(log.get("players"), list):
        report["players"] = log["players"]
    # the report must replay, or it is no report; a round in play has none (its deal holds
    # every hidden tile)
    if not match_log.replay(report).rounds[0].over:
        raise ValueError(f"round {round_index + 1} is still in play: no report until it ends")
    return report
