"""Solver timings (docs/performance.md, "## Solver"): `python3 bench/solver_bench.py`.

Random 15-tile racks from the 106-tile set with exactly 0, 1 or 2 jokers (fixed seeds);
median and p95 per objective (each rack timed as the best of 3 calls), and a baseline measured
in the same run: one `make_formation` call on a 3-tile run given out of order.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from remi.formations import make_formation  # noqa: E402
from remi.solver import best_arrangement, closing_discards  # noqa: E402
from remi.tiles import JOKER, full_set  # noqa: E402

RACKS = 1000
RACK_SIZE = 15
REPEATS = 3


def random_rack(rng: random.Random, jokers: int) -> list[int]:
    reals = [tile for tile in full_set() if tile != JOKER]
    return rng.sample(reals, RACK_SIZE - jokers) + [JOKER] * jokers


def dense_rack(rng: random.Random) -> list[int]:
    """A hard case: 13 tiles from two colours × seven numbers, plus both jokers."""
    colours, low = rng.sample(range(4), 2), rng.randrange(7)
    pool = [colour * 13 + low + number for colour in colours for number in range(7)] * 2
    return rng.sample(pool, RACK_SIZE - 2) + [JOKER] * 2


def timings_ms(racks: list[list[int]], call: Callable[[list[int]], object]) -> list[float]:
    """Per rack, the best of REPEATS calls (this filters out noise from other processes)."""
    times = []
    for rack in racks:
        best = float("inf")
        for _ in range(REPEATS):
            begin = time.perf_counter()
            call(rack)
            best = min(best, time.perf_counter() - begin)
        times.append(best * 1000)
    return times


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.95)]


def main() -> None:
    calls: dict[str, Callable[[list[int]], object]] = {
        "covered": lambda rack: best_arrangement(rack, "covered"),
        "table_value": lambda rack: best_arrangement(rack, "table_value"),
        "opening run": lambda rack: best_arrangement(rack, "opening", opening_rule="run"),
        "opening run_or_3_groups": lambda rack: best_arrangement(
            rack, "opening", opening_rule="run_or_three_groups"
        ),
        "closing_discards": closing_discards,
    }
    rng = random.Random(7)
    baseline_runs = []
    for _ in range(RACKS):
        first = rng.randrange(4) * 13 + rng.randrange(11)
        baseline_runs.append([first + 2, first, first + 1])

    base_median, base_p95 = summary(timings_ms(baseline_runs, make_formation))
    print(f"Python {sys.version.split()[0]}, {RACKS} racks of {RACK_SIZE} tiles per row")
    print(f"baseline make_formation(3-tile run): median {base_median * 1000:.1f} µs, "
          f"p95 {base_p95 * 1000:.1f} µs")
    print(f"{'objective':<26}{'jokers':>8}{'median ms':>11}{'p95 ms':>9}{'×baseline':>11}")
    rows = [
        (str(jokers), [random_rack(random.Random(1000 * jokers + i), jokers) for i in range(RACKS)])
        for jokers in (0, 1, 2)
    ]
    rows.append(("2 dense", [dense_rack(random.Random(5000 + i)) for i in range(RACKS)]))
    for label, racks in rows:
        for name, call in calls.items():
            median, p95 = summary(timings_ms(racks, call))
            print(f"{name:<26}{label:>8}{median:>11.3f}{p95:>9.3f}{median / base_median:>11.0f}")


if __name__ == "__main__":
    main()
