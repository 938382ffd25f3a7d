"""The random-legal player: any legal action, uniformly, from a seeded RNG."""

from __future__ import annotations

import random

from .actions import Action
from .engine import legal_actions
from .state import RoundState


def random_action(state: RoundState, rng: random.Random) -> Action:
    return rng.choice(legal_actions(state))
