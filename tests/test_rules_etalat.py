"""Remi Etalat, rule by rule (E1–E13), on explicit deals.

The usual table: two seats, seat 0 first. Seat 0 holds OPENER + filler; seat 1 holds SEAT1.
`first_round` plays the first round: seat 0 discards K12 (the head), seat 1 draws the
stock's first tile and discards Y1. Seat 0 then draws the stock's second tile, and so on.
"""


from remi.bridge import seat_snapshot
from remi.engine import legal_actions
from remi.etalat import short_rack_take, twin_place
from remi.match import Match
from remi.state import RoundState
from remi.tiles import JOKER, parse_tile, tile_name
from remi.views import view
from tests.helpers import filler, play, refusal, round_of

OPENER = "R10 R11 R12 K7 R7 Y7"          # a run (30) and a group (15): exactly 45 opening points
FOUR = "R10 R11 R12 K7 R7 Y7 K8 R8 Y8 B8 K9 R9 Y9 B9"   # 14 tiles, all in formations
SEAT1 = "B2 B3 B4 B5 K3 Y5 R2 R4 K8 Y9 B10 Y11 K13 Y1"


def first_round(opener: str = OPENER, stock: str = "Y2 K10 B13 R3", seat1: str = SEAT1,
                **options):
    hand = f"{opener} {filler(14 - len(opener.split()))} K12"
    state = round_of("etalat", [hand, seat1], stock=stock, **options)
    return play(state, "discard K12", "draw", f"discard {seat1.split()[-1]}")


def test_E1_the_head_of_the_strip_is_never_taken():
    state = play(first_round(), "draw", "open R10 R11 R12 | K7 R7 Y7", "discard K10")
    state = play(state, "draw")                        # seat 1: strip is K12 (head), Y1, K10
    assert state.strip == [parse_tile(t) for t in "K12 Y1 K10".split()]
    state = play(state, "discard B13", "draw")
    state = play(state, "discard R3")                  # strip: K12 (head) Y1 K10 B13 R3
    assert state.to_play == 1 and not state.opened[1]
    error = refusal(state, "take 5")      # before opening those too only to open with (E5, E6)
    assert error.rule == "E1" and str(error).endswith(
        "at most the tiles above it (4), and before opening only to use the tile cut at in "
        "this turn's opening (E5, E6)")
    state = play(state, "draw", f"discard {tile_name(state.racks[1][0])}")
    assert state.to_play == 0 and state.opened[0]
    assert str(refusal(state, "take 6")).endswith("at most the tiles above it (5)")


def test_E2_first_player_discards_only_and_others_draw_first():
    state = round_of("etalat", [f"{OPENER} {filler(9)}", SEAT1], stock="Y2")
    assert refusal(state, "draw").rule == "E2"
    state = play(state, "discard R9")
    assert refusal(state, "discard B2").rule == "E2"
    state = play(state, "draw")
    assert refusal(state, "draw").rule == "E2"
    assert len(state.racks[1]) == 15


def test_E3_nobody_lays_or_takes_in_the_first_round():
    """The refusals say "the first turn of the table", as the rule's name and the help do: a
    "round" is a whole deal (a QA pass: they said "in the first round")."""
    state = round_of("etalat", [f"{OPENER} {filler(9)}", SEAT1], stock="Y2 K10")
    state = play(state, "discard R9")
    assert view(state, 1)["first_round"] and view(state, 0)["first_round"]   # the page says so
    error = refusal(state, "take")
    assert str(error) == "E3: nobody takes from the strip in the first turn of the table"
    state = play(state, "draw")
    error = refusal(state, "open B2 B3 B4 B5 | K3 K4 K5")
    assert str(error) == "E3: nobody lays anything in the first turn of the table"
    assert [a.kind for a in legal_actions(state)] == ["discard"] * len(set(state.racks[1]))
    state = play(state, "discard Y1")
    assert not view(state, 0)["first_round"]


def test_E4_opening_needs_45_points_and_a_run():
    state = play(first_round(), "draw")
    error = refusal(state, "open R10 R11 R12")
    assert str(error) == "E4: an opening needs 45 points and a run; this one is worth 30"
    groups = play(first_round("K7 R7 Y7 K10 R10 Y10 K11 R11 Y11"), "draw")
    error = refusal(groups, "open K7 R7 Y7 | K10 R10 Y10 | K11 R11 Y11")
    assert error.rule == "E4" and "has no run" in str(error)     # 75 points, no run
    state = play(state, "open R10 R11 R12 | K7 R7 Y7")
    assert state.opened[0] and len(state.table) == 2


def test_E4_the_history_names_formations_as_laid():
    """An opening or a laying may name its tiles in any order (docs/notation.md); the
    history entry adds them as the table holds them, so the page says the run's numbers."""
    state = play(first_round("R10 J R12 K7 R7 Y7 K9 K10 K11"), "draw")
    opened = play(state, "open J R12 R10 | Y7 K7 R7")
    assert opened.history[-1] == {"seat": 0, "action": "open J R12 R10 | Y7 K7 R7",
                                  "formations": [["R10", "J", "R12"], ["Y7", "K7", "R7"]]}
    laid = play(opened, "lay K11 K9 K10")
    assert laid.history[-1]["formations"] == [["K9", "K10", "K11"]]
    assert "formations" not in play(laid, "discard K2").history[-1]


def test_E4_clasic_accepts_three_groups():
    state = play(first_round("K7 R7 Y7 K10 R10 Y10 K11 R11 Y11", preset="clasic"), "draw")
    assert play(state, "open K7 R7 Y7 | K10 R10 Y10 | K11 R11 Y11").opened[0]


def test_E4_laying_and_attaching_need_an_opening_first():
    state = play(first_round(), "draw")
    assert refusal(state, "lay R10 R11 R12").rule == "E4"
    assert refusal(state, "attach K10 to 1").rule == "E4"


def test_E5_top_discard_only_for_an_opening_that_uses_it():
    seat1 = "R12 " + " ".join(SEAT1.split()[:-1])        # seat 1 will discard R12
    opener = "R10 R11 K7 R7 Y7"                          # 40: R12 makes the 45 with a run
    state = first_round(opener, seat1=seat1)
    state = play(state, "draw", "discard K10", "draw", "discard R12")
    assert state.strip[-1] == parse_tile("R12")
    taken = play(state, "take")
    assert refusal(taken, "discard K2").rule == "E5"
    assert view(taken, 0)["must_open"] == "E5"          # the seat is told why it must open
    assert refusal(taken, "open K7 R7 Y7").rule == "E4"
    opened = play(taken, "open R10 R11 R12 | K7 R7 Y7", "discard K2")
    assert opened.opened[0]
    without = first_round("R10 K7 R7 Y7", seat1=seat1)
    without = play(without, "draw", "discard K10", "draw", "discard R12")
    error = refusal(without, "take")
    assert error.rule == "E5" and "R12" in str(error)
    clasic = first_round("R10 K7 R7 Y7", seat1=seat1, preset="clasic")
    clasic = play(clasic, "draw", "discard K10", "draw", "discard R12")
    assert "(45 points and a run or three groups (preset clasic))" in str(refusal(clasic, "take"))


def test_E6_breaking_the_strip_not_opened_case_B_and_clasic_refusal():
    seat1 = "R12 B1 " + " ".join(SEAT1.split()[:-2])
    for preset in ("platform", "clasic"):
        state = first_round("R10 R11 K7 R7 Y7", seat1=seat1, preset=preset)
        state = play(state, "draw", "discard K10", "draw", "discard R12",
                     "draw", "discard K2", "draw", "discard B1")
        if preset == "clasic":
            assert refusal(state, "take 3").rule == "E6"
            continue
        # a cut that makes no opening is refused in E6's words, a top in E5's (a QA pass:
        # both said "you may take K2", though a break takes more than that tile)
        # and both say what an opening needs, the run too (E4; a QA pass read "45 points" only)
        assert str(refusal(state, "take 2")) == ("E6: not opened yet: you may break the strip "
                                                 "at K2 only to use it in an opening this turn "
                                                 "(45 points and a run), and it makes none")
        assert str(refusal(state, "take 1")) == ("E5: not opened yet: you may take B1 only to "
                                                 "use it in an opening this turn (45 points "
                                                 "and a run), and it makes none")
        broken = play(state, "take 3")                 # cut at R12: K2 and B1 come along
        assert broken.history[-1] == {"seat": 0, "action": "take 3",      # public: named
                                      "tiles": ["R12", "K2", "B1"]}
        assert broken.strip == [parse_tile(t) for t in "K12 Y11 K10".split()]
        shown = view(broken, 0)                        # the seat sees its obligation
        assert shown["must_lay"] == ["R12"] and shown["must_open"] == "E6"
        assert refusal(broken, "discard B1").rule == "E6"
        done = play(broken, "open R10 R11 R12 | K7 R7 Y7", "discard B1")
        assert done.opened[0]


def test_E6_opened_player_must_lay_the_cut_tile():
    state = play(first_round(stock="Y2 K10 B13 R3 R13"), "draw",
                 "open R10 R11 R12 | K7 R7 Y7", "discard K10")
    state = play(state, "draw", "discard B13", "draw", "discard R3", "draw", "discard B5")
    # strip: K12 Y1 K10 B13 R3 B5. Cutting at B13 (take 3) is refused: B13 fits nowhere.
    assert refusal(state, "take 3").rule == "E6"
    assert refusal(state, "take 2").rule == "E6"       # nor R3
    assert play(state, "take").must_lay == []          # the top tile is free once opened (E5)


def test_E6_cut_tile_laid_by_attaching_then_discard():
    state = play(first_round(stock="Y2 K10 R13 R3"), "draw",
                 "open R10 R11 R12 | K7 R7 Y7", "discard K10")
    state = play(state, "draw", "discard R13")      # seat 1 throws R13, which fits the run
    state = play(state, "draw", "discard R3", "draw", "discard B5")
    broken = play(state, "take 3")                     # cut at R13: R3 and B5 come along
    assert broken.must_lay == [parse_tile("R13")]
    assert refusal(broken, "discard R3").rule == "E6"
    done = play(broken, "attach R13 to 1", "discard R3")
    assert done.table[0].tiles[-1] == parse_tile("R13")


def test_E6_cut_tile_laid_after_the_rack_carries_the_run_on_to_it():
    """E6: "the cut tile must be laid this turn (in a new formation or attached)" — here it
    attaches once R13 from the rack has; the take is not refused for needing two layings."""
    state = play(first_round("R10 R11 R12 K7 R7 Y7 R13", stock="Y2 K10 R1 R3"), "draw",
                 "open R10 R11 R12 | K7 R7 Y7", "discard K10")
    state = play(state, "draw", "discard R1", "draw", "discard R3", "draw", "discard B5")
    assert "take 3" in [str(a) for a in legal_actions(state)]      # cut at R1
    broken = play(state, "take 3", "attach R13 to 1")
    assert broken.must_lay == [parse_tile("R1")]
    done = play(broken, "attach R1 to 1", "discard R3")
    assert done.table[0].tiles == tuple(parse_tile(t) for t in "R10 R11 R12 R13 R1".split())


def test_E7_short_rack_takes_the_whole_strip_without_laying():
    """E7."""
    state = play(first_round(FOUR, stock="Y2 K10 R13 K5 B6"), "draw",
                 "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8", "discard K10")
    state = play(state, "draw", "discard R13", "draw", "lay K9 R9 Y9", "discard K5")
    assert len(state.racks[0]) == 1                    # B9
    state = play(state, "draw", "discard B6")
    whole = len(state.strip) - 1
    assert short_rack_take(state, 0) == whole and f"take {whole}" in map(str, legal_actions(state))
    taken = play(state, f"take {whole}")
    assert not taken.must_lay and len(taken.strip) == 1 and len(taken.racks[0]) == 1 + whole
    assert taken.history[-1]["rule"] == "E7"            # the page words it apart from E6
    # the seat's snapshot names that take, so the strip's tile says E7, not E6's cut (QA 39)
    match = Match("etalat", state.options, 2, rounds=[state])
    people = [{"name": "A", "is_bot": False}, {"name": "B", "is_bot": False}]
    assert seat_snapshot(match, people, 0)["short_rack_take"] == whole
    assert seat_snapshot(match, people, 1)["short_rack_take"] is None


def test_E7_a_rack_of_four_takes_the_whole_strip_only_to_lay_and_is_told_why():
    """E7's limit: with 4 tiles on the rack the whole strip is an E6 break, its cut tile laid
    this turn; the refusal says what would have allowed it (a QA pass: it did not)."""
    state = play(first_round(FOUR, stock="Y2 K10 R13 K5 B6"), "draw",
                 "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8", "discard K10", "draw",
                 "discard R13")
    assert len(state.racks[0]) == 4 and state.opened[0] and short_rack_take(state, 0) is None
    error = refusal(state, f"take {len(state.strip) - 1}")
    assert error.rule == "E6" and str(error).endswith("fewer than 4 tiles (E7)"), error
    assert "(E7)" not in str(refusal(state, f"take {len(state.strip) - 2}"))   # not the whole


def test_E8_attach_to_any_formation_scores_for_the_attacher():
    state = play(first_round(stock="Y2 R13 B13"), "draw", "open R10 R11 R12 | K7 R7 Y7",
                 "attach R13 to 1")
    assert state.table[0].credits == (0, 0, 0, 0)
    assert refusal(state, "attach K2 to 9").rule == "E8"


def test_E9_joker_swap_must_be_laid_and_stays_credited():
    state = play(first_round("R10 J R12 K7 R7 Y7", stock="Y2 R11 B13 K10"), "draw",
                 "open R10 J R12 | K7 R7 Y7", "discard K2", "draw", "discard B13")
    state = play(state, "draw")                         # seat 0 holds R11 again
    assert refusal(state, "swap K10 in 1").rule in ("E9", "E2")
    swapped = play(state, "swap R11 in 1")
    assert swapped.must_lay == [JOKER]
    shown = view(swapped, 0)                            # who stays credited with the joker
    assert shown["joker_credits"] == [0] and shown["must_open"] is None
    assert refusal(swapped, "discard Y4").rule == "E9"
    laid = play(swapped, "attach J to 2", "discard Y4")
    assert laid.table[0].tiles == tuple(parse_tile(t) for t in "R10 R11 R12".split())
    assert laid.table[1].credits[-1] == 0


def test_E10_joker_on_the_strip_costs_50_and_clasic_forbids_it():
    state = play(first_round("R10 R11 R12 K7 R7 Y7 J"), "draw",
                 "open R10 R11 R12 | K7 R7 Y7", "discard J")
    assert state.strip[-1] == JOKER and state.strip_by[-1] == 0
    clasic = play(first_round("R10 R11 R12 K7 R7 Y7 J", preset="clasic"), "draw")
    assert refusal(clasic, "discard J").rule == "E10"


def test_E10_E11_clasic_no_laying_leaves_only_a_joker_and_a_rack_of_jokers_still_discards():
    """Clasic forbids discarding a joker (E10), so a laying that leaves only jokers leaves
    nothing to discard (E11). A rack of nothing but jokers — the second drawn to the first —
    may still end its turn (E2) by discarding one, and so may the clock (C8)."""
    hand = "R10 R11 R12 K7 R7 Y7 K8 R8 Y8 B8 K9 R9 Y9 J"
    opening = "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8 | K9 R9 Y9"
    state = play(first_round(hand, stock="Y2 R13", preset="clasic"), "draw")
    error = refusal(state, opening.replace("R12 |", "R12 R13 |"))   # would leave only J
    assert error.rule == "E11" and "joker" in str(error)
    opened = play(state, opening)                                     # leaves J R13
    legal = [str(a) for a in legal_actions(opened)]
    assert "attach R13 to 1" not in legal and "attach J to 1" in legal
    assert refusal(opened, "attach R13 to 1").rule == "E11"
    closed = play(opened, "attach J to 1", "discard R13")             # the clasic way out
    assert closed.closer == 0

    state = play(first_round(hand, stock="Y2 K10 B13 J", preset="clasic"), "draw", opening,
                 "discard K10", "draw", "discard B13", "draw")
    assert state.racks[0] == [JOKER, JOKER]
    assert [str(a) for a in legal_actions(state)] == ["discard J"]
    for ended in (play(state, "discard J"), play(state, "timeout")):
        assert ended.racks[0] == [JOKER] and ended.strip[-1] == JOKER and not ended.over


def test_E11_no_close_on_the_opening_turn_and_a_laying_must_leave_a_tile():
    everything = "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8 | K9 R9 Y9 B9"
    state = play(first_round(FOUR), "draw")
    assert refusal(state, everything).rule == "E11"
    state = play(state, "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8 | K9 R9 Y9")
    assert refusal(state, "attach B9 to 4").rule == "E11"   # would leave only K10
    # the view says when the discard to make closes (the page's hint): two tiles left, not
    # yet; one left on clasic's opening turn, yes (the platform preset never gets there, E11)
    assert len(state.racks[0]) == 2 and not view(state, 0)["discard_closes"]
    clasic = play(first_round(FOUR, preset="clasic"), "draw", everything)
    assert view(clasic, 0)["discard_closes"] and "discard_closes" not in view(clasic, 1)
    closed = play(clasic, "discard K10")
    assert closed.over and closed.closer == 0 and closed.end == "closed"
    assert closed.history[-1] == {"seat": 0, "action": "discard K10", "rule": "E11"}
    assert "rule" not in play(state, "discard K10").history[-1]    # a discard that does not close


def test_E4_E11_an_opening_is_offered_when_the_best_one_would_leave_no_discard():
    """The best opening of this rack lays all 15 tiles, which E11 refuses; a smaller opening
    (whole formations kept back) is still legal, and the legal list must offer it (a QA
    position: every bot level discarded here)."""
    rack = "R3 R4 R5 R6 R7 K10 Y10 B10 J K12 Y12 B12 R10 Y1"
    state = play(first_round(rack, stock="Y2 K11 B13 R3"), "draw")
    assert len(state.racks[0]) == 15
    opens = [str(a) for a in legal_actions(state) if a.kind == "open"]
    assert len(opens) == 1, opens
    opened = play(state, opens[0])
    assert opened.opened[0] and len(opened.racks[0]) >= 2
    every_tile = "open K10 K11 K12 | R3 R4 R5 R6 R7 | R10 Y10 B10 | Y12 J Y1"
    assert refusal(state, every_tile).rule == "E11"
    # the E11 position of the test above: the best opening would leave only K10
    four = play(first_round(FOUR), "draw")
    opens = [str(a) for a in legal_actions(four) if a.kind == "open"]
    assert opens and len(play(four, opens[0]).racks[0]) >= 2


def test_E5_a_take_that_opens_only_with_formations_kept_back_is_legal():
    """E5 case A: K11 from the strip opens only if some formation stays on the rack (E11)."""
    rack = "R3 R4 R5 R6 R7 K10 Y10 B10 J K12 Y12 B12 R10 Y1"
    state = first_round(rack, seat1=SEAT1.rsplit(" ", 1)[0] + " K11")
    state = play(state, "take")
    assert state.racks[0][-1] == parse_tile("K11")
    opens = [str(a) for a in legal_actions(state) if a.kind == "open"]
    assert opens and "K11" in opens[0]


def test_E12_the_atu_is_drawn_last_and_an_empty_stock_ends_the_round():
    """E12."""
    state = round_of("etalat", [f"{OPENER} {filler(9)}", SEAT1], atu="B12")
    state = play(state, "discard R9")
    while state.stock:
        state = play(state, "draw")
        state = play(state, f"discard {state.to_json()['racks'][state.to_play][-1]}")
    assert state.stock_count == 1 and not state.over
    assert all("rule" not in entry for entry in state.history)
    last = play(state, "draw")
    assert last.racks[last.to_play][-1] == parse_tile("B12")
    assert last.history[-1] == {"seat": last.to_play, "action": "draw", "rule": "E12"}  # public
    timed_out = play(state, "timeout")           # the clock's draw of the atu says it too (C8)
    assert {"seat": state.to_play, "action": "draw", "auto": True, "rule": "E12"} in timed_out.history
    ended = play(last, "discard B12")
    assert ended.over and ended.end == "stock" and ended.closer is None


def test_E13_closer_scores_laid_tiles_plus_50_and_clasic_rack_at_table_value():
    state = play(first_round(FOUR, preset="clasic", atu="Y13"), "draw",
                 "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8 | K9 R9 Y9 B9", "discard K10")
    closer, other = state.breakdown
    assert closer["laid"] == 30 + 15 + 20 + 20 and closer["closing"] == 50
    assert closer["twin"] == 0 and closer["total"] == 135
    rack = [5, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 5, 5]  # seat 1's 14 tiles at table value
    assert other["rack"] == -sum(rack) and other["total"] == -sum(rack)


def test_E13_the_atu_twin_laid_scores_50():
    state = play(first_round(FOUR, preset="clasic", atu="K9"), "draw",
                 "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8 | K9 R9 Y9 B9", "discard K10")
    assert state.breakdown[0]["twin"] == 50 and state.breakdown[0]["total"] == 185


def drawing_the_atu(hand: str, first_turn: str, second_turn: list[str]) -> RoundState:
    """Atu K5. Seat 1 starts; seat 0 draws and plays `first_turn`, then `second_turn`; then
    both draw and throw the drawn tile back until seat 0 draws the atu, the last tile (E12)."""
    state = round_of("etalat", [hand, f"{SEAT1} R3"], atu="K5", first=1)
    state = play(state, "discard R3", "draw", first_turn, "draw")
    state = play(state, f"discard {tile_name(state.racks[1][-1])}", "draw", *second_turn)
    while state.stock:
        state = play(state, "draw")
        state = play(state, f"discard {tile_name(state.racks[state.to_play][-1])}")
    state = play(state, "draw")
    assert state.atu_holder == 0 and state.racks[0][-1] == parse_tile("K5")
    return state


def test_E13_the_twin_is_the_copy_that_was_not_drawn_last():
    """E12, E13: the drawer of the atu lays it; the other copy, which the drawer had thrown
    away long before, lies on the strip — nobody has the twin laid. And the other way round:
    the copy laid long before is the twin when the drawer throws the atu away."""
    hand = f"R10 R11 R12 K7 R7 Y7 K5 K3 K4 {filler(5, 'K4')}"
    opening = "open R10 R11 R12 | K7 R7 Y7 | K3 K4 K5"
    thrown_early = drawing_the_atu(hand, "discard K5", [opening.replace(" | K3 K4 K5", ""),
                                                        "discard Y4"])
    thrown_early = play(thrown_early, "lay K3 K4 K5", "discard K2")
    assert thrown_early.end == "stock"
    assert [row["twin"] for row in thrown_early.breakdown] == [0, 0]
    laid_early = drawing_the_atu(hand, "discard K2", [opening, "discard Y4"])
    laid_early = play(laid_early, "discard K5")
    assert laid_early.end == "stock" and laid_early.breakdown[0]["twin"] == 50


def test_E13_the_twin_laid_is_marked_where_it_lies_and_only_when_public():
    """The view names where the twin that scores lies (the page marks it, QA 39): none before
    it is laid; while the drawer of the atu still plays its last turn (E12), which laid copy
    is the twin hangs on the drawer's rack, so no seat is told until the round is over."""
    opening = "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8 | K9 R9 Y9 B9"
    start = play(first_round(FOUR, preset="clasic", atu="K9"), "draw")
    assert twin_place(start) is None and view(start, 1)["twin_at"] is None
    laid = play(start, opening)
    assert twin_place(laid) == (3, 0)
    assert all(view(laid, seat)["twin_at"] == [3, 0] for seat in (0, 1))
    hand = f"R10 R11 R12 K7 R7 Y7 K5 K3 K4 {filler(5, 'K4')}"
    drawn = drawing_the_atu(hand, "discard K2", ["open R10 R11 R12 | K7 R7 Y7 | K3 K4 K5",
                                                 "discard Y4"])
    assert twin_place(drawn) is None and view(drawn, 1)["twin_at"] is None
    ended = play(drawn, "discard K5")
    assert ended.over and twin_place(ended) == (2, 2) and ended.breakdown[0]["twin"] == 50


def test_E13_platform_unopened_minus_100_flat():
    state = play(first_round(FOUR, atu="Y13"), "draw",
                 "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8", "discard K10",
                 "draw", "discard B13", "draw", "lay K9 R9 Y9 B9", "discard R3")
    mine, other = state.breakdown
    assert state.closer == 0 and mine["total"] == 85 + 50
    assert other["unopened"] == -100 and other["rack"] == 0 and other["total"] == -100


def test_E13_joker_on_the_strip_floor_and_double_round():
    hand = "R10 R11 R12 K7 R7 Y7 K8 R8 Y8 B8 K9 R9 Y9 B9 J"
    seat1 = SEAT1.removesuffix("Y1") + "J"
    for double in (True, False):
        state = round_of("etalat", [hand, seat1], atu="K1", stock="Y2 K10 B13 R13",
                         double_rounds=double)
        state = play(state, "discard K9", "draw", "discard J",        # seat 1 throws a joker
                     "draw", "open R10 R11 R12 | K7 R7 Y7 | K8 R8 Y8 B8", "discard J",
                     "draw", "discard B13",
                     "draw", "attach R13 to 1", "lay R9 Y9 B9", "discard K10")
        assert state.double_round == double
        mine, other = state.breakdown
        factor = 2 if double else 1
        assert mine["jokers"] == -50 and other["jokers"] == -50
        assert other["unopened"] == -100 and other["floor"] == 50
        assert other["total"] == -100 * factor
        assert mine["laid"] == 40 + 15 + 20 + 15
        assert mine["total"] == (90 + 50 - 50) * factor
