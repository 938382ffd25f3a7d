"""Bot ladder: mean score difference per round between two levels, with a 95 % interval.

    python3 bench/ladder.py [--rounds N] [--jobs J] [--write]

Pairs easy–medium, medium–hard, hard–expert, expert–easy; both variants; 2 seats (A, B) and
4 seats (A, B, A, B); the seats swap every other round. A round's difference is the mean score
of A's seats minus B's. Interval: mean ± 1.96·sd/√n. `--write` puts the table in docs/bots.md
between the ladder markers.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from remi.bots import bot_action  # noqa: E402
from remi.deal import Deal, rng_for  # noqa: E402
from remi.engine import apply, legal_actions  # noqa: E402
from remi.options import Options  # noqa: E402
from remi.state import RoundState  # noqa: E402
from remi.views import view  # noqa: E402

PAIRS = (("easy", "medium"), ("medium", "hard"), ("hard", "expert"), ("expert", "easy"))
START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"


LIMIT = 60.0   # seconds: a round slower than this is abandoned (see docs/bots.md)


def play(job: tuple[str, int, str, str, int]) -> float | None:
    variant, seats, a, b, index = job
    swap = index % 2 == 1
    levels = [(b if swap else a) if s % 2 == 0 else (a if swap else b) for s in range(seats)]
    deal = Deal.shuffled(seats, index % seats, rng_for("ladder", variant, seats, a, b, index))
    state = RoundState.start(variant, Options(), deal)
    seed = f"ladder/{index}"
    started = time.perf_counter()
    while not state.over:
        if time.perf_counter() - started > LIMIT:
            return None
        legal = [str(action) for action in legal_actions(state)]
        state = apply(state, bot_action(levels[state.to_play], view(state, state.to_play),
                                        legal, seed))
    mine = [score for score, level in zip(state.scores, levels) if level == a]
    theirs = [score for score, level in zip(state.scores, levels) if level == b]
    return sum(mine) / len(mine) - sum(theirs) / len(theirs)


def summary(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=40, help="rounds per pair and setting")
    parser.add_argument("--expert-rounds", type=int, default=None,
                        help="rounds for the pairs with expert (default: --rounds); its search "
                        "spends up to 200 ms a decision")
    parser.add_argument("--pairs", default=None,
                        help="only these pairs, e.g. 'hard-expert,medium-hard' (prints the table; "
                        "--write then still replaces the whole table)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write the table into docs/bots.md")
    args = parser.parse_args()
    pairs = PAIRS if args.pairs is None else [tuple(p.split("-")) for p in args.pairs.split(",")]
    settings = [(v, s, a, b) for v in ("etalat", "tabla") for s in (2, 4) for a, b in pairs]
    expert_rounds = args.rounds if args.expert_rounds is None else args.expert_rounds
    counts = [expert_rounds if "expert" in (a, b) else args.rounds for _, _, a, b in settings]
    jobs = [(v, s, a, b, i) for (v, s, a, b), n in zip(settings, counts) for i in range(n)]
    slow = sorted(range(len(jobs)), key=lambda j: "expert" not in jobs[j][2:4])
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:     # the slow (expert) rounds first
        done = dict(zip(slow, pool.map(play, [jobs[j] for j in slow], chunksize=1)))
    results = [done[j] for j in range(len(jobs))]
    elapsed = time.perf_counter() - started
    lines = ["| variant | seats | A – B | rounds | abandoned | mean A − B per round | 95 % interval |",
             "|---|---|---|---|---|---|---|"]
    offsets = [sum(counts[:k]) for k in range(len(settings))]
    for k, (v, s, a, b) in enumerate(settings):
        played = results[offsets[k]:offsets[k] + counts[k]]
        values = [value for value in played if value is not None]
        if not values:
            lines.append(f"| {v} | {s} | {a} – {b} | 0 | {len(played)} | – | – |")
            continue
        mean, half = summary(values)
        lines.append(f"| {v} | {s} | {a} – {b} | {len(values)} | {len(played) - len(values)} | "
                     f"{mean:+.1f} | "
                     f"{mean - half:+.1f} … {mean + half:+.1f} |")
    lines.append("")
    lines.append(f"{args.rounds} rounds per row, {expert_rounds} for the pairs with expert "
                 f"(a round slower than {LIMIT:.0f} s is abandoned), "
                 f"{len(jobs)} rounds in all, {elapsed:.0f} s on "
                 f"{args.jobs} processes. Regenerate: `python3 bench/ladder.py --rounds "
                 f"{args.rounds} --expert-rounds {expert_rounds} --write`.")
    table = "\n".join(lines)
    print(table)
    if args.write:
        doc = ROOT / "docs" / "bots.md"
        text = doc.read_text(encoding="utf-8")
        head, rest = text.split(START, 1)
        _, tail = rest.split(END, 1)
        doc.write_text(f"{head}{START}\n{table}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
