"""Bots (RULES.md "Bots"): legal decisions, finished rounds, strength, and fair play — a bot
decides only from its seat's view, proved by re-dealing the hidden tiles."""

from __future__ import annotations

import random

import pytest

from remi.bots import LEVELS, bot_action, expert, hard, label, player_factory, seat_info
from remi.deal import Deal, rng_for
from remi.engine import apply, legal_actions
from remi.options import Options
from remi.state import RoundState
from remi.tiles import tile_name
from remi.views import view
from tests.helpers import play, redealt, round_of

VARIANTS = ("etalat", "tabla")


@pytest.fixture(autouse=True)
def quick_expert(monkeypatch):
    """Whole rounds with expert seats: a small search (1 world, 2 candidates) so the file
    stays fast; the time cap is off, as by default. test_expert_* search at full budget."""
    monkeypatch.setattr(expert, "WORLDS", 1)
    monkeypatch.setattr(expert, "ETALAT_WORLDS", 1)
    monkeypatch.setattr(expert, "CANDIDATES", 2)
    monkeypatch.setattr(expert, "BUDGET_MS", None)


def new_round(variant: str, seats: int, seed: int, **options) -> RoundState:
    deal = Deal.shuffled(seats, seed % seats, rng_for("bots-test", variant, seats, seed))
    return RoundState.start(variant, Options(**options), deal)


def decide(state: RoundState, level: str, seed: int | str) -> str:
    legal = [str(action) for action in legal_actions(state)]
    return bot_action(level, view(state, state.to_play), legal, seed)


def play_round(variant: str, levels: list[str], seed: int, check=None, **options) -> RoundState:
    state = new_round(variant, len(levels), seed, **options)
    steps = 0
    while not state.over:
        legal = [str(action) for action in legal_actions(state)]
        action = bot_action(levels[state.to_play], view(state, state.to_play), legal, seed)
        assert action in legal or (not legal and action == "timeout"), (action, legal)
        if check is not None:
            check(state)
        state = apply(state, action)
        steps += 1
        assert steps < 3000, "the round does not end"
    return state


# -- labels and the registry ---------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["etalat", "tabla"])
def test_easy_does_not_throw_back_the_tile_it_took(variant):
    """Easy takes the strip's top (E5) or its row's (T3) now and then; a QA pass watched it
    throw that very tile back at once, turn after turn. Another loose tile goes instead."""
    hands = ["R1 R2 R3 K5 Y5 B5 K9 Y9 B9 R10 Y11 K12 B13 R7 Y13",      # seat 0 throws Y13
             "B2 B3 B4 K7 Y7 R7 B10 B11 B12 K4 R6 Y8 R3 K1"]          # its loose tiles: low
    state = play(round_of(variant, hands, stock="K3 Y3 B6 R8"), "discard Y13")
    if variant == "etalat":      # opened first, so the top is free to take (E5); not turn 1 (E3)
        state = play(state, "draw", "discard K1", "draw", "discard B13", "draw",
                     "open K7 Y7 R7 | B10 B11 B12 | B2 B3 B4", "discard R6", "draw", "discard Y11")
    state = play(state, "take")
    taken = state.drawn
    loose = [t for t in state.racks[state.to_play] if t != taken]
    assert loose, "another tile may go"
    action = bot_action("easy", view(state, state.to_play), [str(a) for a in legal_actions(state)], 1)
    assert action.startswith("discard") and action != f"discard {tile_name(taken)}", action


def test_levels_and_labels():
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    assert label("hard") == "AI hard"
    assert seat_info("easy") == {"is_bot": True, "level": "easy", "name": "AI easy"}
    with pytest.raises(ValueError):
        bot_action("grandmaster", {}, [], 0)


def test_player_factory_plugs_into_a_state_loop():
    state = new_round("tabla", 2, 1)
    players = [player_factory("medium")(seat, 7) for seat in range(2)]
    while not state.over:
        state = apply(state, players[state.to_play](state))
    assert state.scores is not None


# -- legality and finishing rounds ----------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_every_decision_is_legal_and_rounds_finish(variant):
    steps = 0
    ends = set()
    for seed in range(6):
        seats = 2 + seed % 3
        levels = [list(LEVELS)[(seed + s) % 4] for s in range(seats)]
        options = {"preset": "clasic"} if seed % 3 == 2 else {}
        state = play_round(variant, levels, seed, **options)
        steps += len(state.actions)
        ends.add(state.end)
    assert steps > 250
    assert "closed" in ends


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_level_finishes_rounds_against_itself(level):
    for variant in VARIANTS:
        for seed in range(2):
            state = play_round(variant, [level] * (2 + seed * 2), 100 + seed)
            assert state.over and state.scores is not None


def test_same_seed_same_decisions():
    first = play_round("etalat", ["easy", "easy", "easy"], 5)
    again = play_round("etalat", ["easy", "easy", "easy"], 5)
    assert first.actions == again.actions


# -- fair play --------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_same_view_with_hidden_tiles_redealt_gives_same_decision(variant):
    rng = random.Random(f"fair/{variant}")
    checked = [0]

    def check(state: RoundState) -> None:
        if rng.random() > 0.25:
            return
        seat = state.to_play
        other = redealt(state, seat, rng)
        assert view(other, seat) == view(state, seat)
        assert [str(a) for a in legal_actions(other)] == [str(a) for a in legal_actions(state)]
        for level in LEVELS:
            assert decide(other, level, 11) == decide(state, level, 11), level
        checked[0] += 1

    for seed in range(4):
        seats = 2 + seed % 3
        play_round(variant, [list(LEVELS)[(seed + s) % 4] for s in range(seats)], 200 + seed,
                   check=check)
    assert checked[0] >= 40


# -- strength -----------------------------------------------------------------------------------

def mean_margin(variant: str, strong: str, weak: str, rounds: int) -> float:
    """Mean per-round score of `strong` minus `weak`, seats alternating."""
    margin = 0
    for seed in range(rounds):
        levels = [strong, weak] if seed % 2 == 0 else [weak, strong]
        scores = play_round(variant, levels, 300 + seed).scores
        me = levels.index(strong)
        margin += scores[me] - scores[1 - me]
    return margin / rounds


def random_margin(variant: str, rounds: int) -> float:
    margin = 0
    for seed in range(rounds):
        state = new_round(variant, 2, 400 + seed)
        rng = random.Random(seed)
        hard_seat = seed % 2
        while not state.over:
            if state.to_play == hard_seat:
                action = decide(state, "hard", seed)
            else:
                legal = legal_actions(state)
                action = str(rng.choice(legal)) if legal else "timeout"
            state = apply(state, action)
        margin += state.scores[hard_seat] - state.scores[1 - hard_seat]
    return margin / rounds


@pytest.mark.parametrize("variant", VARIANTS)
def test_hard_beats_random_and_easy(variant):
    assert random_margin(variant, 6) > 0
    assert mean_margin(variant, "hard", "easy", 12) > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_hard_slips_only_by_overlooking_a_take(variant):
    """Hard plays its best move (hard.best, expert's first choice) except a take it overlooks
    for a stock draw, at about its style's rate, the same for the same seed."""
    chance = getattr(hard.HARD, f"overlook_{variant}")
    takes = overlooked = 0
    for state in positions(variant, 12, 650):
        legal = [str(a) for a in legal_actions(state)]
        seen_view = view(state, state.to_play)
        strong, move = hard.best(seen_view, legal), bot_action("hard", seen_view, legal, 4)
        assert move == bot_action("hard", seen_view, legal, 4)
        if strong.split()[0] == "take" and "draw" in legal:
            takes += 1
            overlooked += move == "draw"
            assert move in (strong, "draw")
        else:
            assert move == strong
    assert takes >= 40
    assert abs(overlooked / takes - chance) < 0.2


# -- expert: the determinized search ----------------------------------------------------------

def positions(variant: str, count: int, seed: int) -> list[RoundState]:
    found = []
    for index in range(count):
        seats = 2 + index % 3
        options = {"preset": "clasic"} if index % 3 == 2 else {}
        state = new_round(variant, seats, seed + index, **options)
        while not state.over:
            found.append(state)
            state = apply(state, decide(state, "medium", index))
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_determinized_worlds_match_the_view(variant):
    """A world built from the view alone holds the 106 tiles, gives the seat the same view and
    the same legal list, and keeps the hidden-tile counts of the real state."""
    rng = random.Random(variant)
    for index, state in enumerate(positions(variant, 3, 500)):
        if index % 3:
            continue
        seat = state.to_play
        world = expert.determinize(view(state, seat), rng)
        assert world is not None
        world.check_tiles()
        assert view(world, seat) == view(state, seat)
        assert [str(a) for a in legal_actions(world)] == [str(a) for a in legal_actions(state)]
        assert sorted(world.stock) != sorted(state.stock) or world.stock != state.stock or \
            len(world.stock) < 2


def full_expert(monkeypatch) -> None:
    """Expert at its shipped budget (undo the quick_expert fixture)."""
    monkeypatch.setattr(expert, "WORLDS", WORLDS)
    monkeypatch.setattr(expert, "ETALAT_WORLDS", ETALAT_WORLDS)
    monkeypatch.setattr(expert, "CANDIDATES", CANDIDATES)


WORLDS, ETALAT_WORLDS = expert.WORLDS, expert.ETALAT_WORLDS
CANDIDATES, DEFAULT_BUDGET_MS = expert.CANDIDATES, expert.BUDGET_MS


def searched_positions(variant: str, seed: int) -> list[RoundState]:
    """Positions where expert really searches (hard's ranking leaves a choice)."""
    found = []
    for state in positions(variant, 2, seed):
        legal = [str(a) for a in legal_actions(state)]
        seen_view = view(state, state.to_play)
        options = expert.candidates(expert.seen(seen_view), expert.parse_legal(legal),
                                    hard.best(seen_view, legal))
        if len(options) > 1:
            found.append(state)
    return found


def test_expert_budget_is_a_world_count_and_the_time_cap_is_off():
    assert DEFAULT_BUDGET_MS is None            # shipped default: decisions depend on the seed
    assert min(WORLDS, ETALAT_WORLDS) >= 4 and CANDIDATES >= 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_expert_is_deterministic_at_full_budget(monkeypatch, variant):
    """No time cap: the same seed gives the same decision, even when the machine is slow."""
    full_expert(monkeypatch)
    states = searched_positions(variant, 610)[::6][:5]
    assert len(states) >= 3
    for state in states:
        seen_view = view(state, state.to_play)
        legal = [str(a) for a in legal_actions(state)]
        first = bot_action("expert", seen_view, legal, 9)
        assert first in legal
        assert bot_action("expert", seen_view, legal, 9) == first


@pytest.mark.parametrize("variant", VARIANTS)
def test_expert_at_full_budget_uses_only_the_view(monkeypatch, variant):
    """Re-dealing every hidden tile (other racks, stock order) changes no expert decision:
    the worlds and the rollouts are built from the view alone."""
    full_expert(monkeypatch)
    rng = random.Random(variant)
    for state in searched_positions(variant, 620)[::7][:4]:
        seat = state.to_play
        other = redealt(state, seat, rng)
        assert view(other, seat) == view(state, seat)
        assert decide(other, "expert", 5) == decide(state, "expert", 5)


def test_expert_rollouts_play_hard_on_the_world_state():
    """The rollout policy reads a world's state directly and plays hard's move (Tablă without
    its live-outs refinement); it always picks a legal action and a rollout ends."""
    rng = random.Random(3)
    for variant in VARIANTS:
        for state in positions(variant, 1, 630)[5:40:5]:
            world = expert.determinize(view(state, state.to_play), rng)
            assert world is not None
            actions = [(str(a), a) for a in legal_actions(world)]
            assert expert.policy(world, actions) in [text for text, _ in actions]
            value = expert.rollout(world, actions[0][0], world.to_play, world.turn + 5)
            assert isinstance(value, float)


def test_expert_time_cap_drops_unfinished_worlds(monkeypatch):
    """With a cap the search stops early (an interrupted world is dropped) and still answers
    a legal action; with no world finished it plays hard's choice."""
    full_expert(monkeypatch)
    state = searched_positions("tabla", 640)[3]
    seen_view = view(state, state.to_play)
    legal = [str(a) for a in legal_actions(state)]
    capped = expert.choose(seen_view, legal, random.Random(1), budget_ms=0.0)
    assert capped == hard.best(seen_view, legal)


def test_memoised_solver_helpers_agree_with_the_solver():
    from remi.bots import common
    from remi.solver import best_arrangement
    from remi.tiles import full_set

    rng = random.Random(4)
    tiles = full_set()
    for _ in range(40):
        rack = rng.sample(tiles, 14)
        for objective in ("covered", "table_value"):
            assert common.arrange(rack, objective) == best_arrangement(rack, objective)


def test_expert_search_within_budget_and_deterministic(monkeypatch):
    import time

    monkeypatch.setattr(expert, "WORLDS", 12)
    monkeypatch.setattr(expert, "ETALAT_WORLDS", 12)
    monkeypatch.setattr(expert, "BUDGET_MS", 80.0)      # the optional time cap, on
    searched = 0
    for variant in VARIANTS:
        for state in positions(variant, 1, 600)[10:40:3]:
            seat = state.to_play
            legal = [str(a) for a in legal_actions(state)]
            started = time.perf_counter()
            first = bot_action("expert", view(state, seat), legal, 3)
            spent = time.perf_counter() - started
            assert first in legal
            assert spent < 2.0
            info = expert.seen(view(state, seat))
            options = expert.candidates(info, expert.parse_legal(legal),
                                        hard.best(view(state, seat), legal))
            searched += len(options) > 1
    assert searched >= 4
    state = positions("tabla", 1, 700)[21]
    legal = [str(a) for a in legal_actions(state)]
    rng_a, rng_b = random.Random(1), random.Random(1)
    a = expert.choose(view(state, state.to_play), legal, rng_a, budget_ms=10_000, worlds=3)
    b = expert.choose(view(state, state.to_play), legal, rng_b, budget_ms=10_000, worlds=3)
    assert a == b and a in legal
