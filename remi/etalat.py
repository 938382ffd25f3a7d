"""Remi Etalat (E1–E13): applying actions, listing legal ones, scoring the round.

Every function here works on a RoundState copy that `remi.engine` owns; a RuleError raised
half-way simply discards that copy.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence

from .actions import Action
from .candidates import formations_in
from .errors import RuleError
from .formations import (
    Formation,
    attach,
    attachable,
    is_run,
    make_formation,
    opening_points,
    represented,
    run_colour,
    swap_joker,
    table_value,
)
from .rack import has_tiles, take_from, without
from .opening import OPENING_POINTS, is_opening, opening_leaving
from .state import RoundState, TableFormation
from .tiles import JOKER, Tile, colour_of, number_of, tile_name, tiles_text



def opening_rule(state: RoundState) -> str:
    return "run_or_three_groups" if state.options.clasic else "run"


def must_open_rule(state: RoundState) -> str | None:
    """Why the tiles taken this turn must go into an opening, or None when they need not: E5
    took the strip's top (it is the tile drawn), E6 cut the strip deeper."""
    if not state.must_open:
        return None
    return "E5" if state.drawn is not None else "E6"


def min_rack_after_laying(state: RoundState) -> int:
    """E11: a laying must leave a tile to discard — two on the turn a player opened, since the
    platform preset forbids opening and closing in one turn."""
    return 2 if state.opened_this_turn and not state.options.clasic else 1


def leaves_a_discard(state: RoundState, rack: list[Tile], tiles: Sequence[Tile]) -> bool:
    """E11: whether laying `tiles` from `rack` leaves the tiles `min_rack_after_laying`
    asks; in clasic one of them not a joker, which may not be discarded (E10)."""
    left = without(rack, tiles)
    return len(left) >= min_rack_after_laying(state) and (
        not state.options.clasic or any(t != JOKER for t in left))


def discardable(state: RoundState, rack: list[Tile]) -> list[Tile]:
    """The tiles of `rack` that may be discarded: in clasic no joker (E10), unless the rack
    holds nothing else — a rack of jokers (the second one drawn to the first) must still end
    its turn (E2); layings never leave one (`leaves_a_discard`)."""
    if not state.options.clasic or all(t == JOKER for t in rack):
        return list(rack)
    return [t for t in rack if t != JOKER]


# -- draws ------------------------------------------------------------------------------------

def draw(state: RoundState, seat: int) -> None:
    if state.stock:
        tile = state.stock.pop()
    else:                                   # E12: the atu is drawn last
        tile, state.atu_in_stock, state.atu_holder = state.deal.atu, False, seat
    state.racks[seat].append(tile)
    state.drawn, state.drew_stock, state.phase = tile, True, "play"


def short_rack_take(state: RoundState, seat: int) -> int | None:
    """The count of the `take N` that takes the whole strip but its head with nothing to lay
    (E7: opened, fewer than 4 tiles on the rack), when this seat may make it now."""
    takeable = len(state.strip) - 1
    if state.opened[seat] and len(state.racks[seat]) < 4 and takeable > 1:
        return takeable
    return None


def take(state: RoundState, seat: int, count: int) -> None:
    """`take` (E5), `take N` breaking the strip (E6) or the whole strip on a short rack (E7)."""
    if state.first_round:
        raise RuleError("E3", "nobody takes from the strip in the first turn of the table")
    takeable = len(state.strip) - 1
    if takeable < 1:
        raise RuleError("E1", "the strip holds only its head, which can never be taken")
    if count > takeable:
        # before opening, those too only to open with (a QA pass read "at most 4" as allowed)
        unopened = ", and before opening only to use the tile cut at in this turn's opening (E5, E6)"
        # the count as a count of tiles ("at most 12" read as a tile 12)
        raise RuleError("E1", "the head of the strip, its first tile, is never taken: you may "
                        f"take at most the tiles above it ({takeable})"
                        + ("" if state.opened[seat] else unopened))
    opened, rack = state.opened[seat], state.racks[seat]
    taken = state.strip[-count:]
    cut = taken[0]
    whole_strip = count == takeable and count > 1          # all but the head (E7)
    short_rack = count == short_rack_take(state, seat)
    if count > 1 and not opened and state.options.clasic:
        raise RuleError("E6", "preset clasic: only an opened player may break the strip")
    if not short_rack and not (opened and count == 1):
        if not opened and not _opening_possible(state, rack + taken, cut):
            needs = _opening_needs(state)
            if count == 1:
                raise RuleError("E5", f"not opened yet: you may take {tile_name(cut)} only to use "
                                f"it in an opening this turn (45 points and {needs}), and it "
                                "makes none")
            raise RuleError("E6", f"not opened yet: you may break the strip at {tile_name(cut)} "
                            f"only to use it in an opening this turn (45 points and {needs}), "
                            "and it makes none")
        if opened and not _can_lay(state, rack + taken, cut):
            # the whole strip on a rack of 4 or more (a QA pass: E7's limit went unsaid)
            whole = "; the whole strip without laying is for a rack of fewer than 4 tiles (E7)"
            raise RuleError("E6", f"the cut tile {tile_name(cut)} must be laid this turn, and it "
                            "fits no formation" + (whole if whole_strip else ""))
        state.checkpoint = state.checkpoint or state.copy()
        state.must_lay.append(cut)
        state.must_open = not opened
    del state.strip[-count:], state.strip_by[-count:]
    rack.extend(taken)
    state.drawn = cut if count == 1 else None
    state.phase = "play"


def _opening_needs(state: RoundState) -> str:
    """E4: what an opening needs besides its 45 points, as the refusals say it."""
    return "a run or three groups (preset clasic)" if state.options.clasic else "a run"


def _can_lay(state: RoundState, rack: list[Tile], tile: Tile) -> bool:
    """Whether `tile` can still be laid this turn, leaving a tile to discard: attached
    (after other rack tiles carried a formation on to it), or in a formation made from the
    rack."""
    if tile not in rack:
        return False
    if any(leaves_a_discard(state, rack, chain) for formation in state.table
           for chain in _attach_chains(formation.tiles, rack, tile)):
        return True
    near = rack if tile == JOKER else [     # a formation with `tile` is a group of its number
        t for t in rack                     # or a run of its colour (C5), jokers aside
        if t == JOKER or number_of(t) == number_of(tile) or colour_of(t) == colour_of(tile)]
    return any(tile in formation and leaves_a_discard(state, rack, formation)
               for formation in formations_in(near))


def _attach_chains(formation: Formation, rack: list[Tile], tile: Tile) -> Iterator[list[Tile]]:
    """The rack tiles that, attached one after another, carry `formation` on until `tile`
    attaches too (`tile` last), shortest first. A formation grows at its ends only, so the
    search is short; only a run of the tile's colour can be carried on to it."""
    if tile not in attachable(formation) and (
            tile == JOKER or not is_run(formation) or colour_of(tile) != run_colour(formation)):
        return
    queue, seen = deque([(formation, [])]), {formation}
    while queue:
        current, used = queue.popleft()
        left = without(rack, used)
        steps = attachable(current) & set(left)
        if tile in steps:
            yield used + [tile]
        for step in sorted(steps - {tile}):
            grown, _ = attach(current, step)
            if grown not in seen:
                seen.add(grown)
                queue.append((grown, used + [step]))


def _opening_possible(state: RoundState, tiles: list[Tile], cut: Tile) -> bool:
    """Whether `tiles` hold an opening (E4) using `cut` that leaves the rack the tiles it
    needs after it (E11)."""
    return opening_leaving(tiles, opening_rule(state), [cut], _keep_after_opening(state)) \
        is not None


def _keep_after_opening(state: RoundState) -> int:
    """E11: tiles an opening must leave on the rack — a discard, and on the platform preset
    one more, since the opening turn may not also close."""
    return 1 if state.options.clasic else 2


# -- layings ----------------------------------------------------------------------------------

def open_(state: RoundState, seat: int, formations: tuple[tuple[Tile, ...], ...]) -> None:
    """E4: the first laying — 45 opening points in one turn with at least one run
    (clasic: a run or three groups)."""
    _check_may_lay(state)
    if state.opened[seat]:
        raise RuleError("E4", "you have already opened: lay or attach instead")
    laid = [make_formation(tiles) for tiles in formations]
    if not is_opening(laid, opening_rule(state)):
        points = sum(opening_points(f) for f in laid)
        shape = any(is_run(f) for f in laid) or (state.options.clasic and len(laid) >= 3)
        needs = _opening_needs(state)
        lacks = " and has neither" if state.options.clasic else " and has no run"
        raise RuleError("E4", f"an opening needs {OPENING_POINTS} points and {needs}; this one "
                        f"is worth {points}" + ("" if shape else lacks))
    tiles = [t for f in laid for t in f]
    credits = [_credits(state, seat, f) for f in laid]
    if state.must_open and not has_tiles(tiles, state.must_lay):
        raise RuleError(must_open_rule(state), f"the opening must use "
                        f"{tiles_text(state.must_lay)}, taken from the strip for it")
    state.opened[seat] = state.opened_this_turn = True
    state.must_open = False
    _lay_tiles(state, seat, tiles)
    for formation, credit in zip(laid, credits):
        state.table.append(TableFormation(seat, formation, credit))


def lay(state: RoundState, seat: int, tiles: tuple[Tile, ...]) -> None:
    _check_may_lay(state)
    _check_opened(state, seat, "lay a formation")
    formation = make_formation(tiles)
    credits = _credits(state, seat, formation)
    _lay_tiles(state, seat, formation)
    state.table.append(TableFormation(seat, formation, credits))
    _check_obligations(state, seat)


def attach_tile(state: RoundState, seat: int, tile: Tile, number: int) -> None:
    _check_may_lay(state)
    _check_opened(state, seat, "attach")
    target = _formation(state, number, "E8")
    grown, index = attach(target.tiles, tile)
    credit = _credits(state, seat, (tile,))
    _lay_tiles(state, seat, [tile])
    credits = target.credits[:index] + credit + target.credits[index:]
    state.table[number - 1] = TableFormation(target.owner, grown, credits)
    _check_obligations(state, seat)


def swap(state: RoundState, seat: int, tile: Tile, number: int) -> None:
    """E9: put the tile the joker stands for in its place; the joker must be laid this turn."""
    _check_may_lay(state)
    _check_opened(state, seat, "swap a joker")
    target = _formation(state, number, "E9")
    if not has_tiles(state.racks[seat], [tile]):
        raise RuleError("E9", f"{tile_name(tile)}: not on your rack")
    swapped = swap_joker(target.tiles, tile)
    index = target.tiles.index(JOKER)
    state.checkpoint = state.checkpoint or state.copy()
    take_from(state.racks[seat], [tile], "E9")
    state.must_lay = without(state.must_lay, [tile])      # a cut tile swapped in is laid
    state.racks[seat].append(JOKER)
    state.must_lay.append(JOKER)
    state.joker_credits.append(target.credits[index])
    credits = target.credits[:index] + (seat,) + target.credits[index + 1:]
    state.table[number - 1] = TableFormation(target.owner, swapped, credits)
    _check_obligations(state, seat)


def _check_obligations(state: RoundState, seat: int) -> None:
    """Refuse a laying after which a tile that must be laid this turn no longer could be."""
    rack = state.racks[seat]
    for tile in sorted(set(state.must_lay)):
        if not _can_lay(state, rack, tile):
            rule = "E9" if tile == JOKER else "E6"
            raise RuleError(rule, f"{tile_name(tile)} must still be laid this turn, and after "
                            "this it could not be")


def _check_may_lay(state: RoundState) -> None:
    if state.phase != "play":
        raise RuleError("E2", "draw first: from the stock or the strip")
    if state.first_round:
        raise RuleError("E3", "nobody lays anything in the first turn of the table")


def _check_opened(state: RoundState, seat: int, what: str) -> None:
    if not state.opened[seat]:
        raise RuleError("E4", f"you may {what} only after opening with 45 points and a run "
                        "(Open)" if not state.options.clasic else
                        f"you may {what} only after opening with 45 points (Open)")


def _formation(state: RoundState, number: int, rule: str) -> TableFormation:
    if not 1 <= number <= len(state.table):
        raise RuleError(rule, f"there is no formation {number} on the table "
                        f"({len(state.table)} laid)")
    return state.table[number - 1]


def _credits(state: RoundState, seat: int, tiles: tuple[Tile, ...]) -> tuple[int, ...]:
    """Who each laid tile scores for; a freed joker stays with whoever first laid it (E9).
    Call before `_lay_tiles`, which settles the obligations."""
    pending = list(state.joker_credits)
    return tuple(pending.pop(0) if t == JOKER and pending else seat for t in tiles)


def _lay_tiles(state: RoundState, seat: int, tiles: Formation | list[Tile]) -> None:
    rack = state.racks[seat]
    if not has_tiles(rack, tiles):
        raise RuleError("E2", f"{tiles_text(tiles)}: not on your rack")
    if not leaves_a_discard(state, rack, tiles):
        if state.options.clasic and len(rack) > len(tiles):
            raise RuleError("E11", "a laying must leave a tile to discard, and preset clasic "
                            "does not let a joker be discarded (E10)")
        raise RuleError("E11", "a laying must leave a tile to discard"
                        + (" — and you cannot close on the turn you open (preset platform)"
                           if min_rack_after_laying(state) == 2 else ""))
    take_from(rack, tiles, "E2")
    jokers_laid = sum(1 for t in tiles if t == JOKER)
    del state.joker_credits[:min(jokers_laid, len(state.joker_credits))]
    state.must_lay = without(state.must_lay, tiles)
    if not state.must_lay:
        state.checkpoint, state.must_open = None, False


# -- discard and the end of the turn ------------------------------------------------------------

def discard(state: RoundState, seat: int, tile: Tile) -> None:
    if state.phase != "play":
        raise RuleError("E2", "draw first: from the stock or the strip")
    rack = state.racks[seat]
    if not has_tiles(rack, [tile]):
        raise RuleError("E2", f"{tile_name(tile)}: not on your rack")
    if state.must_lay:
        rule = must_open_rule(state) or ("E9" if JOKER in state.must_lay else "E6")
        raise RuleError(rule, f"{tiles_text(state.must_lay)} must be laid this turn before you "
                        "discard")
    if tile not in discardable(state, rack):
        raise RuleError("E10", "preset clasic: a joker may not be discarded")
    if len(rack) == 1 and _close_barred(state):
        raise RuleError("E11", "you opened this turn: you cannot close in the same turn")
    rack.remove(tile)
    state.strip.append(tile)
    state.strip_by.append(seat)
    if not rack:
        state.end, state.closer = "closed", seat
    elif state.stock_count == 0:
        state.end = "stock"                 # E12: the atu was drawn, nobody closed


def discard_closes(state: RoundState) -> bool:
    """E11: the discard the turn is to make closes the round: one tile left, nothing that
    must be laid first, and a close allowed this turn (the page says so before it)."""
    rack = state.racks[state.to_play]
    return state.phase == "play" and len(rack) == 1 and not state.must_lay and not _close_barred(state)


def _close_barred(state: RoundState) -> bool:
    """E11: no close on the turn one opens (preset clasic allows it)."""
    return state.opened_this_turn and not state.options.clasic


# -- legal actions ------------------------------------------------------------------------------

def legal(state: RoundState, seat: int) -> list[Action]:
    if state.phase == "draw":
        return [Action("draw")] + [Action("take", number=n) for n in _legal_takes(state, seat)]
    actions: list[Action] = []
    rack = state.racks[seat]
    if not state.first_round:
        if not state.opened[seat]:
            actions += _useful_openings(state, seat)
        else:
            actions += _layings(state, seat)
    if not state.must_lay:
        for tile in sorted(set(rack)):
            action = Action("discard", tiles=(tile,))
            if _allowed(state, seat, action):
                actions.append(action)
    return actions


def _legal_takes(state: RoundState, seat: int) -> list[int]:
    if state.first_round:
        return []
    counts = []
    for count in range(1, len(state.strip)):
        trial = state.copy()
        try:
            take(trial, seat, count)
        except RuleError:
            continue
        counts.append(count)
    return counts


def _useful_openings(state: RoundState, seat: int) -> list[Action]:
    rack = state.racks[seat]
    best = opening_leaving(rack, opening_rule(state), state.must_lay, _keep_after_opening(state))
    if best is None:
        return []
    action = Action("open", formations=best)
    return [action] if _allowed(state, seat, action) else []


def _layings(state: RoundState, seat: int) -> list[Action]:
    """Every formation the rack can lay, every attachment and every joker swap. Checking
    the formations directly (not through `apply`) keeps bots and hints fast."""
    rack = state.racks[seat]
    actions = [Action("lay", tiles=f) for f in formations_in(rack)
               if leaves_a_discard(state, rack, f)]
    for number, formation in enumerate(state.table, start=1):
        for tile in sorted(set(rack) & attachable(formation.tiles)):
            if leaves_a_discard(state, rack, [tile]):
                actions.append(Action("attach", tiles=(tile,), number=number))
        if JOKER in formation.tiles:
            wanted = represented(formation.tiles)[formation.tiles.index(JOKER)]
            if wanted is not None and wanted in rack:
                actions.append(Action("swap", tiles=(wanted,), number=number))
    if state.must_lay or any(a.kind == "swap" for a in actions):
        actions = [a for a in actions if (a.kind != "swap" and not state.must_lay)
                   or _allowed(state, seat, a)]
    return actions


def _allowed(state: RoundState, seat: int, action: Action) -> bool:
    trial = state.copy()
    try:
        apply(trial, seat, action)
    except RuleError:
        return False
    return True


def apply(state: RoundState, seat: int, action: Action) -> None:
    kind = action.kind
    if kind == "draw":
        if state.phase != "draw":
            raise RuleError("E2", "you have drawn already this turn" if state.turn else
                            "the first player's first turn is a discard only (15 tiles)")
        draw(state, seat)
    elif kind == "take":
        if state.phase != "draw":
            raise RuleError("E2", "you have drawn already this turn" if state.turn else
                            "the first player's first turn is a discard only (15 tiles)")
        take(state, seat, action.number)
    elif kind == "open":
        open_(state, seat, action.formations)
    elif kind == "lay":
        lay(state, seat, action.tiles)
    elif kind == "attach":
        attach_tile(state, seat, action.tile, action.number)
    elif kind == "swap":
        swap(state, seat, action.tile, action.number)
    elif kind == "discard":
        discard(state, seat, action.tile)
    else:
        raise RuleError("E2", f"'{kind}' is not an action of Remi Etalat")


# -- scoring (E13) ------------------------------------------------------------------------------

def score(state: RoundState) -> list[dict[str, int]]:
    clasic = state.options.clasic
    twin_seat = _twin_holder(state)
    rows = []
    for seat in range(state.seats):
        rack = sum(table_value(t) for t in state.racks[seat])
        laid = sum(table_value(t) for f in state.table for t, c in zip(f.tiles, f.credits)
                   if c == seat)
        row = {"laid": laid, "rack": -rack, "unopened": 0,
               "closing": 50 if state.closer == seat else 0,
               "twin": 50 if twin_seat == seat else 0,
               "jokers": -50 * sum(1 for t, by in zip(state.strip, state.strip_by)
                                   if t == JOKER and by == seat)}
        if not state.opened[seat] and not clasic:
            row.update(laid=0, rack=0, unopened=-100)
        subtotal = sum(row.values())
        row["floor"] = 0 if clasic else max(0, -100 - subtotal)
        row["double"] = subtotal + row["floor"] if state.double_round else 0
        row["total"] = (subtotal + row["floor"]) * (2 if state.double_round else 1)
        rows.append(row)
    return rows


def _twin_holder(state: RoundState) -> int | None:
    """The seat credited with the atu's twin on the table (E13). Once the atu itself has been
    drawn (the round's last draw, E12), the copy its drawer kept, discarded in that last turn
    or laid is the atu and any other laid copy is the twin."""
    atu = state.deal.atu
    credited = [c for f in state.table for t, c in zip(f.tiles, f.credits) if t == atu]
    drawer = state.atu_holder
    if drawer is not None and drawer in credited:
        # the turn that drew the atu ended the round: its discard is the strip's last tile
        kept = atu in state.racks[drawer] or (state.strip[-1:] == [atu]
                                              and state.strip_by[-1] == drawer)
        if not kept:
            credited.remove(drawer)
    return credited[0] if credited else None


def twin_place(state: RoundState) -> tuple[int, int] | None:
    """Where the copy of the atu's twin that scores +50 (E13) lies on the table: the index of
    its formation and its place there; None while no twin is laid. The page marks it. Once the
    atu is drawn (E12) and until the round is over, which laid copy is the twin hangs on the
    drawer's rack, which others may not see: None then too."""
    if state.atu_holder is not None and not state.over:
        return None
    holder = _twin_holder(state)
    places = [(n, i) for n, f in enumerate(state.table)
              for i, (t, c) in enumerate(zip(f.tiles, f.credits)) if t == state.deal.atu and c == holder]
    return places[-1] if places else None
