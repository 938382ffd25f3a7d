"""The engine's refusals and errors in Romanian, for the Romanian page.

The engine explains a refusal in English (`RuleError.message`). This catalogue gives each of
its messages a Romanian text: a message is matched against the English templates below (a
`{name}` is a value the engine filled in: a tile, a number, a list of tiles) and the values
are put into the Romanian template. Values that are English words themselves (what a rule
needs, the close actions the atu allows) are translated too.

Besides the rules' refusals the catalogue holds every other error text a player can see:
notation that is not understood (`NotationError`), a saved or imported log that does not
replay (`LogError`: where it failed, then the error it wraps), a room's answers to a guest
(`ProtocolError`, a refused entry) and its host's errors, a refused profile import. A
message made of parts ("round 2, action 5 (seat 1, 'draw'): C2: it is not your turn") is
translated part by part. tests/test_messages_ro.py reads all of those errors in remi/ and
checks that each of their messages is in the catalogue, and nothing else is.
"""

from __future__ import annotations

import re
from functools import partial

# English template → Romanian template; the placeholders are named as in the engine's code.
# The rules' refusals (`RuleError`): their values are translated (see `_value`).
REFUSALS: dict[str, str] = {
    # common rules
    "it is not your turn": "nu e rândul tău",
    "the round is over": "runda s-a încheiat",
    "a table has 2 to 4 seats": "o masă are între 2 și 4 jucători",
    'the "3 doubles" redeal is off at this table':
        "la masa asta nu se reîmparte pentru „3 dubluri”",
    "a hand may be refused only on its first turn, before discarding":
        "o mână se poate refuza doar în prima ei tură, înainte să arunci",
    "a hand is refused as it was dealt: before drawing":
        "o mână se refuză așa cum a fost împărțită: înainte să tragi",
    "a redeal needs three or more identical pairs dealt to you":
        "reîmpărțirea cere cel puțin trei perechi de piese identice primite la împărțire",
    "with the atu taken you close at once: the hand can no longer be refused":
        "cu atuul luat închizi imediat: mâna nu mai poate fi refuzată",
    "the deal is for {deal.seats} seats, the match has {self.seats}":
        "împărțirea e pentru {deal.seats} jucători, meciul are {self.seats}",
    "a match without a seed needs explicit deals":
        "un meci fără sămânță are nevoie de împărțiri date",
    "the match is over: it reached its target":
        "meciul s-a încheiat: și-a atins ținta",
    "the table is over: its rounds ({table_rounds}) are played":
        "masa s-a încheiat: rundele ei ({table_rounds}) s-au jucat",
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
    "nobody takes from the strip in the first turn of the table": "în primul tur al mesei nimeni nu ia din șir",
    "nobody lays anything in the first turn of the table": "în primul tur al mesei nimeni nu coboară nimic",
    "the strip holds only its head, which can never be taken":
        "șirul are doar capul, care nu se ia niciodată",
    "the head of the strip, its first tile, is never taken: you may take at most the tiles "
    "above it ({takeable})":
        "capul șirului, prima lui piesă, nu se ia niciodată: poți lua cel mult piesele de "
        "deasupra lui ({takeable})",
    "the head of the strip, its first tile, is never taken: you may take at most the tiles "
    "above it ({takeable}){unopened}":
        "capul șirului, prima lui piesă, nu se ia niciodată: poți lua cel mult piesele de "
        "deasupra lui ({takeable}){unopened}",
    "preset clasic: only an opened player may break the strip":
        "la regulile clasice doar un jucător etalat poate sparge șirul",
    "not opened yet: you may take {tile_name(cut)} only to use it in an opening this turn "
    "(45 points and {needs}), and it makes none":
        "nu ești etalat: poți lua {tile_name(cut)} doar ca s-o folosești într-o etalare în tura "
        "asta (45 de puncte și {needs}), și nu iese niciuna",
    "not opened yet: you may break the strip at {tile_name(cut)} only to use it in an opening "
    "this turn (45 points and {needs}), and it makes none":
        "nu ești etalat: poți sparge șirul la {tile_name(cut)} doar ca s-o folosești într-o "
        "etalare în tura asta (45 de puncte și {needs}), și nu iese niciuna",
    "the cut tile {tile_name(cut)} must be laid this turn, and it fits no formation":
        "piesa de la tăietură, {tile_name(cut)}, trebuie coborâtă în tura asta și nu intră în "
        "nicio formație",
    "the cut tile {tile_name(cut)} must be laid this turn, and it fits no formation{whole}":
        "piesa de la tăietură, {tile_name(cut)}, trebuie coborâtă în tura asta și nu intră în "
        "nicio formație{whole}",
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
    "you may {what} only after opening with 45 points and a run (Open)":
        "poți {what} doar după ce te etalezi cu 45 de puncte și o suită (Etalează)",
    "you may {what} only after opening with 45 points (Open)":
        "poți {what} doar după ce te etalezi cu 45 de puncte (Etalează)",
    "there is no formation {number} on the table ({len(state.table)} laid)":
        "nu există formația {number} pe masă (sunt {len(state.table)})",
    "a laying must leave a tile to discard": "după ce cobori trebuie să-ți rămână o piesă de aruncat",
    "a laying must leave a tile to discard, and preset clasic does not let a joker be "
    "discarded (E10)":
        "după ce cobori trebuie să-ți rămână o piesă de aruncat, iar regulile clasice nu lasă "
        "jokerul să fie aruncat (E10)",
    "a laying must leave a tile to discard — and you cannot close on the turn you open "
    "(preset platform)":
        "după ce cobori trebuie să-ți rămână o piesă de aruncat — și nu poți închide în tura "
        "în care te etalezi (reguli platformă)",
    "{tiles_text(state.must_lay)} must be laid this turn before you discard":
        "{tiles_text(state.must_lay)} trebuie să ajungă pe masă în tura asta înainte să arunci",
    "preset clasic: a joker may not be discarded": "la regulile clasice jokerul nu se aruncă",
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
        "un joker dintr-un rând nu se mai ia niciodată, nici măcar de cel căruia îi aparține rândul",
    "the atu has already been taken": "atuul a fost deja luat",
    "the atu {tile_name(state.deal.atu)} does not complete your rack: take it only to close "
    "at once, with the atu in a formation":
        "atuul {tile_name(state.deal.atu)} nu îți completează rastelul: ia-l doar ca să "
        "închizi imediat, cu atuul într-o formație",
    "the atu closes in a formation: it cannot be the tile you discard":
        "atuul închide într-o formație: nu poate fi piesa pe care o arunci",
    "with the atu taken you close at once, discarding a tile that leaves the rest in formations":
        "cu atuul luat închizi imediat, aruncând o piesă care lasă restul în formații",
    "draw first: from the stock or the top of your row":
        "trage întâi: din teanc sau piesa de sus din rândul tău",
    "draw first: you close after drawing": "trage întâi: închizi după ce ai tras",
    "discarding {tile_name(tile)} does not close: every other tile must be in a formation":
        "aruncând {tile_name(tile)} nu închizi: toate celelalte piese trebuie să fie în "
        "formații",
}

# Notation that is not understood (`NotationError` of remi/actions.py, remi/tiles.py): the
# values are what was written, or the notation's own words, and stay as they are.
NOTATION: dict[str, str] = {
    "empty action": "mutare goală",
    "an action is a string, not {type(text).__name__}":
        "o mutare se scrie ca text, nu ca {type(text).__name__}",
    "unknown action '{words[0]}' (one of: {', '.join(KINDS)})":
        "mutare necunoscută: „{words[0]}” (se scrie una dintre: {', '.join(KINDS)})",
    "'{kind}' takes nothing after it": "după „{kind}” nu urmează nimic",
    "write 'take' or 'take N'": "scrie „take” sau „take N”",
    "write 'open A B C | D E F …': formations separated by |":
        "scrie „open A B C | D E F …”: formațiile despărțite prin |",
    "write 'lay A B C'": "scrie „lay A B C”",
    "write '{kind} T {joint} N'": "scrie „{kind} T {joint} N”",
    "write '{kind} T' with one tile": "scrie „{kind} T” cu o singură piesă",
    "{what} must be a whole number from 1, not '{word}'":
        "{what} trebuie să fie un număr întreg, de la 1 în sus, nu „{word}”",
    "'{text}' is not a tile: write colour K/R/Y/B + 1…13, or J":
        "„{text}” nu e o piesă: scrie culoarea K/R/Y/B + 1…13, sau J",
    "more than two copies of {tile_name(tile)}: the set has two":
        "mai mult de două piese {tile_name(tile)}: setul are doar două",
}

# A saved or imported log, a state or options that cannot be read (`NotationError` of
# remi/log.py, remi/deal.py, remi/options.py, remi/state.py), and where a log failed
# (`LogError`: "log", "round 2", "round 2, action 5 (seat 1, 'draw')", then the error it
# wraps). The log's keys are quoted as written.
LOGS: dict[str, str] = {
    "log": "jurnal",
    "round {index}": "runda {index}",
    "round {round}": "runda {round}",
    "{where}, action {number} (seat {seat}, {action})":
        "{where}, mutarea {number} (locul {seat}, {action})",
    "not JSON: {error}": "nu e JSON valid: {error}",
    "the JSON is nested too deeply": "JSON-ul are prea multe niveluri unul în altul",
    "a log is a JSON object": "un jurnal e un obiect JSON",
    "unknown key(s) in the log: {', '.join(sorted(unknown))}":
        "chei necunoscute în jurnal: {', '.join(sorted(unknown))}",
    "variant must be one of {VARIANTS}": "„variant” trebuie să fie una dintre {VARIANTS}",
    "variant must be one of {VARIANTS}, not {variant}":
        "„variant” trebuie să fie una dintre {VARIANTS}, nu {variant}",
    "seats must be 2, 3 or 4": "„seats” trebuie să fie 2, 3 sau 4",
    "2 to 4 seats": "între 2 și 4 jucători",
    "rounds must be a list": "„rounds” trebuie să fie o listă",
    "seed must be a string or a whole number": "„seed” trebuie să fie un text sau un număr întreg",
    "table_rounds must be a whole number of rounds, at least 1":
        "„table_rounds” trebuie să fie un număr întreg de runde, cel puțin 1",
    "a round must be an object": "o rundă trebuie să fie un obiect",
    "'actions' must be a list of strings": "„actions” trebuie să fie o listă de texte",
    "'first' must be a seat 0…{seats - 1}": "„first” trebuie să fie un loc 0…{seats - 1}",
    "'hands' must list {seats} hands, one per seat":
        "„hands” trebuie să aibă {seats} mâini, câte una pentru fiecare loc",
    "'hands' and 'stock' must be lists of tiles": "„hands” și „stock” trebuie să fie liste de piese",
    "seat {seat} holds {len(hand)} tiles; the deal gives {size} "
    "({'first player' if seat == first else 'others'})":
        "locul {seat} are {len(hand)} piese; împărțirea dă {size} "
        "({'first player' if seat == first else 'others'})",
    "a tile is written as text like 'R7', not {value}":
        "o piesă se scrie ca text, de exemplu „R7”, nu {value}",
    "the state does not hold exactly the 106 tiles of the set":
        "starea nu conține exact cele 106 piese ale setului",
    "malformed state: {error}": "stare deteriorată: {error}",
    "options must be an object": "opțiunile trebuie să fie un obiect",
    "unknown option(s): {', '.join(sorted(unknown))}":
        "opțiuni necunoscute: {', '.join(sorted(unknown))}",
    "preset must be one of {PRESETS}, not {self.preset}":
        "„preset” trebuie să fie unul dintre {PRESETS}, nu {self.preset}",
    "{name} must be true or false": "„{name}” trebuie să fie true sau false",
    "target must be a positive whole number or null":
        "„target” trebuie să fie un număr întreg pozitiv sau null",
    "timer must be one of {TIMERS} seconds or null":
        "„timer” trebuie să fie unul dintre {TIMERS} secunde sau null",
}

# A room (remi/room.py, remi/host.py): the host's answers to a guest's message
# (`ProtocolError`), the refused entries, and the host's own errors. Values stay as written.
ROOM: dict[str, str] = {
    "too many messages: at most {RATE_LIMIT} per {RATE_WINDOW} s":
        "prea multe mesaje: cel mult {RATE_LIMIT} la {RATE_WINDOW} s",
    "message too large (at most {MAX_MESSAGE} bytes)":
        "mesaj prea mare (cel mult {MAX_MESSAGE} de octeți)",
    "a message is a JSON text": "un mesaj e un text JSON",
    "a message is a JSON object": "un mesaj e un obiect JSON",
    "protocol version {PROTOCOL} expected": "se așteaptă versiunea {PROTOCOL} a protocolului",
    "unknown message type {kind}": "tip de mesaj necunoscut: {kind}",
    "type must be a string": "„type” trebuie să fie un text",
    "round must be a whole number": "„round” trebuie să fie un număr întreg",
    "the host could not handle this message": "gazda nu a putut trata acest mesaj",
    "unknown field(s): {', '.join(sorted(map(str, extra)))}":
        "câmpuri necunoscute: {', '.join(sorted(map(str, extra)))}",
    "{key} must be a short string": "„{key}” trebuie să fie un text scurt",
    "say hello first: this connection holds no seat":
        "trimite întâi „hello”: conexiunea asta nu ocupă niciun loc la masă",
    "this connection already holds a seat": "conexiunea asta ocupă deja un loc la masă",
    "no deal is waiting for entropy": "nicio împărțire nu așteaptă entropie",
    "entropy is 32 hex digits": "entropia are 32 de cifre hexazecimale",
    "an action is a string in the notation (at most 200 chars)":
        "o mutare e un text în notația jocului (cel mult 200 de caractere)",
    "no round is being played": "nu se joacă nicio rundă acum",
    "a timeout is the host's clock's to play": "expirarea timpului o joacă ceasul gazdei",
    "wrong password": "parolă greșită",
    "too many wrong passwords: try again in a minute":
        "prea multe parole greșite: încearcă din nou peste un minut",
    "this seat is not yours (unknown token)": "locul acesta nu e al tău (cheie necunoscută)",
    "you take a bot's seat at the next turn": "preiei locul unui AI la tura următoare",
    "the table is full": "masa e plină",
    "a room has 2–4 seats, one of them the host":
        "o cameră are 2–4 locuri, dintre care unul al gazdei",
    "the round is still being played, or the match is over":
        "runda încă se joacă sau meciul s-a încheiat",
    "no room: call room_create or room_load first":
        "nicio cameră: apelează întâi room_create sau room_load",
    "the match has started": "meciul a început deja",
    "no guest sits at seat {index}": "niciun oaspete nu stă pe locul {index}",
}

# A refused profile import (remi/profile.py `check_profile`).
PROFILE: dict[str, str] = {
    "this file is not a Remi profile": "fișierul nu este un profil Remi",
    "profile version {data.get('version')} is not supported "
    "(this page reads version {PROFILE_VERSION})":
        "versiunea de profil {data.get('version')} nu e acceptată "
        "(pagina citește versiunea {PROFILE_VERSION})",
    "the profile's name or rank points are damaged":
        "numele sau punctele de clasament din profil sunt deteriorate",
    "the profile's statistics are damaged": "statisticile profilului sunt deteriorate",
    "the profile's match history is damaged": "istoricul meciurilor din profil e deteriorat",
    "the profile's tournaments are damaged": "turneele din profil sunt deteriorate",
}

# The page's own game: a new game, a saved one resumed, the next round (remi/bridge.py).
GAME: dict[str, str] = {
    "exactly one seat is the local player": "exact un loc este al jucătorului de pe această pagină",
    "no game: call new_game or load first": "niciun joc: apelează întâi new_game sau load",
    "the round is still being played": "runda încă se joacă",
    "the match is over": "meciul s-a încheiat",
    "this saved game has no players": "jocul salvat nu are jucători",
    "this saved game's players are damaged": "jucătorii jocului salvat sunt deteriorați",
    "this saved game has {people} players who are not bots; a game on this page has one "
    "(none when watching bots)":
        "jocul salvat are {people} jucători care nu sunt AI; un joc pe această pagină are unul "
        "(niciunul când privești AI-uri)",
    "this saved game has a bot of unknown level": "jocul salvat are un AI de nivel necunoscut",
    "this saved game has no round": "jocul salvat nu are nicio rundă",
    "this stored tournament is damaged: {reason}": "turneul păstrat e deteriorat: {reason}",
    "the saved game is not the player's table": "jocul salvat nu e masa jucătorului",
    "this saved game cannot be shown: {error}": "jocul salvat nu poate fi arătat: {error}",
    "unknown bot level {unknown}": "nivel de AI necunoscut: {unknown}",
    "this saved game names {len(players)} players for {match.seats} seats":
        "jocul salvat numește {len(players)} jucători pentru {match.seats} locuri",
    "no such seat in this saved game": "locul acesta nu există în jocul salvat",
    "a table has 2 to 4 seats": "o masă are între 2 și 4 locuri",
    "no tournament: call tournament_new or tournament_load first":
        "niciun turneu: apelează întâi tournament_new sau tournament_load",
}

CATALOGUE: dict[str, str] = {**REFUSALS, **NOTATION, **LOGS, **ROOM, **PROFILE, **GAME}
# Templates whose values are kept exactly as written (notation, message fields, keys).
_AS_WRITTEN = set(NOTATION) | set(ROOM)

# Values the engine fills in with English words (remi/etalat.py, remi/tabla.py, remi/deal.py).
WORDS: dict[str, str] = {
    "; the whole strip without laying is for a rack of fewer than 4 tiles (E7)":
        "; tot șirul fără să cobori se ia doar cu mai puțin de 4 piese pe rastel (E7)",
    ", and before opening only to use the tile cut at in this turn's opening (E5, E6)":
        ", iar înainte de etalare doar ca să etalezi în tura asta cu piesa de la tăietură "
        "(E5, E6)",
    "a run": "o suită",
    "a run or three groups (preset clasic)": "o suită sau trei grupuri (regulile clasice)",
    " and has no run": " și nu are nicio suită",
    " and has neither": " și nu are niciuna",
    "lay a formation": "coborî o formație",
    "attach": "adăuga piese la formații",
    "swap a joker": "schimba un joker",
    "first player": "primului jucător",       # the deal gives 15 (to the first player)
    "others": "celorlalți",
}
# A refusal's rule that is a word, not an id (C2, E4: kept).
RULE_WORDS = {"notation": "notație"}

_NUMBERS = {"OPENING_POINTS", "points", "takeable", "number", "len(tiles)", "len(state.table)",
            "index", "index - 1", "deal.seats", "self.seats", "group_number(formation)",
            "round", "seat", "seats", "seats - 1", "len(hand)", "size", "RATE_LIMIT",
            "MAX_MESSAGE", "PROTOCOL", "PROFILE_VERSION"}
_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
# Refusals that start with the tiles they are about, the sentence's subject: a joker there is
# said with its article ("Jokerul trebuie să ajungă pe masă…"; the page would write the bare
# code J as "joker trebuie…"), the other tiles stay codes for the page to say.
SUBJECT_TILES = {
    "{tile_name(tile)} must still be laid this turn, and after this it could not be",
    "{tiles_text(state.must_lay)} must be laid this turn before you discard",
}


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
    if name == "kind":
        return ACTIONS.get(value, value)
    if name == "tile_name(tile)[0]":
        return COLOURS.get(value, value)
    if name == "where":        # a log's place: "round 2" → "runda 2"
        return romanian_text(value) or value
    return WORDS.get(value, value)


def romanian(message: str) -> str | None:
    """The Romanian text of an engine message, or None when the catalogue does not know all
    of it. A message may come in parts, "HEAD: rest": a rule's id ("E4: …", kept), a log's
    place ("round 2, action 5 (…): …") or an exception's name ("ValueError: …", kept); each
    part is translated, the first reading that translates whole wins."""
    at = message.find(": ")
    while at != -1:
        head, rest = message[:at], message[at + 2:]
        place = romanian_text(head)
        if place is None and head and " " not in head:
            place = RULE_WORDS.get(head, head)
        if place is not None:
            text = romanian(rest)
            if text is not None:
                return f"{place}: {text}"
        at = message.find(": ", at + 2)
    return romanian_text(message)


def romanian_text(message: str) -> str | None:
    for pattern, english, text in _PATTERNS:
        found = pattern.match(message)
        if found:
            values = dict(zip(_PLACEHOLDER.findall(english), found.groups(), strict=True))
            if english in SUBJECT_TILES:
                subject = _PLACEHOLDER.match(english).group(1)
                values[subject] = _subject(values[subject])
            return _PLACEHOLDER.sub(partial(_fill, values, english not in _AS_WRITTEN), text)
    return None


def _subject(tiles: str) -> str:
    """Tiles as a sentence's subject: "J" → "Jokerul", "J R7" → "Jokerul și R7"."""
    names = tiles.split()
    jokers = names.count("J")
    if not jokers:
        return tiles
    others = " ".join(name for name in names if name != "J")
    said = "Jokerul" if jokers == 1 else "Jokerii"
    return f"{said} și {others}" if others else said


def _fill(values: dict[str, str], translated: bool, placeholder: re.Match[str]) -> str:
    value = values[placeholder.group(1)]
    return _value(placeholder.group(1), value) if translated else value
