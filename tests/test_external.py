"""External bots over the line protocol (cmd:PROGRAM)."""

import json
import subprocess
import sys
from pathlib import Path

BOT = Path(__file__).parent / "bots" / "first_legal.py"


def play(*seats):
    return subprocess.run([sys.executable, "-m", "remi", "play", "--variant", "tabla",
                           "--seats", ",".join(seats), "--rounds", "1", "--seed", "3"],
                          capture_output=True, text=True, timeout=300)


def test_an_external_bot_plays_a_round_through_the_line_protocol():
    run = play(f"cmd:{sys.executable} {BOT}", "easy")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["rounds"] == 1 and result["seats"][0].startswith("AI cmd:")
    assert result["reports"] == []


def test_C8_illegal_answers_are_replaced_by_timeouts_and_reported():
    run = play(f"cmd:{sys.executable} {BOT} bad", "medium")
    assert run.returncode == 0, run.stderr
    reports = json.loads(run.stdout)["reports"]
    assert reports and all("illegal answer 'discard Q9'; played timeout" in r for r in reports)


def test_a_missing_program_is_a_clear_error():
    run = play("cmd:/nonexistent/bot", "easy")
    assert run.returncode == 2 and "remi play:" in run.stderr
