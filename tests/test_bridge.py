"""The page's JSON API (remi/bridge.py): new game, actions, bots, save and resume."""

import json
import random

import pytest

from remi import bridge
from remi.deal import Deal, rng_for
from remi.match import Match
from remi.options import Options


def play_until_round_end(snap, rng, limit=3000):
    for _ in range(limit):
        if snap["bot_to_play"]:
            snap = bridge.bot_step()["snapshot"]
        elif snap["my_turn"]:
            snap = bridge.act(rng.choice(snap["legal"]))["snapshot"]
        else:
            return snap
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("variant", ["etalat", "tabla"])
def test_a_round_against_bots_reaches_the_score_table(variant):
    snap = bridge.new_game(variant, ["easy", "human", "medium"], seed="t1")
    assert [p["name"] for p in snap["players"]] == ["AI easy", "Tu", "AI medium"]
    assert snap["view"]["seat"] == 1 and "racks" not in snap["view"]
    snap = play_until_round_end(snap, random.Random(2))
    assert snap["view"]["phase"] == "over" and len(snap["view"]["breakdown"]) == 3
    assert snap["totals"] == snap["view"]["scores"]
    assert bridge.next_round()["round"] == 2


def test_the_snapshot_shows_the_dice_that_chose_the_dealer():
    """C3: every seat's roll (a tie re-rolled among the highest) and the dealer they chose,
    the seat before the first player; the same after a reload, none for explicit deals."""
    for seed in range(12):
        snap = bridge.new_game("etalat", ["human", "easy", "easy", "easy"], seed=seed)
        throws, dealer = snap["dice"]["throws"], snap["dice"]["dealer"]
        assert all(len(throw) == 4 and all(0 <= r <= 6 for r in throw) for throw in throws)
        assert throws[-1].count(throws[-1][dealer]) == 1 == throws[-1].count(max(throws[-1]))
        assert snap["view"]["first"] == (dealer + 1) % 4
        assert bridge.load(bridge.save())["dice"] == snap["dice"]
    tied = [seed for seed in range(40)
            if len(bridge.new_game("tabla", ["human", "easy"], seed=seed)["dice"]["throws"]) > 1]
    assert tied, "a tie re-rolls: a second throw is shown"
    explicit = Match("etalat", Options(), 2)            # a log's dealt rounds: no dice rolled
    explicit.start_round(Deal.shuffled(2, 0, rng_for("dealt")))
    players = [{"name": "Tu", "is_bot": False}, {"name": "AI easy", "is_bot": True}]
    assert bridge.seat_snapshot(explicit, players, 0)["dice"] is None


def test_an_illegal_move_is_explained_and_changes_nothing():
    snap = bridge.new_game("etalat", ["human", "easy"], seed="t2")
    first_is_me = snap["my_turn"]
    before = bridge.save()
    answer = bridge.act("draw" if first_is_me else "discard K2")
    assert not answer["accepted"]
    assert answer["rule"] in ("E2", "C2") and answer["error"].startswith(answer["rule"] + ":")
    for text in ("take " + "9" * 5000, "discard R" + "1" * 5000):    # past int()'s limit
        answer = bridge.act(text)
        assert not answer["accepted"] and answer["error"].startswith(("notation", "C1")), answer
    assert bridge.save() == before


def test_save_and_load_resume_exactly():
    snap = bridge.new_game("tabla", ["human", "hard", "easy", "medium"], seed="t3")
    rng = random.Random(3)
    for _ in range(40):
        snap = (bridge.bot_step()["snapshot"] if snap["bot_to_play"]
                else bridge.act(rng.choice(snap["legal"]))["snapshot"])
    saved = json.loads(json.dumps(bridge.save()))
    resumed = bridge.load(saved)
    assert resumed == snap
    # the resumed game goes on like the original would
    assert bridge.save() == saved


def test_arrange_puts_formations_first():
    order = bridge.arrange(["K2", "R7", "R5", "Y9", "R6", "J", "B9", "K9"])
    assert order["formations"] and order["loose"] == ["K2"]
    tiles = [t for f in order["formations"] for t in f] + order["loose"]
    assert sorted(tiles) == sorted(["K2", "R7", "R5", "Y9", "R6", "J", "B9", "K9"])


def test_C5_formation_is_what_the_engine_would_lay():
    assert bridge.formation(["J", "B11", "B13"]) == ["B11", "J", "B13"]
    assert bridge.formation(["R1", "R12", "J", "R11"]) == ["R11", "R12", "J", "R1"]
    assert bridge.formation(["Y7", "K7", "R7"]) == ["Y7", "K7", "R7"]   # a group as given
    assert bridge.formation(["K7", "R8", "J"]) is None
    assert bridge.formation(["X9"]) is None


def test_E4_an_opening_being_composed_is_weighed_as_the_engine_will():
    """E4 (45 points, a run; clasic: a run or three formations) and C5, for the page's
    composer: the points of the groups that are formations, which are none, and the shape."""
    worth = bridge.opening_worth([["R10", "R11", "R12"], ["K7", "R7", "Y7"]])
    assert worth == {"points": 45, "needs": 45, "shape": True, "formations": [True, True],
                     "enough": True}
    short = bridge.opening_worth([["R10", "R11", "R12"], ["K7", "R5", "Y7"]])   # C5: no group
    assert short["points"] == 30 and short["formations"] == [True, False] and not short["enough"]
    groups = [["K7", "R7", "Y7"], ["K8", "R8", "Y8"], ["K9", "R9", "Y9"]]
    assert not bridge.opening_worth(groups)["shape"] and not bridge.opening_worth(groups)["enough"]
    assert bridge.opening_worth(groups, clasic=True)["enough"]
    assert bridge.opening_worth([["K12", "K13", "K1"]])["points"] == 30        # ace high: 10 (C6)
    assert bridge.opening_worth([["K1", "K2", "K3"]])["points"] == 15          # ace low: 5


def test_exactly_one_local_player():
    with pytest.raises(ValueError):
        bridge.new_game("etalat", ["easy", "hard"])


def test_the_local_players_name_is_cleaned():
    snap = bridge.new_game("etalat", ["human", "easy"], seed="n", name="\u202eAna\u200b  M" + "x" * 40)
    assert snap["players"][0]["name"] == ("Ana M" + "x" * 40)[:24]
    snap = bridge.arena_new("etalat", bots=1, seed="n", name="\u2067\u2069")
    assert snap["players"][0]["name"] == "Tu"


def test_a_saved_game_with_more_than_one_person_is_refused_and_changes_nothing():
    bridge.new_game("etalat", ["human", "easy", "medium"], seed="two")
    saved = json.loads(json.dumps(bridge.save()))
    bridge.new_game("tabla", ["human", "hard"], seed="kept")
    kept = bridge.save()
    person = {"name": "Ion", "is_bot": False, "level": None}
    bad_players = [
        [saved["players"][0], person, saved["players"][2]],          # two people: a freeze
        [saved["players"][0], person, dict(person)],
        [saved["players"][0], saved["players"][1]],                  # one short of the seats
        [saved["players"][0], {"name": "AI x", "is_bot": True, "level": "godlike"},
         saved["players"][2]],
        [saved["players"][0], "AI easy", saved["players"][2]],
        [saved["players"][0], {"name": "Ion", "level": None}, saved["players"][2]],  # no is_bot
        [saved["players"][0], {"name": "AI", "is_bot": True, "level": ["easy"]},
         saved["players"][2]],
    ]
    for players in bad_players:
        with pytest.raises(ValueError):
            bridge.load({**saved, "players": players})
    with pytest.raises(ValueError):
        bridge.load(saved, human=7)
    with pytest.raises(ValueError):
        bridge.load({**saved, "rounds": []})                          # no round to show
    assert bridge.save() == kept
    for seats in (["human", "godlike"], ["human", 5], ["human", ["easy"]]):
        with pytest.raises(ValueError, match="unknown bot level"):   # a damaged preference
            bridge.new_game("etalat", seats)
    assert bridge.save() == kept


def test_a_watched_table_of_bots_still_loads_and_names_are_cleaned():
    bridge.arena_new("etalat", bots=3, watch=True, seed="watch")
    saved = json.loads(json.dumps(bridge.save()))
    assert not any(not p["is_bot"] for p in saved["players"])
    snap = bridge.load(saved)
    assert snap["legal"] == [] and not snap["my_turn"]
    bridge.new_game("etalat", ["human", "easy"], seed="names")
    saved = json.loads(json.dumps(bridge.save()))
    saved["players"][0]["name"] = "\u202eAna\u200b" + "a" * 40
    assert bridge.load(saved)["players"][0]["name"] == "Ana" + "a" * 21
    saved["players"][0]["name"] = "\u200b"
    assert bridge.load(saved)["players"][0]["name"] == "Tu"
