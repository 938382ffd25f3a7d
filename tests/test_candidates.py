"""formations_in (the legal-move lister's formations) against brute force (C5)."""

import random
from itertools import combinations

from remi.candidates import formations_in
from remi.errors import RuleError
from remi.formations import attach, attachable, is_run, make_formation, represented
from remi.tiles import JOKER, full_set


def brute_force(rack):
    found = set()
    for size in range(3, len(rack) + 1):
        for combo in set(combinations(sorted(rack), size)):
            try:
                formation = make_formation(combo)
            except RuleError:
                continue
            if JOKER in formation and is_run(formation):
                stands_for = represented(formation)[formation.index(JOKER)]
                if stands_for in rack:          # a joker only fills a hole of the rack (C5)
                    continue
            found.add(formation)
    return found


def test_C5_formations_in_lists_every_formation_of_small_racks():
    rng = random.Random(5)
    pool = [t for t in full_set() if t % 13 < 6 or t == JOKER]   # dense: low numbers only
    for _ in range(400):
        rack = rng.sample(pool, rng.randint(3, 9))
        listed = formations_in(rack)
        assert all(make_formation(f) == f for f in listed)
        wanted = brute_force(rack)
        assert wanted <= set(listed), sorted(wanted - set(listed))


def test_E8_attachable_matches_attach():
    rng = random.Random(6)
    for _ in range(300):
        for formation in formations_in(rng.sample(full_set(), 20)):
            accepted = set()
            for tile in range(53):
                try:
                    attach(formation, tile)
                except RuleError:
                    continue
                accepted.add(tile)
            assert accepted == attachable(formation)
