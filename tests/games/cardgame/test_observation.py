"""The observation a bot receives: the fields docs/protocol.md promises, and situational ones."""

from __future__ import annotations

import json

import pytest

from games.cardgame import GAME
from games.cardgame.cards import CARDS
from tests.games.cardgame.positions import (
    at_roll,
    lay,
    main_phase,
    make_city,
    rebuild,
    roll,
    set_units,
    to_hand,
    with_vp_3,
)

ALWAYS = {
    "seat",
    "turn",
    "active",
    "phase",
    "to_move",
    "decision",
    "hand",
    "you",
    "opponent",
    "stacks",
    "tokens",
    "last_roll",
    "vp_target",
    "events",
}


def test_the_observation_has_the_documented_fields_and_a_bad_seat_is_refused() -> None:
    state = rebuild(main_phase())
    assert set(state.observation(0)) == ALWAYS
    assert state.observation(1)["seat"] == 1
    for seat in (2, -1):
        with pytest.raises(ValueError, match="seat must be 0 or 1"):
            state.observation(seat)


def test_the_start_regions_being_placed_are_shown_to_their_owner() -> None:
    """CG-SETUP-03: while placing, the owner sees the start regions still to place."""
    state = GAME.new_game(2, 3, {})
    while state.tasks[0]["t"] != "place_start":
        state.apply(state.chance_outcomes()[0][0])
    placing = state.observation(0)["placing"]
    assert len(placing) == 6 and all(card.startswith("start_region_A_") for card in placing)
    state.apply(state.legal_actions()[0])
    assert len(state.observation(0)["placing"]) == 5


def test_an_attack_in_progress_is_shown_to_both_seats() -> None:
    """CG-ACT-07 CG-CARD-ARSONIST-01: both seats see the attack card, whether it was defended
    and, once chosen, its target."""
    state = main_phase()
    with_vp_3(state)
    (arsonist,) = to_hand(state, 0, "arsonist")
    to_hand(state, 1, "bishop")
    lay(state, 1, 0, 1, "sawmill")
    state = rebuild(state)
    state.apply({"type": "play_card", "card": arsonist})
    for seat in (0, 1):
        assert state.observation(seat)["attack"] == {
            "card": CARDS[arsonist].type,
            "defended": False,
            "target": None,
        }
    state.apply({"type": "no_defence"})
    state.apply({"type": "choose_target", "col": 0, "row": 1})
    assert state.observation(1)["attack"]["target"] is not None


def test_the_events_window_holds_the_latest_visible_events() -> None:
    """docs/protocol.md: ``events`` are the last few (8) events the seat may see, newest last."""
    state = rebuild(main_phase())
    for n in range(40):
        state.events.append({"type": "note", "n": n, "visible_to": "all" if n % 2 else [1]})
    mine = state.observation(0)["events"]
    assert [e["n"] for e in mine] == [25, 27, 29, 31, 33, 35, 37, 39]
    assert [e["n"] for e in state.observation(1)["events"]] == list(range(32, 40))


def test_the_events_window_reaches_past_a_run_of_hidden_events() -> None:
    """docs/protocol.md: ``events`` holds 8 visible events though hidden ones crowd the log."""
    state = rebuild(main_phase())
    for n in range(100):
        state.events.append({"type": "note", "n": n, "visible_to": "all" if n % 10 == 0 else [1]})
    assert [e["n"] for e in state.observation(0)["events"]] == [20, 30, 40, 50, 60, 70, 80, 90]


def test_a_pending_count_is_shown_as_remaining() -> None:
    """CG-EV-SUN-01: while choosing where the Sun's unit goes, the seat sees how many remain."""
    state = at_roll(main_phase())
    roll(state, "plenty", 4)
    assert state.observation(0)["remaining"] == 1
    assert "remaining" not in state.observation(1)


def test_the_last_roll_is_shown_to_both_seats() -> None:
    """CG-TURN-02: once the dice are rolled both seats see the event and the production."""
    state = at_roll(main_phase())
    assert state.observation(0)["last_roll"] is None
    roll(state, "plenty", 4)
    for seat in (0, 1):
        assert state.observation(seat)["last_roll"] == {"event": "plenty", "production": 4}


def test_both_domains_are_shown_whole_to_both_seats() -> None:
    """CG-SETUP-11: a domain is public (centre, regions with their units, the slots' cards and
    what they add up to); of a hand only its size is. Each seat sees its own domain as ``you``
    and the other's as ``opponent``, the same facts from both sides."""
    state = main_phase()
    lay(state, 0, 0, 1, "knight_gotz")
    lay(state, 0, 0, -1, "abbey")
    lay(state, 1, 2, 1, "marketplace")
    lay(state, 1, 2, -1, "knight_falk")
    set_units(state, 0, ore=3, gold=2)
    set_units(state, 1, wool=0)
    make_city(state, 1, 2)
    to_hand(state, 1, "spy", "abbey")
    (bishop,) = to_hand(state, 0, "bishop")
    state = rebuild(state)
    first = {
        "centre": [[0, "settlement"], [1, "road"], [2, "settlement"]],
        "regions": [
            [-1, -1, "lumber", 4, 1],
            [-1, 1, "grain", 1, 1],
            [1, -1, "brick", 5, 1],
            [1, 1, "ore", 2, 3],
            [3, -1, "gold", 6, 2],
            [3, 1, "wool", 3, 1],
        ],
        "slots": [[0, -1, "abbey"], [0, 1, "knight_gotz"]],
        "vp": 3,  # two settlements and the strength token
        "strength": 5,
        "tournament": 2,
        "trade": 0,
        "hand_limit": 4,  # 3 and the Abbey
        "hand_size": 1,
    }
    second = {
        "centre": [[0, "settlement"], [1, "road"], [2, "city"]],
        "regions": [
            [-1, -1, "lumber", 5, 1],
            [-1, 1, "grain", 2, 1],
            [1, -1, "brick", 6, 1],
            [1, 1, "ore", 3, 1],
            [3, -1, "gold", 1, 1],
            [3, 1, "wool", 4, 0],
        ],
        "slots": [[2, -1, "knight_falk"], [2, 1, "marketplace"]],
        "vp": 4,  # a settlement, a city and the trade token
        "strength": 1,
        "tournament": 5,
        "trade": 2,
        "hand_limit": 3,
        "hand_size": 2,
    }
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["you"] == theirs["opponent"] == first
    assert mine["opponent"] == theirs["you"] == second
    assert mine["hand"] == [bishop] and theirs["hand"] == state.domains[1].hand
    assert mine["tokens"] == theirs["tokens"] == {"knight": 0, "windmill": 1}
    hidden = json.dumps(mine)
    assert not any(card in hidden for card in state.domains[1].hand)
    assert not any(card in json.dumps(theirs) for card in state.domains[0].hand)


def test_stacks_are_shown_as_sizes_and_the_goal_as_the_option() -> None:
    """CG-SETUP-11: the stacks are face down, so both seats see how many cards each holds and
    nothing of which; ``vp_target`` is the game's option (docs/protocol.md)."""
    state = GAME.new_game(2, 3, {"vp_target": 7})
    while state.tasks[0]["t"] != "place_start":
        state.apply(state.chance_outcomes()[0][0])
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs["vp_target"] == 7
        assert obs["stacks"] == {name: len(cards) for name, cards in state.stacks.items()}
        assert sum(obs["stacks"].values()) > 0
        text = json.dumps(obs)
        assert not any(f'"{card}"' in text for cards in state.stacks.values() for card in cards)


def test_the_decision_names_the_pending_choice_and_new_regions_are_shown_to_their_owner() -> None:
    """CG-SETTL-03: a new settlement's two regions are drawn and placed by its builder, who sees
    them while choosing their sides; both seats are told which decision is pending."""
    state = main_phase()
    set_units(state, 0, grain=3, ore=3, wool=3, lumber=3, brick=3)
    state = rebuild(state)
    state.apply({"type": "build_road", "end": "right"})
    state.apply({"type": "build_settlement", "end": "right"})
    assert state.current_player() == 0 and state.phase == "main"
    drawn = list(state.tasks[0]["cards"])
    assert len(drawn) == 2 and all(CARDS[card].kind == "region" for card in drawn)
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["decision"] == theirs["decision"] == "place_regions"
    assert mine["placing"] == drawn and "placing" not in theirs
    state.apply(state.legal_actions()[0])  # the second region takes the other side by force
    assert "placing" not in state.observation(0) and state.observation(0)["decision"] == "main"


def test_a_finished_game_is_shown_as_over_with_its_result() -> None:
    """Engine contract (docs/protocol.md): once the game is over both seats' last observation
    says ``game_over`` and carries the result."""
    from games.cardgame.constants import MAX_TURNS

    state = main_phase(hands_empty=False)
    make_city(state, 1, 0)
    state.turn = MAX_TURNS
    state = rebuild(state)
    state.apply({"type": "end_actions"})
    assert state.observation(0)["decision"] == "refill" and "result" not in state.observation(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a["type"] == "end_turn"), legal[0]))
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs["decision"] == "game_over"
        assert obs["result"] == {"ranking": [1, 0], "scores": [2, 3], "reason": "turn_cap"}


def test_a_young_game_shows_every_event_it_has() -> None:
    """docs/protocol.md: ``events`` are the latest events the seat may see, however few."""
    state = GAME.new_game(2, 3, {})
    while state.tasks[0]["t"] != "place_start":
        state.apply(state.chance_outcomes()[0][0])
    assert 0 < len(state.events) <= 8
    assert all(e["visible_to"] == "all" for e in state.events)
    for seat in (0, 1):
        assert state.observation(seat)["events"] == state.events
