"""The engine's entry points: state + action → new state, or a refusal naming the rule.

`apply` never changes the state it is given; it returns a new one. The turn cycle, the
common actions (`redeal`, `timeout` — C8) and the end of the round live here; the variants'
own rules live in `remi.etalat` and `remi.tabla`.
"""

from __future__ import annotations

from typing import Any

from . import etalat, tabla
from .actions import Action, parse_action
from .errors import RuleError
from .formations import rack_penalty, table_value
from .solver import loose_after_best
from .state import RoundState
from .tiles import JOKER, Tile, tile_name

RULES = {"etalat": etalat, "tabla": tabla}


def apply(state: RoundState, action: Action | str) -> RoundState:
    """Apply the action of the seat to play; return the new state (the old one is untouched)."""
    if not isinstance(action, Action):
        action = parse_action(action)
    if state.over:
        raise RuleError("C10", "the round is over")
    seat = state.to_play
    new = state.copy()
    if action.kind == "timeout":
        _timeout(new, seat)
    elif action.kind == "redeal":
        _redeal(new, seat)
    else:
        RULES[state.variant].apply(new, seat, action)
        entry: dict[str, Any] = {"seat": seat, "action": str(action)}
        if action.kind in ("open", "lay"):  # as laid: runs in order, a joker at its place
            laid = new.table[len(state.table):]
            entry["formations"] = [[tile_name(t) for t in f.tiles] for f in laid]
        if action.kind == "take":     # public tiles: the history names them
            pile = state.strip if state.variant == "etalat" else state.rows[seat]
            entry["tiles"] = [tile_name(t) for t in pile[-(action.number or 1):]]
            if (action.number or 1) > 1 and not new.must_lay:
                entry["rule"] = "E7"  # the short-rack take: no cut tile to lay (not E6)
        if state.atu_in_stock and not new.atu_in_stock:
            entry["rule"] = "E12"     # the Etalat draw of the face-up atu, the stock's last tile
        if action.kind == "discard" and new.closer == seat:
            entry["rule"] = "E11"     # the Etalat close: the last tile discarded
        if action.kind == "close" and state.phase == "atu":
            entry["rule"] = "T7"      # the Tablă close with the atu just taken
        new.history.append(entry)
    new.actions.append(str(action))
    _finish_turn(new, seat, action)
    return new


def legal_actions(state: RoundState) -> list[Action]:
    """The legal actions of the seat to play (Etalat lists the useful openings, not every
    subset). `timeout` is not listed: the clock plays it (C8)."""
    if state.over:
        return []
    seat = state.to_play
    actions = RULES[state.variant].legal(state, seat)
    if _may_redeal(state, seat):
        actions.append(Action("redeal"))
    return actions


def is_legal(state: RoundState, action: Action | str) -> bool:
    try:
        apply(state, action)
    except RuleError:
        return False
    return True


def _finish_turn(state: RoundState, seat: int, action: Action) -> None:
    if state.end is not None:
        _end_round(state)
    elif action.kind in ("discard", "timeout"):
        state.turn += 1
        state.phase = "draw"
        state.drawn, state.drew_stock, state.opened_this_turn = None, False, False
        state.checkpoint = None


def _end_round(state: RoundState) -> None:
    state.phase = "over"
    if state.end == "redeal":
        return
    state.breakdown = RULES[state.variant].score(state)
    state.scores = [row["total"] for row in state.breakdown]


# -- the "3 doubles" redeal -----------------------------------------------------------------------

def identical_pairs(hand: tuple[Tile, ...] | list[Tile]) -> int:
    return sum(1 for tile in set(hand) if tile != JOKER and hand.count(tile) >= 2)


def _may_redeal(state: RoundState, seat: int) -> bool:
    return (state.options.three_doubles and state.first_round and state.drawn is None
            and state.phase != "atu" and identical_pairs(state.deal.hands[seat]) >= 3)


def _redeal(state: RoundState, seat: int) -> None:
    if not state.options.three_doubles:
        raise RuleError("C4", "the \"3 doubles\" redeal is off at this table")
    if not state.first_round:
        raise RuleError("C4", "a hand may be refused only on its first turn, before discarding")
    if identical_pairs(state.deal.hands[seat]) < 3:
        raise RuleError("C4", "a redeal needs three or more identical pairs dealt to you")
    if state.phase == "atu":
        raise RuleError("T7", "with the atu taken you close at once: the hand can no longer be "
                        "refused")
    if state.drawn is not None:
        raise RuleError("C4", "a hand is refused as it was dealt: before drawing")
    state.history.append({"seat": seat, "action": "redeal"})
    state.end = "redeal"


# -- the timer (C8) -------------------------------------------------------------------------------

def _timeout(state: RoundState, seat: int) -> None:
    """C8: roll back the unfinished action, then draw if not drawn and discard the tile drawn
    this turn (or the loose tile of highest value)."""
    rules = RULES[state.variant]
    state.history.append({"seat": seat, "action": "timeout"})
    if state.checkpoint is not None:
        history, actions, strip = state.history, state.actions, len(state.strip)
        atu_taken = state.atu_holder is not None
        state.__dict__.update(state.checkpoint.copy().__dict__)
        state.history, state.actions = history, actions
        # what went back where everyone saw it taken: the strip's tiles (E5, E6), the atu (T7)
        put_back = state.strip[strip:] + ([state.deal.atu] if atu_taken and state.atu_holder
                                          is None else [])
        state.history.append({"seat": seat, "action": "rolled back", "auto": True,
                              "tiles": [tile_name(tile) for tile in put_back]})
    if state.phase == "draw":
        atu_in_stock = state.atu_in_stock
        rules.draw(state, seat)
        entry = {"seat": seat, "action": "draw", "auto": True}
        if atu_in_stock and not state.atu_in_stock:
            entry["rule"] = "E12"
        state.history.append(entry)
    tile = _timeout_discard(state, seat)
    rules.discard(state, seat, tile)
    entry = {"seat": seat, "action": f"discard {tile_name(tile)}", "auto": True}
    if state.closer == seat:
        entry["rule"] = "E11"
    state.history.append(entry)


def _timeout_discard(state: RoundState, seat: int) -> Tile:
    rack = state.racks[seat]
    allowed = etalat.discardable(state, rack) if state.variant == "etalat" else rack
    if state.drawn in allowed:
        return state.drawn
    value = table_value if state.variant == "etalat" else rack_penalty
    loose = [t for t in loose_after_best(rack) if t in allowed] or allowed
    return min(loose, key=lambda t: (-value(t), t))
