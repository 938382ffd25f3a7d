"""Table options of RULES.md that change the rules (the rooms layer adds visibility etc.)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import NotationError

VARIANTS = ("etalat", "tabla")
PRESETS = ("platform", "clasic")
TARGETS = (500, 1000, 1500, 2500)
TIMERS = (30, 60)


@dataclass(frozen=True)
class Options:
    preset: str = "platform"        # "clasic" selects the seed 004 readings (E4, E6, E10, E11, E13)
    double_rounds: bool = True      # C7
    target: int | None = None       # C9 / T10; None = unlimited
    timer: int | None = None        # C8: seconds per turn, None = no timer
    three_doubles: bool = False     # the "3 doubles" redeal

    @property
    def clasic(self) -> bool:
        return self.preset == "clasic"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Options:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise NotationError("options must be an object")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise NotationError(f"unknown option(s): {', '.join(sorted(unknown))}")
        options = cls(**data)
        options.check()
        return options

    def check(self) -> None:
        if self.preset not in PRESETS:
            raise NotationError(f"preset must be one of {PRESETS}, not {self.preset!r}")
        for name in ("double_rounds", "three_doubles"):
            if not isinstance(getattr(self, name), bool):
                raise NotationError(f"{name} must be true or false")
        if self.target is not None and (
            isinstance(self.target, bool) or not isinstance(self.target, int) or self.target <= 0
        ):
            raise NotationError("target must be a positive whole number or null", "C9")
        if self.timer is not None and self.timer not in TIMERS:
            raise NotationError(f"timer must be one of {TIMERS} seconds or null", "C8")
