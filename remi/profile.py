"""The player's profile: statistics per variant computed from finished match logs, and rank
points from tournaments. Kept in the browser as JSON; `check_profile` refuses a corrupt or
foreign import before anything is replaced."""

from __future__ import annotations

from typing import Any

from . import log as match_log
from .names import DEFAULT_NAME, clean_name

PROFILE_FORMAT = "remi-profile"
PROFILE_VERSION = 1
VARIANT_STATS = ("rounds", "wins", "total", "best_round", "closes", "openings")


def empty_profile(name: str) -> dict[str, Any]:
    return {"format": PROFILE_FORMAT, "version": PROFILE_VERSION,
            "name": clean_name(name, DEFAULT_NAME),
            "rank_points": 0,
            "variants": {v: dict.fromkeys(VARIANT_STATS, 0) for v in ("etalat", "tabla")},
            "matches": []}


def record_match(profile: dict[str, Any], log: dict[str, Any], seat: int) -> dict[str, Any]:
    """Add a match (its log, the player's seat) to the statistics; returns the new profile.
    A match already recorded (same id) is not counted twice."""
    match_id = log.get("match_id")
    if any(m["match_id"] == match_id for m in profile["matches"]):
        return profile
    match = match_log.replay(log)
    stats = dict(profile["variants"][match.variant])
    for state in match.rounds:
        if state.scores is not None:
            _count_round(stats, state, seat)
    entry = {"match_id": match_id, "variant": match.variant, "seat": seat,
             "players": log.get("players", []), "totals": match.totals,
             "rounds": sum(1 for s in match.rounds if s.scores is not None)}
    return {**profile, "variants": {**profile["variants"], match.variant: stats},
            "matches": profile["matches"] + [entry]}


def record_rounds(profile: dict[str, Any], log: dict[str, Any], seat: int) -> dict[str, Any]:
    """Like `record_match`, but for a match still being played: only the rounds finished
    since the last call are added (the page calls it after every round), and the match's
    entry follows its totals. Recording a match twice with the same rounds changes nothing."""
    match_id = log.get("match_id")
    entry = next((m for m in profile["matches"] if m["match_id"] == match_id), None)
    counted = entry["rounds"] if entry else 0
    match = match_log.replay(log)
    scored = [s for s in match.rounds if s.scores is not None]
    if entry is not None and len(scored) <= counted:
        return profile
    stats = dict(profile["variants"][match.variant])
    for state in scored[counted:]:
        _count_round(stats, state, seat)
    new_entry = {"match_id": match_id, "variant": match.variant, "seat": seat,
                 "players": log.get("players", []), "totals": match.totals,
                 "rounds": len(scored)}
    matches = [m for m in profile["matches"] if m["match_id"] != match_id] + [new_entry]
    return {**profile, "variants": {**profile["variants"], match.variant: stats},
            "matches": matches}


def average(profile: dict[str, Any], variant: str) -> float:
    stats = profile["variants"][variant]
    return round(stats["total"] / stats["rounds"], 1) if stats["rounds"] else 0.0


def check_profile(data: Any) -> dict[str, Any]:
    """Validate an imported profile; raise ValueError with a clear message, change nothing.
    Answers the profile with its name cleaned (remi/names.py: no control or format
    characters, at most 24 characters) — the page stores what it answers."""
    if not isinstance(data, dict) or data.get("format") != PROFILE_FORMAT:
        raise ValueError("this file is not a Remi profile")
    if data.get("version") != PROFILE_VERSION:
        raise ValueError(f"profile version {data.get('version')!r} is not supported "
                         f"(this page reads version {PROFILE_VERSION})")
    if not isinstance(data.get("name"), str) or not _whole(data.get("rank_points")):
        raise ValueError("the profile's name or rank points are damaged")
    variants = data.get("variants")
    if not isinstance(variants, dict) or set(variants) != {"etalat", "tabla"}:
        raise ValueError("the profile's statistics are damaged")
    for variant, stats in variants.items():
        if not _possible_stats(variant, stats):
            raise ValueError("the profile's statistics are damaged")
    if not isinstance(data.get("matches"), list) or not all(map(_is_match, data["matches"])):
        raise ValueError("the profile's match history is damaged")
    tournaments = data.get("tournaments", [])
    if not isinstance(tournaments, list) or not all(map(_is_tournament, tournaments)):
        raise ValueError("the profile's tournaments are damaged")
    return {**data, "name": clean_name(data["name"], DEFAULT_NAME)}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _possible_stats(variant: str, stats: Any) -> bool:
    """A variant's statistics as `_count_round` adds them up: counts of rounds no larger than
    the rounds played, nothing scored in none, no opening in Tablă (T1)."""
    if not isinstance(stats, dict) or set(stats) != set(VARIANT_STATS) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in stats.values()):
        return False
    rounds = stats["rounds"]
    counts = [stats[key] for key in ("wins", "closes", "openings")]
    if rounds < 0 or not all(0 <= count <= rounds for count in counts):
        return False
    if variant == "tabla" and stats["openings"]:
        return False
    if rounds == 0:
        return stats["total"] == stats["best_round"] == 0
    return stats["total"] <= rounds * stats["best_round"]


def _is_match(entry: Any) -> bool:
    """A match entry as `record_rounds` writes it (the parts it reads again)."""
    return (isinstance(entry, dict) and isinstance(entry.get("match_id"), str)
            and entry.get("variant") in ("etalat", "tabla") and _whole(entry.get("seat"))
            and _whole(entry.get("rounds")) and isinstance(entry.get("totals"), list))


def _is_tournament(entry: Any) -> bool:
    """A tournament entry as `platform.record_tournament` writes it."""
    return (isinstance(entry, dict) and isinstance(entry.get("id"), str)
            and entry.get("variant") in ("etalat", "tabla") and _whole(entry.get("place"))
            and _whole(entry.get("rank_points")))


def _count_round(stats: dict[str, Any], state: Any, seat: int) -> None:
    """One finished round into a variant's statistics, from `seat`'s side."""
    score = state.scores[seat]
    stats["best_round"] = max(stats["best_round"], score) if stats["rounds"] else score
    stats["rounds"] += 1
    stats["wins"] += score == max(state.scores)
    stats["total"] += score
    stats["closes"] += state.closer == seat
    stats["openings"] += bool(state.opened and state.opened[seat])
