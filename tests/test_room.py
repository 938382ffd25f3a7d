"""Rooms (remi/room.py): the host's authority, hidden information, fair shuffle, hostile
input, dropped guests, mid-game join and host reload."""

import hashlib
import json
import random
import unicodedata

import pytest

from remi.bots import bot_action
from remi.engine import legal_actions
from remi.options import Options
from remi.room import (GRACE, PASSWORD_TRIES, PASSWORD_WINDOW, PROTOCOL, RATE_LIMIT, Room,
                       verify_reveal)
from remi.views import view


def msg(kind, **fields):
    return json.dumps({"v": PROTOCOL, "type": kind, **fields})


class Table:
    """A room with its host and guests, recording every message each guest receives."""

    def __init__(self, seats, password="", midgame=False, variant="etalat", options=None):
        counter = iter(range(10**6))
        self.room = Room.create(variant, seats, options or Options(), password=password,
                                midgame_join=midgame,
                                random_hex=lambda n: f"{next(counter):0{2 * n}x}")
        self.inbox: dict[str, list[dict]] = {}
        self.now = 0.0

    def deliver(self, outgoing):
        for peer, message in outgoing:
            json.dumps(message)                      # everything sent is plain JSON
            self.inbox.setdefault(peer, []).append(message)

    def send(self, peer, text):
        self.deliver(self.room.receive(peer, text, self.now))
        return self.inbox[peer][-1]

    def join(self, peer, name, **fields):
        return self.send(peer, msg("hello", name=name, **fields))

    def start(self):
        self.deliver(self.room.start(self.now))
        for peer in self.guest_peers():
            commit = [m for m in self.inbox[peer] if m["type"] == "commit"][-1]
            entropy = hashlib.sha256(peer.encode()).hexdigest()[:32]
            self.send(peer, msg("entropy", round=commit["round"], value=entropy))

    def guest_peers(self):
        return [s.peer for s in self.room.seats if s.kind == "guest" and s.peer]

    def step(self, rng):
        """One action by whoever is to play: host, guest (through a message) or bot. The
        humans play like medium bots (random play may never end an Etalat round)."""
        self.now += 1.0                           # a second per move keeps under the rate limit
        state = self.room.match.current
        seat = self.room.seats[state.to_play]
        legal = [str(a) for a in legal_actions(state)]
        action = bot_action("medium", view(state, state.to_play), legal, rng.random()) \
            if legal else "timeout"
        if seat.is_bot:
            self.deliver(self.room.bot_step(self.now))
        elif seat.kind == "host":
            self.deliver(self.room.host_act(action, self.now))
        else:
            self.send(seat.peer, msg("action", action=action))


def test_create_join_and_play_a_full_round_with_two_humans_and_a_bot():
    table = Table(["host", "guest", "hard"])
    welcome = table.join("p1", "Ana")
    assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["token"]
    table.start()
    assert table.room.match.rounds, "the deal waited for Ana's entropy, then happened"
    rng = random.Random(1)
    while not table.room.match.current.over:
        table.step(rng)
    last = [m for m in table.inbox["p1"] if m["type"] == "state"][-1]["snapshot"]
    assert last["view"]["phase"] == "over" and last["players"][2]["name"] == "AI hard"
    assert last["totals"] == table.room.match.totals
    sheet = last["sheet"]                    # the running score sheet travels with the state
    assert [row["scores"] for row in sheet["rounds"]] == [table.room.match.current.scores]
    assert sheet["totals"] == last["totals"] and sheet["players"] == last["players"]


def test_a_guest_receives_only_its_own_seat():
    table = Table(["guest", "host", "easy", "guest"])
    table.join("p0", "Ana")
    table.join("p3", "Dan")
    table.start()
    rng = random.Random(2)
    while not table.room.match.current.over:
        state = table.room.match.current
        table.step(rng)
        for peer, seat in (("p0", 0), ("p3", 3)):
            message = table.inbox[peer][-1]
            if message["type"] != "state":
                continue
            snapshot = message["snapshot"]
            current = table.room.match.current
            assert snapshot["view"]["seat"] == seat
            assert sorted(snapshot["view"]["rack"]) == sorted(
                current.to_json()["racks"][seat])
            if not current.over:
                assert "racks" not in snapshot["view"] and "checkpoint" not in snapshot["view"]
                assert isinstance(snapshot["view"]["stock"], int)   # a count, never the order
        assert state is not None
    for peer in ("p0", "p3"):
        for message in table.inbox[peer]:
            text = json.dumps(message)
            assert "secret" not in text or message["type"] == "reveal"
            assert "token" not in text or message["type"] == "welcome"


def test_fair_shuffle_commit_then_reveal_verifies_the_deal():
    table = Table(["host", "guest"])
    table.join("p1", "Ana")
    table.start()
    commit = [m for m in table.inbox["p1"] if m["type"] == "commit"][0]["commit"]
    first_view = [m for m in table.inbox["p1"] if m["type"] == "state"][0]["snapshot"]["view"]
    rng = random.Random(3)
    while not table.room.match.current.over:
        table.step(rng)
    reveal = [m for m in table.inbox["p1"] if m["type"] == "reveal"][-1]
    hand = table.room.match.current.deal.to_json()["hands"][1]
    assert first_view["rack"] == hand
    assert verify_reveal(commit, reveal, 2, first_view["first"], 1, hand)
    forged = {**reveal, "secret": "00" * 32}
    assert not verify_reveal(commit, forged, 2, first_view["first"], 1, hand)
    assert reveal["entropy"][1], "the guest's entropy is part of the seed"
    first = first_view["first"]
    for bad in [{**reveal, "secret": 5}, {**reveal, "secret": None}, {**reveal, "secret": "é"},
                {**reveal, "secret": reveal["secret"][:-1]}, {**reveal, "entropy": [1, 2]},
                {**reveal, "entropy": 5}, {**reveal, "entropy": None},
                {**reveal, "entropy": ["\ud800", ""]}, {**reveal, "entropy": [""]},
                {**reveal, "seed": ["x"]}, {k: v for k, v in reveal.items() if k != "secret"},
                [], "reveal", None]:
        assert verify_reveal(commit, bad, 2, first, 1, hand) is False, bad
    assert verify_reveal(7, reveal, 2, first, 1, hand) is False
    assert verify_reveal(commit, reveal, 2, first, 9, hand) is False
    assert verify_reveal(commit, reveal, 2, first, 1, [1, "R7", None]) is False
    assert verify_reveal(commit, reveal, "2", first, 1, hand) is False


def test_wrong_password_is_refused_and_nothing_of_the_game_is_sent():
    table = Table(["host", "guest"], password="tei")
    answer = table.join("p1", "Ana", password="nope")
    assert answer == {"v": 1, "type": "refused", "reason": "password",
                      "error": "wrong password"}
    table.start()
    assert table.inbox["p1"] == [answer]
    assert table.join("p2", "Dan", password="tei")["type"] == "refused"    # started: full


def test_password_guessing_from_many_connections_is_slowed_down_for_everyone_but_tokens():
    table = Table(["host", "guest", "guest"], password="tei")
    token = table.join("p0", "Ana", password="tei")["token"]
    table.room.disconnect("p0", table.now)
    for attempt in range(PASSWORD_TRIES):             # a new connection for every guess
        table.now += 1
        assert table.join(f"g{attempt}", "X", password=f"guess{attempt}")["reason"] == "password"
    table.now += 1
    waited = table.join("p1", "Dan", password="tei")
    assert waited["reason"] == "wait", "even the right password waits: else guessing goes on"
    assert "try again in a minute" in waited["error"]
    assert table.room.seats[2].token == "", "nothing changed"
    assert table.join("p0b", "Ana", password="tei", token=token)["type"] == "welcome", \
        "a token takes its seat back meanwhile"
    table.now += PASSWORD_WINDOW
    assert table.join("p1", "Dan", password="tei")["seat"] == 2
    open_room = Table(["host", "guest", "guest"])     # no password: nothing to guess, and
    for attempt in range(PASSWORD_TRIES):             # one typed anyway is no wrong one (QA 41)
        assert open_room.join(f"g{attempt}", "X", password="x").get("reason") != "password"
    assert [seat.name for seat in open_room.room.seats[1:]] == ["X", "X #3"]   # then it is full


def test_the_other_guests_see_a_guest_drop_and_its_stand_in_at_once():
    """A QA pass with two guests: the host's page said "Ana is offline" and then "AI in place
    of Ana", the other guest's kept "Ana is to play" until the stand-in's first move."""
    table = Table(["host", "guest", "guest"])
    table.join("p1", "Ana")
    table.join("p2", "Dan")
    table.start()

    def dan_sees_ana() -> dict:
        last = [m for m in table.inbox["p2"] if m["type"] == "state"][-1]
        return last["snapshot"]["players"][1]

    assert dan_sees_ana()["connected"] is True
    table.deliver(table.room.disconnect("p1", table.now))
    assert dan_sees_ana() == {"name": "Ana", "is_bot": False, "level": None, "connected": False}
    table.now += GRACE
    table.deliver(table.room.tick(table.now))
    assert dan_sees_ana()["name"] == "AI in place of Ana" and dan_sees_ana()["is_bot"]
    sent = len(table.inbox["p2"])
    table.now += 1
    table.deliver(table.room.tick(table.now))
    assert len(table.inbox["p2"]) == sent, "said once"


def test_a_dropped_guest_is_replaced_by_a_labelled_bot_and_gets_the_seat_back():
    table = Table(["host", "guest", "medium"])
    token = table.join("p1", "Ana")["token"]
    table.start()
    table.room.disconnect("p1", table.now)
    table.now += GRACE - 1
    table.deliver(table.room.tick(table.now))
    assert not table.room.seats[1].stand_in
    table.now += 2
    table.deliver(table.room.tick(table.now))
    assert table.room.players()[1]["name"] == "AI in place of Ana"
    rng = random.Random(4)
    for _ in range(12):
        table.step(rng)                       # the stand-in plays Ana's turns
    back = table.join("p9", "Ana", token=token)
    assert back["type"] != "refused" and table.room.seats[1].peer == "p9"
    assert table.room.players()[1] == {"name": "Ana", "is_bot": False, "level": None,
                                       "connected": True}
    # the stand-in's moves stay the stand-in's in everyone's history (a host reload too)
    for room in (table.room, Room.from_json(json.loads(json.dumps(table.room.to_json())),
                                            table.now)):
        history = room.snapshot(1)["view"]["history"]
        by = [entry.get("player", {}).get("in_place_of") for entry in history
              if entry["seat"] == 1]
        assert "Ana" in by, history
        assert all("player" not in entry for entry in room.snapshot(0)["view"]["history"]
                   if entry["seat"] != 1)
    assert table.join("p8", "Eve", token="f" * 32)["reason"] == "token"


def test_a_guest_who_leaves_frees_the_seat_before_the_match_and_a_bot_takes_it_during():
    table = Table(["host", "guest", "guest"], midgame=True)
    token = table.join("p1", "Ana")["token"]
    table.join("p2", "Dan")
    assert table.join("p3", "Eve")["reason"] == "full"
    table.send("p1", msg("leave"))                   # before the match: the seat opens again
    assert table.room.seats[1].token == "" and table.room.seats[1].peer is None
    assert table.join("p3", "Eve")["seat"] == 1
    assert table.join("p4", "Ana", token=token)["reason"] == "token"
    table.start()
    table.send("p2", msg("leave"))                   # during it: a bot plays the seat …
    assert table.room.players()[2] == {"name": "AI medium", "is_bot": True, "level": "medium"}
    assert table.send("p2", msg("action", action="draw"))["type"] == "error"
    assert table.join("p5", "Ion")["type"] == "waiting"   # … which a newcomer may take
    rng = random.Random(6)
    while "welcome" not in [m["type"] for m in table.inbox["p5"]]:
        table.step(rng)
    assert table.room.seats[2].name == "Ion"


def test_before_the_deal_seated_guests_are_told_who_sits_where():
    """A guest's welcome names the players of that moment; who comes or goes after it, before
    the first deal, is sent as `seats` (a guest saw an empty seat where another sat)."""
    table = Table(["host", "guest", "guest", "easy"])
    table.join("p1", "Ana")
    table.join("p2", "Dan")
    told = table.inbox["p1"][-1]
    assert told["type"] == "seats" and [p["name"] for p in told["players"]] == [
        "Gazda", "Ana", "Dan", "AI easy"]
    assert [m["type"] for m in table.inbox["p2"]] == ["welcome"], "its welcome said it"
    assert table.join("p3", "Ana")["type"] == "refused", "full"
    table.send("p2", msg("leave"))
    assert table.inbox["p1"][-1]["players"][2] == {"name": "", "is_bot": False, "level": None,
                                                   "connected": False}
    assert table.join("p3", "Ana")["players"][2]["name"] == "Ana #3", "two Anas: told apart"
    assert all("token" not in json.dumps(m) for m in table.inbox["p1"] if m["type"] == "seats")
    table.start()
    assert table.inbox["p1"][-1]["type"] == "state", "dealt: views, not seats"


def test_an_invite_made_for_a_seat_seats_its_guest_there():
    """A manual invite is made for one seat ("Invitație pentru locul 3"): its guest takes that
    seat while it is free, and the first free one once it is not (a QA pass: the invite for
    seat 3, answered first, seated its guest at seat 2)."""
    table = Table(["host", "guest", "guest", "guest"])
    hello = msg("hello", name="Ana")
    table.deliver(table.room.receive("p1", hello, table.now, invited=2))
    assert table.inbox["p1"][-1]["seat"] == 2
    table.deliver(table.room.receive("p2", msg("hello", name="Dan"), table.now, invited=2))
    assert table.inbox["p2"][-1]["seat"] == 1, "seat 3 taken: the first free seat"
    assert table.join("p3", "Ion")["seat"] == 3, "by the room's link: the first free seat"
    table.deliver(table.room.receive("p1", hello, table.now, invited=1))
    assert table.inbox["p1"][-1]["seat"] == 2, "a hello again: the seat it holds"


def test_the_host_removes_a_guest_whose_token_then_gives_nothing_back():
    table = Table(["host", "guest", "guest"], midgame=True)
    token = table.join("p1", "Ana")["token"]
    table.join("p2", "Dan")
    before = json.dumps(table.room.to_json())
    for seat in (0, 3, -1, "1", True):                # the host, no seat, not a seat number
        with pytest.raises(ValueError):
            table.room.remove(seat)
    assert json.dumps(table.room.to_json()) == before, "a refused removal changes nothing"
    table.deliver(table.room.remove(1))               # before the match: the seat opens
    assert table.inbox["p1"][-1] == {"v": PROTOCOL, "type": "removed"}
    assert table.room.seats[1].token == "" and table.room.seats[1].peer is None
    assert table.join("p1", "Ana", token=token)["reason"] == "token"
    with pytest.raises(ValueError):
        table.room.remove(1)                          # nobody sits there now
    assert table.join("p3", "Eve")["seat"] == 1
    table.start()
    table.room.disconnect("p2", table.now)
    table.now += GRACE
    table.room.tick(table.now)                        # Dan away, his stand-in plays …
    assert table.room.seats[2].stand_in
    out = table.room.remove(2)
    assert [m["type"] for _, m in out] == ["state"], "Dan's connection is gone: not told"
    assert out[0][1]["snapshot"]["players"][2]["name"] == "AI medium", "Eve sees the bot"
    assert table.room.players()[2] == {"name": "AI medium", "is_bot": True, "level": "medium"}
    assert table.join("p2", "Dan", token=table.inbox["p2"][0]["token"])["reason"] == "token"
    assert table.join("p4", "Ion")["type"] == "waiting"   # … a bot's seat, mid-game join on
    out = table.room.remove(1)                        # Eve, connected, during the match
    assert out[0] == ("p3", {"v": PROTOCOL, "type": "removed"})
    assert table.send("p3", msg("action", action="draw"))["type"] == "error"
    assert [peer for peer, m in out if m["type"] == "state"] == [], "no guest left to see it"


def test_mid_game_join_takes_a_bot_seat_at_the_next_turn():
    table = Table(["host", "easy", "easy"], midgame=True)
    table.start()
    assert table.join("p5", "Ion")["type"] == "waiting"
    rng = random.Random(5)
    while "welcome" not in [m["type"] for m in table.inbox["p5"]]:
        table.step(rng)
    welcome = [m for m in table.inbox["p5"] if m["type"] == "welcome"][0]
    assert table.room.seats[welcome["seat"]].name == "Ion"
    assert table.inbox["p5"][-1]["type"] == "state"
    closed = Table(["host", "easy"])
    closed.start()
    assert closed.join("p6", "Ion")["reason"] == "full"


def test_host_reload_resumes_the_match_and_guests_reconnect():
    table = Table(["host", "guest", "hard"])
    token = table.join("p1", "Ana")["token"]
    table.start()
    rng = random.Random(6)
    for _ in range(30):
        table.step(rng)
    saved = json.loads(json.dumps(table.room.to_json()))
    reloaded = Room.from_json(saved, now=table.now)
    assert reloaded.match.current.to_json() == table.room.match.current.to_json()
    dice = table.room.host_snapshot()["dice"]
    assert dice["throws"] and reloaded.host_snapshot()["dice"] == dice     # C3, shown again
    assert table.room.match.current.first == (dice["dealer"] + 1) % 3
    table.room = reloaded
    table.join("p2", "Ana", token=token)
    assert [m["type"] for m in table.inbox["p2"]] == ["welcome", "state"]
    assert table.inbox["p2"][-1]["snapshot"]["view"]["seat"] == 1
    assert table.inbox["p2"][-1]["snapshot"]["dice"] == dice


def test_fuzzed_hostile_messages_get_errors_and_change_nothing():
    table = Table(["host", "guest", "medium"])
    table.join("p1", "Ana")
    table.start()
    rng = random.Random(7)
    while table.room.match.current.to_play == 1:        # let it be someone else's turn
        table.step(rng)
    before = table.room.match.current.to_json()
    players = table.room.players()
    bad = ["", "{", "[]", "null", "7", '"hello"', json.dumps({"type": "action"}),
           msg("action", action="draw"),                          # not Ana's turn
           msg("action", action=7), msg("action", action="x" * 500),
           msg("teleport"), msg("hello", name="Ana", extra=1),
           json.dumps({"v": 2, "type": "ping"}), "x" * 10000,
           msg("entropy", round=1, value="zz"), msg("hello", name=["list"]),
           "[" * 5000 + "]" * 5000]
    alphabet = '{}[]":,0123456789abcdefvtype action draw take discard open \\u00e9'
    for _ in range(300):
        bad.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 80))))
    for index, text in enumerate(bad):
        peer = "p1" if index % 2 else "stranger"
        table.now += 1.0                                   # stay under the rate limit
        answer = table.send(peer, text)
        assert answer["type"] in ("error", "refused", "pong"), (text, answer)
    assert table.room.match.current.to_json() == before
    assert table.room.players() == players


def test_a_guest_cannot_play_the_clocks_timeout_nor_crash_the_host_with_odd_digits():
    """C8 in a room: the host's clock plays timeouts; a guest's would undo its own take (the
    roll-back) without any clock. Digits the notation does not know (superscripts) and a
    password holding a lone surrogate get a clear answer, not the host's generic error."""
    table = Table(["host", "guest", "medium"], password="pw")
    table.join("p1", "Ana", password="pw")
    table.start()
    rng = random.Random(3)
    while table.room.match.current.to_play != 1:
        table.step(rng)
    before = table.room.match.current.to_json()
    for action, rule in (("timeout", "C8"), ("take ²", "notation"), ("discard R²", "C1"),
                         ("attach R5 to ³", "notation")):
        table.now += 1.0
        answer = table.send("p1", msg("action", action=action))
        assert answer["type"] == "error" and answer["error"].startswith(rule), (action, answer)
    assert table.room.match.current.to_json() == before
    table.now += 1.0
    answer = table.send("p9", '{"v": %d, "type": "hello", "name": "Ion", "password": "\\ud800"}'
                        % PROTOCOL)
    assert answer["type"] == "refused" and answer["reason"] == "password", answer


def test_rate_limit():
    table = Table(["host", "guest"])
    table.join("p1", "Ana")
    answers = [table.send("p1", msg("ping"))["type"] for _ in range(35)]
    assert answers.count("pong") == RATE_LIMIT - 1 and answers[-1] == "error"   # hello counts
    # A guest that keeps trying (a message every 0.4 s) is refused only until the first
    # messages leave the window: the refusals do not count.
    answers = []
    for _ in range(30):
        table.now += 0.4
        answers.append(table.send("p1", msg("ping"))["type"])
    assert answers[:20] == ["error"] * 20 and answers[-1] == "pong"


def test_the_host_closing_the_room_tells_seated_and_waiting_guests():
    table = Table(["host", "guest", "easy"], midgame=True)
    table.join("p1", "Ana")
    table.start()
    assert table.join("p5", "Ion")["type"] == "waiting"
    out = table.room.close()
    assert sorted(peer for peer, _ in out) == ["p1", "p5"]
    assert {message["type"] for _, message in out} == {"closed"}
    assert table.room.waiting == []


def test_wrongly_typed_version_type_or_round_is_an_error_and_changes_nothing():
    table = Table(["host", "guest", "medium"])
    table.join("p1", "Ana")
    table.start()
    before, players = table.room.match.current.to_json(), table.room.players()
    bad = ['{"v":1,"type":[]}', '{"v":1,"type":{}}', '{"v":1,"type":7}',
           '{"v":true,"type":"ping"}', '{"v":1.0,"type":"ping"}', '{"v":"1","type":"ping"}',
           '{"v":1,"type":"entropy","round":[1],"value":"' + "0" * 32 + '"}',
           '{"v":1,"type":"entropy","round":true,"value":"' + "0" * 32 + '"}']
    for text in bad:
        table.now += 1.0
        answer = table.send("p1", text)
        assert answer["type"] == "error" and answer["error"], (text, answer)
    assert table.room.match.current.to_json() == before
    assert table.room.players() == players


def test_an_unexpected_failure_on_a_message_is_an_error_reply_not_an_exception(monkeypatch):
    table = Table(["host", "guest"])
    table.join("p1", "Ana")

    def broken(*args):
        raise KeyError("a defect")
    monkeypatch.setattr(Room, "_on_ping", broken)
    answer = table.send("p1", msg("ping"))
    assert answer == {"v": PROTOCOL, "type": "error",
                      "error": "the host could not handle this message"}


def test_a_token_that_is_not_32_hex_digits_is_refused_as_unknown():
    table = Table(["host", "guest", "medium"])
    token = table.join("p1", "Ana")["token"]
    for bad in ["é", "é" * 32, token[:-1] + "é", "x", token + "0", " " + token[1:]]:
        table.now += 1.0
        answer = table.join("p2", "Ion", token=bad)
        assert answer["type"] == "refused" and answer["reason"] == "token", (bad, answer)
    assert table.room.seats[1].peer == "p1"
    assert table.join("p3", "Ana", token=token)["type"] == "welcome"       # the real one


def test_a_second_hello_while_waiting_keeps_one_place_and_the_match_goes_on():
    table = Table(["host", "easy", "easy"], midgame=True)
    table.start()
    assert table.join("p5", "Ion")["type"] == "waiting"
    table.now += 1.0
    assert table.join("p5", "Ion")["type"] == "waiting"          # the same request
    assert table.room.waiting == [("p5", "Ion")]
    rng = random.Random(5)
    while "welcome" not in [m["type"] for m in table.inbox["p5"]]:
        table.step(rng)
    assert [s.peer for s in table.room.seats].count("p5") == 1
    assert [s.kind for s in table.room.seats].count("bot") == 1
    while not table.room.match.current.over:      # the guest's seat plays: no freeze
        table.step(rng)
        assert table.inbox["p5"][-1]["type"] == "state"
    # A seated connection says hello again (no token; the guest's page resends a hello
    # unanswered): the same welcome and its view again, still one seat.
    table.now += 1.0
    seat = next(i for i, s in enumerate(table.room.seats) if s.peer == "p5")
    token = table.room.seats[seat].token
    before = len(table.inbox["p5"])
    table.join("p5", "Ion")
    welcome, state = table.inbox["p5"][before:]
    assert (welcome["type"], welcome["seat"], welcome["token"]) == ("welcome", seat, token)
    assert state["type"] == "state" and state["snapshot"]["view"]["seat"] == seat
    assert [s.peer for s in table.room.seats].count("p5") == 1


def test_the_turn_boundary_never_gives_a_connection_two_seats():
    table = Table(["host", "easy", "easy"], midgame=True)
    table.start()
    table.room.waiting = [("p5", "Ion"), ("p5", "Ion"), ("p6", "Eva")]
    table.deliver(table.room._turn_boundary())
    assert sorted(s.peer for s in table.room.seats if s.peer) == ["p5", "p6"]
    assert table.room.waiting == []


def test_a_waiting_connection_that_reclaims_a_seat_leaves_the_line():
    table = Table(["host", "guest", "easy"], midgame=True)
    token = table.join("p1", "Ana")["token"]
    table.start()
    table.room.disconnect("p1", table.now)
    assert table.join("p9", "Ana")["type"] == "waiting"
    assert table.join("p9", "Ana", token=token)["type"] == "state"
    assert table.inbox["p9"][-2]["type"] == "welcome"
    assert table.room.waiting == [] and table.room.seats[1].peer == "p9"
    other = Table(["host", "guest", "guest"])
    first = other.join("p1", "Ana")["token"]
    other.join("p2", "Ion")
    other.room.disconnect("p1", other.now)
    assert other.join("p2", "Ion", token=first)["type"] == "error"   # one seat per connection
    assert other.room.seats[1].peer is None and other.room.seats[2].peer == "p2"


def test_names_lose_control_and_format_characters_and_keep_24_characters():
    table = Table(["host", "guest", "guest"])
    table.join("p1", "\u202eAna\u200b \t Maria\u0007")
    table.join("p2", "\u200f\u200d\n")
    assert [s.name for s in table.room.seats[1:]] == ["Ana Maria", "?"]
    # nor may a guest pass for a bot ("AI <level>"), also in look-alike or invisible letters
    for index, (name, shown) in enumerate((
            ("AI medium", "medium"), ("\u0391\u0399 hard", "hard"), ("AI\u034f hard", "hard"),
            ("\u3164", "?"), ("AI", "?"), ("Aida", "Aida"), ("Ai grij\u0103", "Ai grij\u0103"),
            ("e\u0301\u0301\u0301\u0301", "e\u0301\u0301\u0301"))):
        guests = Table(["host", "guest"])
        guests.join(f"g{index}", name)
        assert guests.room.seats[1].name == unicodedata.normalize("NFC", shown), name
    room = Room.create("etalat", ["host", "guest"], host_name="G" * 100 + "\u202e")
    assert room.seats[0].name == "G" * 24
    assert Room.create("etalat", ["host", "guest"], host_name="\u2066\u2069").seats[0].name \
        == "Gazda"
    saved = room.to_json()
    saved["seats"][0]["name"] = "Old\u202e name"            # a room saved before the fix
    assert Room.from_json(saved, 0.0).seats[0].name == "Old name"


def test_a_finished_match_can_be_followed_by_a_rematch_at_the_same_seats():
    table = Table(["host", "guest", "easy"], options=Options(target=1))
    table.join("p1", "Ana")
    table.start()
    first_id = table.room.match.match_id
    with pytest.raises(ValueError, match="has started"):
        table.room.start(table.now)                # no new match while one is played (C9)
    rng = random.Random(4)
    while not table.room.match.over:
        if table.room.match.current.over:
            table.deliver(table.room.next_round(table.now))
            table.send("p1", msg("entropy", round=len(table.room.match.rounds) + 1,
                                 value="ab" * 16))
        table.step(rng)
    table.inbox["p1"].clear()
    table.start()                                  # the rematch
    match = table.room.match
    assert match.match_id != first_id and len(match.rounds) == 1 and match.totals == [0, 0, 0]
    assert match.dice, "C3: the new match rolls the dice again"
    commit = next(m for m in table.inbox["p1"] if m["type"] == "commit")
    assert commit["round"] == 1 and commit["match"] == match.match_id
    state = [m for m in table.inbox["p1"] if m["type"] == "state"][-1]["snapshot"]
    assert state["match_id"] == match.match_id and state["round"] == 1
    assert state["players"][1]["name"] == "Ana" and table.room.seats[1].peer == "p1"
    assert [r["round"] for r in table.room.reveals] == [1], "the old match's reveals went"


def test_a_host_reload_while_the_first_deal_waits_deals_it_and_the_guest_can_check_it():
    table = Table(["host", "guest", "easy"])
    token = table.join("p1", "Ana")["token"]
    table.deliver(table.room.start(table.now))      # the deal waits for Ana's entropy …
    assert table.room.fair is not None and not table.room.match.rounds
    saved = json.loads(json.dumps(table.room.to_json()))
    table.room = Room.from_json(saved, now=table.now)   # … and the host's page reloads
    table.inbox.clear()
    table.now += 2
    assert table.room.tick(table.now) == [] and not table.room.match.rounds, \
        "the deal waits for Ana to come back, though nobody is online yet"
    table.join("p2", "Ana", token=token)
    welcome, commit = table.inbox["p2"]
    assert welcome["type"] == "welcome" and commit["type"] == "commit" and commit["round"] == 1
    table.send("p2", msg("entropy", round=1, value="cd" * 16))
    assert table.room.match.rounds, "Ana's entropy dealt the round"
    first_view = table.inbox["p2"][-1]["snapshot"]["view"]
    rng = random.Random(8)
    while not table.room.match.current.over:
        table.step(rng)
    reveal = [m for m in table.inbox["p2"] if m["type"] == "reveal"][-1]
    assert reveal["entropy"][1] == "cd" * 16
    assert verify_reveal(commit["commit"], reveal, 3, first_view["first"], 1, first_view["rack"])


def test_a_deal_begun_again_after_a_reload_goes_ahead_without_a_guest_who_stays_away():
    table = Table(["host", "guest", "easy"])
    table.join("p1", "Ana")
    table.deliver(table.room.start(table.now))
    saved = json.loads(json.dumps(table.room.to_json()))
    table.room = Room.from_json(saved, now=table.now)
    assert table.room.tick(table.now + 9) == [] and not table.room.match.rounds
    table.room.tick(table.now + 11)                 # ENTROPY_WAIT: dealt without Ana's entropy
    assert len(table.room.match.rounds) == 1 and table.room.reveals[0]["entropy"][1] == ""
