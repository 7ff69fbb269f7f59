"""Game families: the rule sets of one game that each have their own ladder and leaderboard.

A family is a set of options that changes what a bot must know how to play (a scenario of the
board game, Catan for Two), as opposed to a variant the ladder mixes into a family's games
(Masters, a variable board). Every game has the ``base`` family (its options alone); an engine
lists the others with a ``families()`` method and names the family of a game's options with
``family_of(options)``. A game without those methods has the base family only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BASE = "base"
"""The id of every game's own family: the options without any family's key."""


@dataclass(frozen=True)
class Family:
    id: str
    """Its id in URLs, forms, the API and the database (``base``, ``fishermen``, ...)."""
    title: str
    """What people read."""
    players: tuple[int, ...]
    """Player counts its games are played with."""
    options: dict[str, Any] = field(default_factory=dict)
    """The options that select it, laid over a ladder's or a tournament's options."""

    def describe(self) -> dict[str, Any]:
        """The family as JSON (the API's and the site's lists)."""
        return {
            "id": self.id,
            "title": self.title,
            "players": list(self.players),
            "options": dict(self.options),
        }


def base_family(game: Any, title: str = "Base game") -> Family:
    """The ``base`` family of ``game``: its own options, every player count it takes."""
    return Family(BASE, title, tuple(range(game.min_players, game.max_players + 1)))
