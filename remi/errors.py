"""Errors the engine raises. Every refusal names the rule (RULES.md id) it enforces."""

from __future__ import annotations


class RuleError(ValueError):
    """An action or input that the rules refuse; `rule` is the RULES.md id (C5, E4, T6…)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class NotationError(RuleError):
    """Text that is not valid notation (a tile, an action or a log)."""

    def __init__(self, message: str, rule: str = "notation") -> None:
        super().__init__(rule, message)
