"""The Romanian page explains every refusal in Romanian (remi/messages_ro.py): each message
a player can see — a `RuleError`, `NotationError`, `LogError` or room `ProtocolError` of
remi/, a room's refused entry, the ValueErrors of a profile import, of a room's host and of
the page's own game (remi/bridge.py) — is in the catalogue, and real refusals come out
translated."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from remi import bridge
from remi import log as match_log
from remi.log import LogError
from remi.messages_ro import CATALOGUE, romanian
from remi.profile import check_profile, empty_profile
from remi.room import Room
from tests.helpers import filler, play, refusal, round_of
from tests.test_rules_etalat import OPENER, SEAT1, first_round

REMI = Path(__file__).resolve().parents[1] / "remi"


def templates(node: ast.expr) -> list[str]:
    """The message texts an expression can produce, each value written `{its code}`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(part.value if isinstance(part, ast.Constant)
                        else "{" + ast.unparse(part.value) + "}" for part in node.values)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in templates(node.left) for b in templates(node.right)]
    if isinstance(node, ast.IfExp):
        return templates(node.body) + templates(node.orelse)
    return ["{" + ast.unparse(node) + "}"]


# The errors whose text a player can see, and which argument holds it: a RuleError's
# message (its first argument is the rule id), a NotationError's, a room's ProtocolError
# (sent to a guest), a LogError's place in the log ("round 2, action 5 (…)": the error it
# wraps is one of the others).
MESSAGE_ARGUMENT = {"RuleError": 1, "NotationError": 0, "ProtocolError": 0, "LogError": 0}
# Modules whose plain ValueErrors reach a page: a refused profile import, the room's host.
PAGE_VALUE_ERRORS = {"profile.py", "room.py", "host.py", "bridge.py"}


def called(call: ast.Call) -> str | None:
    """The name a call is made by: `RuleError(…)` or `match_log.LogError(…)`."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    return call.func.attr if isinstance(call.func, ast.Attribute) else None


def engine_messages() -> set[str]:
    found = set()
    for path in REMI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assigned: dict[str, list[ast.expr]] = {}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)):
                assigned.setdefault(node.targets[0].id, []).append(node.value)
        arguments = dict(MESSAGE_ARGUMENT)
        if path.name in PAGE_VALUE_ERRORS:
            arguments["ValueError"] = 0
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and called(node) in arguments:
                name = called(node)
                message = node.args[arguments[name]]
                # a variable (LogError(where, …)) stands for the texts assigned to it
                values = (assigned[message.id] if isinstance(message, ast.Name)
                          and message.id in assigned else [message])
                found.update(text for value in values for text in templates(value))
            # a room's answers to a guest it does not seat: {"type": "refused", "error": …}
            if isinstance(node, ast.Dict) and path.name == "room.py":
                for key, value in zip(node.keys, node.values, strict=True):
                    if (isinstance(key, ast.Constant) and key.value == "error"
                            and isinstance(value, ast.Constant)):
                        found.add(value.value)
    return found


def test_every_refusal_of_the_engine_is_in_the_catalogue_and_nothing_else():
    messages = engine_messages()
    assert len(messages) > 120
    assert {"not JSON: {error}", "no round is being played", "wrong password", "round {index}",
            "{where}, action {number} (seat {seat}, {action})", "empty action",
            "the profile's statistics are damaged", "the match has started"} <= messages
    assert sorted(messages - set(CATALOGUE)) == [], "refusals without a Romanian text"
    assert sorted(set(CATALOGUE) - messages) == [], "Romanian texts of no refusal"


def test_every_catalogue_entry_keeps_its_values():
    for english, text in CATALOGUE.items():
        assert sorted(english.count(c) for c in "{}") == sorted(text.count(c) for c in "{}")
        for name in ("{" + part.split("}")[0] + "}" for part in english.split("{")[1:]):
            assert name in text, (english, name)


@pytest.mark.parametrize("english, expected", [
    ("C2: it is not your turn", "C2: nu e rândul tău"),
    ("E4: an opening needs 45 points and a run; this one is worth 38 and has no run",
     "E4: etalarea cere 45 de puncte și o suită; aceasta valorează 38 și nu are nicio suită"),
    ("E4: an opening needs 45 points and a run; this one is worth 52",
     "E4: etalarea cere 45 de puncte și o suită; aceasta valorează 52"),
    ("T7: with the atu taken you close at once, discarding a tile that leaves the rest in "
     "formations",
     "T7: cu atuul luat închizi imediat, aruncând o piesă care lasă restul în formații"),
    # the count said as a count of tiles (a QA pass read "cel mult 12" as a tile 12)
    ("E1: the head of the strip, its first tile, is never taken: you may take at most the "
     "tiles above it (3)",
     "E1: capul șirului, prima lui piesă, nu se ia niciodată: poți lua cel mult piesele de "
     "deasupra lui (3)"),
    ("E1: the head of the strip, its first tile, is never taken: you may take at most the "
     "tiles above it (3), and before opening only to use the tile cut at in this turn's "
     "opening (E5, E6)",
     "E1: capul șirului, prima lui piesă, nu se ia niciodată: poți lua cel mult piesele de "
     "deasupra lui (3), iar înainte de etalare doar ca să etalezi în tura asta cu piesa de la "
     "tăietură (E5, E6)"),
    ("E9: R7 B7: not on your rack", "E9: R7 B7: nu se află în rastelul tău"),
    # a joker that must still be laid is the sentence's subject: "Jokerul trebuie…"
    ("E9: J must be laid this turn before you discard",
     "E9: Jokerul trebuie să ajungă pe masă în tura asta înainte să arunci"),
    ("E9: J must still be laid this turn, and after this it could not be",
     "E9: Jokerul trebuie să ajungă pe masă în tura asta, iar după mutarea asta n-ar mai putea"),
    ("E9: B13 J must be laid this turn before you discard",
     "E9: Jokerul și B13 trebuie să ajungă pe masă în tura asta înainte să arunci"),
    ("E6: R7 must be laid this turn before you discard",
     "E6: R7 trebuie să ajungă pe masă în tura asta înainte să arunci"),
    ("this saved game has 2 players who are not bots; a game on this page has one (none when "
     "watching bots)", "jocul salvat are 2 jucători care nu sunt AI; un joc pe această pagină are "
     "unul (niciunul când privești AI-uri)"),
    ("T3: R7: not on your rack", "T3: R7: nu se află în rastelul tău"),
    ("T1: 'lay': nothing is laid in Remi pe Tablă — draw or take, then discard or close",
     "T1: „coboară”: în Remi pe Tablă nu se coboară nimic — trage sau ia, apoi aruncă sau "
     "închide"),
    ("C5: the group already has a Y tile", "C5: grupul are deja o piesă galbenă"),
    ("E4: you may swap a joker only after opening with 45 points and a run (Open)",
     "E4: poți schimba un joker doar după ce te etalezi cu 45 de puncte și o suită (Etalează)"),
    # a QA pass: the row's owner, who tries to take it, not its discarder (T5); the preset
    # named as elsewhere, "regulile clasice"
    ("T5: a joker in a row can never be taken, not even by its owner",
     "T5: un joker dintr-un rând nu se mai ia niciodată, nici măcar de cel căruia îi aparține "
     "rândul"),
    ("E10: preset clasic: a joker may not be discarded",
     "E10: la regulile clasice jokerul nu se aruncă"),
    ("E5: not opened yet: you may take R7 only to use it in an opening this turn (45 points "
     "and a run or three groups (preset clasic)), and it makes none",
     "E5: nu ești etalat: poți lua R7 doar ca s-o folosești într-o etalare în tura asta (45 "
     "de puncte și o suită sau trei grupuri (regulile clasice)), și nu iese niciuna"),
])
def test_messages_are_translated_with_their_values(english, expected):
    assert romanian(english) == expected


@pytest.mark.parametrize("english, expected", [
    # notation (NotationError): what was written stays as written
    ("notation: empty action", "notație: mutare goală"),
    ("notation: write 'attach T to N'", "notație: scrie „attach T to N”"),
    ("notation: 'draw' takes nothing after it", "notație: după „draw” nu urmează nimic"),
    ("C1: more than two copies of R7: the set has two",
     "C1: mai mult de două piese R7: setul are doar două"),
    # a log that does not replay (LogError: its place, then the error it wraps)
    ("log: notation: not JSON: Expecting value: line 1 column 1 (char 0)",
     "jurnal: notație: nu e JSON valid: Expecting value: line 1 column 1 (char 0)"),
    ("log: C2: seats must be 2, 3 or 4", "jurnal: C2: „seats” trebuie să fie 2, 3 sau 4"),
    ("round 0: C4: seat 1 holds 13 tiles; the deal gives 14 (others)",
     "runda 0: C4: locul 1 are 13 piese; împărțirea dă 14 (celorlalți)"),
    ("round 1, action 4 (seat 0, 'discard R7'): T3: R7: not on your rack",
     "runda 1, mutarea 4 (locul 0, 'discard R7'): T3: R7: nu se află în rastelul tău"),
    ("round 0, action 2 (seat 1, 'open R7: x'): notation: 'R7:' is not a tile: write colour "
     "K/R/Y/B + 1…13, or J",
     "runda 0, mutarea 2 (locul 1, 'open R7: x'): notație: „R7:” nu e o piesă: scrie culoarea "
     "K/R/Y/B + 1…13, sau J"),
    # a room (ProtocolError, refused entries, the host's errors)
    ("too many messages: at most 30 per 10 s", "prea multe mesaje: cel mult 30 la 10 s"),
    ("unknown message type 'draw'", "tip de mesaj necunoscut: 'draw'"),
    ("this connection already holds a seat", "conexiunea asta ocupă deja un loc la masă"),
    ("the table is full", "masa e plină"),
    ("ValueError: the match has started", "ValueError: meciul a început deja"),
    # a refused profile import
    ("profile version 2 is not supported (this page reads version 1)",
     "versiunea de profil 2 nu e acceptată (pagina citește versiunea 1)"),
])
def test_other_errors_are_translated_with_their_values(english, expected):
    assert romanian(english) == expected


def test_an_unknown_message_has_no_romanian_text():
    assert romanian("E4: something the catalogue never heard of") is None
    assert romanian("round 2: E4: something the catalogue never heard of") is None
    assert romanian("not JSON") is None
    assert romanian("") is None


def test_real_errors_of_logs_rooms_and_profiles_come_out_in_romanian():
    """Errors raised for real: a log that does not load, a guest's bad messages, a refused
    profile; each one is translated whole (no English word of the catalogue left)."""
    errors = []
    for text in ('{"seats": 2', '{"variant": "etalat", "seats": 5, "rounds": []}',
                 '{"variant": "etalat", "seats": 2, "rounds": [{"first": 0, "hands": [[], []]}]}',
                 json.dumps({"variant": "etalat", "seats": 2, "seed": 7,
                             "rounds": [{"actions": ["fly"]}]})):
        with pytest.raises(LogError) as caught:
            match_log.load(text)
        errors.append(str(caught.value))
    for data in ({}, {**empty_profile("Ana"), "matches": None}):
        with pytest.raises(ValueError) as caught:
            check_profile(data)
        errors.append(str(caught.value))
    room = Room.create("etalat", ["host", "guest"], password="tei")   # "nope" is wrong
    for raw in ("{", '{"v": 1, "type": "action", "action": "draw"}', '{"v": 1, "type": "x"}',
                '{"v": 1, "type": "hello", "name": "Ana", "password": "nope"}'):
        errors.append(room.receive("guest", raw, 0.0)[0][1]["error"])
    for error in errors:
        text = bridge.refusal_ro(error)
        assert text is not None, error
        assert not any(word in f" {text} " for word in (" the ", " must ", " is ", " round ",
                                                        " action ", " seat ")), text
    assert bridge.refusal_ro(errors[0]).startswith("jurnal: notație: nu e JSON valid: ")


def test_real_refusals_come_out_in_romanian():
    """Refusals of the engine itself (E2, E3, E4; T3, T7), through the page's call."""
    state = play(first_round(), "draw")
    groups = play(first_round("K7 R7 Y7 K10 R10 Y10 K11 R11 Y11"), "draw")
    start = round_of("etalat", [f"{OPENER} {filler(9)}", SEAT1], stock="Y2")
    tabla = round_of("tabla", [f"R1 R2 R3 {filler(12)}", filler(14, "R1 R2 R3")], stock="Y2")
    refused = [refusal(state, "open R10 R11 R12"), refusal(state, "lay R10 R11 R12"),
               refusal(groups, "open K7 R7 Y7 | K10 R10 Y10 | K11 R11 Y11"),
               refusal(start, "draw"), refusal(play(start, "discard R9"), "take"),
               refusal(tabla, "draw"), refusal(play(tabla, "discard R1"), "atu")]
    for error in refused:
        text = bridge.refusal_ro(str(error))
        assert text is not None and text.startswith(f"{error.rule}: "), str(error)
        assert not any(word in f" {text} " for word in (" the ", " you ", " your ", " only ")), text
    assert bridge.refusal_ro(str(refused[0])) == (
        "E4: etalarea cere 45 de puncte și o suită; aceasta valorează 30")
