"""Finding an Etalat opening (E4) on big racks: at most three formations suffice."""

import random

from remi.opening import SMALL_RACK, find_opening, is_opening
from remi.rack import has_tiles
from remi.solver import can_open
from remi.tiles import full_set


def test_E4_three_formation_search_agrees_with_the_exact_solver():
    rng = random.Random(8)
    checked = 0
    for _ in range(150):
        tiles = rng.sample(full_set(), rng.randint(SMALL_RACK + 1, 26))
        for rule in ("run", "run_or_three_groups"):
            must = [rng.choice(tiles)]
            found = find_opening(tiles, rule, must)
            exact = can_open(tiles, rule, 45, must)
            assert (found is not None) == (exact is not None), (sorted(tiles), rule, must)
            if found:
                assert is_opening(found, rule) and len(found) <= 3
                assert has_tiles(tiles, [t for f in found for t in f])
                assert has_tiles([t for f in found for t in f], must)
                checked += 1
    assert checked > 50


def test_E4_a_fifty_tile_rack_finds_the_opening_that_uses_the_cut_tile():
    rng = random.Random(9)
    for _ in range(20):
        tiles = rng.sample(full_set(), 55)
        cut = tiles[0]
        found = find_opening(tiles, "run", [cut])
        if found is not None:
            assert is_opening(found, "run") and any(cut in f for f in found)
