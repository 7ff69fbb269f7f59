"""A pending progress card decision survives to_dict/from_dict, and what it shows stays with
the seats a card lets look (contracts §1: round trips, hidden information).

Rules: CK-PC-01 (cards kept secret), CK-PC-P07 (the Spy looks), CK-PC-T02 (the Master
Merchant looks), CK-PC-P09 (the Wedding's cards).
"""

from __future__ import annotations

import json

from games.catan import GAME

from .progress_helpers import answer, deal, give, main_phase, play


def round_trip(state):
    copy = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy.to_dict() == state.to_dict()
    assert copy.current_player() == state.current_player()
    assert copy.legal_actions() == state.legal_actions()
    return copy


def test_ck_pc_p09_a_pending_card_decision_round_trips_and_plays_on() -> None:
    state = main_phase()
    p = state.turn_player
    q = (p + 1) % state.n
    state.ck_progress_vp[q].append("Printer")
    give(state, q, coin=1, wool=2)
    deal(state, p, "Wedding")
    play(state, "Wedding")
    copy = round_trip(state)
    for position in (state, copy):
        answer(position, "give_card", card="wool")
        answer(position, "give_card", card="coin")
    assert copy.to_dict() == state.to_dict()
    assert state.phase == "main"


def test_ck_pc_p07_only_the_spy_sees_the_hand_he_looks_at() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = (p + 1) % state.n, (p + 2) % state.n
    deal(state, q, "Bishop")
    deal(state, p, "Spy")
    play(state, "Spy", seat=q)
    round_trip(state)
    for seat in (q, r):
        text = json.dumps(state.observation(seat))
        assert "Bishop" not in text or seat == q  # q sees his own hand, r nothing
        assert (
            "progress_cards"
            not in state.observation(seat)["cities_and_knights"]["progress_pending"]
        )
    answer(state, "pick_card", card="Bishop")
    taken = [e for e in state.events if e["type"] == "spy_take"]
    assert {e["card"] for e in taken if r in e["visible_to"]} == {"hidden"}
    assert "Bishop" not in json.dumps(state.observation(r))


def test_ck_pc_t02_only_the_master_merchant_sees_the_hand_he_looks_at() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = (p + 1) % state.n, (p + 2) % state.n
    state.ck_progress_vp[q].append("Printer")
    give(state, q, paper=1, cloth=1)
    deal(state, p, "Master Merchant")
    play(state, "Master Merchant", seat=q)
    round_trip(state)
    assert state.observation(p)["cities_and_knights"]["progress_pending"]["hand"] == {
        "paper": 1,
        "cloth": 1,
    }
    assert "hand" not in state.observation(r)["cities_and_knights"]["progress_pending"]
    answer(state, "pick_card", card="cloth")
    answer(state, "pick_card", card="paper")
    taken = [e for e in state.events if e["type"] == "take_card_from"]
    assert {e["card"] for e in taken if r in e["visible_to"]} == {"hidden"}
