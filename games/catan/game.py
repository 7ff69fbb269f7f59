"""The ``catan`` game object: options, validation and state factories.

Options (``DEFAULT_OPTIONS``; an unknown key or a bad value raises ``ValueError``):

* ``masters`` (False): the Masters expansion.
* ``layout`` ("beginner" | "variable"): the printed beginner board or a random board (chance).
* ``placement`` ("founding" | "beginner"): snake-order founding phase, or the fixed beginner
  starting pieces (needs ``layout="beginner"``; seat 0 is the oldest player and starts).
* ``victory_points`` (10), ``trade_proposals_per_turn`` (3), ``max_turns`` (2000, a counted
  safety net that ends the game with reason ``"turn_limit"``).
* ``combined_trade_build`` (True): trade and build in any order (BG-TURN-03, A-BG-08); False
  gives strict phases (no trade after the first build, BG-TURN-04).
* ``robber_may_enter_desert`` (True, A-BG-06).
* ``longest_road_break_tie`` ("set_aside" | "holder_keeps", A-BG-09).
* ``allow_two_players`` (False): 2 players is a non-standard option (rulings.md).

Expansions and scenarios own further keys, absent from the defaults so a base game's options stay
as they are: ``scenario``, ``catan_for_two``, ``seafarers``, ``cities_and_knights`` (see
``games/catan/expansions/``); each is checked by its plug-in, and every combination too.

Rules: BG-COMP-06, MA-REQ-01.
"""

from __future__ import annotations

from typing import Any

from games.catan import expansions
from games.catan.constants import MAX_PLAYERS
from games.catan.state import CatanState, board_of
from games.common.families import BASE, Family
from games.common.options import OptionSpec, option_specs

VERSION = "1.2.0"
"""Bumped whenever a rule changes; what changed is in README.md, "Versions"."""

DEFAULT_OPTIONS: dict[str, Any] = {
    "masters": False,
    "layout": "beginner",
    "placement": "founding",
    "victory_points": 10,
    "trade_proposals_per_turn": 3,
    "max_turns": 2000,
    "combined_trade_build": True,
    "robber_may_enter_desert": True,
    "longest_road_break_tie": "set_aside",
    "allow_two_players": False,
}

_CHOICES: dict[str, tuple[Any, ...]] = {
    "layout": ("beginner", "variable"),
    "placement": ("founding", "beginner"),
    "longest_road_break_tie": ("set_aside", "holder_keeps"),
}
_BOOLS = ("masters", "combined_trade_build", "robber_may_enter_desert", "allow_two_players")
_INTS = {"victory_points": (3, 20), "trade_proposals_per_turn": (0, 20), "max_turns": (10, 100000)}


def validate_options(options: dict[str, Any] | None, num_players: int) -> dict[str, Any]:
    """Merge ``options`` over the defaults; raises ValueError for unknown keys or bad values."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("options must be a dict")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS) - expansions.option_keys(), key=str)
    if unknown:
        raise ValueError(f"unknown catan option(s): {', '.join(map(str, unknown))}")
    merged = {**DEFAULT_OPTIONS, **options}
    for key in _BOOLS:
        if not isinstance(merged[key], bool):
            raise ValueError(f"option {key} must be true or false")
    for key, choices in _CHOICES.items():
        if merged[key] not in choices:
            raise ValueError(f"option {key} must be one of {choices}")
    for key, (low, high) in _INTS.items():
        value = merged[key]
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"option {key} must be an integer in {low}..{high}")
    if merged["placement"] == "beginner" and merged["layout"] != "beginner":
        raise ValueError("placement 'beginner' needs layout 'beginner'")
    if type(num_players) is not int or not 2 <= num_players <= 4:
        raise ValueError("catan takes 3 or 4 players (2 with allow_two_players)")
    on = expansions.validate(merged, num_players)
    if (
        num_players == 2
        and not merged["allow_two_players"]
        and not any(x.two_player_game for x in on)
    ):
        raise ValueError("2 players needs the option allow_two_players (BG-COMP-06: 3–4)")
    return merged


class CatanGame:
    """The board game (game id ``catan``); Masters is the option ``{"masters": true}``."""

    name = "catan"
    title = "Catan board game"
    version = VERSION
    min_players = 2
    max_players = MAX_PLAYERS
    default_options = DEFAULT_OPTIONS

    def option_specs(self) -> list[OptionSpec]:
        """Every option with its type, default and allowed values (the tables
        ``validate_options`` checks against)."""
        return option_specs(DEFAULT_OPTIONS, _CHOICES, _INTS)

    def new_game(
        self, num_players: int, seed: int, options: dict[str, Any] | None = None
    ) -> CatanState:
        """A new game; the first decisions are chance nodes (board, first-player roll).

        Raises:
            ValueError: bad player count or options.
        """
        merged = validate_options(options, num_players)
        if not isinstance(seed, int):
            raise ValueError("seed must be an int")
        return CatanState.new_state(num_players, seed, merged)

    def static_info(
        self, options: dict[str, Any], num_players: int | None = None
    ) -> dict[str, Any]:
        """The geometry of the board these options play on (ids of hexes, intersections, paths,
        harbours; ``layout``, the layout's name; ``sites``, its special places), sent to bots
        once in ``start``; see ``board.Board.static``. Expansions may add to it (``static``).

        Raises:
            ValueError: bad options.
        """
        if not isinstance(options, dict):
            raise ValueError("options must be a dict")
        merged = {**DEFAULT_OPTIONS, **options}
        # A map may depend on the player count (Seafarers); without one, the 4-player map.
        static = board_of(merged, num_players or 4).static()
        for x in expansions.registry():
            if x.active(merged) and hasattr(type(x), "static"):
                x.static(merged, static)
        return static

    def families(self) -> list[Family]:
        """The base game, then one family per playable scenario or expansion value (each with
        its own ladder and leaderboard); Masters is a variant of the base game, not a family."""
        found = [Family(BASE, "Base game", (3, 4))]  # 2 only with allow_two_players
        for x, value in expansions.family_values():
            found.append(
                Family(
                    expansions.family_id(x, value),
                    expansions.family_title(x, value),
                    x.players,
                    {x.option: value},
                )
            )
        for family, title, counts, options in expansions.combination_families():
            found.append(Family(family, title, counts, options))
        return found

    def family_of(self, options: dict[str, Any]) -> str:
        """The family id of a game's options (``base`` when no family's option is on)."""
        return expansions.family_of(options) or BASE

    def from_dict(self, data: dict[str, Any]) -> CatanState:
        """The exact inverse of ``state.to_dict()``. Raises: ValueError for malformed data."""
        from games.catan.serialize import state_from_dict

        return state_from_dict(data)


GAME = CatanGame()
