"""Remi pe Tablă (T1–T10): applying actions, listing legal ones, scoring the round."""

from __future__ import annotations

from .actions import Action
from .errors import RuleError
from .formations import rack_penalty
from .rack import has_tiles
from .solver import best_close, closing_discards
from .state import RoundState
from .tiles import JOKER, Tile, tile_name

NO_DRAW_ROUNDS = 3   # T9: full rounds without a stock draw that end the round


def left_of(state: RoundState, seat: int) -> int:
    return (seat + 1) % state.seats


def _check_drawing(state: RoundState) -> None:
    if state.phase != "draw":
        raise RuleError("T3", "one tile in, one out: you have drawn already this turn"
                        if state.turn else
                        "the first player's first turn is a discard only (15 tiles)")


def draw(state: RoundState, seat: int) -> None:
    _check_drawing(state)
    tile = state.stock.pop()
    state.racks[seat].append(tile)
    state.drawn, state.drew_stock, state.phase = tile, True, "play"


def take(state: RoundState, seat: int, count: int) -> None:
    """T3/T4/T5: the top of your own row, never below it, never a joker."""
    _check_drawing(state)
    row = state.rows[seat]
    if count != 1:
        raise RuleError("T4", "only the top tile of your own row may be taken; the rest is "
                        "buried for good")
    if not row:
        raise RuleError("T4", "your row is empty: draw from the stock")
    if row[-1] == JOKER:
        raise RuleError("T5", "a joker in a row can never be taken, not even by its owner")
    tile = row.pop()
    state.racks[seat].append(tile)
    state.drawn, state.phase = tile, "play"


def atu_closes(rack: list[Tile], atu: Tile) -> list[Tile]:
    """T7: the discards that close `rack` (the atu on it) with the atu in a formation (the
    seed: "îl poți trage în formația cu care închizi"). Discarding a tile like the atu —
    the atu or a copy of it — leaves exactly the rack as it was before the atu: that rack
    was missing nothing, so the atu closed nothing."""
    return [tile for tile in closing_discards(rack) if tile != atu]


def take_atu(state: RoundState, seat: int) -> None:
    """T7: missing exactly the atu, take it instead of drawing and close at once."""
    _check_drawing(state)
    if state.atu_holder is not None:
        raise RuleError("T7", "the atu has already been taken")
    if not atu_closes(state.racks[seat] + [state.deal.atu], state.deal.atu):
        raise RuleError("T7", f"the atu {tile_name(state.deal.atu)} does not complete your rack: "
                        "take it only to close at once, with the atu in a formation")
    state.checkpoint = state.copy()
    state.racks[seat].append(state.deal.atu)
    state.atu_holder, state.drawn, state.phase = seat, state.deal.atu, "atu"


def discard(state: RoundState, seat: int, tile: Tile) -> None:
    if state.phase == "atu":
        raise RuleError("T7", "with the atu taken you close at once, discarding a tile that "
                        "leaves the rest in formations")
    if state.phase != "play":
        raise RuleError("T3", "draw first: from the stock or the top of your row")
    if not has_tiles(state.racks[seat], [tile]):
        raise RuleError("T3", f"{tile_name(tile)}: not on your rack")
    state.racks[seat].remove(tile)
    state.rows[left_of(state, seat)].append(tile)
    state.since_stock = 0 if state.drew_stock else state.since_stock + 1
    if not state.stock:
        state.end = "stock"                             # T9
    elif state.since_stock >= NO_DRAW_ROUNDS * state.seats:
        state.end = "no_draws"                          # T9


def ends_without_a_draw(state: RoundState) -> bool:
    """T9: the turn under way ends the round unless it draws from the stock (public: every
    seat sees the draws; the page warns of it)."""
    return not state.drew_stock and state.since_stock + 1 >= NO_DRAW_ROUNDS * state.seats


def close(state: RoundState, seat: int, tile: Tile) -> None:
    """T6: after drawing, the whole rack is formations plus the one tile discarded."""
    if state.phase not in ("play", "atu"):
        raise RuleError("T6", "draw first: you close after drawing")
    rack = state.racks[seat]
    if not has_tiles(rack, [tile]):
        raise RuleError("T6", f"{tile_name(tile)}: not on your rack")
    if best_close(rack, tile) is None:
        raise RuleError("T6", f"discarding {tile_name(tile)} does not close: every other tile "
                        "must be in a formation")
    if state.phase == "atu" and tile not in atu_closes(rack, state.deal.atu):
        raise RuleError("T7", "the atu closes in a formation: it cannot be the tile you discard")
    rack.remove(tile)
    state.rows[left_of(state, seat)].append(tile)
    state.end, state.closer, state.closing_discard = "closed", seat, tile


def legal(state: RoundState, seat: int) -> list[Action]:
    rack = state.racks[seat]
    if state.phase == "draw":
        actions = [Action("draw")]
        row = state.rows[seat]
        if row and row[-1] != JOKER:
            actions.append(Action("take", number=1))
        if state.atu_holder is None and atu_closes(rack + [state.deal.atu], state.deal.atu):
            actions.append(Action("atu"))
        return actions
    if state.phase == "atu":
        return [Action("close", tiles=(t,)) for t in atu_closes(rack, state.deal.atu)]
    closes = [Action("close", tiles=(t,)) for t in closing_discards(rack)]
    return closes + [Action("discard", tiles=(t,)) for t in sorted(set(rack))]


def apply(state: RoundState, seat: int, action: Action) -> None:
    kind = action.kind
    if kind == "draw":
        draw(state, seat)
    elif kind == "take":
        take(state, seat, action.number)
    elif kind == "atu":
        take_atu(state, seat)
    elif kind == "discard":
        discard(state, seat, action.tile)
    elif kind == "close":
        close(state, seat, action.tile)
    else:
        raise RuleError("T1", f"'{kind}': nothing is laid in Remi pe Tablă — draw or take, then "
                        "discard or close")


def closing_formations(state: RoundState) -> tuple[tuple[Tile, ...], ...]:
    """The closer's formations as shown (the arrangement of highest table value)."""
    if state.closer is None:
        return ()
    rack = state.racks[state.closer] + [state.closing_discard]
    arrangement = best_close(rack, state.closing_discard)
    return arrangement.formations if arrangement else ()


def score(state: RoundState) -> list[dict[str, int]]:
    """T8 (and T9 when nobody closed)."""
    atu = state.deal.atu
    rows = []
    for seat in range(state.seats):
        rack = state.racks[seat]
        copies = rack.count(atu) - (1 if state.atu_holder == seat else 0)
        row = {"laid": 0, "rack": 0, "closing": 0, "twin": 50 if copies > 0 else 0}
        if seat == state.closer:
            row["laid"] = best_close(rack + [state.closing_discard], state.closing_discard).score
            if state.closing_discard == JOKER:
                row["closing"] = row["laid"]             # T8: own round ×2 with a joker discard
        else:
            row["rack"] = -sum(rack_penalty(t) for t in rack)
        subtotal = sum(row.values())
        row["double"] = subtotal if state.double_round else 0
        row["total"] = subtotal * (2 if state.double_round else 1)
        rows.append(row)
    return rows
