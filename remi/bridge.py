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
from . import platform
from .bots import LEVELS, bot_action, seat_info
from .deal import dealer_of
from .engine import legal_actions
from .errors import RuleError
from .etalat import short_rack_take
from .formations import is_run, make_formation, opening_points
from .messages_ro import romanian
from .names import DEFAULT_NAME, clean_name, clean_players
from .match import Match
from .opening import OPENING_POINTS, is_opening
from .options import Options
from .profile import check_profile, empty_profile, record_rounds
from .solver import best_arrangement
from .tiles import parse_tiles, tile_name
from .tournament import Tournament
from .views import view

DEFAULT_SEATS = ["human", "medium", "medium"]


@dataclass
class Game:
    match: Match
    players: list[dict[str, Any]]        # {"name", "is_bot", "level"} by seat
    human: int = 0
    notes: list[str] = field(default_factory=list)
    kind: str = "game"                   # game | arena | tournament (docs/platform.md)
    rounds_limit: int | None = None      # a tournament table plays this many rounds

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
            players.append({"name": clean_name(name, DEFAULT_NAME), "is_bot": False,
                            "level": None})
        else:
            players.append(seat_info(seat))
    return players


def new_game(variant: str = "etalat", seats: list[str] | None = None,
             options: dict[str, Any] | None = None, seed: str | None = None,
             name: str = DEFAULT_NAME) -> dict[str, Any]:
    """Start a match: `seats` lists "human" (the local player, once) or a bot level per seat."""
    global _game
    seats = seats or DEFAULT_SEATS
    if seats.count("human") != 1:
        raise ValueError("exactly one seat is the local player")
    unknown = next((seat for seat in seats
                    if seat != "human" and not (isinstance(seat, str) and seat in LEVELS)), None)
    if unknown is not None:
        raise ValueError(f"unknown bot level {unknown}")
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
    return _platform_snapshot(game, seat_snapshot(game.match, game.players, game.human))


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
        # the `take N` that is E7's whole strip, nothing to lay (the page says so, not E6's cut)
        "short_rack_take": short_rack_take(state, seat) if mine and state.variant == "etalat" else None,
        "my_turn": mine,
        "bot_to_play": not state.over and bool(players[state.to_play]["is_bot"]),
        "match_over": match.over,
        "winners": match.winners if match.over else [],
        "reached": match.reached if match.over else [],    # who reached the target (C9, T10)
        # C3: the dice that chose the match's first dealer (none for a log of explicit deals)
        "dice": {"throws": match.dice, "dealer": dealer_of(match.dice)} if match.dice else None,
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
    if platform.is_over(game.match, game.rounds_limit):
        raise ValueError("the match is over")
    game.match.start_round()
    return snapshot()


def arrange(rack: list[str]) -> dict[str, Any]:
    """The rack's best arrangement: its formations (the page puts them first, each apart)
    and its loose tiles."""
    best = best_arrangement(parse_tiles(rack), "covered")
    return {"formations": [[tile_name(t) for t in f] for f in best.formations],
            "loose": [tile_name(t) for t in best.loose]}


def formation(tiles: list[str]) -> list[str] | None:
    """`tiles` as the engine would lay them (C5: a run low to high, a joker at the place it
    stands for), or None when they make no formation. The page shows an opening being
    composed so."""
    try:
        return [tile_name(t) for t in make_formation(parse_tiles(tiles))]
    except RuleError:
        return None


def opening_worth(formations: list[list[str]], clasic: bool = False) -> dict[str, Any]:
    """An opening being composed, as E4 will weigh it: the opening points of the groups that
    are formations (C5), which groups are none, whether its shape is met (a run; `clasic`: a
    run or three formations) and whether it is enough to open. The page shows it while the
    player composes (what the turn adds — E5/E6's tile, E11's tile left — the engine says
    when it opens)."""
    laid, valid = [], []
    for tiles in formations:
        try:
            laid.append(make_formation(parse_tiles(tiles)))
            valid.append(True)
        except RuleError:
            valid.append(False)
    rule = "run_or_three_groups" if clasic else "run"
    return {"points": sum(map(opening_points, laid)), "needs": OPENING_POINTS,
            "shape": any(map(is_run, laid)) or (clasic and len(laid) >= 3),
            "formations": valid, "enough": all(valid) and is_opening(laid, rule)}


def save() -> dict[str, Any]:
    """The match as a log (explicit deals, the seed, the players) — what the page stores."""
    game = _current()
    data = match_log.to_json(game.match, game.players)
    data["seed"] = game.match.seed
    if game.rounds_limit is not None:
        data["table_rounds"] = game.rounds_limit
    return data


def load(log: dict[str, Any], human: int | None = None) -> dict[str, Any]:
    """Resume a saved match exactly where it was. The players must fit this page's games:
    one per seat, at most one of them a person (the local player; none when watching bots —
    nobody would play a second one's seat) and every bot with a known level. Their names are
    cleaned as new ones are (remi/names.py). A log that does not fit raises ValueError and
    changes nothing (the page then deals a new game and says so)."""
    global _game
    players = log.get("players") if isinstance(log, dict) else None
    if not isinstance(players, list) or not players:
        raise ValueError("this saved game has no players")
    if not all(isinstance(p, dict) and isinstance(p.get("is_bot"), bool) for p in players):
        raise ValueError("this saved game's players are damaged")
    people = sum(1 for p in players if not p.get("is_bot"))
    if people > 1:
        raise ValueError(f"this saved game has {people} players who are not bots; a game "
                         f"on this page has one (none when watching bots)")
    if any(p["is_bot"] and not (isinstance(p.get("level"), str) and p["level"] in LEVELS)
           for p in players):
        raise ValueError("this saved game has a bot of unknown level")
    match = match_log.replay(log)
    if not match.rounds:
        raise ValueError("this saved game has no round")
    if len(players) != match.seats:
        raise ValueError(f"this saved game names {len(players)} players for "
                         f"{match.seats} seats")
    players = clean_players(players, DEFAULT_NAME)
    if human is not None and not (isinstance(human, int) and 0 <= human < len(players)):
        raise ValueError("no such seat in this saved game")
    if human is None:
        # An arena table of bots only is watched from seat 0.
        human = next((i for i, p in enumerate(players) if not p.get("is_bot")), 0)
    # A tournament table's log keeps its length (replay checked it): loaded alone it still
    # stops there.
    previous = _game
    if "table_rounds" in log:
        _game = Game(match, players, human, kind="tournament", rounds_limit=log["table_rounds"])
    else:
        _game = Game(match, players, human)
    try:
        return snapshot()
    except Exception as error:          # a log the checks above missed: the old game stays
        _game = previous
        raise ValueError(f"this saved game cannot be shown: {error}") from error


# =============================================================================================
# Platform (issue 6, docs/platform.md): score sheet, arena, tournaments, profile, history,
# replays, discrepancy reports. Page API only; the logic lives in remi/platform.py.
# =============================================================================================

ARENA_LEVELS = ("medium", "hard", "easy", "expert")

_tournament: Tournament | None = None


def _platform_snapshot(game: Game, snap: dict[str, Any]) -> dict[str, Any]:
    """What the platform adds to every snapshot: the mode; a tournament table is over after
    its rounds; watching a table of bots, nothing is yours to play."""
    snap["mode"] = game.kind
    if game.rounds_limit is not None:
        snap["table_rounds"] = game.rounds_limit
        if platform.is_over(game.match, game.rounds_limit):
            snap["match_over"], snap["winners"] = True, game.match.winners
    if game.players[game.human]["is_bot"]:
        snap["my_turn"], snap["legal"] = False, []
    return snap


def score_sheet() -> dict[str, Any]:
    """The running score sheet of the game being played: every round per seat, totals."""
    game = _current()
    return {**platform.score_sheet(game.match, game.rounds_limit), "players": game.players,
            "seat": game.human, "table_rounds": game.rounds_limit}


def score_sheet_of(log: dict[str, Any]) -> dict[str, Any]:
    """The score sheet of a stored match log (the history screen)."""
    players = log.get("players") if isinstance(log, dict) else None
    table_rounds = log.get("table_rounds") if isinstance(log, dict) else None
    return {**platform.score_sheet(match_log.replay(log), table_rounds),
            "players": players or [], "table_rounds": table_rounds}


def arena_new(variant: str = "etalat", bots: int = 3, watch: bool = False,
              levels: list[str] | None = None, options: dict[str, Any] | None = None,
              seed: str | None = None, name: str = DEFAULT_NAME) -> dict[str, Any]:
    """A quick game: you and `bots` bots (mixed levels), or with `watch` a table of bots
    only, seen from seat 1. Unlimited practice: no target."""
    global _game
    count = bots if watch else bots + 1
    if not 2 <= count <= 4:
        raise ValueError("a table has 2 to 4 seats")
    levels = list(levels or [ARENA_LEVELS[i % len(ARENA_LEVELS)] for i in range(bots)])
    seats = levels if watch else ["human", *levels]
    match = Match.new(variant, len(seats), Options.from_json({**(options or {}), "target": None}),
                      seed or secrets.token_hex(8))
    _game = Game(match, _players(seats, name), 0, kind="arena")
    return snapshot()


def _tournament_now() -> Tournament:
    if _tournament is None:
        raise ValueError("no tournament: call tournament_new or tournament_load first")
    return _tournament


def tournament_new(variant: str = "etalat", name: str = DEFAULT_NAME, fast: bool = False,
                   seed: str | None = None) -> dict[str, Any]:
    """Start a tournament (two qualifying tables of four, then the final)."""
    global _tournament
    _tournament = platform.new_tournament(variant, name, seed or secrets.token_hex(8), fast)
    return platform.tournament_summary(_tournament)


def tournament_state() -> dict[str, Any]:
    return platform.tournament_summary(_tournament_now())


def tournament_step(budget_ms: int = 300, catch_up: bool = False) -> dict[str, Any]:
    """One slice of progress without the player (simulate a bot table, open the final); with
    `catch_up`, only bring the bot tables level with the player's rounds (`did`: simulate
    while there is more, then wait)."""
    tournament = _tournament_now()
    if catch_up:
        did = platform.catch_up(tournament, budget_ms / 1000)
        return {"did": did, "state": platform.tournament_summary(tournament)}
    did = platform.step(tournament, budget_ms / 1000)
    return {"did": did, "state": platform.tournament_summary(tournament)}


def tournament_play() -> dict[str, Any]:
    """Seat the player at their table: it becomes the game the page plays."""
    global _game
    tournament = _tournament_now()
    table, seat = platform.player_table(tournament)
    _game = Game(table.match, tournament.players_of(table), seat, kind="tournament",
                 rounds_limit=table.rounds)
    return snapshot()


def tournament_save() -> dict[str, Any]:
    return _tournament_now().to_json()


def refusal_ro(message: str) -> str | None:
    """A refusal's text in Romanian, for the Romanian page (None: not in the catalogue)."""
    return romanian(message)


def tournament_abandon() -> dict[str, Any]:
    """The player leaves the tournament: it is forgotten (the page deals an ordinary game in
    place of its table; the tables played stay in the history)."""
    global _tournament
    _tournament = None
    return {"abandoned": True}


def tournament_load(data: dict[str, Any], log: dict[str, Any] | None = None,
                    play: bool = True) -> dict[str, Any]:
    """Resume a stored tournament; `log` (the page's saved game) replaces the player's table
    when it is that table, being newer. With `play` the player is seated at their (latest)
    table again (it becomes the game); without, only the standings are answered. A damaged
    one raises ValueError and changes nothing."""
    global _tournament, _game
    previous = _tournament, _game
    try:
        tournament = Tournament.from_json(data)
        table, _ = platform.player_table(tournament)
        if isinstance(log, dict) and log.get("match_id") == table.match.match_id:
            saved = match_log.replay(log)
            if (saved.variant, saved.seats) != (table.match.variant, table.match.seats):
                raise ValueError("the saved game is not the player's table")
            table.match = saved
        _tournament = tournament
        return {"state": platform.tournament_summary(tournament),
                "snapshot": tournament_play() if play else None}
    except Exception as error:
        _tournament, _game = previous
        reason = str(error) or type(error).__name__
        raise ValueError(f"this stored tournament is damaged: {reason}") from error


def profile_new(name: str = DEFAULT_NAME) -> dict[str, Any]:
    return empty_profile(name)


def profile_check(data: Any) -> dict[str, Any]:
    """An imported profile, checked; a corrupt or foreign one raises (nothing is replaced)."""
    return check_profile(data)


def profile_update(profile: dict[str, Any], log: dict[str, Any], seat: int) -> dict[str, Any]:
    """The profile with the match's newly finished rounds added to its statistics."""
    return record_rounds(check_profile(profile), log, seat)


def profile_add_tournament(profile: dict[str, Any]) -> dict[str, Any]:
    """The profile with the finished tournament's rank points (once per tournament)."""
    return platform.record_tournament(profile, _tournament_now())


def profile_view(profile: dict[str, Any]) -> dict[str, Any]:
    return platform.profile_view(profile)


def replay_positions(log: dict[str, Any], round: int, seat: int | None = None) -> dict[str, Any]:
    """Every position of round `round` (1-based) of a log, from `seat` or open (None)."""
    return platform.replay_positions(log, round - 1, seat)


def discrepancy_report(log: dict[str, Any], round: int) -> dict[str, Any]:
    """Match id + round (1-based) + that round's log, as `python3 -m remi replay` reads it."""
    return platform.discrepancy_report(log, round - 1)
