"""The state of one round, shared by both variants, and its JSON form.

The state is plain data; `remi.engine` applies actions to copies of it, so a refused action
leaves the caller's state untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .deal import Deal
from .errors import NotationError
from .options import VARIANTS, Options
from .tiles import JOKER, Tile, counts_of, full_set, parse_tile, tile_name

PLAIN_FIELDS = ("turn", "phase", "drew_stock", "atu_in_stock", "strip_by", "opened",
                "opened_this_turn", "must_open", "joker_credits", "atu_holder", "since_stock",
                "end", "closer", "scores", "breakdown", "history", "actions")


@dataclass
class TableFormation:
    """An Etalat formation on the table: who laid it and who is credited with each tile
    (attached tiles score for whoever attached them — E8; a swapped-in tile for the swapper
    while the joker stays credited to whoever first laid it — E9)."""

    owner: int
    tiles: tuple[Tile, ...]
    credits: tuple[int, ...]


@dataclass
class RoundState:
    variant: str
    options: Options
    deal: Deal
    racks: list[list[Tile]]
    stock: list[Tile]                       # top of the stock LAST (so a draw is a pop)
    turn: int = 0                           # turns started this round, from 0
    phase: str = "play"                     # draw | play | atu | over
    drawn: Tile | None = None               # the tile drawn or taken this turn (C8)
    drew_stock: bool = False                # this turn drew from the stock (T9)
    # Etalat
    atu_in_stock: bool = True               # E12: the atu is drawn last
    strip: list[Tile] = field(default_factory=list)
    strip_by: list[int] = field(default_factory=list)
    table: list[TableFormation] = field(default_factory=list)
    opened: list[bool] = field(default_factory=list)
    opened_this_turn: bool = False
    must_lay: list[Tile] = field(default_factory=list)   # E6/E9: to be laid this turn
    must_open: bool = False                 # E5/E6 case A/B: must_lay goes into the opening
    joker_credits: list[int] = field(default_factory=list)  # E9: freed jokers' first layers
    checkpoint: RoundState | None = None    # the turn before its unfinished action (C8)
    atu_holder: int | None = None           # who drew (Etalat) or took (Tablă T7) the atu
    # Tablă
    rows: list[list[Tile]] = field(default_factory=list)
    since_stock: int = 0                    # T9: consecutive turns without a stock draw
    # the end
    end: str | None = None                  # closed | stock | no_draws | redeal
    closer: int | None = None
    closing_discard: Tile | None = None
    scores: list[int] | None = None
    breakdown: list[dict[str, int]] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, variant: str, options: Options, deal: Deal) -> RoundState:
        if variant not in VARIANTS:
            raise NotationError(f"variant must be one of {VARIANTS}, not {variant!r}")
        seats = deal.seats
        if not 2 <= seats <= 4:
            raise NotationError("2 to 4 seats", "C2")
        return cls(
            variant=variant,
            options=options,
            deal=deal,
            racks=[list(hand) for hand in deal.hands],
            stock=list(reversed(deal.stock)),
            atu_in_stock=variant == "etalat",
            opened=[False] * seats,
            rows=[[] for _ in range(seats)] if variant == "tabla" else [],
        )

    # -- derived facts ----------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.racks)

    @property
    def first(self) -> int:
        return self.deal.first

    @property
    def to_play(self) -> int:
        return (self.deal.first + self.turn) % self.seats

    @property
    def first_round(self) -> bool:
        """Each seat's first turn (E3)."""
        return self.turn < self.seats

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def stock_count(self) -> int:
        """Tiles that can still be drawn (Etalat counts the atu, drawn last — E12)."""
        return len(self.stock) + (1 if self.atu_in_stock else 0)

    @property
    def double_round(self) -> bool:
        """C7: an ace or joker atu doubles the round when the option is on."""
        atu = self.deal.atu
        return self.options.double_rounds and (atu == JOKER or atu % 13 == 0)

    def copy(self) -> RoundState:
        clone = object.__new__(RoundState)
        clone.__dict__.update(self.__dict__)
        clone.racks = [list(rack) for rack in self.racks]
        clone.stock = list(self.stock)
        clone.strip, clone.strip_by = list(self.strip), list(self.strip_by)
        clone.table = list(self.table)   # TableFormation values are replaced, never mutated
        clone.opened = list(self.opened)
        clone.must_lay = list(self.must_lay)
        clone.joker_credits = list(self.joker_credits)
        clone.rows = [list(row) for row in self.rows]
        clone.history = list(self.history)
        clone.actions = list(self.actions)
        return clone

    def all_tiles(self) -> list[Tile]:
        """Every tile of the round wherever it is; always the 106 of the set (C1)."""
        tiles = [t for rack in self.racks for t in rack] + self.stock + self.strip
        tiles += [t for formation in self.table for t in formation.tiles]
        tiles += [t for row in self.rows for t in row]
        atu_on_table = self.atu_in_stock or (self.variant == "tabla" and self.atu_holder is None)
        return tiles + [self.deal.atu] if atu_on_table else tiles

    def check_tiles(self) -> None:
        if counts_of(self.all_tiles()) != counts_of(full_set()):
            raise NotationError("the state does not hold exactly the 106 tiles of the set", "C1")

    # -- JSON -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        def names(tiles: list[Tile]) -> list[str]:
            return [tile_name(t) for t in tiles]

        data: dict[str, Any] = {
            "variant": self.variant,
            "options": self.options.to_json(),
            "deal": self.deal.to_json(),
            "racks": [names(rack) for rack in self.racks],
            "stock": names(self.stock),
            "strip": names(self.strip),
            "must_lay": names(self.must_lay),
            "rows": [names(row) for row in self.rows],
            "table": [{"owner": f.owner, "tiles": names(list(f.tiles)), "credits": list(f.credits)}
                      for f in self.table],
            "drawn": None if self.drawn is None else tile_name(self.drawn),
            "closing_discard": None if self.closing_discard is None
            else tile_name(self.closing_discard),
            "checkpoint": None if self.checkpoint is None else self.checkpoint.to_json(),
        }
        for key in PLAIN_FIELDS:
            value = getattr(self, key)
            data[key] = list(value) if isinstance(value, list) else value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundState:
        try:
            deal_data = data["deal"]
            deal = Deal.from_json(deal_data, len(deal_data["hands"]))
            state = cls.start(data["variant"], Options.from_json(data["options"]), deal)

            def tiles(names: list[str]) -> list[Tile]:
                return [parse_tile(name) for name in names]

            state.racks = [tiles(rack) for rack in data["racks"]]
            state.stock = tiles(data["stock"])
            state.strip = tiles(data["strip"])
            state.must_lay = tiles(data["must_lay"])
            state.rows = [tiles(row) for row in data["rows"]]
            state.table = [TableFormation(f["owner"], tuple(tiles(f["tiles"])),
                                          tuple(f["credits"])) for f in data["table"]]
            state.drawn = None if data["drawn"] is None else parse_tile(data["drawn"])
            state.closing_discard = (None if data["closing_discard"] is None
                                     else parse_tile(data["closing_discard"]))
            state.checkpoint = (None if data["checkpoint"] is None
                                else cls.from_json(data["checkpoint"]))
            for key in PLAIN_FIELDS:
                setattr(state, key, data[key])
        except (KeyError, TypeError, AttributeError) as error:
            raise NotationError(f"malformed state: {error!r}") from error
        state.check_tiles()
        return state
