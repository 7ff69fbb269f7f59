"""The engine API every game package implements (``../shared/contracts.md`` §1).

These are structural types: a game package does not inherit from them, it just provides the
same attributes and methods. The bot runner, the match service and the conformance suite are
written against these types only, so adding a game touches no other game.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

CHANCE = -1
"""``current_player()`` at a chance node: the runner (or a test) must apply an outcome."""

TERMINAL = -2
"""``current_player()`` once the game is over."""

Action = dict[str, Any]


@runtime_checkable
class State(Protocol):
    """One position of a game, mutable in place by :meth:`apply`."""

    events: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]: ...
    def current_player(self) -> int: ...
    def legal_actions(self) -> list[Action]: ...
    def chance_outcomes(self) -> list[tuple[Action, float]]: ...
    def chance_kind(self) -> str:
        """The chance stream this node draws from (``"dice"``, ``"deck:<name>"``, ``"steal"``).

        An addition to the contract: the runner keeps one independent rng per kind.
        """
        ...

    def sample_chance(self, rng: random.Random) -> Action: ...
    def apply(self, action: Action) -> None: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def is_terminal(self) -> bool: ...
    def result(self) -> dict[str, Any]: ...


@runtime_checkable
class Game(Protocol):
    """A game's static description and its state factories.

    ``title`` is an addition to the contract, like :meth:`static_info`: the game's name for
    people ("Catan card game"), which pages show wherever they name the game. ``name`` stays the
    id in URLs, query strings, forms' values, the API and the bot protocol.
    """

    name: str
    title: str
    version: str
    min_players: int
    max_players: int
    default_options: dict[str, Any]

    def new_game(
        self, num_players: int, seed: int, options: dict[str, Any] | None = None
    ) -> State: ...
    def from_dict(self, data: dict[str, Any]) -> State: ...
    def static_info(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """What never changes during a game with these options (a board's geometry), or None.

        An addition to the contract: the runner sends it once, in the bot's ``start`` message, so
        observations can refer to it by id instead of repeating it every decision.
        """
        ...
