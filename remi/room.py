"""Rooms: the host's authority over a match played with guests (wire protocol v1).

The host's page runs the engine and the bots; guests send intents. This module is the
host's side of the protocol, transport-free: the page hands it every raw message with the
peer it came from and the time, and sends back what it returns. It checks every message
(size, rate, schema, the seat bound to the peer, whose turn), answers a bad one with an
error and changes nothing, and sends each guest only its own seat's view (docs/protocol.md).

Fair shuffle: before each deal the host commits to a secret (its SHA-256), every guest
sends entropy, the round's seed is SHA-256(secret | entropies in seat order), and the
secret is revealed at the round's end so each guest can check its deal (`verify_reveal`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets as secrets_module
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from . import log as match_log
from . import platform
from .actions import parse_action
from .bots import bot_action, label
from .bridge import seat_snapshot
from .deal import Deal, rng_for, roll_dealer
from .engine import legal_actions
from .errors import RuleError
from .match import Match
from .names import clean_name, human_name
from .options import Options
from .views import view

PROTOCOL = 1
MAX_MESSAGE = 4096            # bytes of one message
RATE_LIMIT = 30               # messages per peer …
RATE_WINDOW = 10.0            # … per this many seconds
GRACE = 30.0                  # seconds before a dropped guest's seat is played by a bot
ENTROPY_WAIT = 10.0           # seconds the deal waits for guests' entropy
PASSWORD_TRIES = 10           # wrong passwords the room takes, from all connections …
PASSWORD_WINDOW = 60.0        # … per this many seconds (then a hello waits)
STAND_IN_LEVEL = "medium"
HOST_NAME = "Gazda"           # the host's name when none is given (or nothing is left of it)
GUEST_NAME = "?"              # a guest's, likewise

_logger = logging.getLogger(__name__)

Outgoing = tuple[str, dict[str, Any]]       # (peer, message)
HOST = "host"                               # the host's own "peer" name


@dataclass
class Seat:
    kind: str                     # host | guest | bot
    name: str
    level: str | None = None      # bots, and the stand-in while a guest is away
    token: str = ""               # a guest's secret to reclaim its seat
    peer: str | None = None
    away_since: float | None = None
    stand_in: bool = False        # a bot plays this guest's seat ("AI in place of NAME")

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot" or self.stand_in

    def player(self) -> dict[str, Any]:
        if self.kind == "bot":
            return {"name": label(self.level or ""), "is_bot": True, "level": self.level}
        if self.stand_in:
            return {"name": f"AI in place of {self.name}", "is_bot": True,
                    "level": STAND_IN_LEVEL, "in_place_of": self.name}
        return {"name": self.name, "is_bot": False, "level": None,
                "connected": self.kind == "host" or self.peer is not None}


@dataclass
class FairDeal:
    """One round's commit–reveal (the host cannot choose the seed, nor can a guest)."""

    secret: str
    since: float
    entropy: dict[int, str] = field(default_factory=dict)
    restored: bool = False        # begun again after the host's reload: no guest is back yet

    @property
    def commit(self) -> str:
        return hashlib.sha256(bytes.fromhex(self.secret)).hexdigest()

    def seed(self, seats: int) -> str:
        return round_seed(self.secret, [self.entropy.get(s, "") for s in range(seats)])


def round_seed(secret: str, entropy: list[str]) -> str:
    return hashlib.sha256("|".join([secret, *entropy]).encode()).hexdigest()


def verify_reveal(commit: str, reveal: dict[str, Any], seats: int, first: int, seat: int,
                  hand: list[str]) -> bool:
    """A guest's check at the round's end: the secret matches the commit made before the
    deal, the seed comes from it and everyone's entropy, and that seed deals this hand. A
    reveal of any other shape (a secret that is not hex, entropy that is not one string per
    seat, …) is not verified: False, never an exception."""
    if not isinstance(reveal, dict) or not isinstance(commit, str):
        return False
    secret, entropy = reveal.get("secret", ""), reveal.get("entropy", [])
    if (not isinstance(secret, str) or not secret or len(secret) % 2 or not _is_hex(secret)
            or not isinstance(entropy, list) or len(entropy) != seats
            or not all(isinstance(e, str) for e in entropy)):
        return False
    if not hmac.compare_digest(hashlib.sha256(bytes.fromhex(secret)).hexdigest().encode(),
                               commit.encode("utf-8", "replace")):
        return False
    try:
        seed = round_seed(secret, entropy)
        if seed != reveal.get("seed"):
            return False
        hands = Deal.shuffled(seats, first, rng_for(seed)).to_json()["hands"]
        return sorted(hands[seat]) == sorted(hand)
    except (TypeError, ValueError, IndexError, KeyError):    # a part unusable: not verified
        return False


class ProtocolError(ValueError):
    pass


@dataclass
class Room:
    variant: str
    options: Options
    seats: list[Seat]
    password_hash: str = ""
    midgame_join: bool = False
    visibility: str = "private"
    match: Match | None = None
    fair: FairDeal | None = None
    reveals: list[dict[str, Any]] = field(default_factory=list)
    waiting: list[tuple[str, str]] = field(default_factory=list)   # (peer, name) mid-game
    next_first: int = 0
    rates: dict[str, list[float]] = field(default_factory=dict)
    wrong_passwords: list[float] = field(default_factory=list)     # when, all connections
    random_hex: Callable[[int], str] = field(default=secrets_module.token_hex, repr=False)
    # who played each entry of the current round's history (None: not known, a restored
    # room): a stand-in's moves, or a guest's since gone, stay theirs, not the seat's holder's
    played_by: list[dict[str, Any] | None] = field(default_factory=list)
    played_round: int = 0

    # -- setting up ------------------------------------------------------------------------
    @classmethod
    def create(cls, variant: str, seats: list[str], options: Options | None = None,
               host_name: str = HOST_NAME, password: str = "", midgame_join: bool = False,
               visibility: str = "private",
               random_hex: Callable[[int], str] = secrets_module.token_hex) -> Room:
        """`seats`: "host" once, "guest" for each seat a friend takes, or a bot level."""
        if seats.count("host") != 1 or not 2 <= len(seats) <= 4:
            raise ValueError("a room has 2–4 seats, one of them the host")
        host_name = clean_name(host_name, HOST_NAME)
        made = [Seat("host", host_name) if s == "host" else Seat("guest", "") if s == "guest"
                else Seat("bot", "", level=s) for s in seats]
        return cls(variant, options or Options(), made, _hash_password(password),
                   midgame_join, visibility, random_hex=random_hex)

    @property
    def host_seat(self) -> int:
        return next(i for i, s in enumerate(self.seats) if s.kind == "host")

    def players(self) -> list[dict[str, Any]]:
        return [seat.player() for seat in self.seats]

    def start(self, now: float) -> list[Outgoing]:
        """Start the match: open guest seats are filled by bots (always labelled). After a
        match that ended (its target reached) this starts the next one — a rematch — at the
        same seats: a new match id, new dice (C3), the round count and scores from zero."""
        if self.match is not None and not self.match.over:
            raise ValueError("the match has started")
        for seat in self.seats:
            if seat.kind == "guest" and not seat.token:
                seat.kind, seat.level = "bot", STAND_IN_LEVEL
        self.match = Match(self.variant, self.options, len(self.seats),
                           match_id=self.random_hex(6))
        self.played_by, self.played_round, self.reveals = [], 0, []
        return self._begin_round(now, first=0)

    # -- the fair deal -----------------------------------------------------------------------
    def _begin_round(self, now: float, first: int) -> list[Outgoing]:
        self.fair = FairDeal(self.random_hex(32), now)
        self.next_first = first
        out = self._broadcast(self._commit_message())
        return out + self._deal_if_ready(now)

    def _commit_message(self) -> dict[str, Any]:
        return {"v": PROTOCOL, "type": "commit", "match": self.match.match_id,
                "round": self._round_number() + 1, "commit": self.fair.commit}

    def _round_number(self) -> int:
        return len(self.match.rounds) if self.match else 0

    def _guests_seated(self) -> list[int]:
        return [i for i, s in enumerate(self.seats)
                if s.kind == "guest" and s.token and not s.stand_in]

    def _guests_online(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "guest" and s.peer is not None]

    def _deal_if_ready(self, now: float) -> list[Outgoing]:
        fair = self.fair
        if fair is None:
            return []
        # after a reload every guest is away at first: the deal waits for the seated ones
        expected = self._guests_seated() if fair.restored else self._guests_online()
        missing = [i for i in expected if i not in fair.entropy]
        if missing and now - fair.since < ENTROPY_WAIT:
            return []
        seed = fair.seed(len(self.seats))
        if not self.match.rounds:                     # C3: the dice, from the fair seed too
            dealer, self.match.dice = roll_dealer(len(self.seats), rng_for(seed, "dice"))
            self.next_first = (dealer + 1) % len(self.seats)
        deal = Deal.shuffled(len(self.seats), self.next_first, rng_for(seed))
        self.match.start_round(deal)
        self.reveals.append({"round": len(self.match.rounds), "commit": fair.commit,
                             "secret": fair.secret, "seed": seed,
                             "entropy": [fair.entropy.get(s, "") for s in range(len(self.seats))]})
        self.fair = None
        return self._send_views()

    def next_round(self, now: float) -> list[Outgoing]:
        state = self.match.current
        if not state.over or self.match.over or self.fair is not None:
            raise ValueError("the round is still being played, or the match is over")
        first = self.match.next_first()
        return self._begin_round(now, first)

    # -- messages from guests ----------------------------------------------------------------
    def receive(self, peer: str, raw: str, now: float,
                invited: int | None = None) -> list[Outgoing]:
        """One raw message from a guest's connection; a bad one changes nothing. `invited`:
        the seat whose invite opened this connection (an invite is made for one seat), which
        its first hello takes while that seat is free."""
        try:
            self._check_rate(peer, now)
            message = _parse(raw)
            if message["type"] == "hello":
                return self._on_hello(peer, message, now, invited)
            handler = getattr(self, f"_on_{message['type']}")
            return handler(peer, message, now)
        except ProtocolError as error:
            return [(peer, {"v": PROTOCOL, "type": "error", "error": str(error)})]
        except RuleError as error:
            return [(peer, {"v": PROTOCOL, "type": "error", "rule": error.rule,
                            "error": str(error)})]
        except Exception:                 # a defect, not the guest's fault: logged, refused
            _logger.exception("room: a message from %s was not handled", peer)
            return [(peer, {"v": PROTOCOL, "type": "error",
                            "error": "the host could not handle this message"})]

    def _check_rate(self, peer: str, now: float) -> None:
        """A message refused for the rate is not counted: a guest that keeps trying is served
        again as soon as its window allows (counting refusals locked a steady sender out for
        good). A malformed one is counted: the check comes before the parse."""
        times = [t for t in self.rates.get(peer, []) if now - t < RATE_WINDOW]
        self.rates[peer] = times
        if len(times) >= RATE_LIMIT:
            raise ProtocolError(f"too many messages: at most {RATE_LIMIT} per "
                                f"{RATE_WINDOW:g} s")
        times.append(now)

    def _seat_of(self, peer: str) -> int:
        for index, seat in enumerate(self.seats):
            if seat.peer == peer and seat.kind == "guest":
                return index
        raise ProtocolError("say hello first: this connection holds no seat")

    def _on_hello(self, peer: str, message: dict[str, Any], now: float,
                  invited: int | None = None) -> list[Outgoing]:
        token = message.get("token")
        if (self.password_hash and self._guessing(now)
                and (not token or self._seat_of_token(token) is None)):
            return [(peer, {"v": PROTOCOL, "type": "refused", "reason": "wait",
                            "error": "too many wrong passwords: try again in a minute"})]
        # a room with no password takes any (QA 41: one typed in "if the host set one" was
        # refused as wrong)
        if self.password_hash and not hmac.compare_digest(
                _hash_password(message.get("password") or ""), self.password_hash):
            self.wrong_passwords.append(now)
            return [(peer, {"v": PROTOCOL, "type": "refused", "reason": "password",
                            "error": "wrong password"})]
        name = human_name(message.get("name"), GUEST_NAME)
        held = next((i for i, s in enumerate(self.seats) if s.peer == peer), None)
        if token:
            index = self._seat_of_token(token)
            if index is None:
                return [(peer, {"v": PROTOCOL, "type": "refused", "reason": "token",
                                "error": "this seat is not yours (unknown token)"})]
            if held is not None and held != index:       # one seat per connection
                raise ProtocolError("this connection already holds a seat")
            seat = self.seats[index]
            seat.peer, seat.away_since, seat.stand_in = peer, None, False
            self.waiting = [(p, n) for p, n in self.waiting if p != peer]
            return ([self._welcome(index, peer), *self._pending_commit(peer)]
                    + self._send_views(welcomed=peer))
        if held is not None:    # the same hello again (its answer late or lost): same answer
            return [self._welcome(held, peer), *self._pending_commit(peer),
                    *(out for out in self._send_views(welcomed=peer) if out[0] == peer)]
        if any(p == peer for p, _ in self.waiting):    # the same request: one place in line
            return [self._waiting(peer)]
        if self.match is None:
            free = [i for i, s in enumerate(self.seats) if s.kind == "guest" and not s.token]
            free = invited if invited in free else next(iter(free), None)
            if free is not None:
                return self._seat_guest(free, peer, name)
        elif self.midgame_join and any(s.kind == "bot" for s in self.seats):
            self.waiting.append((peer, name))
            return [self._waiting(peer)]
        return [(peer, {"v": PROTOCOL, "type": "refused", "reason": "full",
                        "error": "the table is full"})]

    def _guessing(self, now: float) -> bool:
        """Someone is guessing the password: PASSWORD_TRIES wrong ones within the window,
        from any connections (a new connection does not start afresh). Until the window
        passes, a hello is refused unchecked — the right password too, or the guessing
        would go on — unless its token takes a seat back."""
        self.wrong_passwords = [t for t in self.wrong_passwords if now - t < PASSWORD_WINDOW]
        return len(self.wrong_passwords) >= PASSWORD_TRIES

    def _seat_of_token(self, token: str) -> int | None:
        """The guest seat this token reclaims. A token is what `welcome` gave (32 hex
        digits): anything else is no seat's. Compared as bytes (compare_digest refuses str
        with non-ASCII characters)."""
        if not _is_token(token):
            return None
        for index, seat in enumerate(self.seats):
            if (seat.kind == "guest" and _is_token(seat.token)
                    and hmac.compare_digest(seat.token.encode(), token.encode())):
                return index
        return None

    def _waiting(self, peer: str) -> Outgoing:
        return (peer, {"v": PROTOCOL, "type": "waiting",
                       "error": "you take a bot's seat at the next turn"})

    def _seat_guest(self, index: int, peer: str, name: str) -> list[Outgoing]:
        """`name` is the seat's; one a person at the table has already gets the seat's
        number, as two bots of a level do ("Ana #3"): who is to play must be clear."""
        if any(s.name == name for i, s in enumerate(self.seats) if i != index and not s.is_bot):
            name = f"{name} #{index + 1}"
        seat = self.seats[index]
        seat.kind, seat.level, seat.name, seat.peer = "guest", None, name, peer
        seat.token = self.random_hex(TOKEN_HEX // 2)
        return [self._welcome(index, peer)] + self._send_views(welcomed=peer)

    def _pending_commit(self, peer: str) -> list[Outgoing]:
        """A guest back while a deal waits for entropy gets its commit too (and so adds its
        entropy and can check the deal)."""
        if self.fair is None:
            return []
        return [(peer, self._commit_message())]

    def _welcome(self, index: int, peer: str) -> Outgoing:
        return (peer, {"v": PROTOCOL, "type": "welcome", "seat": index,
                       "token": self.seats[index].token, "variant": self.variant,
                       "options": self.options.to_json(), "players": self.players()})

    def _on_entropy(self, peer: str, message: dict[str, Any], now: float) -> list[Outgoing]:
        seat = self._seat_of(peer)
        fair = self.fair
        if fair is None or message.get("round") != self._round_number() + 1:
            raise ProtocolError("no deal is waiting for entropy")
        value = message.get("value")
        if not isinstance(value, str) or len(value) != 32 or not _is_hex(value):
            raise ProtocolError("entropy is 32 hex digits")
        fair.entropy.setdefault(seat, value)
        return self._deal_if_ready(now)

    def _on_action(self, peer: str, message: dict[str, Any], now: float) -> list[Outgoing]:
        seat = self._seat_of(peer)
        action = message.get("action")
        if not isinstance(action, str) or len(action) > 200:
            raise ProtocolError("an action is a string in the notation (at most 200 chars)")
        if self.match is None or self.fair is not None:
            raise ProtocolError("no round is being played")
        state = self.match.current
        if state.over or state.to_play != seat:
            raise RuleError("C2", "it is not your turn")
        if parse_action(action).kind == "timeout":
            raise RuleError("C8", "a timeout is the host's clock's to play")
        return self._play(action, now)

    def _on_ping(self, peer: str, message: dict[str, Any], now: float) -> list[Outgoing]:
        return [(peer, {"v": PROTOCOL, "type": "pong"})]

    def _on_leave(self, peer: str, message: dict[str, Any], now: float) -> list[Outgoing]:
        """A guest leaves for good (a dropped one may come back; this one will not): before
        the match its seat opens again; during it a bot takes the seat for the rest of the
        match, which a newcomer may then take when mid-game join is on."""
        self._vacate(self._seat_of(peer))
        return self._send_views()

    def _vacate(self, index: int) -> None:
        """The seat's guest is gone for good (its token gives nothing back): before the
        match the seat opens again, during it a bot plays it."""
        self.seats[index] = (Seat("guest", "") if self.match is None
                             else Seat("bot", "", level=STAND_IN_LEVEL))

    def remove(self, index: int) -> list[Outgoing]:
        """The host removes the guest of seat `index` (connected, away or played by its
        stand-in): its connection is told `removed`, and the seat is as after a `leave`."""
        if not (_is_count(index) and 0 <= index < len(self.seats)
                and self.seats[index].kind == "guest" and self.seats[index].token):
            raise ValueError(f"no guest sits at seat {index}")
        peer = self.seats[index].peer
        self._vacate(index)
        told = [(peer, {"v": PROTOCOL, "type": "removed"})] if peer is not None else []
        return told + self._send_views()

    # -- the host's own moves, bots and the clock --------------------------------------------
    def host_act(self, action: str, now: float) -> list[Outgoing]:
        state = self.match.current
        if state.over or state.to_play != self.host_seat:
            raise RuleError("C2", "it is not your turn")
        return self._play(action, now)

    def bot_step(self, now: float) -> list[Outgoing]:
        """Let the bot (or stand-in) whose turn it is play one action from its own view."""
        if self.match is None or self.fair is not None or self.match.current.over:
            return []
        state = self.match.current
        seat = self.seats[state.to_play]
        if not seat.is_bot:
            return []
        legal = [str(a) for a in legal_actions(state)]
        level = seat.level if seat.kind == "bot" else STAND_IN_LEVEL
        choice = bot_action(level, view(state, state.to_play), legal,
                            f"{self.match.match_id}/{state.to_play}") if legal else "timeout"
        return self._play(choice, now)

    def play_timeout(self, now: float) -> list[Outgoing]:
        """C8: the seat to play ran out of time on the host's clock; the engine finishes
        its turn."""
        if self.match is None or self.fair is not None or self.match.current.over:
            return []
        return self._play("timeout", now)

    def _play(self, action: str, now: float) -> list[Outgoing]:
        before = self.match.current.turn
        entries = len(self.match.current.history)
        self.match.play(action)
        self._record_players(entries)
        out: list[Outgoing] = []
        state = self.match.current
        if state.turn != before or state.over:
            out += self._turn_boundary()
        if state.over:
            reveal = self.reveals[-1] if self.reveals else None
            if reveal is not None:
                out += self._broadcast({"type": "reveal", **reveal})
        return out + self._send_views()

    def _turn_boundary(self) -> list[Outgoing]:
        """Mid-game join: a waiting newcomer takes a bot's seat between turns."""
        out: list[Outgoing] = []
        while self.waiting:
            free = next((i for i, s in enumerate(self.seats) if s.kind == "bot"), None)
            if free is None:
                break
            peer, name = self.waiting.pop(0)
            if any(s.peer == peer for s in self.seats):
                continue                  # seated meanwhile: a connection holds one seat
            out += self._seat_guest(free, peer, name)
        return out

    def disconnect(self, peer: str, now: float) -> list[Outgoing]:
        """A connection dropped: its seat is away (played by a stand-in after GRACE), and the
        other guests see it at once, as the host's page does (the seat's `connected`)."""
        away = False
        for seat in self.seats:
            if seat.peer == peer:
                seat.peer, seat.away_since, away = None, now, True
        self.waiting = [(p, n) for p, n in self.waiting if p != peer]
        return self._send_views() if away else []

    def close(self) -> list[Outgoing]:
        """The host leaves the room for good (its page's *Leave the room*): every connected
        guest, seated or waiting, is told `closed`; the room then ends (nothing resumes it)."""
        peers = [seat.peer for seat in self.seats if seat.kind == "guest" and seat.peer]
        peers += [peer for peer, _ in self.waiting]
        self.waiting = []
        return [(peer, {"v": PROTOCOL, "type": "closed"}) for peer in peers]

    def tick(self, now: float) -> list[Outgoing]:
        """The clock: stand-ins for guests away past the grace period; a deal that waited
        long enough for entropy. A new stand-in is shown to every guest at once (a QA pass:
        the other guests saw the away player's name until the stand-in's first move)."""
        new_stand_in = False
        for seat in self.seats:
            if (seat.kind == "guest" and seat.peer is None and seat.away_since is not None
                    and now - seat.away_since >= GRACE and not seat.stand_in):
                seat.stand_in = new_stand_in = True
        out = self._send_views() if new_stand_in else []
        return out + (self._deal_if_ready(now) if self.fair else [])

    # -- what leaves the host -----------------------------------------------------------------
    def _broadcast(self, message: dict[str, Any]) -> list[Outgoing]:
        return [(seat.peer, {"v": PROTOCOL, **message}) for seat in self.seats
                if seat.kind == "guest" and seat.peer is not None]

    def _send_views(self, welcomed: str | None = None) -> list[Outgoing]:
        """Each connected guest gets its own seat's snapshot; the host's page draws its own.
        Before the first deal there is no view: the seated guests get who sits where (but
        the `welcomed` one, whose welcome has just said it)."""
        if self.match is None or not self.match.rounds:
            return [out for out in self._broadcast({"type": "seats", "players": self.players()})
                    if out[0] != welcomed]
        return [(seat.peer, {"v": PROTOCOL, "type": "state", "snapshot": self.snapshot(index)})
                for index, seat in enumerate(self.seats)
                if seat.kind == "guest" and seat.peer is not None]

    def _record_players(self, known: int) -> None:
        """The seat's player of the moment for every history entry after the first `known`."""
        if self.played_round != len(self.match.rounds):
            self.played_by, self.played_round = [], len(self.match.rounds)
        history = self.match.current.history
        self.played_by += [None] * (known - len(self.played_by))
        self.played_by[known:] = [_who(self.seats[entry["seat"]].player())
                                  for entry in history[known:]]

    def snapshot(self, seat: int) -> dict[str, Any]:
        """What `seat` may see, with the running score sheet (public: finished rounds). A
        history entry played by someone other than the seat's player now names them
        (`"player"`: "AI in place of Ana", or a guest who has left)."""
        players = self.players()
        snap = {**seat_snapshot(self.match, players, seat),
                "sheet": {**platform.score_sheet(self.match), "players": players}}
        if self.played_round == len(self.match.rounds):
            for entry, by in zip(snap["view"]["history"], self.played_by):
                if by is not None and by != _who(players[entry["seat"]]):
                    entry["player"] = by
        return snap

    def host_snapshot(self) -> dict[str, Any]:
        return self.snapshot(self.host_seat)

    # -- saving (the host reloads: the match resumes, guests reconnect with their token) -----
    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant, "options": self.options.to_json(),
            "seats": [asdict(seat) | {"peer": None} for seat in self.seats],
            "password_hash": self.password_hash, "midgame_join": self.midgame_join,
            "visibility": self.visibility, "reveals": self.reveals,
            "log": match_log.to_json(self.match, self.players()) if self.match else None,
            "played_by": self.played_by, "played_round": self.played_round,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], now: float) -> Room:
        seats = [Seat(**seat) for seat in data["seats"]]
        for seat in seats:
            if seat.name:                        # saved before names were cleaned
                seat.name = clean_name(seat.name, HOST_NAME if seat.kind == "host"
                                       else GUEST_NAME)
            if seat.kind == "guest":
                seat.away_since = now            # everyone reconnects; grace starts again
        room = cls(data["variant"], Options.from_json(data["options"]), seats,
                   data["password_hash"], data["midgame_join"], data["visibility"],
                   reveals=data["reveals"])
        if data["log"] is not None:
            room.match = match_log.replay(data["log"])
            if not room.match.rounds:            # saved while its first deal waited: deal anew
                room.fair = FairDeal(room.random_hex(32), now, restored=True)
            elif first := next((r for r in room.reveals if r.get("round") == 1), None):
                # C3: the dice again, from round 1's fair seed (as _deal_if_ready rolled them)
                room.match.dice = roll_dealer(len(seats), rng_for(first["seed"], "dice"))[1]
        room.played_by = list(data.get("played_by") or [])    # saved before: not known
        room.played_round = data.get("played_round", 0)
        return room


def _who(player: dict[str, Any]) -> dict[str, Any]:
    """A player as a history entry names them (whether they are connected is not who)."""
    return {key: value for key, value in player.items() if key != "connected"}


def _hash_password(password: str) -> str:
    # surrogatepass: a JSON string may hold a lone surrogate, which plain UTF-8 refuses
    return (hashlib.sha256(f"remi-room/{password}".encode("utf-8", "surrogatepass")).hexdigest()
            if password else "")


def _is_hex(text: str) -> bool:
    return all(c in "0123456789abcdef" for c in text)


TOKEN_HEX = 32                 # a seat's token: random_hex(16), 32 hex digits


def _is_token(text: str) -> bool:
    return len(text) == TOKEN_HEX and _is_hex(text)


MESSAGE_TYPES = {"hello": {"name", "password", "token"}, "entropy": {"round", "value"},
                 "action": {"action"}, "ping": set(), "leave": set()}


def _parse(raw: Any) -> dict[str, Any]:
    """Schema and size checks of one guest message (docs/protocol.md)."""
    if not isinstance(raw, str):
        raise ProtocolError("a message is a JSON text")
    if len(raw.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise ProtocolError(f"message too large (at most {MAX_MESSAGE} bytes)")
    try:
        message = json.loads(raw)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ProtocolError(f"not JSON: {error}") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    version = message.get("v")
    if not _is_count(version) or version != PROTOCOL:
        raise ProtocolError(f"protocol version {PROTOCOL} expected")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("type must be a string")
    if kind not in MESSAGE_TYPES:
        raise ProtocolError(f"unknown message type {kind!r}")
    extra = set(message) - MESSAGE_TYPES[kind] - {"v", "type"}
    if extra:
        raise ProtocolError(f"unknown field(s): {', '.join(sorted(map(str, extra)))}")
    for key in ("name", "password", "token"):
        if key in message and message[key] is not None and (
                not isinstance(message[key], str) or len(message[key]) > 128):
            raise ProtocolError(f"{key} must be a short string")
    if "round" in message and not _is_count(message["round"]):
        raise ProtocolError("round must be a whole number")
    return message


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
