"""Rules common to both variants: C2 seats, C3 dealer, C4 deal, C7 double rounds, C8 timer,
C9 match, C10 authority — plus the "3 doubles" redeal table option."""

import pytest

from remi.deal import Deal, rng_for, roll_dealer
from remi.engine import apply, legal_actions
from remi.errors import RuleError
from remi.match import Match
from remi.options import Options
from remi.state import RoundState
from remi.tiles import full_set, parse_tile
from tests.helpers import filler, play, round_of
from tests.test_rules_etalat import SEAT1, first_round


def tiles(text: str) -> list[int]:
    return [parse_tile(t) for t in text.split()]


def test_C2_two_to_four_seats_and_the_turn_passes_left():
    with pytest.raises(RuleError, match="C2"):
        Match.new("etalat", 5, seed=1)
    match = Match.new("tabla", 4, seed=3)
    state = match.current
    seats = []
    for _ in range(8):
        seats.append(state.to_play)
        state = apply(state, legal_actions(state)[0])
        if state.phase == "play":
            state = apply(state, [a for a in legal_actions(state) if a.kind == "discard"][0])
    first = match.current.first
    assert seats == [(first + i) % 4 for i in range(8)]


def test_C3_dice_choose_the_dealer_and_ties_reroll():
    for seed in range(50):
        dealer, throws = roll_dealer(4, rng_for(seed))
        last = throws[-1]
        assert last[dealer] == max(last) and last.count(max(last)) == 1
        for earlier in throws[:-1]:                      # every earlier throw was a tie at the top
            assert earlier.count(max(earlier)) > 1
    assert any(len(roll_dealer(4, rng_for(seed))[1]) > 1 for seed in range(50))


def test_C3_the_deal_moves_one_seat_each_round():
    match = Match.new("etalat", 3, seed=7)
    firsts = []
    for _ in range(4):
        firsts.append(match.current.first)
        match.rounds[-1].phase, match.rounds[-1].end = "over", "stock"
        match.start_round()
    assert firsts == [(firsts[0] + i) % 3 for i in range(4)]


def test_C4_deal_sizes_and_the_atu():
    for seats in (2, 3, 4):
        deal = Deal.shuffled(seats, 1, rng_for("deal", seats))
        assert [len(h) for h in deal.hands] == [15 if s == 1 else 14 for s in range(seats)]
        everything = sorted([deal.atu, *deal.stock, *(t for h in deal.hands for t in h)])
        assert everything == full_set()
    with pytest.raises(RuleError, match="C4"):
        round_of("etalat", [filler(14), SEAT1])                # the first player needs 15


def test_C4_the_same_seed_gives_the_same_deal():
    assert Deal.shuffled(4, 0, rng_for(5)) == Deal.shuffled(4, 0, rng_for(5))
    assert Deal.shuffled(4, 0, rng_for(5)) != Deal.shuffled(4, 0, rng_for(6))


@pytest.mark.parametrize("atu, doubled", [("R1", True), ("J", True), ("R7", False)])
def test_C7_ace_or_joker_atu_doubles_the_round(atu, doubled):
    assert round_of("tabla", [filler(15), SEAT1], atu=atu).double_round is doubled
    assert round_of("tabla", [filler(15), SEAT1], atu=atu, double_rounds=False).double_round \
        is False


def test_C7_the_twin_of_a_joker_atu_is_the_other_joker():
    closing = "R1 R2 R3 R4 K10 K11 K12 Y7 R7 B7 K7 B2 Y2 J K5"
    state = play(round_of("tabla", [closing, SEAT1], atu="J"), "close K5")
    assert state.breakdown[0]["twin"] == 50 and state.double_round


def test_C8_timeout_draws_and_discards_the_drawn_tile():
    state = first_round(stock="Y2 B13")
    state = apply(state, "timeout")
    assert state.strip[-1] == parse_tile("B13") and state.to_play == 1
    assert [e["action"] for e in state.history[-3:]] == ["timeout", "draw", "discard B13"]
    assert all(e.get("auto") for e in state.history[-2:])


def test_C8_timeout_rolls_back_a_take_not_yet_laid():
    seat1 = "R12 " + " ".join(SEAT1.split()[:-1])
    state = first_round("R10 R11 K7 R7 Y7", seat1=seat1, stock="Y2 K10 B13 R3")
    state = play(state, "draw", "discard K10", "draw", "discard R12")
    taken = play(state, "take")
    timed_out = apply(taken, "timeout")
    assert timed_out.strip[:-1] == state.strip       # R12 went back, then R3 was drawn and thrown
    assert timed_out.strip[-1] == parse_tile("R3") and not timed_out.opened[0]
    rolled = [e for e in timed_out.history if e["action"] == "rolled back"]
    assert rolled == [{"seat": 0, "action": "rolled back", "auto": True, "tiles": ["R12"]}]
    assert timed_out.actions[-2:] == ["take", "timeout"]


def test_C8_completed_actions_stand_and_the_loose_tile_of_highest_value_goes():
    state = play(first_round(stock="Y2 R13 B13"), "draw", "open R10 R11 R12 | K7 R7 Y7",
                 "attach R13 to 1")
    timed_out = apply(state, "timeout")
    assert timed_out.opened[0] and len(timed_out.table) == 2
    # R13 (drawn) is laid; the rack K2 Y4 K6 Y8 B3 R5 B7 R9 is all loose at 5 points each,
    # so the tie goes to canonical order: K2
    assert timed_out.strip[-1] == parse_tile("K2")
    assert timed_out.history[-1] == {"seat": 0, "action": "discard K2", "auto": True}


def test_C8_tabla_timeout_after_taking_the_atu_rolls_it_back():
    hand = "R1 R2 R3 R4 K10 K11 K12 Y7 R7 B7 K7 B2 Y2 K6"
    state = play(round_of("tabla", [filler(15), hand], atu="K2", stock="B13"), "discard K4",
                 "atu")
    timed_out = apply(state, "timeout")
    assert timed_out.atu_holder is None and timed_out.rows[0] == tiles("B13")
    assert {"seat": 1, "action": "rolled back", "auto": True, "tiles": ["K2"]} in timed_out.history


def test_C9_etalat_match_ends_after_the_round_reaching_the_target_unless_tied():
    match = Match.new("etalat", 2, Options(target=100), seed=2)
    match.rounds[-1] = first_round("R10 R11 R12 K7 R7 Y7 K8 R8 Y8 B8 K9 R9 Y9 B9",
                                   preset="clasic", atu="Y13")
    match.play("draw")
    match.play("open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8 | K9 R9 Y9 B9")
    assert not match.over
    match.play("discard K10")
    assert match.totals[0] == 135 and match.over and match.winners == [0]
    assert match.reached == [0] and match.totals[1] < 100
    tied = Match.new("etalat", 2, Options(target=100), seed=2)
    tied.rounds[-1].scores, tied.rounds[-1].phase = [120, 120], "over"
    assert not tied.over                                     # a tie at the top plays on


def test_C10_a_finished_round_refuses_every_action():
    state = play(round_of("tabla", ["R1 R2 R3 R4 K10 K11 K12 Y7 R7 B7 K7 B2 Y2 K2 K5", SEAT1]),
                 "close K5")
    with pytest.raises(RuleError, match="C10"):
        apply(state, "draw")
    assert legal_actions(state) == []


def test_three_doubles_redeal_option():
    pairs = "R1 R1 K5 K5 Y10 Y10 " + filler(9)
    state = round_of("etalat", [pairs, SEAT1])
    with pytest.raises(RuleError, match="C4"):
        apply(state, "redeal")                                # the option is off by default
    state = round_of("etalat", [pairs, SEAT1], three_doubles=True)
    assert "redeal" in [str(a) for a in legal_actions(state)]
    redealt = apply(state, "redeal")
    assert redealt.over and redealt.end == "redeal" and redealt.scores is None
    # the hand as dealt, "before the first discard": not after a look at a drawn tile
    dealt = "R1 R1 K5 K5 Y10 Y10 " + filler(8)
    second = play(round_of("etalat", [f"{SEAT1} K12", dealt], three_doubles=True), "discard K12")
    assert "redeal" in [str(a) for a in legal_actions(second)]
    drawn = apply(second, "draw")
    assert "redeal" not in [str(a) for a in legal_actions(drawn)]
    with pytest.raises(RuleError, match="C4.*before drawing"):
        apply(drawn, "redeal")
    match = Match.new("etalat", 2, Options(three_doubles=True), seed=4)
    match.rounds[-1] = state
    match.play("redeal")
    assert match.next_first() == state.first


def test_C10_state_json_round_trip():
    state = play(first_round(), "draw", "open R10 R11 R12 | K7 R7 Y7")
    data = state.to_json()
    assert RoundState.from_json(data).to_json() == data
