"""The command line: `python3 -m remi replay LOG.json`, `play …`, `bench` (docs/notation.md).

Exit codes: 0 success; 2 a log that cannot be replayed (one line on stderr naming the round,
the action's index, the seat, the action and the rule id) or a bad command line (argparse).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import log as match_log
from .actions import Action
from .deal import rng_for
from .engine import legal_actions
from .external import ExternalBot
from .errors import RuleError
from .match import Match
from .options import PRESETS, VARIANTS, Options
from .random_player import random_action
from .state import RoundState

EXIT_OK, EXIT_INVALID = 0, 2

# -- players ----------------------------------------------------------------------------------
# A player is a callable state → action for the seat to play. It must decide only from what
# that seat may see: `remi.views.view(state, state.to_play)` and `legal_actions(state)` (the
# bots issue wraps its levels accordingly). A factory builds one player for a seat of a match.
Player = Callable[[RoundState], "Action | str"]
PlayerFactory = Callable[[int, "str | int"], Player]


def _random_factory(seat: int, seed: str | int) -> Player:
    rng = rng_for(seed, "player", seat)

    def choose(state: RoundState) -> Action | str:
        if not legal_actions(state):
            return "timeout"         # nothing legal: the clock completes the turn (C8)
        return random_action(state, rng)

    return choose


PLAYERS: dict[str, PlayerFactory] = {"random": _random_factory}
"""Bot levels by name; the bots issue registers easy, medium, hard and expert here."""


def register(level: str, factory: PlayerFactory) -> None:
    PLAYERS[level] = factory


def _register_bots() -> None:
    """The bots' levels (remi.bots: easy, medium, hard, expert), each seeing only its view."""
    try:
        from . import bots
    except ImportError:                 # a build without the bots package
        return
    for level in bots.LEVELS:
        PLAYERS.setdefault(level, bots.player_factory(level))


_register_bots()


def seat_label(level: str) -> str:
    """How a seat shows in results and logs: bots are always labelled AI with their level."""
    return f"AI {level}"


def make_player(level: str, seat: int, seed: str | int) -> Player:
    if level.startswith("cmd:"):
        return ExternalBot(level.removeprefix("cmd:"))
    factory = PLAYERS.get(level)
    if factory is None:
        raise ValueError(f"unknown level '{level}' (known: {', '.join(sorted(PLAYERS))})")
    return factory(seat, seed)


# -- play -------------------------------------------------------------------------------------

def play_match(variant: str, levels: Sequence[str], rounds: int, seed: str | int,
               options: Options | None = None) -> tuple[Match, list[Player]]:
    """Play `rounds` scored rounds (a "3 doubles" redeal does not count) between players."""
    match = Match.new(variant, len(levels), options or Options(), seed)
    players = [make_player(level, seat, seed) for seat, level in enumerate(levels)]
    scored = 0
    while True:
        state = match.current
        while not state.over:
            state = match.play(players[state.to_play](state))
        if state.end != "redeal":
            scored += 1
        if scored >= rounds:
            return match, players
        match.start_round()


def results(match: Match, levels: Sequence[str]) -> dict[str, Any]:
    """Per-seat totals, wins (rounds where the seat had the highest round score; a tie at the
    top is a win for each tied seat), mean score per scored round, and the seat labels."""
    scored = [state.scores for state in match.rounds if state.scores is not None]
    wins = [0] * match.seats
    for scores in scored:
        for seat, score in enumerate(scores):
            if score == max(scores):
                wins[seat] += 1
    totals = match.totals
    return {
        "match_id": match.match_id,
        "variant": match.variant,
        "preset": match.options.preset,
        "seed": match.seed,
        "seats": [seat_label(level) for level in levels],
        "rounds": len(scored),
        "totals": totals,
        "wins": wins,
        "mean": [round(total / len(scored), 2) if scored else 0.0 for total in totals],
        "round_scores": scored,
    }


def _seed(text: str) -> str | int:
    digits = text.lstrip("-")
    return int(text) if digits.isascii() and digits.isdigit() else text


def _levels(text: str) -> list[str]:
    levels = [word.strip() for word in text.split(",")]
    if not 2 <= len(levels) <= 4 or not all(levels):
        raise argparse.ArgumentTypeError("give 2 to 4 seats, e.g. random,random (C2)")
    for level in levels:
        if level not in PLAYERS and not level.startswith("cmd:"):
            raise argparse.ArgumentTypeError(
                f"unknown level '{level}' (known: {', '.join(sorted(PLAYERS))})")
    return levels


def _positive(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number from 1, not '{text}'")
    return int(text)


def cmd_play(args: argparse.Namespace) -> int:
    options = Options(preset=args.preset, three_doubles=args.three_doubles)
    try:
        match, players = play_match(args.variant, args.seats, args.rounds, args.seed, options)
    except (ValueError, OSError) as error:   # a bad level or program, or a refusal (RuleError)
        print(f"remi play: {_one_line(str(error))}", file=sys.stderr)
        return EXIT_INVALID
    external = [player for player in players if isinstance(player, ExternalBot)]
    for bot in external:
        bot.close()
    if args.log:
        players = [{"seat": seat, "level": level, "label": seat_label(level)}
                   for seat, level in enumerate(args.seats)]
        text = json.dumps(match_log.to_json(match, players), indent=1)
        Path(args.log).write_text(text + "\n", encoding="utf-8")
    summary = results(match, args.seats)
    if external:                          # illegal or late answers replaced by timeouts (C8)
        summary["reports"] = [report for bot in external for report in bot.reports]
    print(json.dumps(summary))
    return EXIT_OK


# -- replay -----------------------------------------------------------------------------------

def _one_line(text: str) -> str:
    return " ".join(text.split())


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        if args.log == "-":
            text = sys.stdin.read()
        else:
            text = Path(args.log).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"log: C10: cannot read {args.log}: {_one_line(str(error))}", file=sys.stderr)
        return EXIT_INVALID
    try:
        match = match_log.load(text)
    except match_log.LogError as error:
        print(_one_line(str(error)), file=sys.stderr)
        return EXIT_INVALID
    except RuleError as error:            # defensive: replay wraps these in LogError
        print(f"log: {_one_line(str(error))}", file=sys.stderr)
        return EXIT_INVALID
    print(json.dumps(match_log.summary(match)))
    return EXIT_OK


# -- bench ------------------------------------------------------------------------------------

def cmd_bench(args: argparse.Namespace) -> int:
    return run_bench(args.rest)


def run_bench(rest: Sequence[str]) -> int:
    script = Path(__file__).resolve().parent.parent / "bench" / "engine_bench.py"
    if not script.exists():
        print("remi bench: bench/engine_bench.py is not here (run it from a source checkout)",
              file=sys.stderr)
        return EXIT_INVALID
    import runpy

    sys.argv = [str(script), *rest]
    runpy.run_path(str(script), run_name="__main__")
    return EXIT_OK


# -- the parser -------------------------------------------------------------------------------

def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python3 -m remi",
                                  description="Remi (Etalat, pe Tablă): the rules engine.")
    commands = top.add_subparsers(dest="command", required=True)

    replay = commands.add_parser("replay", help="replay a match log and print its scores")
    replay.add_argument("log", metavar="LOG.json", help="the log file, or - for stdin")
    replay.set_defaults(run=cmd_replay)

    play = commands.add_parser("play", help="play rounds between bots and print the results")
    play.add_argument("--variant", required=True, choices=VARIANTS)
    play.add_argument("--seats", required=True, type=_levels, metavar="LEVEL,LEVEL[,…]",
                      help=f"one level per seat, 2 to 4 (levels: {', '.join(sorted(PLAYERS))})")
    play.add_argument("--rounds", type=_positive, default=1, metavar="N")
    play.add_argument("--seed", type=_seed, default=0, metavar="S")
    play.add_argument("--preset", choices=PRESETS, default="platform")
    play.add_argument("--three-doubles", action="store_true",
                      help='the "3 doubles" redeal option')
    play.add_argument("--log", metavar="FILE", help="write the match log (replayable) here")
    play.set_defaults(run=cmd_play)

    bench = commands.add_parser("bench", help="run bench/engine_bench.py")
    bench.add_argument("rest", nargs=argparse.REMAINDER)
    bench.set_defaults(run=cmd_bench)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench"]:             # its options belong to bench/engine_bench.py
        return run_bench(argv[1:])
    args = parser().parse_args(argv)
    return args.run(args)
