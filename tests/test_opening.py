"""Finding an Etalat opening (E4) on big racks: at most three formations suffice."""

import random

from remi.candidates import formations_in
from remi.opening import SMALL_RACK, find_opening, is_opening, opening_leaving
from remi.rack import has_tiles, without
from remi.solver import can_open
from remi.tiles import JOKER, full_set, number_of


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


def some_opening_leaves(tiles, rule, must, keep) -> bool:
    """Brute force: whether disjoint formations of the rack make an opening that uses `must`
    and leaves `keep` tiles."""
    candidates = formations_in(tiles)

    def search(start, chosen, rest) -> bool:
        laid = [t for f in chosen for t in f]
        if (chosen and is_opening(chosen, rule) and has_tiles(laid, must)
                and len(tiles) - len(laid) >= keep):
            return True
        return any(search(i + 1, chosen + [f], without(rest, f))
                   for i, f in enumerate(candidates[start:], start) if has_tiles(rest, f))

    return search(0, [], list(tiles))


def built_of_formations(rng: random.Random, pool: list) -> list:
    """9–13 tiles, mostly whole formations, so the best opening often lays nearly all."""
    source = rng.sample(pool, 24)
    tiles: list = []
    while len(tiles) < 9:
        fits = [f for f in formations_in(without(source, tiles)) if len(tiles) + len(f) <= 13]
        if not fits:
            break
        tiles += rng.choice(fits)
    return tiles + rng.sample(without(source, tiles), rng.randint(0, 1))


def test_E4_E11_an_opening_that_leaves_the_discard_is_found_whenever_one_exists():
    """opening_leaving agrees with a brute force over every set of formations, on racks where
    the best opening often lays (nearly) every tile."""
    rng = random.Random(11)
    high = [t for t in full_set() if t == JOKER or number_of(t) >= 8]
    agreed = kept_back = 0
    for _ in range(300):
        tiles = built_of_formations(rng, high)
        rule = rng.choice(("run", "run_or_three_groups"))
        must = [rng.choice(tiles)] if rng.random() < 0.3 else []
        keep = rng.choice((1, 2))
        found = opening_leaving(tiles, rule, must, keep)
        assert (found is not None) == some_opening_leaves(tiles, rule, must, keep), \
            (sorted(tiles), rule, must, keep)
        if found is not None:
            laid = [t for f in found for t in f]
            assert is_opening(found, rule) and has_tiles(tiles, laid) and has_tiles(laid, must)
            assert len(tiles) - len(laid) >= keep
            best = find_opening(tiles, rule, must)
            kept_back += len(tiles) - sum(map(len, best)) < keep
            agreed += 1
    assert agreed > 100 and kept_back > 10, (agreed, kept_back)
