"""Cities & Knights' state attributes (its stored fields and the decks' memos) live in slots of
the state class (``CitiesKnights.state_slots``), never in the instance dict (docs/PERFORMANCE.md,
ck-speed33; Seafarers' 44 names there had passed CPython 3.11's 30 shared keys, sf-speed27)."""

from __future__ import annotations

from games.catan import GAME
from games.catan.expansions.cities_knights import STORED_FIELDS
from games.catan.state import CatanState
from tests.games.catan.randomplay import random_game


def test_every_cities_knights_attribute_lives_in_a_slot() -> None:
    options = {"cities_and_knights": True, "layout": "variable"}
    assert GAME.new_game(4, 5, options).__dict__ == {}
    state, _, _ = random_game(4, 5, options, check=False)
    assert state.ck_decks and hasattr(state, "_ck_deck_counts")  # the memos were made
    assert set(state.__dict__) <= {"_checked_board"}  # the invariant checker's own note
    assert GAME.from_dict(state.to_dict()).__dict__ == {}
    assert set(STORED_FIELDS) <= set(CatanState.__slots__)
