"""bench/ladder.py: a run of some settings plays and writes only those (docs/bots.md keeps
the other rows and the runs they cite)."""

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("ladder", ROOT / "bench" / "ladder.py")
ladder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ladder)


def test_a_run_of_one_seat_count_plays_only_its_settings():
    out = subprocess.run([sys.executable, "bench/ladder.py", "--pairs", "easy-medium",
                          "--variants", "tabla", "--seats", "2", "--rounds", "2"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("| tabla")]
    assert len(rows) == 1 and rows[0].startswith("| tabla | 2 | easy – medium | 2 | 0 |"), out


def test_a_run_of_one_row_replaces_only_that_row(tmp_path):
    doc = tmp_path / "bots.md"
    old = [f"| etalat | {seats} | hard – expert | 400 | 0 | +1.0 | -1.0 … +3.0 | K |"
           for seats in (2, 4)]
    doc.write_text("intro\n" + ladder.START + "\n" + "\n".join(ladder.HEADER + old)
                   + "\n\nRun K: the old run\n" + ladder.END + "\nafter\n", encoding="utf-8")
    row = "| etalat | 2 | hard – expert | 1600 | 0 | -5.0 | -9.0 … -1.0 | {run} |"
    ladder.write(doc, {("etalat", 2, "hard", "expert"): row}, "the new run", full=False)
    text = doc.read_text(encoding="utf-8")
    assert row.format(run="L") in text and old[0] not in text and old[1] in text
    assert "Run K: the old run" in text and "Run L: the new run" in text
    assert text.startswith("intro\n") and text.endswith(ladder.END + "\nafter\n")


def test_with_no_size_option_each_row_gets_the_tables_rounds():
    """`python3 bench/ladder.py --write` alone regenerates the table at its own sizes; a size
    option overrides them, the most specific first."""
    def sizes(**given):
        flags = {"rounds": None, "expert_rounds": None, "hard_expert_rounds": None} | given
        return ladder.rounds_for(argparse.Namespace(**flags), "tabla", "hard", "expert")

    assert sizes() == ladder.SIZES[("hard", "expert")]["tabla"]
    assert sizes(rounds=40) == 40
    assert sizes(rounds=40, expert_rounds=21) == 22          # whole duplicate pairs
    assert sizes(rounds=40, expert_rounds=20, hard_expert_rounds=60) == 60
