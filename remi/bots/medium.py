"""Level medium: keeps the rack arranged with the solver.

Takes a free tile (top of the strip / own row) when it increases the tiles covered by
formations, opens as soon as it can, lays its best formations and attaches every loose tile
it can, closes whenever a close is legal, discards the loose tile of highest value.
"""

from __future__ import annotations

import random
from typing import Any

from ..tiles import JOKER, tile_name
from .common import Legal, Seen, arrange, attaches, by_kind, covered, loose, parse_legal, same_formation, seen


def choose(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    actions = parse_legal(legal)
    if not actions:
        return "timeout" if not legal else legal[0]
    info = seen(view)
    kinds = {action.kind for _, action in actions}
    if "atu" in kinds:
        return "atu"
    if "draw" in kinds:
        return draw_or_take(info, actions)
    closes = by_kind(actions, "close")
    if closes:
        return closes[0][0]
    laying = lay_something(info, actions, swaps=False)
    if laying:
        return laying
    return discard_highest_loose(info, actions)


def draw_or_take(info: Seen, actions: Legal) -> str:
    top = [text for text, action in actions if action.kind == "take" and action.number == 1]
    if top:
        if info.variant == "etalat":
            tile = info.strip[-1]
            if not info.opened[info.seat]:
                return top[0]                      # legal only when it makes the opening (E5)
            if attaches(tile, info.table) or covered(info.rack + [tile]) > covered(info.rack):
                return top[0]
        else:
            tile = info.rows[info.seat][-1]
            if covered(info.rack + [tile]) > covered(info.rack):
                return top[0]
    return "draw"


def lay_something(info: Seen, actions: Legal, swaps: bool) -> str | None:
    """Etalat play phase: open, lay the best formations, swap jokers, attach loose tiles."""
    opens = by_kind(actions, "open")
    if opens:
        return opens[0][0]
    lays = by_kind(actions, "lay")
    if lays:
        best = arrange(info.rack, "table_value")
        for formation in best.formations:
            for text, action in lays:
                if same_formation(action, formation):
                    return text
    if swaps:
        swap = by_kind(actions, "swap")
        if swap:
            return swap[0][0]
    attach = by_kind(actions, "attach")
    if attach:
        spare = set(loose(info.rack, "table_value"))
        for text, action in attach:
            if action.tile in spare or action.tile in info.must_lay:
                return text
    if not by_kind(actions, "discard"):           # something must still be laid (E6, E9)
        for text, action in actions:
            tiles = action.tiles or tuple(t for f in action.formations for t in f)
            if any(t in tiles for t in info.must_lay):
                return text
        return actions[0][0]
    return None


def discard_highest_loose(info: Seen, actions: Legal) -> str:
    allowed = {action.tile for _, action in by_kind(actions, "discard")}
    spare = [t for t in loose(info.rack) if t in allowed] or sorted(allowed)
    if len(spare) > 1 and JOKER in spare:
        spare = [t for t in spare if t != JOKER]
    tile = max(spare, key=lambda t: (info.value(t), t))
    return f"discard {tile_name(tile)}"
