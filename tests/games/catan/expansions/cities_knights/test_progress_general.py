"""The general rules of the progress cards (§11.1), played through legal_actions()/apply().

Rules: CK-PC-01 (hand limit 4; off-turn discards at once, the active player at his turn's end),
CK-PC-02 (played after the roll, also the turn drawn; under its deck), CK-PC-03 (VP cards
outside the hand, never taken), CK-PC-05 (never stolen, never traded).
"""

from __future__ import annotations

from itertools import islice, permutations

import pytest

from games.catan import actions as A
from games.catan.expansions.cities_knights import progress
from games.catan.expansions.cities_knights.data import PROGRESS_CARDS, VP_CARDS
from games.catan.expansions.cities_knights.progress import science
from games.errors import IllegalAction

from .progress_helpers import deal, founded, give, main_phase, play, plays

SCIENCE = 2


def science_gate(state, red: int = 1) -> None:
    """The turn player rolls a science gate (red ``red``) and an 8 or so."""
    state.apply(A.ROLL)
    state.apply({"type": "ck_dice", "event": "science", "die1": 6, "die2": red})


def draws_with_four_in_hand(state, seat: int, card: str) -> None:
    """``seat`` holds Spy, Spy, Warlord and Bishop at science level 1; the turn player rolls a
    science gate and ``seat`` draws ``card``."""
    for held in ("Spy", "Spy", "Warlord", "Bishop"):
        deal(state, seat, held)
    state.ck_levels[seat][SCIENCE] = 1
    science_gate(state)
    state.apply({"type": "draw_progress", "track": "science", "card": card})


def test_ck_pc_01_off_turn_a_fifth_card_is_discarded_at_once_under_its_deck() -> None:
    state = founded()
    p = state.turn_player
    q = (p + 1) % state.n
    draws_with_four_in_hand(state, q, "Mining")
    assert state.phase == "ck_progress_discard" and state.current_player() == q
    state.apply({"type": "discard_progress", "card": "Mining"})
    assert sorted(state.ck_progress[q]) == ["Bishop", "Spy", "Spy", "Warlord"]
    assert "Mining" in state.ck_under["science"]
    assert state.phase == "main" and state.current_player() == p


def test_ck_pc_01_the_active_player_keeps_five_until_his_turn_ends() -> None:
    state = founded()
    p = state.turn_player
    draws_with_four_in_hand(state, p, "Mining")
    assert state.phase == "main" and len(state.ck_progress[p]) == 5
    state.apply(A.END_TURN)
    assert state.phase == "ck_progress_discard" and state.current_player() == p
    state.apply({"type": "discard_progress", "card": "Spy"})
    assert len(state.ck_progress[p]) == 4 and state.turn_player != p


def test_ck_pc_03_vp_cards_are_outside_the_hand_limit_and_never_taken() -> None:
    state = founded()
    p = state.turn_player
    q = (p + 1) % state.n
    draws_with_four_in_hand(state, q, "Printer")
    assert state.phase == "main"  # 4 cards in hand and a VP card face up: no discard
    assert state.ck_progress_vp[q] == ["Printer"]
    state.ck_progress[q] = []
    deal(state, p, "Spy")
    assert plays(state, "Spy") == []  # only a VP card: nothing the Spy may take


def test_ck_pc_02_a_card_drawn_this_turn_is_played_and_goes_under_its_deck() -> None:
    state = founded()
    p = state.turn_player
    state.ck_levels[p][SCIENCE] = 1
    science_gate(state)
    state.apply({"type": "draw_progress", "track": "science", "card": "Irrigation"})
    state.terrains[:] = ["fields" if t != "desert" else t for t in state.terrains]
    state.touch()
    play(state, "Irrigation")
    assert state.hand[p][3] > 0
    assert state.ck_progress[p] == [] and state.ck_under["science"] == ["Irrigation"]


def test_ck_pc_05_progress_cards_are_never_stolen_nor_traded() -> None:
    state = main_phase()
    p = state.turn_player
    q = (p + 1) % state.n
    deal(state, q, "Warlord")
    state.ck_attacks = 1  # the robber is awake
    deal(state, p, "Bishop")
    give(state, q, brick=1)
    target = next(
        h
        for h in range(len(state.numbers))
        if h != state.robber
        and any(state.vertex_owner[v] == q for v in state.board.hex_vertices[h])
    )
    play(state, "Bishop", hex=target)
    while state.current_player() < 0:
        outcomes = [o for o, _ in state.chance_outcomes()]
        assert all(o["card"] in ("lumber", "brick", "wool", "grain", "ore") for o in outcomes)
        state.apply(outcomes[0])
    assert state.ck_progress[q] == ["Warlord"]
    with pytest.raises(IllegalAction):
        state.apply({"type": "propose_trade", "give": {"Bishop": 1}, "get": {"brick": 1}})


def test_ck_pc_04_a_card_known_to_do_nothing_is_not_offered_monopolies_always_are() -> None:
    state = main_phase()
    p = state.turn_player
    for card in ("Mining", "Bishop", "Warlord", "Resource Monopoly", "Trade Monopoly"):
        deal(state, p, card)
    for h, terrain in enumerate(state.terrains):  # no mountains anywhere: Mining yields nothing
        if terrain == "mountains":
            state.terrains[h] = "hills"
    state.touch()
    offered = {a["card"] for a in state.legal_actions() if a["type"] == "play_progress"}
    # no mountains, a sleeping robber, no knight to activate; the others' hands are hidden
    assert offered == {"Resource Monopoly", "Trade Monopoly"}
    play(state, "Trade Monopoly", good="cloth")  # nobody has any: played all the same
    assert state.ck_under["trade"] == ["Trade Monopoly"]


def _hands_met_stay_few(state, p: int, hands, table: dict) -> None:
    """Every hand of ``hands`` (more orders of cards than ``HANDS_KEPT``) asked for its plays:
    the finders' table never holds more than ``HANDS_KEPT`` hands, and a hand's plays after the
    table started afresh are those of a table that never filled."""
    progress.forget_finders()
    met = 0
    for held in hands:
        state.ck_progress[p] = list(held)
        progress.playable(state, p)
        met += 1
        assert len(table) <= progress.HANDS_KEPT
    assert met > progress.HANDS_KEPT + 100  # the table filled and started afresh
    for held in hands[-5:] + hands[:5]:
        state.ck_progress[p] = list(held)
        served = progress.playable(state, p)
        progress.forget_finders()
        assert served == progress.playable(state, p), held


def test_the_progress_finders_kept_per_hand_stay_few_after_the_roll() -> None:
    """The finders of the playable progress cards are kept per hand as held (its order too),
    so a long process meets tens of thousands of hands: the table is bounded."""
    state = main_phase()
    p = state.turn_player
    names = sorted(set(PROGRESS_CARDS) - VP_CARDS)
    hands = list(islice(permutations(names, 3), progress.HANDS_KEPT + 200))
    _hands_met_stay_few(state, p, hands, progress._BY_HAND_AFTER)
    assert not progress._BY_HAND_BEFORE


def test_the_progress_finders_kept_per_hand_stay_few_before_the_roll() -> None:
    """The same for the hands holding the Alchemist before the roll."""
    state = founded()
    p = state.turn_player
    names = sorted(set(PROGRESS_CARDS) - VP_CARDS - {"Alchemist"})
    hands = [
        (a, "Alchemist", b, c)
        for a, b, c in islice(permutations(names, 3), progress.HANDS_KEPT + 200)
    ]
    _hands_met_stay_few(state, p, hands, progress._BY_HAND_BEFORE)
    assert not progress._BY_HAND_AFTER


def test_a_progress_cards_effect_is_its_modules_function_after_a_patch(monkeypatch) -> None:
    """A card's effect is its module's ``play_<slug>``, looked up once per process
    (``apply_play``): a test that patches the module and calls ``forget_finders`` gets the
    patched effect."""
    state = main_phase()
    p = state.turn_player
    crane = {"type": "play_progress", "card": "Crane"}
    progress.apply_play(state, p, crane)  # the real effect, now looked up
    assert state.ck_effects.get("crane") is True
    called = []
    monkeypatch.setattr(science, "play_crane", lambda s, seat, a: called.append(seat) or False)
    progress.forget_finders()
    state.ck_effects.clear()
    progress.apply_play(state, p, crane)
    assert called == [p] and "crane" not in state.ck_effects
    monkeypatch.undo()
    progress.forget_finders()
