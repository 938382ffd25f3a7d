"""Level easy: simple and a bit careless, never illegal.

Draws from the stock (now and then takes the free tile it may take), lays, opens or attaches
whatever the legal list offers only with some probability, discards the highest loose tile
(not the one it took this turn, while another may go).
"""

from __future__ import annotations

import random
from typing import Any

from ..tiles import JOKER, parse_tile, tile_name
from .common import by_kind, loose, parse_legal, seen, turn_actions


def choose(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    actions = parse_legal(legal)
    if not actions:
        return "timeout" if not legal else legal[0]
    kinds = {action.kind for _, action in actions}
    if "draw" in kinds or "atu" in kinds:
        if "atu" in kinds:
            return "atu"
        takes = [text for text, action in actions if action.kind == "take" and action.number == 1]
        if takes and rng.random() < 0.4:
            return takes[0]
        return "draw"
    closes = by_kind(actions, "close")
    if closes:
        return rng.choice(closes)[0]
    layings = [text for text, action in actions if action.kind in ("open", "lay", "attach", "swap")]
    discards = by_kind(actions, "discard")
    if layings and (not discards or rng.random() < 0.6):
        return rng.choice(layings)
    if not discards:
        return actions[0][0]
    info = seen(view)
    allowed = {action.tile for _, action in discards}
    spare = [t for t in loose(info.rack) if t in allowed] or sorted(allowed)
    if len(spare) > 1 and JOKER in spare:
        spare.remove(JOKER)
    # not straight back where it came from (QA 39): the turn's `drawn` is the taken tile
    taken = parse_tile(view["drawn"]) if "take" in turn_actions(view) and view.get("drawn") else None
    if len(spare) > 1 and taken in spare:
        spare.remove(taken)
    tile = max(spare, key=lambda t: (info.value(t), t))
    return f"discard {tile_name(tile)}"

