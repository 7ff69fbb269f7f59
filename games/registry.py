"""The explicit list of games (``../shared/contracts.md`` §1 and §3).

Adding a game is one import and one entry here; no other game changes.
"""

from __future__ import annotations

from games.cardgame import GAME as CARDGAME
from games.catan import GAME as CATAN
from games.common.api import CHANCE, TERMINAL, Game, State
from games.common.families import BASE, Family, base_family

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


def game_families(name: str) -> list[Family]:
    """The families of game ``name``, base first: each has its own ladder and leaderboard and
    bots enable them one by one (``games/common/families.py``). An engine without a
    ``families()`` method has the base family alone.

    Raises:
        ValueError: ``name`` is not a registered game id.
    """
    game = get_game(name)
    listed = getattr(game, "families", None)
    return listed() if listed is not None else [base_family(game)]


def get_family(name: str, family: str) -> Family:
    """The family ``family`` of game ``name``.

    Raises:
        ValueError: an unknown game, or a family the game does not have (naming those it has).
    """
    found = {f.id: f for f in game_families(name)}
    if family not in found:
        raise ValueError(f"unknown family {family!r} of {name} (playable: {', '.join(found)})")
    return found[family]


def family_of(name: str, options: dict) -> str:
    """The family id of a game of ``name`` with these options (``base`` for an engine that has
    no families)."""
    of = getattr(get_game(name), "family_of", None)
    return of(options) if of is not None else BASE


__all__ = [
    "BASE",
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "Family",
    "Game",
    "State",
    "family_of",
    "game_choices",
    "game_families",
    "game_title",
    "get_family",
    "get_game",
]
