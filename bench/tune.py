"""Duplicate self-play of hard's policy with other weights (a `hard.Style`) against hard.

    python3 bench/tune.py --variant tabla --seats 2 --set feeds=0,useful=3
                          [--pairs 1000] [--jobs 2]

Prints the mean score difference per round (styled − hard) with its 95 % interval over
duplicate pairs, as bench/ladder.py does. The deals are the ladder's generator under other
level names ("styled", "hard"), so tuning never sees the deals of the ladder's rows. What
was tried and measured: docs/bots.md, "Why the search does not make expert stronger".
Both sides slip as hard does (`--set overlook_tabla=0` plays `hard.best` against hard: what
the slips cost).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ladder  # noqa: E402

from remi.bots import LEVELS, hard  # noqa: E402


def parse_style(text: str) -> hard.Style:
    fields = [f.name for f in dataclasses.fields(hard.Style)]
    changes: dict[str, float] = {}
    for item in filter(None, text.split(",")):
        name, value = item.split("=")
        if name not in fields:
            raise SystemExit(f"unknown weight '{name}' (known: {', '.join(fields)})")
        number = float(value)
        changes[name] = int(number) if number.is_integer() else number
    return dataclasses.replace(hard.HARD, **changes)


def play(style: hard.Style, job: tuple[str, int, str, str, int]) -> float | None:
    LEVELS["styled"] = functools.partial(hard.choose, style=style)
    return ladder.play(job)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", choices=("etalat", "tabla"), required=True)
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), required=True)
    parser.add_argument("--set", default="", help="weights to change, e.g. 'feeds=0,useful=3'")
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    style = parse_style(args.set)
    jobs = [(args.variant, args.seats, "styled", "hard", i) for i in range(2 * args.pairs)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        played = list(pool.map(functools.partial(play, style), jobs, chunksize=8))
    values = ladder.pair_values(played)
    mean, half = ladder.summary(values)
    print(f"{args.variant} {args.seats} seats, {style}: styled − hard {mean:+.1f} "
          f"[{mean - half:+.1f} … {mean + half:+.1f}] over {len(values)} duplicate pairs "
          f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
