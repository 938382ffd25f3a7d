"""Tournaments (qualifying tables, final, rank points) and the profile's statistics."""

import json

import pytest

from remi import log as match_log
from remi.bots import bot_action
from remi.engine import legal_actions
from remi.profile import check_profile, empty_profile, record_match
from remi.tournament import RANK_POINTS, Tournament
from remi.views import view


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
                                 {**empty_profile("x"), "tournaments": [{"id": "t"}]}])
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
