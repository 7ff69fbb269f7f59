"""Positions for Catan for Two played with a Traders & Barbarians scenario (C2-FI/RI/CA/BA/TB):
a 2-player game founded with the first legal choice (or a preferred spot) and the first outcome
of every chance node, seat 0 founding first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.catan import GAME
from games.catan.state import CatanState
from games.common.api import CHANCE
from tests.games.catan.fixtures import dice_for

SCENARIOS = ("fishermen", "rivers", "caravans", "barbarian_attack", "traders_barbarians")


def options_of(scenario: str, **options: Any) -> dict[str, Any]:
    return {"catan_for_two": True, "scenario": scenario, **options}


def new_pair(scenario: str, seed: int = 1, **options: Any) -> CatanState:
    return GAME.new_game(2, seed, options_of(scenario, **options))


def founded_pair(
    scenario: str,
    seed: int = 1,
    prefer: Callable[[CatanState, dict[str, Any]], bool] | None = None,
    **options: Any,
) -> CatanState:
    """Turn 1, seat 0 before the roll. ``prefer`` picks the founding actions it likes (the
    first liked legal action), else the first legal one."""
    state = new_pair(scenario, seed, **options)
    while state.turn == 0:
        if state.current_player() == CHANCE:
            if state.phase == "order_roll":
                state.apply(dice_for(12 if not state.order_rolls else 2))
            else:
                state.apply(state.chance_outcomes()[0][0])
            continue
        legal = state.legal_actions()
        liked = [a for a in legal if prefer is not None and prefer(state, a)]
        state.apply((liked or legal)[0])
    return state


def roll_first(state: CatanState, total: int) -> None:
    """The player to move rolls; the first roll shows ``total``."""
    state.apply({"type": "roll"})
    state.apply(dice_for(total))


def kinds(state: CatanState) -> set[str]:
    return {a["type"] for a in state.legal_actions()}
