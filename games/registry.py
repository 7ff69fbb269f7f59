"""The explicit list of games (``../shared/contracts.md`` §1 and §3).

Adding a game is one import and one entry here; no other game changes.
"""

from __future__ import annotations

from games.cardgame import GAME as CARDGAME
from games.catan import GAME as CATAN
from games.common.api import CHANCE, TERMINAL, Game, State

GAMES: dict[str, Game] = {"cardgame": CARDGAME, "catan": CATAN}


def get_game(name: str) -> Game:
    """Return the game registered under ``name``.

    Raises:
        ValueError: ``name`` is not a registered game id.
    """
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise ValueError(f"unknown game {name!r} (known: {known})") from None


__all__ = ["CHANCE", "GAMES", "TERMINAL", "Game", "State", "get_game"]
