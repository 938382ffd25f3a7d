"""The Romanian page explains every refusal in Romanian (remi/messages_ro.py): each message
a `RuleError` of remi/ can carry is in the catalogue, and real refusals come out translated."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from remi import bridge
from remi.messages_ro import CATALOGUE, romanian
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


def engine_messages() -> set[str]:
    found = set()
    for path in REMI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "RuleError"):
                found.update(templates(node.args[1]))
    return found


def test_every_refusal_of_the_engine_is_in_the_catalogue_and_nothing_else():
    messages = engine_messages()
    assert len(messages) > 60
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
    ("T7: with the atu taken you close at once: close R7 or close B3",
     "T7: cu atuul luat închizi imediat: închide R7 sau închide B3"),
    ("E9: R7 B7: not on your rack", "E9: R7 B7: nu se află în rastelul tău"),
    ("T3: R7: not on your rack", "T3: R7: nu se află în rastelul tău"),
    ("T1: 'lay': nothing is laid in Remi pe Tablă — draw or take, then discard or close",
     "T1: „coboară”: în Remi pe Tablă nu se coboară nimic — trage sau ia, apoi aruncă sau "
     "închide"),
    ("C5: the group already has a Y tile", "C5: grupul are deja o piesă galbenă"),
    ("E4: you may swap a joker only after opening with 45 points and a run (use open)",
     "E4: poți schimba un joker doar după ce te etalezi cu 45 de puncte și o suită (Etalează)"),
])
def test_messages_are_translated_with_their_values(english, expected):
    assert romanian(english) == expected


def test_an_unknown_message_has_no_romanian_text():
    assert romanian("E4: something the catalogue never heard of") is None
    assert romanian("") is None


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
