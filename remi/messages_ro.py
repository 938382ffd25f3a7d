"""The engine's refusals in Romanian, for the Romanian page.

The engine explains a refusal in English (`RuleError.message`). This catalogue gives each of
its messages a Romanian text: a message is matched against the English templates below (a
`{name}` is a value the engine filled in: a tile, a number, a list of tiles) and the values
are put into the Romanian template. Values that are English words themselves (what a rule
needs, the close actions the atu allows) are translated too. tests/test_messages_ro.py reads
every `RuleError` of remi/ and checks that each of its messages is in the catalogue.
"""

from __future__ import annotations

import re
from functools import partial

# English template → Romanian template; the placeholders are named as in the engine's code.
CATALOGUE: dict[str, str] = {
    # common rules
    "it is not your turn": "nu e rândul tău",
    "the round is over": "runda s-a încheiat",
    "a table has 2 to 4 seats": "o masă are între 2 și 4 jucători",
    'the "3 doubles" redeal is off at this table':
        "la masa asta nu se reîmparte pentru „3 dubluri”",
    "a hand may be refused only on its first turn, before discarding":
        "o mână se poate refuza doar în prima ei tură, înainte să arunci",
    "a redeal needs three or more identical pairs dealt to you":
        "reîmpărțirea cere cel puțin trei perechi de piese identice primite la împărțire",
    "the deal is for {deal.seats} seats, the match has {self.seats}":
        "împărțirea e pentru {deal.seats} jucători, meciul are {self.seats}",
    "a match without a seed needs explicit deals":
        "un meci fără sămânță are nevoie de împărțiri date",
    "round {index - 1} is not over, yet round {index} follows":
        "runda {index - 1} nu s-a încheiat, totuși urmează runda {index}",
    "the replayed round does not end with the scores the host showed":
        "runda rejucată nu se încheie cu scorurile arătate de gazdă",
    # ("se află" is singular and plural: one tile or several match either template)
    "{tiles_text(tiles)}: not on your rack": "{tiles_text(tiles)}: nu se află în rastelul tău",
    "{tile_name(tile)}: not on your rack": "{tile_name(tile)}: nu se află în rastelul tău",
    "the first player's first turn is a discard only (15 tiles)":
        "prima tură a primului jucător e doar o aruncare (are 15 piese)",
    # formations (C5) and jokers (E9)
    "a formation needs at least 3 tiles; {len(tiles)} given":
        "o formație are cel puțin 3 piese, nu {len(tiles)}",
    "at most one joker per formation": "cel mult un joker într-o formație",
    "a group needs different colours: {_names(tiles)}":
        "un grup cere culori diferite: {_names(tiles)}",
    "a group holds at most 4 tiles, one per colour":
        "un grup are cel mult 4 piese, câte una din fiecare culoare",
    "a run holds each number once: {_names(tiles)}":
        "o suită are fiecare număr o singură dată: {_names(tiles)}",
    "13-1-2 goes around the corner: the ace is low or high, not both":
        "13-1-2 trece peste colț: asul e mic sau mare, nu amândouă",
    "a run needs consecutive numbers: {_names(tiles)}":
        "o suită cere numere consecutive: {_names(tiles)}",
    "a group is one number in different colours, a run one colour in consecutive numbers: "
    "{_names(tiles)}":
        "un grup e un număr în culori diferite, o suită o culoare în numere consecutive: "
        "{_names(tiles)}",
    "a complete group (4 tiles) cannot grow": "un grup complet (4 piese) nu mai crește",
    "{tile_name(tile)} does not belong to a group of {group_number(formation)}s":
        "{tile_name(tile)} nu intră într-un grup cu numărul {group_number(formation)}",
    "the group already has a {tile_name(tile)[0]} tile":
        "grupul are deja o piesă {tile_name(tile)[0]}",
    "the complete run 1…13-1 cannot grow": "suita completă 1…13-1 nu mai crește",
    "{tile_name(tile)} is not the colour of this run":
        "{tile_name(tile)} nu are culoarea acestei suite",
    "{tile_name(tile)} is what the joker stands for: swap it in":
        "jokerul ține locul piesei {tile_name(tile)}: schimbă-l cu ea",
    "{tile_name(tile)} does not extend this run at either end":
        "{tile_name(tile)} nu prelungește suita la niciun capăt",
    "this formation has no joker to swap": "formația asta nu are joker de schimbat",
    "a joker leaves a group only when the group is complete (4 tiles)":
        "jokerul iese dintr-un grup doar când grupul e complet (4 piese)",
    "the joker here stands for {tile_name(wanted)}, not {tile_name(tile)}":
        "jokerul de aici ține locul piesei {tile_name(wanted)}, nu al piesei {tile_name(tile)}",
    # Remi Etalat
    "nobody takes from the strip in the first round": "în prima tură nimeni nu ia din șir",
    "nobody lays anything in the first round": "în prima tură nimeni nu coboară nimic",
    "the strip holds only its head, which can never be taken":
        "șirul are doar capul, care nu se ia niciodată",
    "only {takeable} tile(s) above the head can be taken; the head never":
        "se pot lua doar piesele de deasupra capului ({takeable}); capul niciodată",
    "preset clasic: only an opened player may break the strip":
        "reguli clasic: doar un jucător etalat poate rupe șirul",
    "not opened yet: you may take {tile_name(cut)} only to use it in an opening of 45 points "
    "this turn, and it makes none":
        "nu ești etalat: poți lua {tile_name(cut)} doar ca s-o folosești într-o etalare de 45 "
        "de puncte în tura asta, și nu iese niciuna",
    "the cut tile {tile_name(cut)} must be laid this turn, and it fits no formation":
        "piesa de la tăietură, {tile_name(cut)}, trebuie coborâtă în tura asta și nu intră în "
        "nicio formație",
    "you have already opened: lay or attach instead":
        "ești deja etalat: coboară formații sau adaugă piese la ele",
    "an opening needs {OPENING_POINTS} points and {needs}; this one is worth {points}":
        "etalarea cere {OPENING_POINTS} de puncte și {needs}; aceasta valorează {points}",
    "an opening needs {OPENING_POINTS} points and {needs}; this one is worth {points}{lacks}":
        "etalarea cere {OPENING_POINTS} de puncte și {needs}; aceasta valorează {points}{lacks}",
    "the opening must use {tiles_text(state.must_lay)}, taken from the strip for it":
        "etalarea trebuie să folosească ce ai luat din șir pentru ea: {tiles_text(state.must_lay)}",
    "{tile_name(tile)} must still be laid this turn, and after this it could not be":
        "{tile_name(tile)} trebuie să ajungă pe masă în tura asta, iar după mutarea asta n-ar "
        "mai putea",
    "draw first: from the stock or the strip": "trage întâi: din teanc sau din șir",
    "you may {what} only after opening with 45 points and a run (use open)":
        "poți {what} doar după ce te etalezi cu 45 de puncte și o suită (Etalează)",
    "you may {what} only after opening with 45 points (use open)":
        "poți {what} doar după ce te etalezi cu 45 de puncte (Etalează)",
    "there is no formation {number} on the table ({len(state.table)} laid)":
        "nu există formația {number} pe masă (sunt {len(state.table)})",
    "a laying must leave a tile to discard": "după ce cobori trebuie să-ți rămână o piesă de aruncat",
    "a laying must leave a tile to discard — and you cannot close on the turn you open "
    "(preset platform)":
        "după ce cobori trebuie să-ți rămână o piesă de aruncat — și nu poți închide în tura "
        "în care te etalezi (reguli platformă)",
    "{tiles_text(state.must_lay)} must be laid this turn before you discard":
        "{tiles_text(state.must_lay)} trebuie să ajungă pe masă în tura asta înainte să arunci",
    "preset clasic: a joker may not be discarded": "reguli clasic: jokerul nu se aruncă",
    "you opened this turn: you cannot close in the same turn":
        "te-ai etalat în tura asta: nu poți închide în aceeași tură",
    "you have drawn already this turn": "ai tras deja în tura asta",
    "'{kind}' is not an action of Remi Etalat": "„{kind}” nu e o mutare din Remi Etalat",
    # Remi pe Tablă
    "'{kind}': nothing is laid in Remi pe Tablă — draw or take, then discard or close":
        "„{kind}”: în Remi pe Tablă nu se coboară nimic — trage sau ia, apoi aruncă sau închide",
    "one tile in, one out: you have drawn already this turn":
        "o piesă intră, una iese: ai tras deja în tura asta",
    "only the top tile of your own row may be taken; the rest is buried for good":
        "se ia doar piesa de sus din rândul tău; restul rămâne îngropat",
    "your row is empty: draw from the stock": "rândul tău e gol: trage din teanc",
    "a joker in a row can never be taken, not even by its owner":
        "un joker dintr-un rând nu se mai ia niciodată, nici de cel care l-a aruncat",
    "the atu has already been taken": "atuul a fost deja luat",
    "the atu {tile_name(state.deal.atu)} does not complete your rack: take it only to close "
    "at once":
        "atuul {tile_name(state.deal.atu)} nu îți completează rastelul: ia-l doar ca să "
        "închizi imediat",
    "with the atu taken you close at once: {closes}": "cu atuul luat închizi imediat: {closes}",
    "draw first: from the stock or the top of your row":
        "trage întâi: din teanc sau piesa de sus din rândul tău",
    "draw first: you close after drawing": "trage întâi: închizi după ce ai tras",
    "discarding {tile_name(tile)} does not close: every other tile must be in a formation":
        "aruncând {tile_name(tile)} nu închizi: toate celelalte piese trebuie să fie în "
        "formații",
}

# Values the engine fills in with English words (remi/etalat.py, remi/tabla.py).
WORDS: dict[str, str] = {
    "a run": "o suită",
    "a run or three groups (preset clasic)": "o suită sau trei grupuri (reguli clasic)",
    " and has no run": " și nu are nicio suită",
    " and has neither": " și nu are niciuna",
    "lay a formation": "coborî o formație",
    "attach": "adăuga piese la formații",
    "swap a joker": "schimba un joker",
}

_NUMBERS = {"OPENING_POINTS", "points", "takeable", "number", "len(tiles)", "len(state.table)",
            "index", "index - 1", "deal.seats", "self.seats", "group_number(formation)"}
_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


def _pattern(template: str) -> re.Pattern[str]:
    parts, at = [], 0
    for found in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[at:found.start()]))
        name = found.group(1)
        parts.append(r"(-?\d+)" if name in _NUMBERS else "(.+?)")
        at = found.end()
    parts.append(re.escape(template[at:]))
    return re.compile("".join(parts) + r"\Z")


# The longest templates first, so "… worth {points}{lacks}" is tried before "… {points}".
_PATTERNS = [(_pattern(en), en, ro) for en, ro in sorted(CATALOGUE.items(),
                                                           key=lambda item: -len(item[0]))]


# An action's name as the Romanian page's buttons and help say it (the notation's first word).
ACTIONS = {"draw": "trage", "take": "ia", "open": "etalează", "lay": "coboară",
           "attach": "adaugă", "swap": "schimbă", "discard": "aruncă", "close": "închide",
           "atu": "ia atuul", "redeal": "reîmparte", "timeout": "timp expirat"}
# A colour letter of the notation (K R Y B), said of a tile (piesă: feminine).
COLOURS = {"K": "neagră", "R": "roșie", "Y": "galbenă", "B": "albastră"}


def _value(name: str, value: str) -> str:
    if name == "closes":       # "close R7 or close B3" (notation) → "închide R7 sau închide B3"
        return value.replace("close ", "închide ").replace(" or ", " sau ")
    if name == "kind":
        return ACTIONS.get(value, value)
    if name == "tile_name(tile)[0]":
        return COLOURS.get(value, value)
    return WORDS.get(value, value)


def romanian(message: str) -> str | None:
    """The Romanian text of an engine message (with or without its "RULE: " prefix), or None
    when the catalogue does not know it."""
    prefix, _, rest = message.partition(": ")
    text = romanian_text(rest) if prefix and " " not in prefix else None
    return f"{prefix}: {text}" if text is not None else romanian_text(message)


def romanian_text(message: str) -> str | None:
    for pattern, english, text in _PATTERNS:
        found = pattern.match(message)
        if found:
            values = dict(zip(_PLACEHOLDER.findall(english), found.groups(), strict=True))
            return _PLACEHOLDER.sub(partial(_fill, values), text)
    return None


def _fill(values: dict[str, str], placeholder: re.Match[str]) -> str:
    return _value(placeholder.group(1), values[placeholder.group(1)])
