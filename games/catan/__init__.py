"""The Catan board game engine (game id ``catan``), with the Masters expansion as an option."""

from __future__ import annotations

from games.catan.game import GAME, CatanGame

__all__ = ["GAME", "CatanGame"]
