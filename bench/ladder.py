"""Bot ladder: mean score difference per round between two levels, with a 95 % interval.

    python3 bench/ladder.py [--rounds N] [--expert-rounds N] [--hard-expert-rounds N]
                            [--pairs P] [--variants V] [--seats S] [--jobs J] [--write]

With no size option every row gets the rounds docs/bots.md's table has (SIZES), so
`python3 bench/ladder.py --jobs 2 --write` regenerates the whole table; the deals and bot
seeds depend only on the setting and the round's index, so it gives the same rows.

Pairs easy–medium, medium–hard, hard–expert, expert–easy; both variants; 2 seats (A, B) and
4 seats (A, B, A, B). A round's difference is the mean score of A's seats minus B's.

Duplicate deals (variance reduction): rounds come in pairs, the same deal (and the same bot
seeds) played twice with the levels swapped between the seats, so the luck of the deal
cancels out. The unit is the pair: its value is the mean of its two rounds, and the
interval is mean ± 1.96·sd/√pairs over the pairs (a pair with an abandoned round is dropped).

`--write` puts the table in docs/bots.md between the ladder markers. With `--pairs`,
`--variants` or `--seats` it only replaces those rows and keeps the others; every row names
the run that produced it (the "run" column; the runs, with their command and time, are
listed under the table).
"""

from __future__ import annotations

import argparse
import math
import re
import subprocess
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
    """Round `index` of a setting: deal index // 2, the levels swapped when index is odd."""
    variant, seats, a, b, index = job
    deal_index, swap = divmod(index, 2)
    levels = [(b if swap else a) if s % 2 == 0 else (a if swap else b) for s in range(seats)]
    deal = Deal.shuffled(seats, deal_index % seats,
                         rng_for("ladder", variant, seats, a, b, deal_index))
    state = RoundState.start(variant, Options(), deal)
    seed = f"ladder/{deal_index}"
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


def pair_values(played: list[float | None]) -> list[float]:
    """The mean of each duplicate pair (rounds 2k, 2k + 1); pairs with an abandoned round drop."""
    values = []
    for k in range(0, len(played) - 1, 2):
        first, second = played[k], played[k + 1]
        if first is not None and second is not None:
            values.append((first + second) / 2)
    return values


def row(setting: tuple[str, int, str, str], played: list[float | None], run: str) -> str:
    v, s, a, b = setting
    values = pair_values(played)
    abandoned = sum(1 for value in played if value is None)
    if len(values) < 2:
        return f"| {v} | {s} | {a} – {b} | {len(played)} | {abandoned} | – | – | {run} |"
    mean, half = summary(values)
    return (f"| {v} | {s} | {a} – {b} | {len(played)} | {abandoned} | {mean:+.1f} | "
            f"{mean - half:+.1f} … {mean + half:+.1f} | {run} |")


HEADER = ["| variant | seats | A – B | rounds | abandoned | mean A − B per round | "
          "95 % interval | run |",
          "|---|---|---|---|---|---|---|---|"]


# The rounds of docs/bots.md's rows: enough for the narrowest steps (Tablă's, whose pairs
# vary most) to show; a run with none of the size options plays these.
SIZES: dict[tuple[str, str], dict[str, int]] = {
    ("easy", "medium"): {"etalat": 400, "tabla": 400},
    ("medium", "hard"): {"etalat": 2000, "tabla": 2000},
    ("hard", "expert"): {"etalat": 400, "tabla": 1200},
    ("expert", "easy"): {"etalat": 20, "tabla": 20},
}


def rounds_for(args: argparse.Namespace, variant: str, a: str, b: str) -> int:
    """Rounds of a setting, rounded up to whole duplicate pairs: the most specific size
    option given, else the table's own size (SIZES)."""
    if (a, b) == ("hard", "expert") and args.hard_expert_rounds is not None:
        n = args.hard_expert_rounds
    elif "expert" in (a, b) and args.expert_rounds is not None:
        n = args.expert_rounds
    elif args.rounds is not None:
        n = args.rounds
    else:
        n = SIZES[(a, b)][variant]
    return n + n % 2


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=None,
                        help="rounds per pair and setting (default: the table's, SIZES)")
    parser.add_argument("--expert-rounds", type=int, default=None,
                        help="rounds for the pairs with expert (default: --rounds, else SIZES)")
    parser.add_argument("--hard-expert-rounds", type=int, default=None,
                        help="rounds for hard–expert (default: --expert-rounds)")
    parser.add_argument("--pairs", default=None,
                        help="only these pairs, e.g. 'hard-expert,expert-easy'; with --write "
                        "only their rows are replaced")
    parser.add_argument("--variants", default="etalat,tabla",
                        help="only these variants, e.g. 'etalat' (with --write only their rows)")
    parser.add_argument("--seats", default="2,4",
                        help="only these seat counts, e.g. '2' (with --write only their rows)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write the table into docs/bots.md")
    args = parser.parse_args()
    pairs = PAIRS if args.pairs is None else [tuple(p.split("-")) for p in args.pairs.split(",")]
    variants = args.variants.split(",")
    seat_counts = [int(n) for n in args.seats.split(",")]
    settings = [(v, s, a, b) for v in variants for s in seat_counts for a, b in pairs]
    counts = [rounds_for(args, v, a, b) for v, _, a, b in settings]
    jobs = [(v, s, a, b, i) for (v, s, a, b), n in zip(settings, counts) for i in range(n)]
    slow = sorted(range(len(jobs)), key=lambda j: "expert" not in jobs[j][2:4])
    started = time.perf_counter()
    if args.jobs == 1:
        done = {}
        for step, j in enumerate(slow):
            done[j] = play(jobs[j])
            if step % 50 == 49:
                print(f"{step + 1}/{len(jobs)} rounds, {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:     # the slow (expert) rounds first
            done = dict(zip(slow, pool.map(play, [jobs[j] for j in slow], chunksize=1)))
    results = [done[j] for j in range(len(jobs))]
    elapsed = time.perf_counter() - started
    command = " ".join(["python3 bench/ladder.py"] + sys.argv[1:])
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                            capture_output=True).stdout.strip() or "?"
    note = (f"{len(jobs)} rounds ({len(jobs) // 2} duplicate pairs), {elapsed:.0f} s on "
            f"{args.jobs} process{'es' if args.jobs > 1 else ''}, "
            f"{time.strftime('%Y-%m-%d', time.gmtime())}, commit {commit}: `{command}`")
    offsets = [sum(counts[:k]) for k in range(len(settings))]
    rows = {setting: row(setting, results[offsets[k]:offsets[k] + counts[k]], "{run}")
            for k, setting in enumerate(settings)}
    print("\n".join(HEADER + [line.format(run="new") for line in rows.values()]))
    print(note)
    if args.write:
        full = args.pairs is None and len(variants) == 2 and len(seat_counts) == 2
        write(ROOT / "docs" / "bots.md", rows, note, full=full)


def write(doc: Path, rows: dict[tuple[str, int, str, str], str], note: str, full: bool) -> None:
    """Replace the rows of this run in the table between the markers (all rows when `full`),
    keep the other rows and the notes of the runs they still cite."""
    text = doc.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    body, tail = rest.split(END, 1)
    old_rows: dict[tuple[str, int, str, str], str] = {}
    old_notes: dict[str, str] = {}
    if not full:
        for line in body.strip().split("\n"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if len(cells) == 8 and cells[1].isdigit():
                a, b = cells[2].split(" – ")
                old_rows[(cells[0], int(cells[1]), a, b)] = line
            elif line.startswith("Run ") and ": " in line:
                old_notes[line.split(":", 1)[0][4:]] = line
    # a new letter after every run the document lists, in the table's notes or under it
    # (docs/bots.md's text names earlier runs by letter: a letter is never used twice)
    listed = re.findall(r"^Run ([A-Z]):", text, flags=re.MULTILINE)
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    run = next(x for x in letters if x > max(listed, default="@"))
    order = [(v, s, a, b) for v in ("etalat", "tabla") for s in (2, 4) for a, b in PAIRS]
    table = list(HEADER)
    cited = set()
    for setting in order:
        if setting in rows:
            table.append(rows[setting].format(run=run))
            cited.add(run)
        elif setting in old_rows:
            line = old_rows[setting]
            table.append(line)
            cited.add(line.strip().strip("|").split("|")[-1].strip())
    notes = [old_notes[r] for r in sorted(old_notes) if r in cited]
    notes.append(f"Run {run}: {note}")
    notes.sort()
    body = "\n".join(table) + "\n\n" + "\n\n".join(notes)
    doc.write_text(f"{head}{START}\n{body}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
