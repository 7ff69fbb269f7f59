"""Errors raised by the engines."""

from __future__ import annotations


class IllegalAction(ValueError):
    """Raised by ``State.apply`` for an action that is not legal in the current state.

    The message names the seat, the action, the reason and the rule ID, for example
    ``"seat 1: build_city at v17: no settlement there (BG-CITY-01)"``.
    """
