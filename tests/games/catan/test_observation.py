"""The observation a bot receives: the fields docs/protocol.md promises, and what is pending."""

from __future__ import annotations

import json

import pytest

from games.catan import actions as A
from games.catan.constants import (
    KNIGHT,
    MONOPOLY,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from tests.games.catan.expansions.rivers.helpers import cleared, set_gold
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
    """docs/protocol.md: every field by its name (the board's too), the seat's own rates and the
    piece limits."""
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
    board = obs["board"]
    assert set(board) == {"terrains", "numbers", "harbors", "robber", "buildings", "roads"}
    assert board["numbers"] == state.numbers and board["harbors"] == state.harbors
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


def _position():
    """Three seats: seat 0 with a settlement, a city, two roads, a hand and four development
    cards (one a victory point, one bought this turn); seat 1 with two Road Buildings; seat 2
    with a played Knight."""
    state = empty_board(3)
    put(state, 0, settlements=[12], cities=[20], roads=[11, 12])
    put(state, 1, settlements=[31], roads=[40])
    set_hand(state, 0, lumber=2, ore=1)
    set_hand(state, 1, wool=3)
    for seat, card, count in ((0, KNIGHT, 1), (0, MONOPOLY, 1), (0, VICTORY_POINT, 1)):
        state.dev_hand[seat][card] += count
        state.dev_deck[card] -= count
    state.dev_hand[1][ROAD_BUILDING] = 2
    state.dev_deck[ROAD_BUILDING] -= 2
    state.dev_new[0][MONOPOLY] = 1
    state.knights[2] = 1
    state.vp_dirty = True
    return state


def test_every_seat_sees_the_public_facts_and_only_its_own_cards() -> None:
    """BG-SETUP-09 BG-DEV-01 BG-VP-02: hands and development cards are counts for everyone and
    contents for their owner only; a victory point card counts only in its owner's total."""
    state = _position()
    players = [
        {
            "resource_cards": 3,
            "development_cards": 3,
            "knights_played": 0,
            "public_vp": 3,  # a settlement and a city; the victory point card is hidden
            "roads_left": 13,
            "settlements_left": 4,
            "cities_left": 3,
            "road_length": 2,
        },
        {
            "resource_cards": 3,
            "development_cards": 2,
            "knights_played": 0,
            "public_vp": 1,
            "roads_left": 14,
            "settlements_left": 4,
            "cities_left": 4,
            "road_length": 1,
        },
        {
            "resource_cards": 0,
            "development_cards": 0,
            "knights_played": 1,
            "public_vp": 0,
            "roads_left": 15,
            "settlements_left": 5,
            "cities_left": 4,
            "road_length": 0,
        },
    ]
    views = [state.observation(seat) for seat in range(3)]
    for seat, obs in enumerate(views):
        assert obs["seat"] == seat and obs["num_players"] == 3
        assert obs["players"] == players
        assert obs["board"]["buildings"] == [[12, 0, 1], [20, 0, 2], [31, 1, 1]]
        assert obs["board"]["roads"] == [[11, 0], [12, 0], [40, 1]]
        assert obs["board"]["robber"] == state.robber and obs["board"]["terrains"][9] == "desert"
        assert obs["bank"] == {"lumber": 17, "brick": 19, "wool": 16, "grain": 19, "ore": 18}
        assert obs["development_deck"] == 20
        assert (obs["phase"], obs["current_player"], obs["turn"], obs["turn_player"]) == (
            "pre_roll",
            0,
            1,
            0,
        )
        assert obs["dice"] is None
    mine = views[0]["you"]
    assert mine["resources"] == {"lumber": 2, "brick": 0, "wool": 0, "grain": 0, "ore": 1}
    assert mine["development"] == {"knight": 1, "monopoly": 1, "victory_point": 1}
    assert mine["development_new"] == {"monopoly": 1}
    assert mine["victory_points"] == 4
    second = views[1]["you"]
    assert second["resources"] == {"lumber": 0, "brick": 0, "wool": 3, "grain": 0, "ore": 0}
    assert second["development"] == {"road_building": 2} and second["development_new"] == {}
    assert second["victory_points"] == 1
    assert views[2]["you"]["development"] == {} and views[2]["you"]["victory_points"] == 0
    for seat in (1, 2):
        text = json.dumps(views[seat])
        assert 'victory_point"' not in text and "monopoly" not in text and 'knight"' not in text
    roll(state, 6)
    assert state.observation(1)["dice"] == list(state.dice) and sum(state.dice) == 6


def test_an_open_trade_is_shown_to_every_seat() -> None:
    """BG-TRADE-01 BG-TRADE-02: every seat sees the proposal (the cards on each side, none at 0),
    who has accepted and who is still to answer, and how many proposals were made this turn."""
    state = _board()
    roll(state, 6)
    set_hand(state, 0, lumber=1, ore=2)
    set_hand(state, 2, brick=1)
    state.apply({"type": "propose_trade", "give": {"lumber": 1, "ore": 2}, "get": {"brick": 1}})
    state.apply(A.ACCEPT_TRADE if state.current_player() == 2 else A.REJECT_TRADE)
    state.apply(A.ACCEPT_TRADE if state.current_player() == 2 else A.REJECT_TRADE)
    assert state.current_player() == 0
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["trade"] == {
            "proposer": 0,
            "give": {"lumber": 1, "ore": 2},
            "get": {"brick": 1},
            "accepted": [2],
            "pending": [],
        }
        assert obs["proposals_this_turn"] == 1


def test_ri_gu_02_gold_in_an_open_trade_is_shown_to_every_seat() -> None:
    """RI-GU-02 BG-TRADE-02: with gold coins (The Rivers of Catan, mechanics/gold.py) the gold a
    proposal gives or asks is shown beside its cards to every seat, on its own side only."""
    state = cleared(3)
    roll(state, 3)
    set_gold(state, [3, 0, 2])
    set_hand(state, 0, lumber=1)
    for give, get in (
        ({"lumber": 1, "gold": 3}, {"brick": 1}),
        ({"lumber": 1}, {"brick": 1, "gold": 2}),
    ):
        state.apply({"type": "propose_trade", "give": give, "get": get})
        for seat in range(3):
            assert state.observation(seat)["trade"] == {
                "proposer": 0,
                "give": give,
                "get": get,
                "accepted": [],
                "pending": [1, 2],
            }
        state.apply(A.REJECT_TRADE)
        state.apply(A.REJECT_TRADE)
        assert state.observation(1)["trade"] is None


def test_only_a_seat_of_the_game_is_observed() -> None:
    """docs/protocol.md: seats are numbered 0..n-1; another number is refused."""
    state = _board()
    for seat in (-1, 3, "0", 1.0):
        with pytest.raises(ValueError, match=r"^seat must be 0\.\.2$"):
            state.observation(seat)
