"""The host's page API (remi/host.py): a room driven the way web/room/host.js drives it —
raw JSON text in and out, the time passed in — and the guest's fair-deal check."""

import hashlib
import json

import pytest

from remi import host
from remi import log as match_log
from remi.bots import bot_action
from remi.engine import legal_actions
from remi.log import LogError
from remi.page import page_function
from remi.room import GRACE, PROTOCOL
from remi.views import view


def msg(kind, **fields):
    return json.dumps({"v": PROTOCOL, "type": kind, **fields})


def inbox(answer, peer):
    return [json.loads(text) for to, text in answer["out"] if to == peer]


def join_and_start(seats, password="", **options):
    host.room_create("etalat", seats, options or None, name="Gazda", password=password, now=0)
    welcome = inbox(host.room_receive("p1", msg("hello", name="Ana", password=password,
                                                token=None), 0), "p1")
    assert welcome[0]["type"] == "welcome" and welcome[0]["seat"] == 1
    commit = inbox(host.room_start(1), "p1")[0]
    assert commit["type"] == "commit"
    answer = host.room_receive("p1", msg("entropy", round=1, value="ab" * 16), 1)
    assert answer["snapshot"] is not None, "dealt once the only guest sent its entropy"
    return commit, welcome[0]["token"], answer


def test_a_refused_message_answers_that_nothing_changed():
    commit, token, answer = join_and_start(["host", "guest"], password="pw")
    assert answer["changed"] is True                         # the entropy dealt the round
    saved = json.dumps(host.room_save())
    for peer, text in [("p1", "{"), ("p1", msg("ping")), ("p1", '{"v":1,"type":[]}'),
                       ("p9", msg("hello", name="X", password="no", token=None)),
                       ("p9", msg("hello", name="X", password="pw", token="é"))]:
        answer = host.room_receive(peer, text, 2)
        assert answer["out"] and answer["changed"] is False, (text, answer["out"])
    assert json.dumps(host.room_save()) == saved


def play_one(now):
    """Whoever is to play moves like a medium bot: the host through room_act, the guest
    through a message, a bot through room_bot_step. Returns the answer."""
    state = host._current().match.current
    seat = host._current().seats[state.to_play]
    legal = [str(a) for a in legal_actions(state)]
    choice = bot_action("medium", view(state, state.to_play), legal, "t") if legal else "timeout"
    if seat.is_bot:
        return host.room_bot_step(now)
    if seat.kind == "host":
        answer = host.room_act(choice, now)
        assert answer["accepted"], answer
        return answer
    return host.room_receive(seat.peer, msg("action", action=choice), now)


def play_until_seat(kind: str, now: float) -> float:
    """Everyone moves (play_one, a second apart) until a seat of `kind` is to play; the time
    then."""
    room = host._current()
    while room.seats[room.match.current.to_play].kind != kind:
        now += 1
        play_one(now)
    return now


def test_the_page_can_call_room_functions_and_nothing_they_import():
    assert page_function("room_create") is host.room_create
    assert page_function("room_verify") is host.room_verify
    assert page_function("room_Room") is None and page_function("room_verify_reveal") is None
    assert page_function("new_game") is not None and page_function("_current") is None


def test_a_round_through_the_page_api_with_a_verified_deal():
    """A full round: host, guest and bot; the guest sees only its own rack and verifies the
    deal against the commit (room_verify), and a tampered reveal fails."""
    commit, _, answer = join_and_start(["host", "guest", "hard"])
    first_state = inbox(answer, "p1")[-1]["snapshot"]
    hand = first_state["view"]["rack"]
    now, received = 2.0, []
    while not host._current().match.current.over:
        now += 1
        answer = play_one(now)
        received += inbox(answer, "p1")
    assert answer["snapshot"]["view"]["phase"] == "over"
    states = [m["snapshot"]["view"] for m in received if m["type"] == "state"]
    assert states and all(v["seat"] == 1 for v in states)
    # no other rack reaches the guest while the round is played (all are shown at its end)
    assert not any("racks" in v for v in states if v["phase"] != "over")
    reveal = next(m for m in received if m["type"] == "reveal")
    first = first_state["view"]["first"]
    assert host.room_verify(commit["commit"], reveal, 3, first, 1, hand)
    forged = {**reveal, "secret": hashlib.sha256(b"other").hexdigest()}
    assert not host.room_verify(commit["commit"], forged, 3, first, 1, hand)
    assert len(hand) in (14, 15)


def test_a_guest_rebuilds_its_own_replayable_log_of_the_room_match():
    """C10 for guests: from the reveal (the seed) and the public history of the final view —
    nothing else — the guest's log replays to the host's very round; a wrong seed or a
    doctored history is refused."""
    join_and_start(["host", "guest", "easy"], timer=30)
    room = host._current()
    now, received, waited = 2.0, [], False
    while not room.match.current.over:
        now += 1
        if not waited and room.seats[room.match.current.to_play].kind == "guest":
            waited, now = True, now + 31               # C8: the guest's clock runs out once
            received += inbox(host.room_tick(host._turn_since + 31), "p1")
            continue
        received += inbox(play_one(now), "p1")
    assert any(entry.get("auto") for entry in room.match.current.history)
    seed = next(m for m in received if m["type"] == "reveal")["seed"]
    final = [m["snapshot"] for m in received if m["type"] == "state"][-1]
    answer = host.room_guest_log(final["match_id"], final["players"], final["view"], 1, seed, [])
    real = host._current().match
    replayed = match_log.replay(answer["log"])
    assert replayed.current.scores == real.current.scores and replayed.totals == real.totals
    assert replayed.current.actions == real.current.actions, "the clock's completions are not actions"
    assert [r["round"] for r in answer["rounds"]] == [1]
    assert answer["log"]["players"][1]["name"] == "Ana"
    hostile = [{**p, "name": "\u202e" + p["name"]} for p in final["players"]]
    named = host.room_guest_log(final["match_id"], hostile, final["view"], 1, seed, [])
    assert [p["name"] for p in named["log"]["players"]] == [p["name"] for p in final["players"]]
    again = host.room_guest_log(final["match_id"], final["players"], final["view"], 1, seed,
                                answer["rounds"])
    assert again["rounds"] == answer["rounds"], "a round is recorded once"
    with pytest.raises(LogError):
        host.room_guest_log(final["match_id"], final["players"], final["view"], 1, "x", [])
    history = final["view"]["history"]
    drawn = max(i for i, entry in enumerate(history) if entry["action"] == "draw"
                and not entry.get("auto"))
    doctored = {**final["view"], "history": history[:drawn] + history[drawn + 1:]}
    with pytest.raises(LogError):            # a draw left out: the next discard is refused
        host.room_guest_log(final["match_id"], final["players"], doctored, 1, seed, [])
    last = max(i for i, entry in enumerate(history) if not entry.get("auto"))
    cut = {**final["view"], "history": history[:last]}
    with pytest.raises(LogError, match="C10"):  # legal, but the round does not end there
        host.room_guest_log(final["match_id"], final["players"], cut, 1, seed, [])


def test_c8_the_hosts_clock_plays_timeout_for_a_guest_who_waits_too_long():
    join_and_start(["host", "guest"], timer=30)
    room = host._current()
    play_until_seat("guest", 2.0)
    turn = room.match.current.turn
    began = host._turn_since            # when the host's clock started this turn
    # a guest back mid-turn is told how long the clock has run (its page shows the rest)
    back = inbox(host.room_receive("p1", msg("hello", name="Ana", password=None,
                                             token=room.seats[1].token), began + 12), "p1")
    assert [m["snapshot"]["clock_elapsed"] for m in back if m["type"] == "state"] == [12.0]
    assert host.room_tick(began + 12)["snapshot"]["clock_elapsed"] == 12.0
    host.room_tick(began + 29)
    assert room.match.current.turn == turn, "29 s: still the guest's turn"
    answer = host.room_tick(began + 30.5)
    assert room.match.current.turn != turn or room.match.current.over
    assert room.match.current.history[-1].get("auto"), "C8: the engine finished the turn"
    assert any(json.loads(t)["type"] == "state" for _, t in answer["out"])


def test_c8_a_bot_that_failed_to_move_is_finished_by_the_engine_and_a_human_is_not():
    join_and_start(["host", "guest", "easy"])
    room = host._current()
    now = play_until_seat("guest", 2.0)
    history = list(room.match.current.history)
    assert host.room_bot_timeout(now)["out"] == [], "a human's turn is never timed out here"
    assert room.match.current.history == history
    now = play_until_seat("bot", now)
    turn = room.match.current.turn
    answer = host.room_bot_timeout(now)
    assert room.match.current.turn != turn or room.match.current.over
    assert room.match.current.history[-1].get("auto"), "C8: the engine finished the turn"
    assert any(json.loads(t)["type"] == "state" for _, t in answer["out"])


def test_a_wrong_password_is_refused_and_a_dropped_guest_is_stood_in_then_returns():
    host.room_create("tabla", ["host", "guest", "easy"], name="Gazda", password="nuc", now=0)
    refused = inbox(host.room_receive("p1", msg("hello", name="Ana", password="x", token=None),
                                      0), "p1")
    assert refused == [{"v": PROTOCOL, "type": "refused", "reason": "password",
                        "error": "wrong password"}]
    _, token, _ = join_and_start(["host", "guest", "easy"], password="nuc")
    host.room_disconnect("p1", 5)
    players = host.room_tick(5 + GRACE)["room"]["seats"]
    assert players[1]["name"] == "AI in place of Ana" and players[1]["is_bot"]
    back = inbox(host.room_receive("p2", msg("hello", name="Ana", password="nuc", token=token),
                                   6 + GRACE), "p2")
    assert back[0]["type"] == "welcome" and back[0]["seat"] == 1
    assert host.room_tick(7 + GRACE)["room"]["seats"][1] == {
        "name": "Ana", "is_bot": False, "level": None, "connected": True, "kind": "guest",
        "online": True, "taken": True}


def test_the_host_reloads_and_the_match_resumes_from_the_saved_room():
    join_and_start(["host", "guest", "medium"])
    for now in range(2, 12):
        play_one(float(now))
    saved = json.loads(json.dumps(host.room_save()))
    before = host._current().host_snapshot()
    after = host.room_load(saved, 100)["snapshot"]
    assert after["view"] == before["view"] and after["totals"] == before["totals"]
    assert host._current().seats[1].away_since == 100, "the guest reconnects within grace"


def test_bad_calls_change_nothing():
    join_and_start(["host", "guest"])
    before = host.room_save()
    for raw in ["{", msg("action", action="draw", seat=0), msg("hello", name=["Ana"]),
                "x" * 5000]:
        answer = host.room_receive("p1", raw, 3)
        assert [json.loads(t)["type"] for _, t in answer["out"]] == ["error"]
    refused = host.room_act("take 99", 3)
    assert refused["accepted"] is False and refused["rule"]
    assert host.room_save() == before
    with pytest.raises(ValueError):
        host.room_start(4)


def test_the_host_removes_a_guest_and_the_page_cuts_its_connection():
    join_and_start(["host", "guest", "easy"])
    with pytest.raises(ValueError, match="no guest sits at seat 2"):
        host.room_remove(2, 2)
    answer = host.room_remove(1, 2)
    assert inbox(answer, "p1") == [{"v": PROTOCOL, "type": "removed"}]
    assert answer["close"] == ["p1"]
    assert answer["room"]["seats"][1]["name"] == "AI medium"
    assert answer["snapshot"]["players"][1]["is_bot"], "the host's table shows the bot"


def test_the_host_leaving_tells_every_connected_guest_and_forgets_the_room():
    join_and_start(["host", "guest", "easy"])
    host.room_disconnect("p1", 2)
    host.room_receive("p2", msg("hello", name="Dan", password=None, token=None), 2)  # full
    back = host.room_receive("p3", msg("hello", name="Ana", password=None,
                                       token=host._current().seats[1].token), 3)
    assert inbox(back, "p3")[0]["type"] == "welcome"
    answer = host.room_close()
    assert [(peer, json.loads(text)) for peer, text in answer["out"]] == [
        ("p3", {"v": PROTOCOL, "type": "closed"})], "only the connected guest"
    with pytest.raises(ValueError, match="no room"):
        host.room_tick(4)
    assert host.room_close() == {"out": []}, "closing twice is harmless"


def test_c8_a_hosts_reload_keeps_the_turn_clock_running():
    """The host's page reloaded mid-turn restarted the turn clock (module state, not saved):
    a host could reload for a full clock at its own turn. The saved room keeps the clock's
    start; the time away runs, but the seat to play keeps at least RELOAD_GRACE seconds."""
    join_and_start(["host", "guest"], timer=30)
    room = host._current()
    play_until_seat("host", 2.0)
    turn, began = room.match.current.turn, host._turn_since
    saved = json.loads(json.dumps(host.room_save()))
    assert host.room_load(saved, began + 12)["snapshot"]["clock_elapsed"] == 12.0
    host.room_tick(began + 29)
    assert host._current().match.current.turn == turn, "29 s: still the host's turn"
    host.room_tick(began + 30.5)
    assert host._current().match.current.turn != turn, "C8: the clock ran out at 30 s"
    assert host._current().match.current.history[-1].get("auto")

    # back after five minutes: the seat to play has RELOAD_GRACE seconds, not none
    after = began + 300
    assert host.room_load(saved, after)["snapshot"]["clock_elapsed"] == 30 - host.RELOAD_GRACE
    host.room_tick(after + host.RELOAD_GRACE - 1)
    assert host._current().match.current.turn == turn
    host.room_tick(after + host.RELOAD_GRACE + 0.5)
    assert host._current().match.current.turn != turn

    # a room saved before the clock was: a full clock, as before
    older = {key: value for key, value in saved.items() if key != "turn_clock"}
    assert host.room_load(older, after)["snapshot"]["clock_elapsed"] == 0.0
