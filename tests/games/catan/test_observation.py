"""The observation a bot receives: the fields docs/protocol.md promises, and what is pending."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.constants import ROAD_BUILDING, YEAR_OF_PLENTY
from tests.games.catan.fixtures import empty_board, put, roll, set_hand

TOP_LEVEL = {
    "seat",
    "num_players",
    "phase",
    "current_player",
    "turn",
    "turn_player",
    "dice",
    "board",
    "bank",
    "development_deck",
    "players",
    "longest_road",
    "largest_army",
    "you",
    "pending",
    "trade",
    "proposals_this_turn",
    "development_played_this_turn",
    "limits",
}


def _board():
    state = empty_board(3)
    put(state, 0, settlements=[12], roads=[11])
    put(state, 1, settlements=[31])
    put(state, 2, settlements=[20])
    return state


def test_the_observation_has_the_documented_fields() -> None:
    """docs/protocol.md: every field by its name, the seat's own rates and the piece limits."""
    state = _board()
    obs = state.observation(0)
    assert set(obs) == TOP_LEVEL
    assert set(obs["you"]) == {
        "resources",
        "development",
        "development_new",
        "victory_points",
        "maritime_rates",
    }
    assert obs["you"]["maritime_rates"] == dict.fromkeys(
        ("lumber", "brick", "wool", "grain", "ore"), 4
    )
    assert obs["limits"] == {"roads": 15, "settlements": 5, "cities": 4}
    assert obs["development_played_this_turn"] is False and obs["pending"] is None
    assert obs["trade"] is None and obs["proposals_this_turn"] == 0
    masters = empty_board(3, masters=True).observation(0)
    assert set(masters) == TOP_LEVEL | {"masters"}


def test_pending_tells_the_deciding_seat_what_it_is_asked() -> None:
    """BG-ROBBER-02 BG-ROBBER-05 BG-PROG-RB-01 BG-PROG-YOP-01: who discards and how many are
    left, whom the robber may rob, how many free roads or cards remain."""
    state = _board()
    set_hand(state, 1, ore=9)
    roll(state, 7)
    assert state.observation(1)["pending"] == {"discard": {"seat": 1, "remaining": 4}}
    state.apply(A.DISCARD[4])
    assert state.observation(0)["pending"] == {"discard": {"seat": 1, "remaining": 3}}
    for _ in range(3):
        state.apply(A.DISCARD[4])
    state.apply(A.MOVE_ROBBER[11])  # beside seats 1 and 2
    assert state.observation(0)["pending"] == {"victims": [1, 2]}
    state.apply(A.ROB[2])
    assert state.observation(0)["pending"] is None and state.phase == "main"
    for card, action, key in (
        (ROAD_BUILDING, A.PLAY_ROAD_BUILDING, "free_roads"),
        (YEAR_OF_PLENTY, A.PLAY_YEAR_OF_PLENTY, "free_resources"),
    ):
        fresh = _board()
        fresh.dev_hand[0][card] = 1
        fresh.dev_deck[card] -= 1
        roll(fresh, 2)
        fresh.apply(action)
        assert fresh.observation(0)["pending"] == {key: 2}
        assert fresh.observation(0)["development_played_this_turn"] is True
