"""Every tournament format by name: its checks, its planned size and its event.

Round robin and knockout stay in ``tournament/brackets.py`` (the flow handles them as before);
the formats of this package are built here from a tournament's stored settings and games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from tournament.brackets import (
    KNOCKOUT,
    MAX_ENTRANTS,
    MAX_GAMES_PER_PAIRING,
    MAX_MATCHES,
    ROUND_ROBIN,
    GameResult,
    Pairing,
    TournamentTooLarge,
    check_size,
)
from tournament.formats import Place, double_elimination, swiss, table_advancement, table_swiss
from tournament.formats import tables as table_rules
from tournament.formats.double_elimination import DOUBLE_ELIMINATION
from tournament.formats.sets import set_size
from tournament.formats.swiss import SWISS
from tournament.formats.table_advancement import TABLE_ADVANCEMENT
from tournament.formats.table_swiss import TABLE_SWISS

FORMATS = (ROUND_ROBIN, KNOCKOUT, SWISS, DOUBLE_ELIMINATION, TABLE_SWISS, TABLE_ADVANCEMENT)
TWO_PLAYER = (KNOCKOUT, SWISS, DOUBLE_ELIMINATION)
TABLE_FORMATS = (TABLE_SWISS, TABLE_ADVANCEMENT)
EVENT_FORMATS = (SWISS, DOUBLE_ELIMINATION, TABLE_SWISS, TABLE_ADVANCEMENT)
"""The formats built by :func:`build` (round robin and knockout are ``brackets``')."""
MAX_ROUNDS = 20
SETTINGS = {SWISS: ("rounds",), TABLE_SWISS: ("rounds",), TABLE_ADVANCEMENT: ("heats",)}
"""The settings each format takes besides games per pairing (all optional)."""


class Event(Protocol):
    def wanted(self) -> list[Pairing]: ...

    @property
    def complete(self) -> bool: ...

    def places(self) -> list[Place]: ...

    def paired_rounds(self) -> dict[int, list[list[int]]]: ...

    def round_name(self, number: int) -> str: ...

    def sat_out(self) -> dict[int, list[int]]: ...

    def tie_name(self, number: int, slot: int) -> str: ...


def settle(
    format: str,
    entrants: int,
    games_per_pairing: int,
    players: int,
    settings: Mapping[str, Any] | None = None,
) -> tuple[int, dict[str, Any]]:
    """The most games the event can play and its settings with the defaults filled in.

    ``settings["duplicate"]`` (any format, default false) plays duplicate sets
    (``formats/sets.py``): ``games_per_pairing`` then counts sets, each of ``players`` games.

    Raises:
        TournamentTooLarge: an unknown format or setting, a wrong player count for the
            format, or a size over the caps; the message says why.
    """
    settings = dict(settings or {})
    duplicate = settings.pop("duplicate", False)
    if not isinstance(duplicate, bool):
        raise TournamentTooLarge("duplicate must be true or false")
    sets, settings = _settle_sets(format, entrants, games_per_pairing, players, settings)
    if not duplicate:
        return sets, settings
    # Every set is one game per seat rotation.
    total = sets * set_size(players, True)
    if total > MAX_MATCHES:
        raise TournamentTooLarge(
            f"this tournament would need {total} games ({sets} duplicate sets of {players}); "
            f"at most {MAX_MATCHES} are allowed (fewer entrants, rounds or sets per pairing)"
        )
    return total, {**settings, "duplicate": True}


def _settle_sets(
    format: str,
    entrants: int,
    games_per_pairing: int,
    players: int,
    settings: dict[str, Any],
) -> tuple[int, dict[str, Any]]:
    """``settle`` counting a duplicate set as one game."""
    if format not in FORMATS:
        raise TournamentTooLarge(f"unknown format {format!r}; use one of {', '.join(FORMATS)}")
    allowed = SETTINGS.get(format, ())
    if unknown := sorted(set(settings) - set(allowed)):
        takes = f"takes only {', '.join(allowed)}" if allowed else "takes no settings"
        raise TournamentTooLarge(f"the {format} format {takes}, not {', '.join(unknown)}")
    if format in (ROUND_ROBIN, KNOCKOUT):
        return check_size(entrants, games_per_pairing, players, format), settings
    if not 1 <= games_per_pairing <= MAX_GAMES_PER_PAIRING:
        raise TournamentTooLarge(f"games per pairing must be between 1 and {MAX_GAMES_PER_PAIRING}")
    if format in TWO_PLAYER and players != 2:
        raise TournamentTooLarge(f"{format.replace('_', ' ')} needs a two-player game")
    if format in TABLE_FORMATS and players < 3:
        raise TournamentTooLarge(f"{format.replace('_', ' ')} is for games of 3 or more players")
    if entrants < max(players, 2):
        raise TournamentTooLarge(f"{entrants} entrants cannot fill a {players}-player game")
    if entrants > MAX_ENTRANTS:
        raise TournamentTooLarge(f"{entrants} entrants; at most {MAX_ENTRANTS} are allowed")
    if format == DOUBLE_ELIMINATION:
        if games_per_pairing % 2 == 0:
            raise TournamentTooLarge("a double-elimination tie is the best of an odd number")
        total = double_elimination.planned_games(entrants, games_per_pairing)
    elif format == SWISS:
        settings["rounds"] = _count(settings, "rounds", swiss.default_rounds(entrants))
        total = swiss.planned_games(entrants, settings["rounds"], games_per_pairing)
    elif format == TABLE_SWISS:
        default = table_rules.default_rounds(entrants, players)
        settings["rounds"] = _count(settings, "rounds", default)
        total = table_swiss.planned_games(entrants, players, settings["rounds"], games_per_pairing)
    else:
        default = table_advancement.default_heats(entrants, players)
        settings["heats"] = _count(settings, "heats", default)
        total = table_advancement.planned_games(
            entrants, players, settings["heats"], games_per_pairing
        )
    if total > MAX_MATCHES:
        raise TournamentTooLarge(
            f"this tournament would need {total} games; at most {MAX_MATCHES} are allowed "
            "(fewer entrants, rounds or games per pairing)"
        )
    return total, settings


def _count(settings: Mapping[str, Any], name: str, default: int) -> int:
    value = settings.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS:
        raise TournamentTooLarge(f"{name} must be a whole number from 1 to {MAX_ROUNDS}")
    return value


def build(
    format: str,
    entrants: int,
    games_per_pairing: int,
    players: int,
    settings: Mapping[str, Any],
    results: Mapping[tuple[int, int], Sequence[GameResult]],
    state: Mapping[str, Any] | None = None,
) -> Event:
    """The event of a format of this package from its settings, finished games and the
    rounds paired so far (``state["rounds"]``, as :func:`state_of` writes it)."""
    stored = {
        int(number): [tuple(order) for order in orders]
        for number, orders in (state or {}).get("rounds", {}).items()
    }
    if format == SWISS:
        return swiss.SwissEvent(entrants, settings["rounds"], games_per_pairing, results, stored)  # type: ignore[arg-type]
    if format == DOUBLE_ELIMINATION:
        return double_elimination.DoubleEliminationEvent(entrants, games_per_pairing, results)
    if format == TABLE_SWISS:
        return table_swiss.TableSwissEvent(
            entrants, players, settings["rounds"], games_per_pairing, results, stored
        )
    if format == TABLE_ADVANCEMENT:
        return table_advancement.TableAdvancementEvent(
            entrants, players, settings["heats"], games_per_pairing, results, stored
        )
    raise ValueError(f"{format} is not built here")


def state_of(event: Event) -> dict[str, Any]:
    """What to keep of an event so its paired rounds never change (JSON)."""
    rounds = event.paired_rounds()
    return {"rounds": {str(n): orders for n, orders in sorted(rounds.items())}} if rounds else {}
