"""What an organiser may set for one tournament, checked before anything is stored.

Every setting starts from the game's ladder row, and what the organiser gives is merged over it:

- the players per match and the game options are checked by the engine itself, the way a match
  would start them (``game.new_game`` refuses an unknown option name, a bad value, or a player
  count the game does not take), so this module knows no game's rules;
- of the time control, an event sets only the clock bots are charged on, the free CPU seconds
  per move and the bank, each within :data:`TIME_CONTROL_RANGES`; the wall-clock limits (the
  backstop per decision, the budget per game) stay the ladder's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bots.limits import TimeControl
from games.registry import game_title, get_game
from tournament.models import GameLadder

TIME_CONTROL_RANGES: dict[str, tuple[float, float]] = {
    "move_cpu_s": (0.1, 10.0),
    "bank_cpu_s": (0.0, 300.0),
}
"""The CPU seconds an event may give per move and per game (bank). More free time per move
would run into the 30 s wall-clock backstop of a decision on a busy machine, a larger bank into
the sandbox's CPU cap of a bot process (``SandboxLimits.cpu_game_s``, 300 s); either would hold
the shared queue up for a long time."""


class SettingsRefused(ValueError):
    """An event setting is refused; the message names it and says what is allowed."""


@dataclass(frozen=True)
class EventSettings:
    """The settings a tournament stores and copies into every one of its matches."""

    players_per_match: int
    options: dict[str, Any]
    time_control: dict[str, Any]
    sandbox_limits: dict[str, Any]


def event_settings(
    ladder: GameLadder,
    *,
    players_per_match: int | None = None,
    options: Mapping[str, Any] | None = None,
    time_control: Mapping[str, Any] | None = None,
) -> EventSettings:
    """The ladder's settings with the given ones merged over them, all checked.

    Raises:
        SettingsRefused: a setting the engine or the clock ranges refuse; the message says which.
    """
    players = ladder.players_per_match if players_per_match is None else players_per_match
    if type(players) is not int:
        raise SettingsRefused(f"players per match must be a whole number, not {players!r}")
    merged_options = {**ladder.options, **_as_dict(options, "options")}
    try:
        get_game(ladder.game).new_game(players, seed=0, options=merged_options)
    except ValueError as exc:
        refusal = f"the {game_title(ladder.game)} refuses these settings: {exc}"
        raise SettingsRefused(refusal) from exc
    clock = {**ladder.time_control, **_checked_clock(_as_dict(time_control, "time control"))}
    try:
        TimeControl.from_dict(clock)
    except (TypeError, ValueError) as exc:  # the ladder's own clock is broken
        raise SettingsRefused(f"time control {clock}: {exc}") from exc
    return EventSettings(
        players_per_match=players,
        options=merged_options,
        time_control=clock,
        sandbox_limits=dict(ladder.sandbox_limits),
    )


def _as_dict(value: Mapping[str, Any] | None, what: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise SettingsRefused(f"{what} must be an object of names and values, not {value!r}")
    return dict(value)


def _checked_clock(given: dict[str, Any]) -> dict[str, float]:
    if unknown := sorted(set(given) - set(TIME_CONTROL_RANGES)):
        raise SettingsRefused(
            f"time control: {', '.join(map(str, unknown))} cannot be set for an event "
            f"(only {', '.join(TIME_CONTROL_RANGES)})"
        )
    clock = {}
    for name, value in given.items():
        low, high = TIME_CONTROL_RANGES[name]
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not (number and math.isfinite(value) and low <= value <= high):
            raise SettingsRefused(
                f"time control: {name} must be between {low:g} and {high:g} CPU seconds, "
                f"not {value!r}"
            )
        clock[name] = float(value)
    return clock
