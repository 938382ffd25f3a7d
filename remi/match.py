"""A match: rounds with the deal moving one seat each round (C3), totals and the target
(C9, T10). A round that ends in a "3 doubles" redeal is followed by a new deal with the same
first player and scores nothing."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from . import engine
from .actions import Action
from .deal import Deal, rng_for, roll_dealer
from .errors import RuleError
from .options import Options
from .state import RoundState


@dataclass
class Match:
    variant: str
    options: Options
    seats: int
    seed: str | int | None = None
    match_id: str = ""
    dice: list[list[int]] = field(default_factory=list)
    opening_first: int = 0                  # the first player of round 1 (after the dice)
    rounds: list[RoundState] = field(default_factory=list)

    @classmethod
    def new(cls, variant: str, seats: int, options: Options | None = None,
            seed: str | int = 0) -> Match:
        """A match dealt from `seed`: the dealer by dice (C3), every deal shuffled (C4)."""
        if not 2 <= seats <= 4:
            raise RuleError("C2", "a table has 2 to 4 seats")
        match_id = hashlib.sha256(f"{variant}/{seats}/{seed}".encode()).hexdigest()[:12]
        match = cls(variant, options or Options(), seats, seed, match_id)
        dealer, match.dice = roll_dealer(seats, rng_for(seed, "dice"))
        match.opening_first = (dealer + 1) % seats
        match.start_round()
        return match

    # -- rounds ----------------------------------------------------------------------------
    @property
    def current(self) -> RoundState:
        return self.rounds[-1]

    def next_first(self) -> int:
        if not self.rounds:
            return self.opening_first
        last = self.current
        return last.first if last.end == "redeal" else (last.first + 1) % self.seats

    def start_round(self, deal: Deal | None = None, first: int | None = None) -> RoundState:
        """Start the next round from an explicit deal or from the match seed."""
        if self.over:
            raise RuleError("C9", "the match is over: it reached its target")
        if deal is None:
            if self.seed is None:
                raise RuleError("C10", "a match without a seed needs explicit deals")
            if first is None:
                first = self.next_first()
            deal = Deal.shuffled(self.seats, first, rng_for(self.seed, "round", len(self.rounds)))
        if deal.seats != self.seats:
            raise RuleError("C4", f"the deal is for {deal.seats} seats, the match has "
                            f"{self.seats}")
        self.rounds.append(RoundState.start(self.variant, self.options, deal))
        return self.current

    def play(self, action: Action | str) -> RoundState:
        """Apply an action to the current round (the caller starts the next one)."""
        self.rounds[-1] = engine.apply(self.current, action)
        return self.current

    # -- totals and the target (C9, T10) -------------------------------------------------------
    @property
    def totals(self) -> list[int]:
        totals = [0] * self.seats
        for state in self.rounds:
            for seat, score in enumerate(state.scores or []):
                totals[seat] += score
        return totals

    @property
    def over(self) -> bool:
        target = self.options.target
        if target is None or not self.rounds or not self.current.over:
            return False
        if self.variant == "tabla":
            return bool(self.reached)
        totals = self.totals
        top = max(totals)
        return top >= target and totals.count(top) == 1

    @property
    def reached(self) -> list[int]:
        """The seats whose total has reached the target: +target in Etalat (C9), +target or
        −target in Tablă (T10)."""
        target = self.options.target
        if target is None:
            return []
        return [seat for seat, total in enumerate(self.totals)
                if (abs(total) if self.variant == "tabla" else total) >= target]

    @property
    def scored_rounds(self) -> int:
        """Rounds played to their scores (a "3 doubles" redeal scores nothing)."""
        return sum(1 for state in self.rounds if state.over and state.scores is not None)

    def played_out(self, rounds: int) -> bool:
        """A table of `rounds` rounds (a tournament's) has played them all."""
        return self.scored_rounds >= rounds and bool(self.rounds) and self.current.over

    @property
    def winners(self) -> list[int]:
        totals = self.totals
        return [seat for seat, total in enumerate(totals) if total == max(totals)]
