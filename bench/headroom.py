"""How much could a one-step search over hard's discard candidates gain? (docs/bots.md)

    python3 bench/headroom.py [--variant tabla] [--seats 2] [--rounds 40]
                              [--worlds 8] [--eval 16] [--choose view|true|random]
                              [--candidates 3]

Hard's policy without its slips (hard.best, as in expert) plays every seat of `--rounds`
rounds. At each discard where expert would search (expert.candidates gives at least two
options; the first `--candidates` of them, hard's choice first) the option with the best
mean over `--worlds` rollouts to the round's end (expert.rollout: hard's policy for every seat) is picked, in
worlds that are either built from the seat's view (`view`: expert.determinize, what a fair bot
may do) or the true state with only the stock reshuffled (`true`: knows the other racks, a
bound no fair bot reaches); `random` picks one of the candidates at random (what a search
no better than chance would cost). When the pick differs from hard's choice, its gain over
hard's choice is measured on `--eval` fresh reshuffles of the true state (full rollouts,
common to both options); otherwise the gain is 0. Prints the mean gain per searched discard with its 95 %
interval.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from remi.bots import expert, hard  # noqa: E402
from remi.bots.common import parse_legal, seen  # noqa: E402
from remi.deal import Deal, rng_for  # noqa: E402
from remi.engine import apply, legal_actions  # noqa: E402
from remi.options import Options  # noqa: E402
from remi.state import RoundState  # noqa: E402
from remi.views import view  # noqa: E402

END = 10**9   # a rollout horizon past any round's end


def reshuffled(state: RoundState, rng: random.Random) -> RoundState:
    world = state.copy()
    rng.shuffle(world.stock)
    return world


def gain_at(state: RoundState, options: list[str], args: argparse.Namespace, key: str) -> float:
    rng = random.Random(key)
    if args.choose == "random":
        return gain_of(state, options, rng.randrange(len(options)), args, key)
    me = state.to_play
    seat_view = view(state, me)
    known, unseen = expert.known_holdings(seat_view), expert.unseen_tiles(seat_view)
    totals = [0.0] * len(options)
    for _ in range(args.worlds):
        world = (reshuffled(state, rng) if args.choose == "true"
                 else expert.determinize(seat_view, rng, known, unseen))
        for k, option in enumerate(options):
            totals[k] += expert.rollout(world, option, me, END)
    pick = max(range(len(options)), key=lambda k: totals[k])
    return gain_of(state, options, pick, args, key)


def gain_of(state: RoundState, options: list[str], pick: int, args: argparse.Namespace,
            key: str) -> float:
    """The picked option's mean gain over hard's choice on fresh reshuffles of the true state."""
    if pick == 0:
        return 0.0
    check = random.Random(f"{key}/eval")
    me, diffs = state.to_play, []
    for _ in range(args.eval):
        world = reshuffled(state, check)
        diffs.append(expert.rollout(world, options[pick], me, END)
                     - expert.rollout(world, options[0], me, END))
    return sum(diffs) / len(diffs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", choices=("etalat", "tabla"), default="tabla")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--eval", type=int, default=16)
    parser.add_argument("--choose", choices=("view", "true", "random"), default="view")
    parser.add_argument("--candidates", type=int, default=expert.CANDIDATES)
    args = parser.parse_args()
    started = time.perf_counter()
    gains = []
    for index in range(args.rounds):
        deal = Deal.shuffled(args.seats, index % args.seats,
                             rng_for("headroom", args.variant, args.seats, index))
        state = RoundState.start(args.variant, Options(), deal)
        while not state.over:
            legal = [str(action) for action in legal_actions(state)]
            seat_view = view(state, state.to_play)
            move = hard.best(seat_view, legal)
            if state.phase != "draw":
                options = expert.candidates(seen(seat_view), parse_legal(legal),
                                            move)[:args.candidates]
                if len(options) > 1 and options[0].startswith("discard"):
                    gains.append(gain_at(state, options, args, f"{index}/{len(state.history)}"))
            state = apply(state, move)
    mean, sd = statistics.mean(gains), statistics.stdev(gains)
    how = ("at random" if args.choose == "random"
           else f"by {args.worlds} worlds ({args.choose})")
    print(f"{args.variant} {args.seats} seats, choose among {args.candidates} {how}: "
          f"gain over hard {mean:+.1f} ± {1.96 * sd / len(gains) ** 0.5:.1f} per searched "
          f"discard ({len(gains)} discards, {args.rounds} rounds, {args.eval} checks each, "
          f"{time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
