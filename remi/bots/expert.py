"""Level expert: the hard policy without its slips, plus a determinized search over the
hidden tiles.

For a decision where hard's ranking leaves a real choice (draw or take; which tile to
discard), expert samples *worlds*: full RoundStates built from the view alone, whose hidden
tiles (the other racks, the stock order) are a random assignment of the unseen tiles — the
106 minus everything this seat sees — with every rack size kept and the tiles a seat
publicly took (and has not laid or thrown since) left on that seat's rack. In each world it
plays each of hard's top CANDIDATES, then hard's own policy plays every seat, straight on
the world's state (no views, no action strings, memoised solver calls), for two turns of
every seat (at most MAX_TURNS) or to the round's end, and scores the result: the round
score difference when the round ended, else a heuristic (tiles covered and rack value in
Tablă; laid value, rack value and the opening in Etalat), own minus the others' mean. The
same worlds serve every candidate (common random numbers); hard's choice stands unless an
alternative beats it, world by world, by more than MARGIN standard errors (then the largest
mean gain wins).

The budget is a fixed number of worlds (WORLDS; ETALAT_WORLDS in Etalat), so a seed replays the same decision. An
optional time cap (BUDGET_MS, or `budget_ms=`) drops the world it interrupts; it is off by
default, and then the decision depends on the seed alone.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..deal import Deal
from ..engine import apply, legal_actions
from ..formations import rack_penalty, table_value
from ..options import Options
from ..state import RoundState, TableFormation
from ..tiles import JOKER, Tile, counts_of, full_set, parse_tile, tile_name
from . import hard
from .common import Legal, Seen, arrange, by_kind, parse_legal, seen, tiles_of, turn_actions

BUDGET_MS: float | None = None   # optional time cap per decision (off: deterministic)
WORLDS = 6            # sampled worlds per decision: the budget (Tablă)
ETALAT_WORLDS = 4     # Etalat: its rollout steps cost more (legal moves, takes), p95 ≤ 300 ms
CANDIDATES = 3        # hard's top choices considered (discards, takes)
MARGIN = 2.0          # standard errors an alternative must gain over hard's choice
HORIZON = 2           # rollouts stop after two turns of every seat (or the round's end) …
MAX_TURNS = 7         # … and after at most 7 turns (4 seats: the rollouts' cost)
MAX_STEPS = 200       # engine actions per rollout, a safety bound


def choose(view: dict[str, Any], legal: list[str], rng: random.Random,
           budget_ms: float | None = None, worlds: int | None = None) -> str:
    default = hard.best(view, legal)
    actions = parse_legal(legal)
    if not actions or view.get("to_play") != view.get("seat"):
        return default
    info = seen(view)
    options = candidates(info, actions, default)
    if len(options) < 2:
        return default
    if worlds is None:
        worlds = ETALAT_WORLDS if info.variant == "etalat" else WORLDS
    return search(view, info, options, rng, BUDGET_MS if budget_ms is None else budget_ms,
                  worlds)


# -- which actions are worth a search ------------------------------------------------------------

def candidates(info: Seen, actions: list, default: str) -> list[str]:
    kinds = {action.kind for _, action in actions}
    if "atu" in kinds or by_kind(actions, "close"):
        return [default]
    if "draw" in kinds:
        takes = by_kind(actions, "take")
        if not takes:
            return [default]
        if info.variant == "etalat":
            opened = info.opened[info.seat]
            scored = []
            for text, action in takes:
                taken = info.strip[-action.number:]
                if len(info.rack) + len(taken) > hard.MAX_TILES:
                    continue
                scored.append((hard.rack_score(info, info.rack + taken), text))
            scored.sort(key=lambda st: -st[0])
            options = [default] + ["draw"] * opened + [text for _, text in scored]
        else:
            options = [default, "draw", "take"]
        return _unique(options)[:CANDIDATES]
    if not default.startswith("discard"):
        return [default]                                 # laying: hard's plan stands
    allowed = {action.tile for _, action in by_kind(actions, "discard")}
    if info.variant == "etalat":
        ranked = hard.etalat_ranked(info, allowed)
    else:
        ranked = hard.tabla_ranked(info, sorted(allowed))
    return _unique([default] + [f"discard {tile_name(t)}" for t in ranked])[:CANDIDATES]


def _unique(items: list[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        if item not in out:
            out.append(item)
    return out


# -- worlds: full states built from the view alone ------------------------------------------------

def unseen_tiles(view: dict[str, Any]) -> list[int] | None:
    """Counts of the tiles this seat cannot see (None when the view is not consistent)."""
    counts = counts_of(full_set())
    visible = tiles_of(view["rack"])
    if view["variant"] == "etalat":
        visible += tiles_of(view["strip"])
        visible += [t for f in view["table"] for t in tiles_of(f["tiles"])]
        if view["atu_taken_by"] is None:
            visible.append(parse_tile(view["atu"]))
    else:
        visible += [t for row in view["rows"] for t in tiles_of(row)]
        if view["atu_taken_by"] is None:
            visible.append(parse_tile(view["atu"]))
    for tile in visible:
        counts[tile] -= 1
        if counts[tile] < 0:
            return None
    return counts


def known_holdings(view: dict[str, Any]) -> list[list[Tile]]:
    """Tiles each seat took publicly and has not laid or discarded since."""
    seats = view["seats"]
    known: list[list[Tile]] = [[] for _ in range(seats)]
    strip: list[Tile] = []
    rows: list[list[Tile]] = [[] for _ in range(seats)]
    etalat = view["variant"] == "etalat"

    def drop(seat: int, tiles: list[Tile]) -> None:
        for tile in tiles:
            if tile in known[seat]:
                known[seat].remove(tile)

    for entry in view["history"]:
        words = entry["action"].replace("|", " ").split()
        seat, kind = entry["seat"], words[0]
        if kind in ("discard", "close"):
            tile = parse_tile(words[1])
            drop(seat, [tile])
            if etalat:
                strip.append(tile)
            else:
                rows[(seat + 1) % seats].append(tile)
        elif kind == "take":
            if etalat:
                count = int(words[1]) if len(words) > 1 else 1
                known[seat] += strip[-count:]
                del strip[-count:]
            elif rows[seat]:
                known[seat].append(rows[seat].pop())
        elif kind in ("open", "lay"):
            drop(seat, [parse_tile(w) for w in words[1:]])
        elif kind == "attach":
            drop(seat, [parse_tile(words[1])])
        elif kind == "swap":
            drop(seat, [parse_tile(words[1])])
            known[seat].append(JOKER)
        elif kind in ("timeout", "rolled"):
            known[seat] = []                       # C8 roll-back: forget, stay consistent
    return known


def _since_stock(history: list[dict[str, Any]]) -> int:
    since, drew = 0, False
    for entry in history:
        kind = entry["action"].split()[0]
        if kind == "draw":
            drew = True
        elif kind == "discard":
            since = 0 if drew else since + 1
            drew = False
    return since


def determinize(view: dict[str, Any], rng: random.Random,
                known: list[list[Tile]] | None = None,
                unseen: list[int] | None = None) -> RoundState | None:
    """A full RoundState consistent with the view: hidden tiles dealt at random."""
    unseen = unseen_tiles(view) if unseen is None else unseen
    if unseen is None:
        return None
    known = known_holdings(view) if known is None else known
    me, seats, variant = view["seat"], view["seats"], view["variant"]
    atu = parse_tile(view["atu"])
    atu_in_stock = variant == "etalat" and view["atu_taken_by"] is None
    pool = list(unseen)
    racks: list[list[Tile]] = []
    for seat in range(seats):
        if seat == me:
            racks.append(tiles_of(view["rack"]))
            continue
        rack = []
        for tile in known[seat]:
            if pool[tile] > 0 and len(rack) < view["rack_sizes"][seat]:
                pool[tile] -= 1
                rack.append(tile)
        racks.append(rack)
    hidden = [tile for tile, count in enumerate(pool) for _ in range(count)]
    rng.shuffle(hidden)
    for seat in range(seats):
        if seat != me:
            need = view["rack_sizes"][seat] - len(racks[seat])
            racks[seat] += hidden[:need]
            hidden = hidden[need:]
    stock_size = view["stock"] - (1 if atu_in_stock else 0)
    if len(hidden) != stock_size:
        return None
    options = Options.from_json(view["options"])
    deal = Deal(view["first"], atu, tuple(tuple(r) for r in racks), ())
    block = turn_actions(view)
    drawn = view.get("drawn")
    state = RoundState(variant, options, deal, racks, hidden, turn=view["turn"],
                       phase=view["phase"], drawn=None if drawn is None else parse_tile(drawn),
                       drew_stock="draw" in block, atu_in_stock=atu_in_stock,
                       atu_holder=view["atu_taken_by"],
                       history=[dict(entry) for entry in view["history"]])
    if variant == "etalat":
        state.strip = tiles_of(view["strip"])
        state.strip_by = list(view["strip_by"])
        state.table = [TableFormation(f["owner"], tuple(tiles_of(f["tiles"])),
                                      tuple(f["credits"])) for f in view["table"]]
        state.opened = list(view["opened"])
        state.must_lay = tiles_of(view.get("must_lay") or [])
        state.must_open = bool(view.get("must_open"))
        state.joker_credits = list(view.get("joker_credits") or [])
        state.opened_this_turn = any(action.startswith("open") for action in block)
    else:
        state.opened = [False] * seats
        state.rows = [tiles_of(row) for row in view["rows"]]
        state.since_stock = _since_stock(view["history"])
    return state


# -- the search ---------------------------------------------------------------------------------

def search(view: dict[str, Any], info: Seen, options: list[str], rng: random.Random,
           budget_ms: float | None, worlds: int) -> str:
    """Play every option in the same sampled worlds; return the one `pick` prefers."""
    unseen = unseen_tiles(view)
    if unseen is None:
        return options[0]
    known = known_holdings(view)
    me = view["seat"]
    deadline = float("inf") if budget_ms is None else time.perf_counter() + budget_ms / 1000
    results: list[list[float]] = []
    for _ in range(worlds):
        world = determinize(view, rng, known, unseen)
        if world is None:
            break
        horizon = world.turn + min(HORIZON * world.seats + 1, MAX_TURNS)
        try:
            results.append([rollout(world, option, me, horizon, deadline)
                            for option in options])
        except TimeoutError:
            break                                  # the unfinished world is dropped
    return options[pick(results)]


def pick(results: list[list[float]]) -> int:
    """The option with the best mean, measured against hard's choice (option 0) world by
    world; an alternative must beat it by more than MARGIN standard errors."""
    if len(results) < 2:
        return 0
    best, best_gain = 0, 0.0
    n = len(results)
    for k in range(1, len(results[0])):
        diffs = [row[k] - row[0] for row in results]
        mean = sum(diffs) / n
        sd = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
        if mean > MARGIN * sd / n ** 0.5 and mean > best_gain:
            best, best_gain = k, mean
    return best


def rollout(world: RoundState, option: str, me: int, horizon: int,
            deadline: float = float("inf")) -> float:
    """Play `option`, then hard's policy for every seat (on the world's own state, no views)
    until the round ends or `horizon` turns have started; score the result for `me`."""
    state = apply(world, option)
    steps = 0
    while not state.over and state.turn < horizon and steps < MAX_STEPS:
        if time.perf_counter() > deadline:
            raise TimeoutError
        actions = [(str(a), a) for a in legal_actions(state) if a.kind != "redeal"]
        state = apply(state, policy(state, actions) if actions else "timeout")
        steps += 1
    return evaluate(state, me)


def policy(state: RoundState, actions: Legal) -> str:
    """Hard's move for the seat to play, read straight from a sampled world (a world is built
    from this seat's view only, so reading its other racks reveals nothing real)."""
    info = world_info(state, state.to_play)
    if state.variant == "etalat":
        return hard.etalat(info, actions)
    return hard.tabla(info, actions, refine=False)


def world_info(state: RoundState, seat: int) -> Seen:
    """What `seat` knows in a world, without replaying the history (public takes unknown)."""
    info = Seen(state.variant, seat, state.seats, list(state.racks[seat]), state.deal.atu,
                state.stock_count, [len(rack) for rack in state.racks])
    info.taken = [[] for _ in range(state.seats)]
    info.thrown = [[] for _ in range(state.seats)]
    if state.variant == "etalat":
        info.opened = list(state.opened)
        info.table = [f.tiles for f in state.table]
        info.strip = list(state.strip)
        info.must_lay = list(state.must_lay)
    else:
        info.rows = [list(row) for row in state.rows]
    return info


def evaluate(state: RoundState, me: int) -> float:
    if state.over and state.scores is not None:
        scores = state.scores
    else:
        scores = [estimate(state, seat) for seat in range(state.seats)]
    others = [score for seat, score in enumerate(scores) if seat != me]
    return scores[me] - sum(others) / len(others)


def estimate(state: RoundState, seat: int) -> float:
    """A heuristic round score for `seat` at the horizon."""
    rack = state.racks[seat]
    if state.variant == "tabla":
        best = arrange(rack, "covered")
        covered = len(rack) - len(best.loose)
        stock = counts_of(state.stock)
        spare = list(best.loose)
        outs = sum(hard.usefulness(t, spare, stock) for t in set(spare) if t != JOKER)
        return 12 * covered + 2 * outs - sum(rack_penalty(t) for t in best.loose) \
            - 0.3 * sum(rack_penalty(t) for t in rack)
    laid = sum(table_value(t) for f in state.table for t, who in zip(f.tiles, f.credits)
               if who == seat)
    best = arrange(rack, "table_value")
    loose_value = sum(table_value(t) for t in best.loose)
    if not state.opened[seat]:
        return -100 + 0.3 * best.score - 0.1 * loose_value
    return laid + 0.5 * best.score - loose_value
