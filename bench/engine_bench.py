"""Engine benchmark: random-legal rounds per second for each variant, with a baseline.

    python3 bench/engine_bench.py [--seats 4] [--batches 5] [--rounds 3] [--json]
    python3 -m remi bench [same options]

Each batch plays `--rounds` whole rounds (a fresh seeded match each) between random-legal
players (remi.random_player.random_action; `timeout` when nothing is legal). The rate is
the median over the batches. The baseline, measured in the same run on the same rounds, is
the irreducible bookkeeping of an immutable engine: shuffling and dealing the round, then one
`RoundState.copy()` per action played (every `apply` starts with one). The ratio says how many
times that bookkeeping a real round costs; it is what moves when legal-move generation or the
solver gets faster or slower, independently of the machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from remi import engine  # noqa: E402
from remi.deal import Deal, rng_for  # noqa: E402
from remi.match import Match  # noqa: E402
from remi.options import Options  # noqa: E402
from remi.random_player import random_action  # noqa: E402
from remi.state import RoundState  # noqa: E402


def play_round(variant: str, seats: int, seed: str) -> int:
    """One whole random-legal round; returns the number of actions played."""
    match = Match.new(variant, seats, Options(), seed)
    rng = random.Random(seed)
    state = match.current
    while not state.over:
        action = random_action(state, rng) if engine.legal_actions(state) else "timeout"
        state = match.play(action)
    return len(state.actions)


def baseline(variant: str, seats: int, seed: str, actions: int) -> None:
    """Deal the round and copy its state once per action: the cost floor of `apply`."""
    deal = Deal.shuffled(seats, 0, rng_for(seed, "baseline"))
    state = RoundState.start(variant, Options(), deal)
    for _ in range(actions):
        state = state.copy()


def batch(variant: str, seats: int, rounds: int, number: int) -> dict[str, float]:
    seeds = [f"bench/{variant}/{number}/{r}" for r in range(rounds)]
    start = time.perf_counter()
    actions = [play_round(variant, seats, seed) for seed in seeds]
    played = time.perf_counter() - start
    start = time.perf_counter()
    for seed, count in zip(seeds, actions):
        baseline(variant, seats, seed, count)
    floor = time.perf_counter() - start
    return {"rounds_per_s": rounds / played, "actions_per_s": sum(actions) / played,
            "actions_per_round": sum(actions) / rounds, "baseline_rounds_per_s": rounds / floor,
            "ratio": played / floor}


def measure(variant: str, seats: int, batches: int, rounds: int) -> dict[str, float]:
    results = [batch(variant, seats, rounds, n) for n in range(batches)]
    return {key: round(statistics.median(r[key] for r in results), 2) for key in results[0]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--batches", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3, help="rounds per batch")
    parser.add_argument("--variant", choices=("etalat", "tabla"), action="append")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    report = {variant: measure(variant, args.seats, args.batches, args.rounds)
              for variant in args.variant or ("etalat", "tabla")}
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "seats": args.seats,
                          "batches": args.batches, "rounds_per_batch": args.rounds,
                          "results": report}))
        return 0
    print(f"Python {sys.version.split()[0]}, {args.seats} seats, median of {args.batches} "
          f"batches of {args.rounds} rounds")
    print(f"{'variant':8} {'rounds/s':>9} {'actions/s':>10} {'actions/round':>14} "
          f"{'baseline rounds/s':>18} {'ratio':>7}")
    for variant, r in report.items():
        print(f"{variant:8} {r['rounds_per_s']:9.2f} {r['actions_per_s']:10.0f} "
              f"{r['actions_per_round']:14.0f} {r['baseline_rounds_per_s']:18.0f} "
              f"{r['ratio']:7.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
