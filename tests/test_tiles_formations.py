"""C1 tiles, C5 formations, C6 values."""

import pytest

from remi.errors import RuleError
from remi.formations import (
    attach,
    make_formation,
    opening_points,
    rack_penalty,
    represented,
    swap_joker,
    table_value,
)
from remi.tiles import JOKER, check_within_set, full_set, parse_tile, parse_tiles, tile_name


def f(text: str) -> tuple[int, ...]:
    return make_formation(parse_tiles(text.split()))


def names(tiles) -> str:
    return " ".join(tile_name(t) for t in tiles)


def test_C1_notation_round_trips_every_tile():
    for tile in set(full_set()):
        assert parse_tile(tile_name(tile)) == tile
    assert parse_tile("r7") == parse_tile("R7") and tile_name(parse_tile("K13")) == "K13"


@pytest.mark.parametrize("bad", ["R0", "R14", "X5", "7", "", "R07", "JJ", "R 7", "R\u00b2",
                                 pytest.param("R" + "1" * 5000, id="R and 5000 digits")])
def test_C1_bad_tiles_are_refused_naming_the_rule(bad):
    with pytest.raises(RuleError, match="^C1:"):
        parse_tile(bad)


def test_C1_the_set_has_106_tiles_two_copies_each_and_two_jokers():
    tiles = full_set()
    assert len(tiles) == 106 and tiles.count(JOKER) == 2
    assert all(tiles.count(t) == 2 for t in range(52))
    assert tiles == sorted(tiles)  # canonical order: K, R, Y, B, 1–13, jokers last
    with pytest.raises(RuleError, match="C1"):
        check_within_set(parse_tiles("R7 R7 R7".split()))


@pytest.mark.parametrize("text, table", [
    ("R1 R2 R3", "R1 R2 R3"),
    ("R13 R1 R12", "R12 R13 R1"),          # ace high
    ("R5 J R7", "R5 J R7"),
    ("R6 R5 J", "R5 R6 J"),                # joker extends the high end
    ("J R5 R6", "J R5 R6"),                # … or the low end when named first
    ("R12 R13 J", "R12 R13 J"),            # the joker is the high ace
    ("R13 R1 J", "J R13 R1"),              # nothing above the high ace: the joker goes low
    ("K7 R7 J", "K7 R7 J"),
    ("K7 R7 Y7 B7", "K7 R7 Y7 B7"),
])
def test_C5_valid_formations_in_table_order(text, table):
    assert names(f(text)) == table


def test_C5_joker_after_13_is_the_high_ace():
    assert names(represented(f("R12 R13 J"))) == "R12 R13 R1"
    assert opening_points(f("R12 R13 J")) == 30


@pytest.mark.parametrize("text", [
    "R13 R1 R2",              # around the corner
    "R1 R2",                  # too short
    "R5 J J",                 # two jokers
    "K7 K7 R7",               # a colour twice in a group
    "K7 R7 Y7 B7 K7",         # group of 5
    "R5 R6 R8",               # gap without joker
    "R5 Y6 R7",               # mixed colours
    "R5 R5 R6",
])
def test_C5_invalid_formations_are_refused(text):
    with pytest.raises(RuleError, match="^C5:"):
        f(text)


def test_C5_complete_run_and_complete_group_cannot_grow():
    full = f("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1")
    assert len(full) == 14
    with pytest.raises(RuleError, match="C5: the complete run"):
        attach(full, JOKER)
    with pytest.raises(RuleError, match="C5: a complete group"):
        attach(f("K7 R7 Y7 B7"), JOKER)


def test_C5_joker_identity_in_run_and_groups():
    assert names(represented(f("R5 J R7"))) == "R5 R6 R7"
    assert represented(f("K7 R7 J"))[2] is None                  # 3-group: not fixed yet
    assert names(represented(f("K7 R7 J Y7"))) == "K7 R7 B7 Y7"  # 4-group: the missing colour


def test_C5_attach_extends_runs_at_either_end_and_groups_with_missing_colours():
    run, index = attach(f("R5 R6 R7"), parse_tile("R4"))
    assert names(run) == "R4 R5 R6 R7" and index == 0
    run, index = attach(f("R11 R12 R13"), parse_tile("R1"))
    assert names(run) == "R11 R12 R13 R1" and index == 3
    group, _ = attach(f("K7 R7 J"), parse_tile("Y7"))
    assert names(represented(group)) == "K7 R7 B7 Y7"
    with pytest.raises(RuleError, match="C5"):
        attach(f("R2 R3 R4"), parse_tile("K5"))
    with pytest.raises(RuleError, match="C5"):
        attach(f("K7 R7 Y7"), parse_tile("K7"))
    with pytest.raises(RuleError, match="C5: at most one joker"):
        attach(f("R5 J R7"), JOKER)


def test_E9_swap_joker_only_for_the_tile_it_stands_for():
    assert names(swap_joker(f("R5 J R7"), parse_tile("R6"))) == "R5 R6 R7"
    with pytest.raises(RuleError, match="E9"):
        swap_joker(f("R5 J R7"), parse_tile("R8"))
    with pytest.raises(RuleError, match="E9: a joker leaves a group only"):
        swap_joker(f("K7 R7 J"), parse_tile("Y7"))
    assert names(swap_joker(f("K7 R7 Y7 J"), parse_tile("B7"))) == "K7 R7 Y7 B7"
    with pytest.raises(RuleError, match="E9"):
        attach(f("R5 J R7"), parse_tile("R6"))  # that is a swap, not an attachment
    # the joker stands for one ace; the other end of the run still takes an ace (C5: 1…13-1)
    middle = " ".join(f"R{n}" for n in range(2, 14))
    run, index = attach(f(f"J {middle}"), parse_tile("R1"))
    assert names(run) == f"J {middle} R1" and index == 13
    run, index = attach(f(f"{middle} J"), parse_tile("R1"))
    assert names(run) == f"R1 {middle} J" and index == 0


def test_C6_opening_points():
    assert opening_points(f("R1 R2 R3")) == 15          # low ace 5
    assert opening_points(f("R12 R13 R1")) == 30        # high ace 10
    assert opening_points(f("K1 R1 Y1")) == 30          # ace in a group 10
    assert opening_points(f("R9 J R11")) == 25          # joker counts as R10
    assert opening_points(f("K10 R10 J")) == 30


def test_C6_table_values_and_rack_penalties():
    values = {t: (table_value(parse_tile(t)), rack_penalty(parse_tile(t)))
              for t in ["R1", "R2", "R9", "R10", "K13", "J"]}
    assert values == {"R1": (25, 5), "R2": (5, 5), "R9": (5, 5), "R10": (10, 10),
                      "K13": (10, 10), "J": (50, 50)}
