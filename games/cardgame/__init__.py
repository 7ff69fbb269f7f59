"""The two-player Catan card game (seed 000): a pure-Python engine following contracts §1."""

from __future__ import annotations

VERSION = "1.0.0"
"""Bumped whenever a rule changes, so recorded games name the rules they were played under."""

from games.cardgame.game import CardGame  # noqa: E402

GAME = CardGame(VERSION)

__all__ = ["GAME", "VERSION", "CardGame"]
