"""The ``Game`` object registered as ``cardgame`` (contracts §1)."""

from __future__ import annotations

from typing import Any

from games.cardgame.constants import (
    DEFAULT_OPTIONS,
    OPTION_CHOICES,
    OPTION_RANGES,
    validate_options,
)
from games.cardgame.serialize import state_from_dict
from games.cardgame.state import CardGameState
from games.common.options import OptionSpec, option_specs


class CardGame:
    """The two-player Catan card game (1996 rules, 120 cards)."""

    name = "cardgame"
    title = "Catan card game"
    min_players = 2
    max_players = 2

    def __init__(self, version: str) -> None:
        self.version = version
        self.default_options = dict(DEFAULT_OPTIONS)

    def option_specs(self) -> list[OptionSpec]:
        """Every option with its type, default and allowed values (the tables
        ``validate_options`` checks against)."""
        return option_specs(DEFAULT_OPTIONS, OPTION_CHOICES, OPTION_RANGES)

    def new_game(
        self, num_players: int, seed: int, options: dict[str, Any] | None = None
    ) -> CardGameState:
        """A fresh game; the seed is only recorded, every random step is a chance node.

        Raises:
            ValueError: not 2 players, a non-int seed, or bad options.
        """
        from games.cardgame.turn import setup

        if num_players != 2:
            raise ValueError("the card game is for exactly 2 players")
        if type(seed) is not int:
            raise ValueError("seed must be an int")
        state = CardGameState(seed, validate_options(options))
        setup(state)
        state._advance()
        return state

    def static_info(self, options: dict[str, Any]) -> None:
        """Nothing is static in the card game: every observation is complete on its own."""
        return None

    def from_dict(self, data: dict[str, Any]) -> CardGameState:
        """Rebuild a state from ``to_dict()`` output.

        Raises:
            ValueError: malformed or inconsistent data.
        """
        return state_from_dict(data)
