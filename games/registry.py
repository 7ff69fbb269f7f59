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


def game_title(name: str) -> str:
    """The title people read for the game ``name`` ("Catan card game").

    An id that is not registered (a game removed since its matches were played) is shown as it
    is rather than failing the page that names it.
    """
    game = GAMES.get(name)
    return game.title if game is not None else name


def game_choices() -> list[tuple[str, str]]:
    """``(id, title)`` of every game, in id order: what a form submits and what it shows."""
    return [(name, GAMES[name].title) for name in sorted(GAMES)]


__all__ = ["CHANCE", "GAMES", "TERMINAL", "Game", "State", "game_choices", "game_title", "get_game"]
