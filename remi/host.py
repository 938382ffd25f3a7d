"""The page API of a room's host (and the guest's fair-deal check), called like bridge.py.

The host's page keeps one `Room` here (remi/room.py decides everything: seats, messages,
rules). The page passes the time (`now`, seconds) and every raw message with the peer it
came from; each call answers `{"out": [[peer, text], ...], "snapshot": ..., "room": ...}`:
what to send to whom, the host's own seat snapshot, and the seats for the room panel.

C8 in a room: the host's clock decides. `room_tick` plays "timeout" for any human seat
(host or guest) whose turn has lasted longer than the table's timer; guests' pages only
show a clock.
"""

from __future__ import annotations

import json
from typing import Any

from . import log as match_log
from .deal import Deal, rng_for
from .errors import RuleError
from .names import clean_players
from .options import Options
from .room import Outgoing, Room, verify_reveal

_room: Room | None = None
_turn: tuple[int, int, int] | None = None    # (round, turn, seat) being timed …
_turn_since = 0.0                            # … since this time
RELOAD_GRACE = 10.0     # seconds the seat to play has at least when the host's page is back


def _current() -> Room:
    if _room is None:
        raise ValueError("no room: call room_create or room_load first")
    return _room


def _seats(room: Room) -> list[dict[str, Any]]:
    return [{**seat.player(), "kind": seat.kind, "online": seat.kind != "guest"
             or seat.peer is not None, "taken": seat.kind != "guest" or bool(seat.token)}
            for seat in room.seats]


def _answer(out: list[Outgoing], now: float, **extra: Any) -> dict[str, Any]:
    room = _current()
    _time_turn(now)
    playing = room.match is not None and bool(room.match.rounds) and room.fair is None
    return {
        "out": [[peer, json.dumps(_clocked(message, now), separators=(",", ":"))]
                for peer, message in out],
        "snapshot": _clocked({"snapshot": room.host_snapshot()}, now)["snapshot"] if playing else None,
        "room": {"seats": _seats(room), "started": room.match is not None,
                 "over": room.match is not None and room.match.over,
                 "dealing": room.fair is not None, "variant": room.variant,
                 "options": room.options.to_json(), "visibility": room.visibility,
                 "midgame_join": room.midgame_join, "password": bool(room.password_hash)},
        **extra,
    }


def _clocked(message: dict[str, Any], now: float) -> dict[str, Any]:
    """A timed room's snapshots say how long this clock has run the turn (`clock_elapsed`,
    seconds), so that a page opened or reloaded mid-turn shows the seconds left, not a full
    clock (C8; the host's clock decides)."""
    snapshot = message.get("snapshot")
    if not _current().options.timer or not isinstance(snapshot, dict):
        return message
    return {**message, "snapshot": {**snapshot, "clock_elapsed": round(now - _turn_since, 1)}}


def _time_turn(now: float) -> None:
    """Restart the turn clock whenever the seat to play or the turn changes."""
    global _turn, _turn_since
    room = _room
    if room is None or room.match is None or not room.match.rounds:
        return
    state = room.match.current
    key = (len(room.match.rounds), state.turn, state.to_play)
    if key != _turn:
        _turn, _turn_since = key, now


def room_create(variant: str, seats: list[str], options: dict[str, Any] | None = None,
                name: str = "Gazda", password: str = "", midgame_join: bool = False,
                visibility: str = "private", now: float = 0.0) -> dict[str, Any]:
    """A new room: `seats` lists "host" once, "guest" per friend's seat, or a bot level."""
    global _room, _turn
    _room = Room.create(variant, seats, Options.from_json(options), host_name=name,
                        password=password, midgame_join=midgame_join, visibility=visibility)
    _turn = None
    return _answer([], now)


def room_start(now: float) -> dict[str, Any]:
    """Deal the first round (guest seats nobody took become bots); after a match that
    ended, start a rematch at the same seats."""
    room = _current()
    return _answer(room.start(now), now)     # refused while a match is played


# The replies that answer a message which changed nothing of the room.
UNCHANGED = {"error", "refused", "pong"}


def room_receive(peer: str, raw: str, now: float, invited: int | None = None) -> dict[str, Any]:
    """A guest's message (`invited`: the seat of the invite its connection came by); the
    answer's `changed` is false when its only reply is `error`, `refused` or `pong`: the room
    is as it was, there is nothing new to save."""
    out = _current().receive(peer, raw, now, invited)
    changed = any(message.get("type") not in UNCHANGED for _, message in out)
    return _answer(out, now, changed=changed)


def room_disconnect(peer: str, now: float) -> dict[str, Any]:
    return _answer(_current().disconnect(peer, now), now)


def room_tick(now: float) -> dict[str, Any]:
    """Stand-ins after the grace period, a deal that waited for entropy, and C8."""
    room = _current()
    out = room.tick(now)
    timer = room.options.timer
    if timer and room.match is not None and room.match.rounds and room.fair is None:
        _time_turn(now)
        state = room.match.current
        if not state.over and not room.seats[state.to_play].is_bot and now - _turn_since >= timer:
            out += room.play_timeout(now)
    return _answer(out, now)


def room_act(action: str, now: float) -> dict[str, Any]:
    """The host's own move; a refusal names the rule and changes nothing."""
    room = _current()
    try:
        out = room.host_act(action, now)
    except RuleError as error:
        return _answer([], now, accepted=False, rule=error.rule, error=str(error))
    return _answer(out, now, accepted=True)


def room_bot_step(now: float) -> dict[str, Any]:
    return _answer(_current().bot_step(now), now)


def room_bot_timeout(now: float) -> dict[str, Any]:
    """A bot (or stand-in) whose step failed: C8, the engine finishes its turn, so the room
    goes on as a table of one does (room_tick's clock times only human seats)."""
    room = _current()
    state = room.match.current if room.match is not None and room.match.rounds else None
    if state is None or state.over or not room.seats[state.to_play].is_bot:
        return _answer([], now)
    return _answer(room.play_timeout(now), now)


def room_next_round(now: float) -> dict[str, Any]:
    return _answer(_current().next_round(now), now)


def room_remove(seat: int, now: float) -> dict[str, Any]:
    """The host removes a guest from the room; `close` names the connection the page ends
    once the `removed` message has gone (a guest's page that ignores it is cut off)."""
    out = _current().remove(seat)
    return _answer(out, now, close=[peer for peer, message in out
                                    if message["type"] == "removed"])


def room_close() -> dict[str, Any]:
    """The host leaves the room: answers {"out"}, the `closed` message for each connected
    guest; the room is forgotten (a later room call needs room_create or room_load)."""
    global _room, _turn
    out = _current().close() if _room is not None else []
    _room, _turn = None, None
    return {"out": [[peer, json.dumps(message, separators=(",", ":"))] for peer, message in out]}


def room_save() -> dict[str, Any]:
    """Everything needed to resume after the host's page reloads (tokens included), and the
    turn clock's start: a reload mid-turn must not hand the seat to play a full clock (C8)."""
    data = _current().to_json()
    return {**data, "turn_clock": {"turn": list(_turn), "since": _turn_since}} if _turn else data


def room_load(data: dict[str, Any], now: float) -> dict[str, Any]:
    global _room, _turn, _turn_since
    _room = Room.from_json(data, now)
    _turn = None
    clock = data.get("turn_clock")
    try:
        turn, since = tuple(int(n) for n in clock["turn"]), float(clock["since"])
    except (KeyError, TypeError, ValueError):
        pass                                     # saved before the clock was: a full clock
    else:
        # the time the page was away runs, but nobody could move then: at least a few seconds
        timer = _room.options.timer or 0
        _turn, _turn_since = turn, max(min(since, now), now - max(0.0, timer - RELOAD_GRACE))
    return _answer([], now)


def room_verify(commit: str, reveal: dict[str, Any], seats: int, first: int, seat: int,
                hand: list[str]) -> bool:
    """The guest's check of a round's deal against the host's earlier commit."""
    return verify_reveal(commit, reveal, seats, first, seat, hand)


def room_guest_log(match_id: str, players: list[dict[str, Any]], view: dict[str, Any],
                   round: int, seed: str, rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """A guest's own log of a room match. `view` ended round `round` and the host revealed
    its `seed` (which deals it); the round is recorded as {round, seed, first, actions} —
    the actions are the public history but the clock's automatic completions — after the
    `rounds` recorded before. Answers {"log", "rounds"}; the log must replay (LogError
    otherwise: the reveal and the history disagree, or the round does not end with the view's
    scores; nothing is to be stored), so the guest's history shows and replays it like any
    match."""
    actions = [entry["action"] for entry in view["history"] if not entry.get("auto")]
    rounds = [r for r in rounds if r["round"] != round]
    rounds.append({"round": round, "seed": seed, "first": view["first"], "actions": actions})
    seats = view["seats"]
    log = {"match_id": match_id, "variant": view["variant"], "options": view["options"],
           "seats": seats,
           "players": clean_players(players) if isinstance(players, list) else players,
           "rounds": [{**Deal.shuffled(seats, r["first"], rng_for(r["seed"])).to_json(),
                       "actions": list(r["actions"])} for r in rounds]}
    ended = match_log.replay(log).current
    if not ended.over or ended.scores != view["scores"]:
        raise match_log.LogError(f"round {round}", RuleError(
            "C10", "the replayed round does not end with the scores the host showed"))
    return {"log": log, "rounds": rounds}
