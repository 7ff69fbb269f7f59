"""Scenario development decks (games/catan/mechanics/scenario_deck.py), played through
Barbarian Attack (an at-once deck, BA-DC-01) and, for kept cards (T&B, TB-CO-08), through the
same plug-in with a hand deck swapped in."""

from __future__ import annotations

import json

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.expansions import barbarian_attack
from games.catan.mechanics import scenario_deck as D
from games.common.api import CHANCE
from tests.games.catan.fixtures import roll, set_hand

OPTIONS = {"scenario": "barbarian_attack", "placement": "beginner"}
BA = barbarian_attack.EXPANSION


def main_phase(seed: int = 1):
    """Seat 0 in the main phase of turn 1, holding exactly one development card's price."""
    state = GAME.new_game(4, seed, OPTIONS)
    roll(state, 8)
    set_hand(state, 0, ore=1, wool=1, grain=1)
    return state


def test_BA_CO_05_the_deck_is_data_with_its_source() -> None:
    """BA-CO-05: 14 Knighthood, 4 Swift Knight, 4 Treason, 4 Intrigue (26), from deck.json."""
    spec = BA.deck
    assert dict(zip(spec.cards, spec.counts, strict=True)) == {
        "knighthood": 14,
        "swift_knight": 4,
        "treason": 4,
        "intrigue": 4,
    }
    assert spec.at_once and spec.reshuffle and "BA-CO-05" in spec.source
    state = GAME.new_game(3, 1, OPTIONS)
    assert state.deck_left == [14, 4, 4, 4]


def test_BA_DC_01_scenario_card_replaces_the_base_card_at_the_base_price() -> None:
    """BA-DC-01, BA-CO-06: no base development card; the scenario card costs ore, wool, grain
    and is bought in the main phase only."""
    state = GAME.new_game(4, 1, OPTIONS)
    set_hand(state, 0, ore=1, wool=1, grain=1)
    assert D.BUY not in state.legal_actions()  # before the roll
    roll(state, 8)
    set_hand(state, 0, ore=1, wool=1, grain=1)
    legal = state.legal_actions()
    assert D.BUY in legal and A.BUY_DEVELOPMENT not in legal
    set_hand(state, 0, ore=1, wool=1)
    assert D.BUY not in state.legal_actions()
    set_hand(state, 0, ore=1, wool=1, grain=1)
    state.apply(D.BUY)
    assert state.hand[0] == [0, 0, 0, 0, 0]
    assert state.current_player() == CHANCE and state.chance_kind() == "deck:scenario"


def test_BA_DC_01_the_draw_is_weighted_by_the_cards_left() -> None:
    state = main_phase()
    state.apply(D.BUY)
    weights = {a["card"]: w for a, w in state.chance_outcomes()}
    assert weights == pytest.approx(
        {"knighthood": 14 / 26, "swift_knight": 4 / 26, "treason": 4 / 26, "intrigue": 4 / 26}
    )
    state.deck_left = [0, 1, 0, 3]
    weights = {a["card"]: w for a, w in state.chance_outcomes()}
    assert weights == pytest.approx({"swift_knight": 0.25, "intrigue": 0.75})


def test_BA_DC_01_a_card_is_revealed_resolved_at_once_and_discarded() -> None:
    """BA-DC-01: shown to everyone, discarded, its effect begins at once (Knighthood: place)."""
    state = main_phase()
    state.apply(D.BUY)
    state.apply(D.draw_action("knighthood"))
    assert state.deck_left == [13, 4, 4, 4] and state.deck_discards == [1, 0, 0, 0]
    event = [e for e in state.events if e["type"] == "buy_scenario_card"][-1]
    assert event["card"] == "knighthood" and event["visible_to"] == "all"
    assert state.phase == "place_knight" and state.current_player() == 0
    assert not any(map(any, state.deck_hand))


def test_BA_DC_01_an_empty_deck_is_made_again_from_the_discards() -> None:
    """BA-DC-01: when the deck is empty the discards are shuffled into a new deck."""
    state = main_phase()
    state.deck_left = [0, 0, 0, 0]
    state.deck_discards = [14, 4, 4, 4]
    state._legal = None
    assert D.BUY in state.legal_actions()
    state.apply(D.BUY)
    assert state.deck_left == [14, 4, 4, 4] and state.deck_discards == [0, 0, 0, 0]
    assert any(e["type"] == "deck_reshuffled" for e in state.events)
    state.deck_left = [0, 0, 0, 0]
    state.deck_discards = [0, 0, 0, 0]
    state.resume_turn()
    set_hand(state, 0, ore=1, wool=1, grain=1)
    assert D.BUY not in state.legal_actions()  # no card anywhere: nothing to buy


@pytest.fixture
def hand_deck(tmp_path, monkeypatch):
    """T&B's way: the same mechanic with a deck whose cards are kept in hand."""
    path = tmp_path / "deck.json"
    path.write_text(
        json.dumps(
            {
                "name": "kept",
                "source": "test",
                "resolve": "hand",
                "cards": {"knight": 2, "victory_point": 1},
            }
        )
    )
    monkeypatch.setattr(type(BA), "deck", D.load_deck(path))
    return path


def test_TB_CO_08_kept_cards_are_hidden_and_playable_from_the_next_turn(hand_deck) -> None:
    """A hand deck (T&B): the card joins the buyer's hidden hand, other seats see only a
    count; it is playable only after the turn it was bought, one card per turn."""
    state = main_phase()
    state.deck_left = [2, 1]
    state.deck_discards = [0, 0]
    state.deck_hand = [[0, 0] for _ in range(4)]
    state.deck_new = [[0, 0] for _ in range(4)]
    state.apply(D.BUY)
    state.apply(D.draw_action("knight"))
    assert state.deck_hand[0] == [1, 0] and state.phase == "main"
    assert D.own_cards(state, 0) == {"knight": 1}
    seen = [e for e in state.events if e["type"] == "buy_scenario_card"]
    assert {e["card"] for e in seen if e["visible_to"] == [0]} == {"knight"}
    assert {e["card"] for e in seen if 1 in e["visible_to"]} == {"hidden"}
    assert D.public_deck(state)["held"] == [1, 0, 0, 0]
    assert not D.playable(state, 0, "knight")
    D.clear_new(state, 0)
    assert D.playable(state, 0, "knight")
    D.play_card(state, 0, "knight")
    assert state.deck_hand[0] == [0, 0] and state.deck_discards == [1, 0]
    assert state.dev_played


def test_load_deck_refuses_bad_data(tmp_path) -> None:
    path = tmp_path / "d.json"
    path.write_text(json.dumps({"name": "x", "resolve": "hand", "cards": {"a": 1}}))
    with pytest.raises(ValueError, match="source"):
        D.load_deck(path)
    path.write_text(json.dumps({"name": "x", "source": "s", "resolve": "later", "cards": {"a": 1}}))
    with pytest.raises(ValueError, match="resolve"):
        D.load_deck(path)
    path.write_text(json.dumps({"name": "x", "source": "s", "resolve": "hand", "cards": {"a": 0}}))
    with pytest.raises(ValueError, match="count"):
        D.load_deck(path)


def test_scenario_deck_round_trips() -> None:
    state = main_phase()
    state.apply(D.BUY)
    state.apply(D.draw_action("treason"))
    again = GAME.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert again.legal_actions() == state.legal_actions()
