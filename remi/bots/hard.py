"""Level hard: plans with the solver and reads the public table.

Etalat: opens with the solver's best 45-point opening (can_open); takes the top discard or
breaks the strip when the taken tiles open or extend formations; lays, swaps jokers,
attaches loose tiles to anyone's formations (the atu's twin first, +50); before opening it
discards the tile that hurts its opening least; after, the loose tile of highest value
unless the next player visibly collects it (their public takes, attachable to the table
when they have opened); sheds high values when someone is close to closing; never
discards a joker onto the strip while another tile can go.

Tablă: takes the atu when the atu closes (T7), the top of its row when it covers more;
closes whenever it can, with a joker discard first (×2); otherwise discards the tile that
keeps it closest to a close (tiles covered, then live outs counted from every visible
copy), avoiding what the left neighbour collects and keeping the atu's twin; discards a
joker to deny the neighbour's free draw when the joker covers nothing.

Hard slips: a take it would make is sometimes overlooked for a stock draw (Style's
`overlook_*`). Expert plays the same policy without slips (`best`) and searches on it; the
slips are what put a measured step between the two levels (docs/bots.md, "Why hard slips").
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..formations import FULL_RUN
from ..solver import best_close, closing_discards
from ..tiles import JOKER, Tile, colour_of, make_tile, number_of, tile_name
from .common import (
    Legal,
    Seen,
    arrange,
    attaches,
    by_kind,
    covered,
    loose,
    parse_legal,
    potential,
    related,
    seen,
    without,
)
from .medium import lay_something

OPENING = 45
MAX_TILES = 22      # the largest rack + taken tiles the draw decision evaluates


@dataclass(frozen=True)
class Style:
    """The weights of the discard heuristics and the slips (HARD: hard's own). bench/tune.py
    plays other weights against them (docs/bots.md, "Why the search does not make expert
    stronger")."""

    # Etalat (etalat_ranked)
    closing_soon: int = 4     # an opponent with this many tiles or fewer may close: shed value
    danger: float = 20        # per level of danger (the next player collects / attaches it)
    keep: float = 5           # per rack partner, while nobody is close to closing
    shed: float = 2           # value weight once someone is close to closing (else 1)
    # Tablă (tabla_ranked, tabla_discard)
    useful: float = 4         # per unit of usefulness (live completions)
    feeds: float = 6          # per tile the left neighbour collected that it relates to
    late_stock: int = 30      # below this stock, value counts double
    twin_keep: float = 40     # the atu's twin held at the end is +50 (T8)
    refine_loose: int = 3     # compare live outs when this many tiles or fewer are loose
    # Slips: the chance that a take hard would make is overlooked for a stock draw
    overlook_etalat: float = 0.6
    overlook_tabla: float = 0.25


HARD = Style()


def choose(view: dict[str, Any], legal: list[str], rng: random.Random,
           style: Style = HARD) -> str:
    """Hard's move: the best move, a take in it overlooked now and then (a slip)."""
    move = best(view, legal, style)
    if move.split()[0] == "take" and "draw" in legal:
        chance = style.overlook_etalat if view["variant"] == "etalat" else style.overlook_tabla
        if rng.random() < chance:
            return "draw"
    return move


def best(view: dict[str, Any], legal: list[str], style: Style = HARD) -> str:
    """The policy without slips: expert's first choice and its rollouts' move."""
    actions = parse_legal(legal)
    if not actions:
        return "timeout" if not legal else legal[0]
    info = seen(view)
    if info.variant == "etalat":
        return etalat(info, actions, style)
    return tabla(info, actions, style=style)


# -- Etalat --------------------------------------------------------------------------------------

def rack_score(info: Seen, tiles: list[Tile]) -> int:
    """Table value in formations minus loose value (tiles attachable to the table count as
    laid), the highest loose tile excepted: it is the discard."""
    best = arrange(tiles, "table_value")
    opened = info.opened[info.seat]
    rest = [t for t in best.loose if not (opened and attaches(t, info.table))]
    laid = best.score + sum(info.value(t) for t in best.loose if t not in rest)
    spare = sorted((info.value(t) for t in rest), reverse=True)
    return laid - sum(spare[1:])


def etalat_draw(info: Seen, actions: Legal) -> str:
    takes = by_kind(actions, "take")
    if not takes:
        return "draw"
    opened = info.opened[info.seat]
    best_text, best_score = "draw", rack_score(info, info.rack) if opened else -10**6
    for text, action in takes:
        taken = info.strip[-action.number:]
        if len(info.rack) + len(taken) > MAX_TILES:
            continue                               # keeps the solver fast (≤ 20 ms)
        score = rack_score(info, info.rack + taken)
        if not opened:
            score += 1000                          # legal only when it opens now (E5, E6)
        if score > best_score:
            best_text, best_score = text, score
    return best_text


def etalat(info: Seen, actions: Legal, style: Style = HARD) -> str:
    if by_kind(actions, "draw"):
        return etalat_draw(info, actions)
    twin = info.atu
    if info.atu != JOKER and twin in info.rack and info.opened[info.seat]:
        for text, action in by_kind(actions, "attach"):
            if action.tile == twin:
                return text                        # the atu's twin on the table: +50 (E13)
    laying = lay_something(info, actions, swaps=True)
    if laying:
        return laying
    discards = {action.tile for _, action in by_kind(actions, "discard")}
    return f"discard {tile_name(etalat_ranked(info, discards, style)[0])}"


def etalat_ranked(info: Seen, allowed: set[Tile], style: Style = HARD) -> list[Tile]:
    """The discards, best first (the first is hard's choice)."""
    rack = info.rack
    candidates = sorted(allowed - {JOKER}) or sorted(allowed)
    nxt = info.left
    danger_tiles = info.taken[nxt]

    def dangerous(tile: Tile) -> int:
        if info.opened[nxt] and attaches(tile, info.table):
            return 2
        return 1 if any(related(tile, t) for t in danger_tiles) else 0

    if not info.opened[info.seat]:
        spare = set(loose(rack, "opening")) if len(rack) > 3 else set(rack)
        pool = [t for t in candidates if t in spare] or candidates
        # keep the tiles that can still grow into formations; shed the lone ones
        ranked = sorted(pool, key=lambda t: (potential(t, rack), dangerous(t), -info.value(t), t))
        return ranked + [t for t in candidates if t not in ranked]
    spare = set(loose(rack, "table_value"))
    pool = [t for t in candidates if t in spare] or candidates
    closing_soon = min(size for seat, size in enumerate(info.rack_sizes)
                       if seat != info.seat) <= style.closing_soon
    twin_keep = info.atu if info.atu in pool and len(pool) > 1 else None
    if twin_keep is not None:
        pool = [t for t in pool if t != twin_keep]

    def cost(tile: Tile) -> tuple[float, Tile]:
        value = info.value(tile)
        keep = potential(tile, rack) * (0 if closing_soon else style.keep)
        shed = style.shed if closing_soon else 1
        return (dangerous(tile) * style.danger + keep - value * shed, -tile)

    ranked = sorted(pool, key=cost)
    return ranked + [t for t in candidates if t not in ranked]


# -- Tablă ---------------------------------------------------------------------------------------

def visible_counts(info: Seen) -> list[int]:
    counts = [0] * (JOKER + 1)
    for tile in info.rack:
        counts[tile] += 1
    for row in info.rows:
        for tile in row:
            counts[tile] += 1
    counts[info.atu] += 1
    return counts


@lru_cache(maxsize=None)
def neighbours(tile: Tile) -> tuple[Tile, ...]:
    """Tiles that could complete something with `tile`: same number, same colour within 2."""
    if tile == JOKER:
        return ()
    colour, number = colour_of(tile), number_of(tile)
    out = [make_tile(c, number) for c in "KRYB" if c != "KRYB"[colour]]
    for step in (-2, -1, 1, 2):
        position = number + step
        if position == 14:
            position = 1
        if 1 <= position <= 13 and (position != 1 or step < 0 or number >= 12) and position <= FULL_RUN:
            out.append(make_tile("KRYB"[colour], position))
    return tuple(out)


def live_outs(info: Seen, rack: list[Tile], seen_counts: list[int]) -> int:
    """Copies still unseen of the tiles that would let `rack` (14 tiles) close next turn."""
    spare = loose(rack)
    near = {c for i, a in enumerate(spare) for b in spare[i + 1:] for c in completions(a, b)}
    near.add(JOKER)                                # the pairs' completions, and a joker
    outs = 0
    for tile in near:
        left = 2 - seen_counts[tile]
        if left > 0 and closing_discards(rack + [tile]):
            outs += left
    return outs


def tabla(info: Seen, actions: Legal, refine: bool = True, style: Style = HARD) -> str:
    """Hard's Tablă move; `refine=False` skips the live-outs comparison of the discard (the
    costliest step), as the expert's rollouts do."""
    kinds = {action.kind for _, action in actions}
    if "atu" in kinds:
        return "atu"
    if "draw" in kinds:
        if "take" in kinds:
            tile = info.rows[info.seat][-1]
            if covered(info.rack + [tile]) > covered(info.rack):
                return "take"
        return "draw"
    closes = by_kind(actions, "close")
    if closes:
        for text, action in closes:
            if action.tile == JOKER:
                return text                        # ×2 of the own round (T8)
        return max(closes, key=lambda c: best_close(info.rack, c[1].tile).score)[0]
    allowed = sorted({action.tile for _, action in by_kind(actions, "discard")})
    if not refine:
        return f"discard {tile_name(tabla_ranked(info, allowed, style=style)[0])}"
    return f"discard {tile_name(tabla_discard(info, allowed, style))}"


def live_counts(info: Seen) -> list[int]:
    """Copies of each tile still unseen by this seat (2 − visible; the jokers likewise)."""
    return [max(0, 2 - c) for c in visible_counts(info)]


@lru_cache(maxsize=None)
def completions(a: Tile, b: Tile) -> tuple[Tile, ...]:
    """The tiles that make {a, b} a three-tile formation (group or run), no joker."""
    if a == JOKER or b == JOKER or a == b:
        return ()
    ca, na, cb, nb = colour_of(a), number_of(a), colour_of(b), number_of(b)
    if na == nb:
        return tuple(make_tile(c, na) for i, c in enumerate("KRYB") if i not in (ca, cb))
    if ca != cb:
        return ()
    low, high = sorted((na, nb))
    if high - low == 1:
        ends = [low - 1, high + 1]
    elif high - low == 2:
        ends = [low + 1]
    elif (low, high) == (1, 13):
        ends = [12]                                  # 12-13-1 (ace high)
    elif (low, high) == (1, 12):
        ends = [13]
    else:
        return ()
    if high == 13 and high - low == 1:
        ends = [low - 1, 1]                          # 12-13 → 11 or the high ace
    return tuple(make_tile("KRYB"[ca], n) for n in ends if 1 <= n <= 13)


def usefulness(tile: Tile, spare: list[Tile], live: list[int]) -> float:
    """How much a loose tile is worth keeping: for every loose partner, the live (unseen)
    tiles completing the pair into a formation; a little for lone links."""
    if tile == JOKER:
        return 99.0
    score = 0.0
    others = list(spare)
    if tile in others:
        others.remove(tile)
    for other in others:
        if other == JOKER:
            score += 6
        elif related(tile, other):
            score += sum(live[c] for c in completions(tile, other)) + 1
    score += 0.1 * sum(live[n] for n in neighbours(tile))
    return score


def tabla_ranked(info: Seen, allowed: list[Tile], spare: tuple[Tile, ...] | None = None,
                 style: Style = HARD) -> list[Tile]:
    """The discards, best first: loose tiles of the best arrangement (a discard that keeps
    every formation), ranked by usefulness (live completing tiles), value shed and what the
    left neighbour collects; formation tiles after them."""
    rack = info.rack
    spare = list(loose(rack) if spare is None else spare)
    live = live_counts(info)
    collected = info.taken[info.left]
    thrown = set(info.thrown[info.left])
    late = info.stock < style.late_stock

    def danger(tile: Tile) -> float:
        feeds = sum(1 for t in collected if related(tile, t))
        if tile in thrown:                         # they threw one away themselves
            feeds -= 1
        return feeds

    def cost(tile: Tile) -> tuple[float, Tile]:
        if tile == JOKER:
            return (1000.0, tile)
        keep = usefulness(tile, spare, live) * style.useful
        if tile == info.atu:
            keep += style.twin_keep
        return (keep + danger(tile) * style.feeds - info.value(tile) * (2 if late else 1), tile)

    pool = sorted((t for t in set(spare) if t in allowed), key=cost)
    rest = [t for t in allowed if t not in pool]
    if rest and not pool:                          # every tile covered: keep the most
        rest.sort(key=lambda t: (-covered(without(rack, t)), cost(t)))
    else:
        rest.sort(key=cost)
    if JOKER in pool and len(pool) > 1:
        deny = (rack.count(JOKER) > 1 or info.stock < 15
                or all(danger(t) > 0 for t in pool if t != JOKER))
        pool.remove(JOKER)
        if deny:
            pool.insert(0, JOKER)                  # deny the neighbour's free draw (T5)
    return pool + rest


def tabla_discard(info: Seen, allowed: list[Tile], style: Style = HARD) -> Tile:
    rack = info.rack
    spare = loose(rack)
    ranked = tabla_ranked(info, allowed, spare, style)
    if len(ranked) > 1 and ranked[0] != JOKER and len(spare) <= style.refine_loose:
        seen_counts = visible_counts(info)
        top = [t for t in ranked[:2] if t in spare]
        if len(top) == 2:
            outs = {t: live_outs(info, without(rack, t), seen_counts) for t in top}
            if outs[top[1]] > outs[top[0]]:
                return top[1]
    return ranked[0]
