"""Bot decision time, p50 / p95 / max per level and variant, in this Python.

    python3 bench/bots_bench.py [--rounds N] [--write]

Positions come from rounds played by a mix of levels (2–4 seats); every level decides on
every position (its view and legal list are built once, outside the timing), in game order,
starting with the bots' memo caches empty (filled while the positions were played). A
baseline measured in the same run — the solver (not memoised) on 200 fixed racks, the median
of five timings, at the start and at the end — gives each p95 as a ratio too, comparable
across runs on a machine whose speed varies. `--write` replaces the "## Bots" section of
docs/performance.md.
"""

from __future__ import annotations

import argparse
from random import Random
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from remi.bots import LEVELS, bot_action  # noqa: E402
from remi.bots.common import clear_caches  # noqa: E402
from remi.deal import Deal, rng_for  # noqa: E402
from remi.engine import apply, legal_actions  # noqa: E402
from remi.options import Options  # noqa: E402
from remi.solver import best_arrangement  # noqa: E402
from remi.state import RoundState  # noqa: E402
from remi.tiles import full_set  # noqa: E402
from remi.views import view  # noqa: E402

TARGET = {"easy": 20, "medium": 20, "hard": 20, "expert": 300}


def positions(variant: str, rounds: int) -> list[tuple[dict, list[str]]]:
    found = []
    mix = list(LEVELS)
    for index in range(rounds):
        seats = 2 + index % 3
        levels = [mix[(index + s) % 4] for s in range(seats)]
        deal = Deal.shuffled(seats, index % seats, rng_for("bots-bench", variant, index))
        state = RoundState.start(variant, Options(), deal)
        while not state.over:
            legal = [str(action) for action in legal_actions(state)]
            seen = view(state, state.to_play)
            found.append((seen, legal))
            state = apply(state, bot_action(levels[state.to_play], seen, legal, index))
    return found


def baseline_ms() -> float:
    """The same pure-Python work every run: the solver on 200 fixed 14-tile racks (median
    of five timings)."""
    rng = Random("bots-bench-baseline")
    racks = [rng.sample(full_set(), 14) for _ in range(200)]
    times = []
    for _ in range(5):
        started = time.perf_counter()
        for rack in racks:
            best_arrangement(rack, "covered")
        times.append((time.perf_counter() - started) * 1000)
    return sorted(times)[2]


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    before = baseline_ms()
    rows = []
    for variant in ("etalat", "tabla"):
        found = positions(variant, args.rounds)
        for level in LEVELS:
            clear_caches()       # each level starts cold, then keeps its memo, as in a game
            times, cpu = [], []
            for seen, legal in found:
                started, started_cpu = time.perf_counter(), time.process_time()
                bot_action(level, seen, legal, 1)
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
            rows.append((variant, level, times, cpu))
    baseline = (before + baseline_ms()) / 2
    lines = ["| variant | level | decisions | p50 ms | p95 ms | max ms | p95 CPU ms | "
             "p95 ÷ baseline | p95 target |", "|---|---|---|---|---|---|---|---|---|"]
    for variant, level, times, cpu in rows:
        p95 = quantile(times, 0.95)
        lines.append(f"| {variant} | {level} | {len(times)} | {quantile(times, 0.5):.2f} | "
                     f"{p95:.2f} | {max(times):.1f} | {quantile(cpu, 0.95):.2f} | "
                     f"{p95 / baseline:.2f} | ≤ {TARGET[level]} |")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    note = (f"CPython {platform.python_version()} on {platform.machine()}, load average "
            f"{load:.1f} at the end, baseline {baseline:.0f} ms (start {before:.0f}), positions from "
            f"{args.rounds} rounds per variant (2–4 seats, mixed levels). Regenerate: "
            f"`python3 bench/bots_bench.py --rounds {args.rounds} --write`.")
    table = "\n".join(lines)
    print(table)
    print(note)
    if args.write:
        write_section(ROOT / "docs" / "performance.md", table + "\n\n" + note)


def write_section(doc: Path, body: str) -> None:
    """Replace (or append) the "## Bots" section, leaving every other section alone."""
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# Performance\n"
    section = f"## Bots\n\nDecision time per bot level (`bot_action`, view and legal list " \
              f"given).\n\n{body}\n"
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip() == "## Bots"), None)
    if start is None:
        doc.write_text(text.rstrip("\n") + "\n\n" + section, encoding="utf-8")
        return
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    rest = "\n".join(lines[end:])
    new = "\n".join(lines[:start]) + "\n" + section + ("\n" + rest if rest else "")
    doc.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main()
