"""Per-seat views: only what that seat may see, built by ownership of the tiles.

A view holds the seat's own rack and the public table; never another rack, never the stock
order. When the round is over the racks are shown (everyone counts their rack aloud).
"""

from __future__ import annotations

from typing import Any

from . import etalat, tabla
from .state import RoundState
from .tiles import Tile, tile_name


def _names(tiles: list[Tile] | tuple[Tile, ...]) -> list[str]:
    return [tile_name(t) for t in tiles]


def view(state: RoundState, seat: int) -> dict[str, Any]:
    """The JSON-ready view of `seat` (0-based)."""
    data: dict[str, Any] = {
        "variant": state.variant,
        "options": state.options.to_json(),
        "seats": state.seats,
        "seat": seat,
        "first": state.first,
        "turn": state.turn,
        "to_play": None if state.over else state.to_play,
        "phase": state.phase,
        "atu": tile_name(state.deal.atu),
        "atu_taken_by": state.atu_holder,
        "double_round": state.double_round,
        "stock": state.stock_count,
        "rack": _names(state.racks[seat]),
        "rack_sizes": [len(rack) for rack in state.racks],
        "history": [dict(entry) for entry in state.history],
        "end": state.end,
        "closer": state.closer,
        "scores": None if state.scores is None else list(state.scores),
        "breakdown": None if state.breakdown is None else [dict(r) for r in state.breakdown],
    }
    if state.variant == "etalat":
        data.update({
            "strip": _names(state.strip),
            "strip_by": list(state.strip_by),
            "table": [{"owner": f.owner, "tiles": _names(f.tiles), "credits": list(f.credits)}
                      for f in state.table],
            "opened": list(state.opened),
            "first_round": state.first_round,
            "twin_at": _place(etalat.twin_place(state)),
        })
        if seat == state.to_play:
            data["must_lay"] = _names(state.must_lay)
            data["must_open"] = etalat.must_open_rule(state)
            data["discard_closes"] = etalat.discard_closes(state)
            data["joker_credits"] = list(state.joker_credits)
            data["drawn"] = None if state.drawn is None else tile_name(state.drawn)
    else:
        data["rows"] = [_names(row) for row in state.rows]
        data["ends_without_draw"] = tabla.ends_without_a_draw(state)
        data["closing_formations"] = [_names(f) for f in tabla.closing_formations(state)]
        if seat == state.to_play and state.drawn is not None:
            data["drawn"] = tile_name(state.drawn)
    if state.over:
        data["racks"] = [_names(rack) for rack in state.racks]
    return data


def _place(place: tuple[int, int] | None) -> list[int] | None:
    return None if place is None else list(place)
