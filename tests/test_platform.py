"""The page's platform API (remi/platform.py through remi/bridge.py): score sheet, arena,
tournaments step by step, profile updates, replays and discrepancy reports."""

import json
import subprocess
import sys

import pytest

from remi import bridge, platform
from remi import log as match_log
from remi.bots import bot_action
from remi.options import Options
from remi.profile import check_profile, empty_profile, record_match, record_rounds
from remi.tournament import RANK_POINTS


def play_human_like_a_bot(limit: int = 4000) -> dict:
    """Drive the bridge's game: the human's turns by an easy bot, the bots by bot_step,
    next rounds, until the match (or the tournament table) is over."""
    snap = bridge.snapshot()
    for _ in range(limit):
        if snap["match_over"]:
            return snap
        if snap["view"]["phase"] == "over":
            snap = bridge.next_round()
        elif snap["my_turn"]:
            choice = bot_action("easy", snap["view"], snap["legal"], "me")
            answer = bridge.act(choice)
            assert answer["accepted"], answer
            snap = answer["snapshot"]
        else:
            snap = bridge.bot_step()["snapshot"]
    raise AssertionError("the match does not end")


def test_score_sheet_has_every_round_the_running_totals_and_the_moving_dealer():
    bridge.new_game("tabla", ["human", "easy", "easy"], {"target": 100}, seed="sheet")
    snap = play_human_like_a_bot()
    sheet = bridge.score_sheet()
    rows = sheet["rounds"]
    assert sheet["over"] and sheet["target"] == 100 and sheet["totals"] == snap["totals"]
    running = [0, 0, 0]
    for row in rows:
        running = [a + b for a, b in zip(running, row["scores"] or [0, 0, 0])]
        assert row["totals"] == running and row["dealer"] == (row["first"] - 1) % 3
    firsts = [row["first"] for row in rows]
    assert all(b == (a + 1) % 3 for a, b in zip(firsts, firsts[1:]))  # C3: the deal moves
    assert max(abs(t) for t in sheet["totals"]) >= 100                  # T10: ± target
    assert bridge.score_sheet_of(bridge.save())["rounds"] == rows


def test_arena_watching_bots_only_gives_no_turn_and_resumes():
    snap = bridge.arena_new("etalat", bots=3, watch=True, seed="arena")
    assert [p["is_bot"] for p in snap["players"]] == [True, True, True]
    assert snap["mode"] == "arena" and snap["view"]["options"]["target"] is None
    for _ in range(12):
        snap = bridge.bot_step()["snapshot"]
        assert not snap["my_turn"] and snap["legal"] == []
    again = bridge.load(json.loads(json.dumps(bridge.save())))
    assert again["view"]["history"] == snap["view"]["history"]
    mixed = bridge.arena_new("tabla", bots=2, seed="arena2")
    assert [p["level"] for p in mixed["players"]] == [None, "medium", "hard"]


def test_a_damaged_stored_tournament_is_refused_and_changes_nothing():
    bridge.tournament_new("etalat", "Ana", fast=True, seed="kept")
    stored = json.loads(json.dumps(bridge.tournament_save()))
    table = bridge.tournament_play()["match_id"]
    bridge.new_game("tabla", ["human", "easy"], seed="other")
    another_game = {**bridge.save(), "match_id": table}     # claims to be the player's table
    before = bridge.save()
    damaged = [(stored, another_game)]
    for key, value in (("tables", []), ("variant", "poker"), ("entrants", "x")):
        damaged.append(({**stored, key: value}, None))
    for data, log in damaged:
        with pytest.raises(ValueError, match="damaged"):
            bridge.tournament_load(json.loads(json.dumps(data)), log)
        assert bridge.save() == before
    assert bridge.tournament_save() == stored


def test_a_fast_tournament_through_the_page_api_to_its_rank_points():
    state = bridge.tournament_new("tabla", "Ana", fast=True, seed="cup")
    assert state["next"] == "play" and len(state["tables"]) == 2
    assert all(s["level"] in (None, "easy") for t in state["tables"] for s in t["seats"])
    profile = bridge.profile_new("Ana")
    for _ in range(2000):
        if state["next"] == "done":
            break
        if state["next"] == "play":
            snap = bridge.tournament_play()
            assert snap["mode"] == "tournament"
            assert snap["table_rounds"] == (2 if state["stage"] == "qualifying" else 1)
            if snap["round"] == 1 and snap["view"]["phase"] != "over":
                # a reload mid-table: the stored tournament and the newer game log
                loaded = bridge.tournament_load(json.loads(json.dumps(bridge.tournament_save())),
                                                bridge.save())
                assert loaded["snapshot"]["view"]["history"] == snap["view"]["history"]
            snap = play_human_like_a_bot()
            assert snap["match_over"]
            with pytest.raises(ValueError):
                bridge.next_round()
            log = bridge.save()
            profile = bridge.profile_update(profile, log, snap["view"]["seat"])
            state = bridge.tournament_state()
        else:
            state = bridge.tournament_step(50)["state"]
    assert state["stage"] == "done" and len(state["places"]) == 8
    assert sorted(p["rank_points"] for p in state["places"]) == sorted(RANK_POINTS)
    for table in state["tables"]:          # who won each table (C9): the history's rows say it
        top = max(seat["total"] for seat in table["seats"])
        assert table["winners"] == sorted(s["seat"] for s in table["seats"] if s["total"] == top)
    # the first two of each qualifying table go to the final, and only they (tournaments)
    final = next(t for t in state["tables"] if t["stage"] == "final")
    finalists = [s["entrant"] for t in state["tables"] for s in t["seats"] if s["qualifies"]]
    assert sorted(finalists) == sorted(s["entrant"] for s in final["seats"]) and len(finalists) == 4
    assert all(s["rank"] <= 2 for t in state["tables"] for s in t["seats"] if s["qualifies"])
    profile = bridge.profile_add_tournament(profile)
    assert profile["rank_points"] == state["player_rank_points"] > 0
    assert bridge.profile_add_tournament(profile) == profile                # counted once
    shown = bridge.profile_view(bridge.profile_check(json.loads(json.dumps(profile))))
    assert shown["variants"]["tabla"]["rounds"] >= 1 and len(shown["tournaments"]) == 1
    played = shown["variants"]["tabla"]
    assert played["average"] == round(played["total"] / played["rounds"], 1)
    assert isinstance(played["best_round"], int) and isinstance(played["win_rate"], int)
    assert played["openings"] is None          # T1: nothing is laid in Tablă, no 0 to show
    # Etalat never played: no average, win rate or best round to show (not a 0 score)
    assert {k: shown["variants"]["etalat"][k] for k in ("rounds", "average", "win_rate",
                                                        "best_round")} == {
        "rounds": 0, "average": None, "win_rate": None, "best_round": None}


def test_a_tournament_tables_log_numbers_its_bots_by_entrant_and_gives_its_rounds():
    """The history names a table's bots as the standings do (#entrant) and its sheet says how
    many rounds the table plays, for the player's table and for a bots' table alike."""
    state = bridge.tournament_new("etalat", "Ana", fast=True, seed="names")
    snap = bridge.tournament_play()
    assert bridge.score_sheet_of(bridge.save())["table_rounds"] == 2
    assert [p["entrant"] for p in snap["players"]] == [0, 1, 2, 3]
    for table, saved in zip(state["tables"], bridge.tournament_save()["tables"]):
        log = json.loads(json.dumps(saved["log"]))
        by_seat = {s["seat"]: s["entrant"] for s in table["seats"]}
        assert [p["entrant"] for p in log["players"]] == [by_seat[s] for s in range(4)]
        assert bridge.score_sheet_of(log)["table_rounds"] == table["rounds"] == 2
    assert [p["entrant"] for p in log["players"]] == [4, 5, 6, 7]


def test_a_tournament_left_is_forgotten_and_its_table_is_kept():
    bridge.tournament_new("etalat", "Ana", fast=True, seed="left")
    snap = bridge.tournament_play()
    while not snap["my_turn"]:
        snap = bridge.bot_step()["snapshot"]
    bridge.act(snap["legal"][0])
    bridge.tournament_abandon()
    for call in (bridge.tournament_state, bridge.tournament_save, bridge.tournament_play):
        with pytest.raises(ValueError, match="no tournament"):
            call()
    assert bridge.snapshot()["view"]["history"], "the table played so far stays (history)"
    assert bridge.tournament_new("etalat", "Ana", fast=True, seed="again")["next"] == "play"


def test_a_tournament_table_loaded_alone_still_ends_after_its_rounds():
    """A saved tournament table (its log says table_rounds) is not dealt more rounds when it
    is loaded without its tournament (left, or lost)."""
    bridge.tournament_new("tabla", "Ana", fast=True, seed="alone")
    bridge.tournament_play()
    over = play_human_like_a_bot()
    log = json.loads(json.dumps(bridge.save()))
    assert log["table_rounds"] == 2 and over["match_over"]
    bridge.tournament_abandon()
    snap = bridge.load(log)
    assert snap["match_over"] and snap["mode"] == "tournament" and snap["round"] == 2
    with pytest.raises(ValueError):
        bridge.next_round()
    for bad in (0, True, "2", None):          # a malformed length: refused, nothing loaded
        with pytest.raises(match_log.LogError, match="table_rounds"):
            bridge.load({**log, "table_rounds": bad})
    assert bridge.snapshot()["match_over"], "the table loaded before is still the game"
    with pytest.raises(match_log.LogError, match="C9: the table is over"):
        bridge.load({**log, "table_rounds": 1})           # a round after the table's end


def test_a_finished_tournament_tables_score_sheet_names_its_winner():
    """The sheet beside the table, in the round-end panel and in the history highlights the
    winner of a table that played its rounds (it has no target, so C9 never ends it)."""
    bridge.tournament_new("etalat", "Ana", fast=True, seed="sheetcup")
    bridge.tournament_play()
    snap = play_human_like_a_bot()
    totals = snap["totals"]
    top = [seat for seat, total in enumerate(totals) if total == max(totals)]
    assert snap["match_over"] and snap["winners"] == top
    for sheet in (bridge.score_sheet(), bridge.score_sheet_of(bridge.save())):
        assert sheet["over"] and sheet["winners"] == top


def test_a_tournament_table_lasts_its_rounds_even_with_a_target_in_the_options():
    """A target would end a table's match before its rounds (C9) and stall the tournament:
    a tournament's tables have none."""
    tournament = platform.new_tournament("tabla", "Ana", "tgt", fast=True,
                                         options=Options(target=100))
    assert tournament.options.target is None
    table = tournament.tables[1]                          # the bots' table
    while tournament.bot_step(table):
        pass
    assert table.done and table.match.scored_rounds == table.rounds


def test_profile_rounds_are_added_as_they_finish_and_only_once():
    bridge.new_game("etalat", ["human", "easy"], {"target": 300}, seed="prof")
    play_human_like_a_bot()
    log = bridge.save()
    whole = record_match(empty_profile("Ana"), log, 0)
    first = {**log, "rounds": log["rounds"][:2]}
    step = record_rounds(empty_profile("Ana"), first, 0)
    step = record_rounds(step, log, 0)
    assert step["variants"] == whole["variants"]
    assert record_rounds(step, log, 0) == step
    assert check_profile(step) == step
    with pytest.raises(ValueError):
        bridge.profile_check({"format": "something else"})


def test_replay_positions_and_a_discrepancy_report_the_cli_replays(tmp_path):
    bridge.new_game("etalat", ["human", "medium", "easy"], {"target": 1000}, seed="rep")
    play_human_like_a_bot()
    log = bridge.save()
    replay = bridge.replay_positions(log, 2, None)
    assert replay["round"] == 2 and replay["positions"][0]["action"] is None
    assert "history" not in replay["positions"][-1]["view"]
    assert len(replay["positions"][0]["view"]["racks"]) == 3
    seat = bridge.replay_positions(log, 1, 1)["positions"][3]["view"]
    assert seat["seat"] == 1 and "racks" not in seat
    report = bridge.discrepancy_report(log, 2)
    assert report["match_id"] == log["match_id"] and report["round"] == 2
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report))
    result = subprocess.run([sys.executable, "-m", "remi", "replay", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    scores = json.loads(result.stdout)["rounds"][0]["scores"]
    assert scores == match_log.replay(log).rounds[1].scores
    with pytest.raises(ValueError):
        bridge.discrepancy_report(log, 99)


def test_bot_tables_catch_up_with_the_players_rounds_between_rounds():
    bridge.tournament_new("tabla", "Ana", fast=True, seed="catch")
    snap = bridge.tournament_play()                   # fast: two rounds per qualifying table
    while snap["view"]["phase"] != "over":           # the player's first round
        if snap["my_turn"]:
            snap = bridge.act(bot_action("easy", snap["view"], snap["legal"], "me"))["snapshot"]
        else:
            snap = bridge.bot_step()["snapshot"]
    assert bridge.tournament_step(5000, catch_up=True)["did"] == "simulate"
    while (answer := bridge.tournament_step(50, catch_up=True))["did"] == "simulate":
        pass
    other = answer["state"]["tables"][1]
    assert other["played"] == 1 and not other["done"] and answer["state"]["next"] == "play"
    assert other["winners"] == []                       # not yet
    assert any(seat["total"] != 0 for seat in other["seats"])
