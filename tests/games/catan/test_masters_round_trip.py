"""A Masters game stored in the middle of a master's use resumes exactly where it stopped."""

from __future__ import annotations

from games.catan import GAME
from games.catan import actions as A
from tests.games.catan.fixtures import hand, roll, set_hand
from tests.games.catan.test_masters import give_master, mgame


def test_ma_william_01_a_stored_discount_still_applies_after_a_round_trip() -> None:
    """MA-WILLIAM-01: the substitute chosen for William's road is part of the stored state: the
    road built after ``to_dict``/``from_dict`` still costs 1 brick + 1 wool."""
    state = mgame()
    give_master(state, 0, "william")
    roll(state, 2)
    set_hand(state, 0, brick=1, wool=1)
    state.apply({"type": "use_william", "replace": "lumber", "with": "wool"})
    again = GAME.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert A.BUILD_ROAD[10] in again.legal_actions()
    again.apply(A.BUILD_ROAD[10])
    assert hand(again, 0) == {} and again.edge_owner[10] == 0
