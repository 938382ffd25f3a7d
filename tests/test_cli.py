"""The command line (`python3 -m remi`), run as a subprocess: replay, play, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from remi import cli

ROOT = Path(__file__).resolve().parents[1]


def remi(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "remi", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def etalat_game(tmp_path_factory):
    """Two Etalat rounds between three random players, with the log."""
    path = tmp_path_factory.mktemp("logs") / "etalat.json"
    run = remi("play", "--variant", "etalat", "--seats", "random,random,random",
               "--rounds", "2", "--seed", "cli", "--log", str(path))
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout), path


@pytest.fixture(scope="module")
def tabla_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("logs") / "tabla.json"
    run = remi("play", "--variant", "tabla", "--seats", "random,random", "--rounds", "2",
               "--seed", "7", "--preset", "clasic", "--log", str(path))
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout), path


def replay_error(tmp_path, data) -> str:
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    run = remi("replay", str(path))
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    return lines[0]


def first_round(path: Path, actions: list[str] | None = None) -> dict:
    data = json.loads(path.read_text())
    data["rounds"] = data["rounds"][:1]
    if actions is not None:
        data["rounds"][0]["actions"] = actions
    return data


# -- play -------------------------------------------------------------------------------------

def test_play_results(etalat_game):
    results, _ = etalat_game
    assert results["seats"] == ["AI random"] * 3
    assert results["rounds"] == 2 and len(results["round_scores"]) == 2
    assert results["totals"] == [sum(r[s] for r in results["round_scores"]) for s in range(3)]
    assert results["mean"] == [round(t / 2, 2) for t in results["totals"]]
    for seat in range(3):
        won = sum(1 for r in results["round_scores"] if r[seat] == max(r))
        assert results["wins"][seat] == won
    assert sum(results["wins"]) >= 2
    assert results["variant"] == "etalat" and results["preset"] == "platform"


def test_replay_of_a_played_log_prints_the_same_totals(etalat_game, tabla_game):
    for results, path in (etalat_game, tabla_game):
        run = remi("replay", str(path))
        assert run.returncode == 0, run.stderr
        summary = json.loads(run.stdout)
        assert summary["totals"] == results["totals"]
        assert [r["scores"] for r in summary["rounds"]] == results["round_scores"]
        assert set(summary) == {"rounds", "totals"}


def test_the_log_names_the_seats(etalat_game):
    _, path = etalat_game
    data = json.loads(path.read_text())
    assert [p["label"] for p in data["players"]] == ["AI random"] * 3
    assert data["options"]["preset"] == "platform"


def test_play_is_deterministic(tabla_game, tmp_path):
    results, path = tabla_game
    again = remi("play", "--variant", "tabla", "--seats", "random,random", "--rounds", "2",
                 "--seed", "7", "--preset", "clasic", "--log", str(tmp_path / "again.json"))
    assert json.loads(again.stdout) == results
    assert (tmp_path / "again.json").read_text() == path.read_text()


def test_replay_reads_stdin(tabla_game):
    results, path = tabla_game
    run = remi("replay", "-", stdin=path.read_text())
    assert run.returncode == 0 and json.loads(run.stdout)["totals"] == results["totals"]


def test_play_in_process_matches_the_registry():
    match, players = cli.play_match("tabla", ["random", "random", "random"], 1, "in-process")
    assert len(players) == 3 and match.current.over and match.current.scores is not None
    assert set(cli.PLAYERS) >= {"random"}
    assert cli.seat_label("random") == "AI random"


def test_a_new_level_plugs_into_the_registry():
    calls = []

    def factory(seat, seed):
        random_player = cli.PLAYERS["random"](seat, seed)

        def choose(state):
            calls.append(state.to_play)
            return random_player(state)
        return choose

    cli.register("echo", factory)
    try:
        match, _ = cli.play_match("tabla", ["echo", "random"], 1, 3)
        results = cli.results(match, ["echo", "random"])
    finally:
        del cli.PLAYERS["echo"]
    assert calls and set(calls) == {0}
    assert results["seats"] == ["AI echo", "AI random"]


@pytest.mark.parametrize("args", [
    ["--seats", "random"],                      # one seat (C2)
    ["--seats", "random,random,random,random,random"],
    ["--seats", "random,grandmaster"],          # unknown level
    ["--seats", "random,random", "--rounds", "0"],
    ["--seats", "random,random", "--variant", "poker"],
])
def test_play_bad_arguments_exit_2(args):
    base = {"--variant": "etalat", "--seats": "random,random"}
    for flag, value in zip(args[::2], args[1::2]):
        base[flag] = value
    run = remi("play", *[x for pair in base.items() for x in pair])
    assert run.returncode == 2 and run.stdout == ""


# -- replay refusals: exit 2, one line naming round, action, seat, action text and rule ------

def test_first_player_draws_on_turn_zero_e2(etalat_game, tmp_path):
    _, path = etalat_game
    data = first_round(path, ["draw"])
    seat = data["rounds"][0]["first"]
    line = replay_error(tmp_path, data)
    assert line.startswith(f"round 0, action 0 (seat {seat}, 'draw'): E2: ")


def test_take_in_the_first_round_e3(etalat_game, tmp_path):
    _, path = etalat_game
    data = first_round(path)
    actions = data["rounds"][0]["actions"][:3] + ["take"]
    data["rounds"][0]["actions"] = actions
    seat = (data["rounds"][0]["first"] + 2) % 3      # discard · draw, discard · take
    line = replay_error(tmp_path, data)
    assert line.startswith(f"round 0, action 3 (seat {seat}, 'take'): E3: ")


def test_error_in_the_second_round_names_it(tabla_game, tmp_path):
    _, path = tabla_game
    data = json.loads(path.read_text())
    data["rounds"][1]["actions"] = data["rounds"][1]["actions"][:1] + ["close J"]
    line = replay_error(tmp_path, data)
    assert line.startswith("round 1, action 1 (seat ") and ", 'close J'): T" in line


@pytest.mark.parametrize("edit, rule", [
    (lambda r: r["hands"][0].__setitem__(0, "X9"), "C1"),             # unknown tile
    (lambda r: r["hands"][1].__setitem__(0, r["hands"][0][0]) or
     r["hands"][2].__setitem__(0, r["hands"][0][0]), "C1"),          # a third copy
    (lambda r: r["hands"][1].append(r["hands"][0].pop()), "C4"),       # wrong hand sizes
    (lambda r: r["actions"].__setitem__(1, "discard Q3"), "C1"),       # unknown tile, action
])
def test_invalid_logs_exit_2_with_the_rule(etalat_game, tmp_path, edit, rule):
    _, path = etalat_game
    data = first_round(path)
    edit(data["rounds"][0])
    line = replay_error(tmp_path, data)
    assert line.startswith("round 0")
    assert f": {rule}: " in line


def test_bad_json_exits_2(tmp_path):
    line = replay_error(tmp_path, '{"variant": "etalat", ')
    assert line.startswith("log: ") and "not JSON" in line


def test_missing_file_exits_2(tmp_path):
    run = remi("replay", str(tmp_path / "nowhere.json"))
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1
    assert "nowhere.json" in run.stderr


def test_a_seed_log_replays(etalat_game, tmp_path):
    results, path = etalat_game
    data = json.loads(path.read_text())
    seeded = {"variant": "etalat", "seats": 3, "seed": "cli",
              "rounds": [{"actions": r["actions"]} for r in data["rounds"]]}
    (tmp_path / "seeded.json").write_text(json.dumps(seeded))
    run = remi("replay", str(tmp_path / "seeded.json"))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["totals"] == results["totals"]


def test_a_non_string_action_exits_2(etalat_game, tmp_path):
    _, path = etalat_game
    line = replay_error(tmp_path, first_round(path, [7]))
    assert line.startswith("round 0, action 0 (seat ") and "notation" in line


def test_no_command_exits_2():
    assert remi().returncode == 2


def test_bench_dispatches_to_the_engine_bench():
    run = remi("bench", "--variant", "tabla", "--seats", "2", "--batches", "1", "--rounds", "1",
               "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    result = report["results"]["tabla"]
    assert result["rounds_per_s"] > 0 and result["ratio"] > 1
    assert set(report["results"]) == {"tabla"}


def test_bot_levels_play_and_replay(tmp_path):
    """The bots' levels plug into the registry; their logs replay like any other."""
    if "easy" not in cli.PLAYERS:
        pytest.skip("remi.bots is not available")
    path = tmp_path / "bots.json"
    run = remi("play", "--variant", "tabla", "--seats", "easy,random", "--rounds", "1",
               "--seed", "b", "--log", str(path))
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)
    assert results["seats"] == ["AI easy", "AI random"]
    replayed = remi("replay", str(path))
    assert json.loads(replayed.stdout)["totals"] == results["totals"]
