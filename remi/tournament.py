"""Tournaments against hard and expert bots: two qualifying tables, then a final table.

Eight entrants: the player and seven bots (hard and expert, always labelled). Two tables of
four play the qualifying rounds; the best two of each table (by total; ties by the better
best round, then by seat) meet at the final table. The final decides places 1–4; places
5–8 go to the others by their qualifying rank, then their total. Rank points reward the
place. Every table is an ordinary match, so its log replays like any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from . import log as match_log
from .bots import bot_action, seat_info
from .engine import legal_actions
from .match import Match
from .names import DEFAULT_NAME, clean_name, clean_players
from .options import Options
from .views import view

RANK_POINTS = (100, 60, 40, 25, 10, 10, 5, 5)
BOT_LEVELS = ("expert", "hard", "hard", "expert", "hard", "expert", "hard")
TABLE_SIZE = 4


@dataclass
class Table:
    stage: str                      # qualifying | final
    entrants: list[int]             # indices into Tournament.entrants, by seat
    rounds: int
    match: Match

    @property
    def done(self) -> bool:
        return self.match.played_out(self.rounds)

    def best_rounds(self) -> list[int]:
        return [max((r.scores[s] for r in self.match.rounds if r.scores), default=0)
                for s in range(len(self.entrants))]

    def standings(self) -> list[int]:
        """Seats from first to last: total, then best round, then seat order."""
        totals, best = self.match.totals, self.best_rounds()
        return sorted(range(len(self.entrants)), key=lambda s: (-totals[s], -best[s], s))

    def ties(self) -> list[dict[str, Any]]:
        """Seats next to each other in the standings on the same total, and what put the first
        ahead: `best_round` (its best round is higher) or `seat` (the same too)."""
        totals, best = self.match.totals, self.best_rounds()
        order = self.standings()
        return [{"ahead": a, "behind": b, "total": totals[a],
                 "by": "best_round" if best[a] != best[b] else "seat"}
                for a, b in zip(order, order[1:]) if totals[a] == totals[b]]


@dataclass
class Tournament:
    variant: str
    seed: str
    entrants: list[dict[str, Any]]
    options: Options = field(default_factory=Options)
    qualifying_rounds: int = 3
    final_rounds: int = 4
    tables: list[Table] = field(default_factory=list)

    @classmethod
    def new(cls, variant: str, player: str, seed: str, options: Options | None = None,
            qualifying_rounds: int = 3, final_rounds: int = 4) -> Tournament:
        entrants = [{"name": clean_name(player, DEFAULT_NAME), "is_bot": False, "level": None}]
        entrants += [seat_info(level) for level in BOT_LEVELS]
        # a table lasts its rounds: a target would end its match before them (C9)
        options = replace(options or Options(), target=None)
        tournament = cls(variant, seed, entrants, options, qualifying_rounds, final_rounds)
        for number, seats in enumerate(([0, 1, 2, 3], [4, 5, 6, 7])):
            tournament._open_table("qualifying", seats, qualifying_rounds, number)
        return tournament

    def _open_table(self, stage: str, seats: list[int], rounds: int, number: int) -> Table:
        match = Match.new(self.variant, len(seats), self.options,
                          f"{self.seed}/{stage}/{number}")
        table = Table(stage, seats, rounds, match)
        self.tables.append(table)
        return table

    @property
    def stage(self) -> str:
        if not any(t.stage == "final" for t in self.tables):
            return "qualifying"
        return "done" if self.final.done else "final"

    @property
    def final(self) -> Table:
        return next(t for t in self.tables if t.stage == "final")

    def player_table(self) -> Table:
        """The table where the player sits now."""
        return next(t for t in reversed(self.tables) if 0 in t.entrants)

    def players_of(self, table: Table) -> list[dict[str, Any]]:
        """A table's players by seat, each with its entrant number (the standings' "#n")."""
        return [{**self.entrants[e], "entrant": e} for e in table.entrants]

    # -- playing ---------------------------------------------------------------------------
    def play_bots(self, table: Table) -> None:
        """Let the bots play `table` until the human is to play (or the table is done)."""
        while self.bot_step(table):
            pass

    def bot_step(self, table: Table) -> bool:
        """One step of `table` without the human: deal its next round, or let the bot to
        play act from its own view. False when the table is done or the human is to play."""
        if table.done:
            return False
        state = table.match.current
        if state.over:
            table.match.start_round()
            return True
        seat = state.to_play
        entrant = self.entrants[table.entrants[seat]]
        if not entrant["is_bot"]:
            return False
        legal = [str(a) for a in legal_actions(state)]
        choice = bot_action(entrant["level"], view(state, seat), legal,
                            f"{table.match.seed}/{seat}") if legal else "timeout"
        table.match.play(choice)
        return True

    def advance(self) -> Table:
        """Once both qualifying tables are done: the best two of each go to the final."""
        qualifying = [t for t in self.tables if t.stage == "qualifying"]
        if self.stage != "qualifying" or not all(t.done for t in qualifying):
            raise ValueError("the qualifying tables are still playing")
        finalists = [t.entrants[s] for t in qualifying for s in t.standings()[:2]]
        return self._open_table("final", finalists, self.final_rounds, 0)

    # -- results ---------------------------------------------------------------------------
    def places(self) -> list[int]:
        """Entrants from first to last (once the final is done)."""
        if self.stage != "done":
            raise ValueError("the tournament is not over")
        final = [self.final.entrants[s] for s in self.final.standings()]
        qualifying = [t for t in self.tables if t.stage == "qualifying"]
        others = []
        for table in qualifying:
            totals = table.match.totals
            for rank, seat in enumerate(table.standings()):
                entrant = table.entrants[seat]
                if entrant not in final:
                    others.append((rank, -totals[seat], entrant))
        return final + [entrant for _, _, entrant in sorted(others)]

    def standings(self) -> list[dict[str, Any]]:
        """The table shown between rounds: every entrant's stage, table total and place."""
        rows = []
        for table in self.tables:
            totals = table.match.totals
            for seat, entrant in enumerate(table.entrants):
                rows.append({"entrant": entrant, **self.entrants[entrant],
                             "stage": table.stage, "total": totals[seat]})
        if self.stage == "done":
            for place, entrant in enumerate(self.places(), start=1):
                for row in rows:
                    if row["entrant"] == entrant:
                        row["place"], row["rank_points"] = place, RANK_POINTS[place - 1]
        return rows

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "seed": self.seed, "entrants": self.entrants,
                "options": self.options.to_json(), "qualifying_rounds": self.qualifying_rounds,
                "final_rounds": self.final_rounds,
                "tables": [{"stage": t.stage, "entrants": t.entrants, "rounds": t.rounds,
                            "log": {**match_log.to_json(t.match, self.players_of(t)),
                                    "seed": t.match.seed, "table_rounds": t.rounds}}
                           for t in self.tables]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tournament:
        """A stored tournament; the parts a damaged one would break later are checked here."""
        rounds = (data.get("qualifying_rounds"), data.get("final_rounds"))
        tables = data.get("tables")
        if (data.get("variant") not in ("etalat", "tabla") or not isinstance(tables, list)
                or not tables or not all(isinstance(n, int) and n > 0 for n in rounds)):
            raise ValueError("not a tournament of this page")
        tournament = cls(data["variant"], data["seed"],
                         clean_players(data["entrants"], DEFAULT_NAME),
                         Options.from_json(data["options"]), data["qualifying_rounds"],
                         data["final_rounds"])
        for table in data["tables"]:
            tournament.tables.append(Table(table["stage"], table["entrants"], table["rounds"],
                                           match_log.replay(table["log"])))
            if tournament.tables[-1].match.variant != tournament.variant:
                raise ValueError("not a tournament of this page")
        return tournament
