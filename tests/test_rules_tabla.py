"""Remi pe Tablă, rule by rule (T1–T10), on explicit deals."""


import pytest

from remi.bridge import seat_snapshot
from remi.engine import apply, legal_actions
from remi.errors import RuleError
from remi.match import Match
from remi.options import Options
from remi.tiles import JOKER, parse_tile
from remi.views import view
from tests.helpers import filler, play, refusal, round_of

# 14 tiles in formations: two runs, a group of four, a group of three
CLOSED = "R1 R2 R3 R4 K10 K11 K12 Y7 R7 B7 K7 B2 Y2 K2"
SEAT1 = "B3 B4 B5 K3 Y5 R5 K8 Y9 B10 Y11 K13 Y1 B12 R9"


def tiles(text: str) -> list[int]:
    return [parse_tile(t) for t in text.split()]


def test_T1_nothing_is_laid():
    state = round_of("tabla", [f"{CLOSED} K5", SEAT1])
    for action in ("lay R1 R2 R3", "open R1 R2 R3 R4 | K10 K11 K12", "attach K5 to 1",
                   "swap K5 in 1"):
        assert refusal(state, action).rule == "T1"


def test_T2_discards_go_to_the_left_neighbours_row():
    """T2."""
    state = round_of("tabla", [f"{filler(15)}", SEAT1, "K1 K2 K3 K4 K5 K6 K7 K8 K9 R10 R11 Y12 Y13 B1"])
    state = play(state, "discard K2")
    assert state.rows == [[], tiles("K2"), []]
    state = play(state, "draw", "discard B3")
    assert state.rows == [[], tiles("K2"), tiles("B3")]
    state = play(state, "draw", "discard B1")
    assert state.rows[0] == tiles("B1")


def test_T3_one_in_one_out_and_the_first_turn_is_a_discard():
    state = round_of("tabla", [filler(15), SEAT1], stock="Y3")
    assert refusal(state, "draw").rule == "T3"
    state = play(state, "discard K2")
    assert refusal(state, "discard B3").rule == "T3"
    state = play(state, "draw")
    assert refusal(state, "take").rule == "T3"
    state = play(state, "discard Y3")
    assert [len(rack) for rack in state.racks] == [14, 14]


def test_T4_only_the_top_of_your_own_row_the_seed_example():
    """Your row holds K2, R9, Y13 (Y13 on top): take the Y13; the R9 is buried for good."""
    hand = "K2 R9 Y13 " + filler(12, "K2 R9 Y13")
    state = round_of("tabla", [hand, SEAT1.replace("R9", "R8")], stock="B6 K6 B8 Y3 R6")
    state = play(state, "discard K2", "draw", "discard B6", "draw", "discard R9",
                 "draw", "discard B8", "draw", "discard Y13")
    assert state.rows[1] == tiles("K2 R9 Y13")
    assert refusal(state, "take 2").rule == "T4"
    taken = play(state, "take")
    assert taken.racks[1][-1] == parse_tile("Y13") and taken.rows[1] == tiles("K2 R9")
    assert taken.history[-1] == {"seat": 1, "action": "take", "tiles": ["Y13"]}
    # the next discard into the row buries the R9 for good
    assert play(taken, "discard Y13", "draw", "discard K6").rows[1] == tiles("K2 R9 K6")


def test_T5_a_joker_in_a_row_is_never_taken():
    state = round_of("tabla", [f"J {filler(14)}", SEAT1])
    state = play(state, "discard J")
    assert refusal(state, "take").rule == "T5"
    assert "take" not in [a.kind for a in legal_actions(state)]


def test_T6_close_with_every_tile_but_the_discard_in_formations():
    state = round_of("tabla", [f"{CLOSED} K5", SEAT1])
    closed = play(state, "close K5")                     # the first player may close at once
    assert closed.over and closed.closer == 0 and closed.end == "closed"
    assert closed.rows[1] == tiles("K5")


def test_T6_seed_mistake_two_tiles_outside_cannot_close():
    """A run and a group with two tiles outside cannot close yet (seed 001)."""
    hand = "R1 R2 R3 R4 K10 K11 K12 Y7 R7 B7 K7 B2 Y2 Y5 K5"
    state = round_of("tabla", [hand, SEAT1])
    error = refusal(state, "close K5")
    assert error.rule == "T6" and "every other tile" in str(error)
    assert not [a for a in legal_actions(state) if a.kind == "close"]


def test_T6_closing_comes_after_drawing():
    hand = "R1 R2 R3 R4 K10 K11 K12 Y7 R7 B7 K7 B2 Y2 K6"
    state = round_of("tabla", [filler(15), hand], stock="K2")
    state = play(state, "discard K2")
    assert refusal(state, "close K6").rule == "T6"
    assert play(state, "draw", "close K6").closer == 1


def test_T7_take_the_atu_to_close_at_once():
    hand = "R1 R2 R3 R4 K10 K11 K12 Y7 R7 B7 K7 B2 Y2 K6"      # the 2s miss K2 (or R2)
    state = round_of("tabla", [filler(15), hand], atu="B13")
    state = play(state, "discard K4")
    assert refusal(state, "atu").rule == "T7"            # B13 does not complete this rack
    state = round_of("tabla", [filler(15), hand], atu="K2")
    state = play(state, "discard K4", "atu")
    assert refusal(state, "discard K6").rule == "T7"
    assert [str(a) for a in legal_actions(state)] == ["close K6"]
    closed = play(state, "close K6")
    assert closed.closer == 1 and closed.atu_holder == 1
    assert closed.history[-1]["rule"] == "T7", "the history says the atu made the close"
    assert closed.breakdown[1]["twin"] == 0              # the atu itself is not its twin


def test_T7_with_the_atu_taken_a_dealt_hand_can_no_longer_be_refused():
    """T7 (close at once) before the "3 doubles" redeal (C4) of the same first turn."""
    pairs = "R1 R2 R3 R1 R2 R3 Y9 Y10 Y11 Y12 Y13 Y7 B7 K6"    # three pairs; K7 closes it
    state = play(round_of("tabla", [filler(15), pairs], atu="K7", three_doubles=True),
                 "discard K4")
    assert {"atu", "redeal"} <= {str(a) for a in legal_actions(state)}
    state = play(state, "atu")
    assert [str(a) for a in legal_actions(state)] == ["close K6"]
    assert refusal(state, "redeal").rule == "T7"


def test_T7_the_atu_closes_in_a_formation_never_as_the_discard():
    """T7 (seed 001: "îl poți trage în formația cu care închizi"): a rack already made of
    formations is missing nothing; the atu would only be thrown away, so it stays."""
    done = "K1 K2 K3 B4 B5 B6 Y9 Y10 Y11 Y12 Y13 R6 R7 R8"
    state = play(round_of("tabla", [filler(15), done], atu="B13"), "discard K4")
    assert "atu" not in [str(a) for a in legal_actions(state)]
    assert refusal(state, "atu").rule == "T7"
    # the atu in a run: it may be taken, and the close must keep it there
    state = play(round_of("tabla", [filler(15), done], atu="B7"), "discard K4", "atu")
    closes = [str(a) for a in legal_actions(state)]
    assert "close B7" not in closes and closes, closes
    assert refusal(state, "close B7").rule == "T7"
    # the atu's twin already in a formation: throwing one of the two copies away leaves the
    # very rack that was missing nothing, so that is no T7 close either
    state = play(round_of("tabla", [filler(15), done], atu="R7"), "discard K4")
    assert "atu" not in [str(a) for a in legal_actions(state)]


def test_T8_seed_worked_example_135_minus_120_minus_50_doubled():
    """T8."""
    closer = "K10 K11 K12 K13 R10 R11 R12 R13 Y10 Y11 Y12 B9 B10 B11 K5"
    ana = "Y13 B12 B13 K10 K11 K12 K13 R10 R11 R12 K2 K3 K4 K6"
    dan = "R13 Y10 Y11 Y12 Y13 B10 B1 R2 R3 R4 Y2 Y3 Y4 Y5"      # holds B1, the atu's twin
    state = round_of("tabla", [closer, ana, dan], atu="B1")
    state = play(state, "close K5")
    assert state.double_round
    laid = [row["laid"] + row["rack"] + row["twin"] for row in state.breakdown]
    assert laid == [135, -120, -50]
    assert state.scores == [270, -240, -100]


def test_T8_closing_with_a_joker_doubles_the_closers_own_round():
    """T8."""
    state = round_of("tabla", [f"{CLOSED} J", SEAT1], atu="Y13")
    closed = play(state, "close J")
    value = 25 + 5 + 5 + 5 + 30 + 20 + 15
    assert closed.breakdown[0]["laid"] == value and closed.scores[0] == 2 * value
    assert closed.scores[1] == -sum([5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 5, 10, 5])


def test_T9_no_closer_when_nobody_draws_for_three_rounds():
    """T9."""
    state = round_of("tabla", [f"{filler(14)} R1", SEAT1])
    state = play(state, "discard R1")
    for _ in range(4):
        state = play(state, "take", "discard R1")
    assert not state.over and state.since_stock == 5
    # public: every seat is told that this turn ends the round unless it draws (the page warns)
    assert [view(state, seat)["ends_without_draw"] for seat in (0, 1)] == [True, True]
    drew = play(state, "draw")
    drew = play(drew, f"discard {drew.to_json()['racks'][drew.to_play][-1]}")
    assert not drew.over and not view(drew, 0)["ends_without_draw"]
    assert not view(play(round_of("tabla", [f"{filler(14)} R1", SEAT1]), "discard R1"), 0)[
        "ends_without_draw"]
    state = play(state, "take", "discard R1")
    assert state.over and state.end == "no_draws" and state.closer is None
    assert all(score < 0 for score in state.scores)


def test_T9_no_closer_when_the_stock_runs_out():
    """T9."""
    state = round_of("tabla", [filler(15), SEAT1])
    state = play(state, "discard K2")
    while True:
        state = play(state, "draw")
        state = apply(state, f"discard {state.to_json()['racks'][state.to_play][-1]}")
        if state.over:
            break
    assert state.end == "stock" and not state.stock
    assert state.all_tiles().count(state.deal.atu) == 2          # the atu never left the table


def test_T10_match_stops_at_plus_or_minus_target():
    match = Match.new("tabla", 2, Options(target=70), seed=1)
    state = round_of("tabla", [f"{filler(14)} R1", SEAT1], target=70)
    match.rounds[-1] = state
    for _ in range(6):
        match.play("take" if match.current.turn else "discard R1")
        if not match.current.over and match.current.phase == "play":
            match.play("discard R1")
    assert match.current.end == "no_draws"
    assert all(total <= -70 for total in match.totals) and match.over
    assert match.reached == [0, 1], "−target reached: the page names who (T10)"
    fallen = Match.new("tabla", 2, Options(target=100), seed=1)
    fallen.rounds[-1].scores, fallen.rounds[-1].phase = [-120, 40], "over"
    assert fallen.over and fallen.reached == [0] and fallen.winners == [1]
    players = [{"name": "Ana", "is_bot": False, "level": None}] * 2
    assert seat_snapshot(fallen, players, 1)["reached"] == [0]
    assert not Match.new("tabla", 2, Options(target=70), seed=1).over
    with pytest.raises(RuleError, match="C9"):                # no round after the end
        match.start_round()
    assert len(match.rounds) == 1


def test_T3_legal_actions_in_the_draw_phase():
    state = round_of("tabla", [f"J {filler(14)}", SEAT1])
    state = play(state, "discard K2")
    assert [str(a) for a in legal_actions(state)] == ["draw", "take"]
    assert JOKER not in state.rows[1]
