"""Replays and discrepancy reports (C10)."""

import json
import subprocess
import sys

import pytest

from remi import log as match_log
from remi.cli import play_match
from remi.platform import discrepancy_report
from remi.replays import round_log, steps


@pytest.fixture(scope="module")
def match_data():
    match, _ = play_match("tabla", ["easy", "medium", "hard"], rounds=2, seed="rp")
    return match_log.to_json(match)


def test_C10_replay_steps_from_a_seat_hide_the_other_racks(match_data):
    positions = steps(match_data, 1, seat=2)
    assert positions[0]["action"] is None and len(positions) == len(
        match_data["rounds"][1]["actions"]) + 1
    for position in positions[:-1]:
        assert position["view"]["seat"] == 2 and "racks" not in position["view"]
    assert "racks" in positions[-1]["view"]                       # the round is over


def test_C10_open_replay_shows_every_rack(match_data):
    first = steps(match_data, 0)[0]["view"]
    assert first["seat"] is None and [len(r) for r in first["racks"]].count(15) == 1


def test_C10_discrepancy_report_replays_on_the_command_line(match_data, tmp_path):
    report = round_log(match_data, 1)
    assert report["match_id"] == match_data["match_id"] and len(report["rounds"]) == 1
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report))
    result = subprocess.run([sys.executable, "-m", "remi", "replay", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 0
    replayed = json.loads(result.stdout)
    assert replayed["rounds"][0]["scores"] == match_log.replay(match_data).rounds[1].scores
    with pytest.raises(ValueError):
        round_log(match_data, 5)


def test_C10_a_round_in_play_is_replayed_from_a_seat_only_and_has_no_report(match_data):
    """The open table and a report (the whole deal) would show hidden tiles mid-round."""
    unfinished = {**match_data, "rounds": [*match_data["rounds"][:1],
                                           {**match_data["rounds"][1], "actions":
                                            match_data["rounds"][1]["actions"][:6]}]}
    mine = steps(unfinished, 1, seat=0)
    assert len(mine) == 7 and all("racks" not in p["view"] for p in mine)
    with pytest.raises(ValueError, match="still in play"):
        steps(unfinished, 1)
    with pytest.raises(ValueError, match="still in play"):
        discrepancy_report(unfinished, 1)
    assert steps(unfinished, 0)[-1]["view"]["racks"]           # a finished round: open
    assert discrepancy_report(unfinished, 0)["round"] == 1
