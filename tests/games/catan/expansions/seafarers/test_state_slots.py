"""Seafarers' state attributes live in slots of the state class (``Seafarers.state_slots``),
never in the instance dict: with its 44 names there, past CPython 3.11's 30 shared keys, every
method call on the state took a slower path (docs/PERFORMANCE.md, sf-speed27)."""

from __future__ import annotations

import pytest

from games.catan import GAME
from games.catan.expansions.seafarers import PLAYABLE
from games.catan.state import CatanState
from tests.games.catan import randomplay
from tests.games.catan.randomplay import random_game


@pytest.mark.parametrize("scenario", PLAYABLE)
def test_every_seafarers_attribute_lives_in_a_slot(scenario: str) -> None:
    options = {"seafarers": scenario, "layout": "variable"}
    players = 4 if scenario != "new_world" else 3
    assert GAME.new_game(players, 5, options).__dict__ == {}
    state, _, _ = random_game(players, 5, options, check=False)
    assert set(state.__dict__) <= {"_checked_board"}  # the invariant checker's own note
    assert GAME.from_dict(state.to_dict()).__dict__ == {}


def test_the_invariant_checker_still_checks_the_ships(monkeypatch: pytest.MonkeyPatch) -> None:
    """``randomplay`` finds Seafarers by ``hasattr`` (a slot is not in ``vars()``)."""
    seen: list[object] = []
    monkeypatch.setattr(randomplay, "_check_ships", seen.append)
    state = GAME.new_game(4, 5, {"seafarers": "four_islands", "layout": "variable"})
    randomplay.check_invariants(state)
    assert seen == [state] and "ship_owner" in CatanState.__slots__
    randomplay.check_invariants(GAME.new_game(4, 5, {"layout": "variable"}))
    assert seen == [state]
