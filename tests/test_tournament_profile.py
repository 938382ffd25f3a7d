"""Tournaments (qualifying tables, final, rank points) and the profile's statistics."""

import json

import pytest

from remi import log as match_log
from remi import platform
from remi.bots import bot_action
from remi.engine import legal_actions
from remi.profile import check_profile, empty_profile, record_match
from remi.tournament import RANK_POINTS, Tournament
from remi.views import view
from tests.helpers import tournament_with_a_tie


def human_plays_like_a_bot(tournament, table):
    """The player's seat, played by a medium bot through the table's match."""
    while not table.done:
        tournament.play_bots(table)
        state = table.match.current
        if table.done:
            break
        if state.over:
            table.match.start_round()
            continue
        legal = [str(a) for a in legal_actions(state)]
        table.match.play(bot_action("medium", view(state, state.to_play), legal, "me"))


@pytest.mark.parametrize("variant", ["tabla", "etalat"])
def test_a_tournament_played_to_its_end(variant):
    tournament = Tournament.new(variant, "Ana", "cup", qualifying_rounds=1, final_rounds=1)
    assert [e["name"] for e in tournament.entrants].count("AI expert") == 3
    assert tournament.stage == "qualifying" and tournament.player_table().entrants[0] == 0
    with pytest.raises(ValueError):
        tournament.advance()
    for table in tournament.tables:
        human_plays_like_a_bot(tournament, table)
    saved = json.loads(json.dumps(tournament.to_json()))
    tournament = Tournament.from_json(saved)
    final = tournament.advance()
    assert tournament.stage == "final" and len(final.entrants) == 4
    qualified = [t.entrants[s] for t in tournament.tables[:2] for s in t.standings()[:2]]
    assert final.entrants == qualified
    human_plays_like_a_bot(tournament, final)
    assert tournament.stage == "done"
    places = tournament.places()
    assert sorted(places) == list(range(8)) and places[:4] == [final.entrants[s]
                                                               for s in final.standings()]
    rows = tournament.standings()
    points = sorted(r["rank_points"] for r in rows if r["stage"] == "final") + sorted(
        r["rank_points"] for r in rows if r["stage"] == "qualifying"
        and r["entrant"] not in final.entrants)
    assert sorted(points) == sorted(RANK_POINTS)


def test_profile_statistics_from_match_logs():
    tournament = Tournament.new("tabla", "Ana", "stats", qualifying_rounds=2)
    table = tournament.tables[0]
    human_plays_like_a_bot(tournament, table)
    log = {**match_log.to_json(table.match, tournament.players_of(table))}
    profile = record_match(empty_profile("Ana"), log, seat=0)
    stats = profile["variants"]["tabla"]
    scores = [r.scores[0] for r in table.match.rounds if r.scores]
    assert stats["rounds"] == len(scores) == 2
    assert stats["total"] == sum(scores) and stats["best_round"] == max(scores)
    assert stats["closes"] == sum(r.closer == 0 for r in table.match.rounds)
    assert record_match(profile, log, seat=0) == profile          # counted once
    assert check_profile(json.loads(json.dumps(profile))) == profile


def with_stats(variant: str, **stats: int) -> dict:
    profile = empty_profile("x")
    profile["variants"][variant] = {**profile["variants"][variant], **stats}
    return profile


def test_possible_statistics_are_imported():
    """A negative total or best round is possible (a round can cost 100), and so is every
    round a win, a close and an opening: the limits of the refusals below, from inside."""
    for good in (with_stats("etalat", rounds=3, wins=3, closes=3, openings=3, total=-300,
                            best_round=-100),
                 with_stats("tabla", rounds=1, wins=1, closes=1, total=320, best_round=320)):
        assert check_profile(json.loads(json.dumps(good))) == good


@pytest.mark.parametrize("bad", [None, [], {"format": "other"},
                                 {"format": "remi-profile", "version": 99},
                                 {**empty_profile("x"), "variants": {"etalat": {}}},
                                 {**empty_profile("x"), "rank_points": "lots"},
                                 # entries the statistics and rank points are added to later
                                 {**empty_profile("x"), "matches": [1]},
                                 {**empty_profile("x"), "matches": [{}]},
                                 {**empty_profile("x"), "matches": [
                                     {"match_id": "m", "variant": "etalat", "seat": 0,
                                      "rounds": "3", "totals": []}]},
                                 {**empty_profile("x"), "tournaments": 5},
                                 {**empty_profile("x"), "tournaments": [{"id": "t"}]},
                                 {**empty_profile("x"), "rank_points": -40},
                                 # statistics no rounds add up to (a QA pass imported
                                 # "rounds": -4 and read an average of -48.8)
                                 with_stats("etalat", rounds=-4, total=195, best_round=255),
                                 with_stats("etalat", rounds=2, wins=3, total=10, best_round=5),
                                 with_stats("etalat", rounds=2, closes=-1, total=10, best_round=5),
                                 with_stats("etalat", rounds=2, total=300, best_round=100),
                                 with_stats("etalat", rounds=0, total=50, best_round=50),
                                 with_stats("tabla", rounds=3, openings=1, total=0, best_round=0)])
def test_a_corrupt_or_foreign_profile_is_refused(bad):
    with pytest.raises(ValueError):
        check_profile(bad)


def test_a_profile_name_is_cleaned_and_capped_at_24_characters():
    imported = {**empty_profile("x"), "name": "\u202e" + "N" * 200}
    assert check_profile(json.loads(json.dumps(imported)))["name"] == "N" * 24
    assert check_profile({**empty_profile("x"), "name": "\u200b"})["name"] == "Tu"
    assert empty_profile("A\u202eB  C")["name"] == "AB C"
    with pytest.raises(ValueError):
        check_profile({**empty_profile("x"), "rank_points": True})
    tournament = Tournament.new("etalat", "Ana\u202e" + "a" * 40, "s")
    assert tournament.entrants[0]["name"] == "Ana" + "a" * 21
    stored = tournament.to_json()                  # a stored one is cleaned when it loads
    stored["entrants"][0]["name"] = "<b>\u202e" + "x" * 40
    stored["entrants"][1]["name"] = ""
    loaded = Tournament.from_json(json.loads(json.dumps(stored)))
    assert [e["name"] for e in loaded.entrants[:2]] == ["<b>" + "x" * 21, "AI"]


def test_equal_totals_are_ordered_by_the_best_round_then_the_seat_and_said_so():
    """A QA pass saw 410 and 410 at a qualifying table and only one go to the final, with no
    word why: the standings say how each tie was ordered, once the table is done."""
    fresh = Tournament.new("etalat", "Ana", "cup")        # nothing played: every total 0
    assert fresh.tables[0].ties() == [{"ahead": s, "behind": s + 1, "total": 0, "by": "seat"}
                                      for s in range(3)]
    assert all(table["ties"] == [] for table in platform.tournament_summary(fresh)["tables"])
    for by in ("best_round", "seat"):
        tournament = tournament_with_a_tie(by)
        for table in tournament.tables:
            totals, best, order = table.match.totals, table.best_rounds(), table.standings()
            equal = [(a, b) for a, b in zip(order, order[1:]) if totals[a] == totals[b]]
            assert [(tie["ahead"], tie["behind"]) for tie in table.ties()] == equal
            for tie in table.ties():
                ahead, behind = tie["ahead"], tie["behind"]
                assert tie["total"] == totals[ahead]
                assert tie["by"] == ("best_round" if best[ahead] > best[behind] else "seat")
                assert best[ahead] >= best[behind] and (tie["by"] != "seat" or ahead < behind)
        shown = platform.tournament_summary(tournament)["tables"]
        assert [table["ties"] for table in shown] == [t.ties() for t in tournament.tables]
