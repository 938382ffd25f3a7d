"""Solver timings (docs/performance.md, "## Solver"): `python3 bench/solver_bench.py`.

Random 15-tile racks from the 106-tile set with exactly 0, 1 or 2 jokers (fixed seeds);
median and p95 per objective, and a baseline measured in the same run: one
`make_formation(sorted(three tiles))` call.
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


def random_rack(rng: random.Random, jokers: int) -> list[int]:
    reals = [tile for tile in full_set() if tile != JOKER]
    return rng.sample(reals, RACK_SIZE - jokers) + [JOKER] * jokers


def timings_ms(racks: list[list[int]], call: Callable[[list[int]], object]) -> list[float]:
    times = []
    for rack in racks:
        begin = time.perf_counter()
        call(rack)
        times.append((time.perf_counter() - begin) * 1000)
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
    baseline_racks = [random_rack(random.Random(7), 0)[:3] for _ in range(RACKS)]

    def baseline_call(tiles: list[int]) -> object:
        try:
            return make_formation(sorted(tiles))
        except ValueError:
            return None

    base_median, base_p95 = summary(timings_ms(baseline_racks * 3, baseline_call))
    print(f"Python {sys.version.split()[0]}, {RACKS} racks of {RACK_SIZE} tiles per row")
    print(f"baseline make_formation(sorted(3 tiles)): median {base_median * 1000:.1f} µs, "
          f"p95 {base_p95 * 1000:.1f} µs")
    print(f"{'objective':<26}{'jokers':>7}{'median ms':>11}{'p95 ms':>9}{'×baseline':>11}")
    for jokers in (0, 1, 2):
        racks = [random_rack(random.Random(1000 * jokers + i), jokers) for i in range(RACKS)]
        for name, call in calls.items():
            median, p95 = summary(timings_ms(racks, call))
            print(f"{name:<26}{jokers:>7}{median:>11.3f}{p95:>9.3f}{median / base_median:>11.0f}")


if __name__ == "__main__":
    main()
