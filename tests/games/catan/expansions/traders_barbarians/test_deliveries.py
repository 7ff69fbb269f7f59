"""Commodities: drawn at the first plaza, delivered where needed for 1 VP and gold; 13 VP."""

from __future__ import annotations

from .helpers import corner_next_to, founded, plaza, put_wagon, wagon_phase

ACCEPTS = {"castle": ("glass", "marble"), "quarry": ("tools",), "glassworks": ("sand",)}
YIELDS = {
    "castle": {"tools", "sand"},
    "quarry": {"sand", "marble"},
    "glassworks": {"glass", "tools"},
}


def _beside(name: str, seed: int = 41, cargo: str | None = None):
    state = founded(3, seed)
    wagon_phase(state)
    p = state.turn_player
    put_wagon(state, p, corner_next_to(state, name))
    state.tb_cargo[p] = cargo
    return state, p


def _enter(state, p: int, name: str) -> None:
    state.apply({"type": "move_wagon", "vertex": plaza(state, name)})


def test_TB_DL_01_A_TB_05_the_first_plaza_gives_a_token_and_no_gold() -> None:
    """TB-DL-01, A-TB-05: reaching a plaza empty-handed: no gold; the top token of its stack is
    turned up and carried (no destination has to be declared)."""
    state, p = _beside("quarry")
    gold, vp = state.gold[p], state.public_vp(p)
    _enter(state, p, "quarry")
    assert state.gold[p] == gold and state.public_vp(p) == vp
    assert state.chance_kind() == "commodity"
    outcomes = {a["commodity"]: w for a, w in state.chance_outcomes()}
    assert set(outcomes) == YIELDS["quarry"] and sum(outcomes.values()) == 1
    state.apply({"type": "commodity", "commodity": "marble"})
    assert state.tb_cargo[p] == "marble" and state.tb_stacks["quarry"]["marble"] == 5
    assert state.phase == "tb_wagon"


def test_TB_DL_02_one_token_at_a_time_and_only_where_it_is_needed() -> None:
    """TB-DL-02: with a token aboard, a plaza that does not take it gives nothing."""
    state, p = _beside("quarry", cargo="marble")
    _enter(state, p, "quarry")
    assert state.tb_cargo[p] == "marble" and state.tb_delivered[p] == 0
    assert state.phase == "tb_wagon" and sum(state.tb_stacks["quarry"].values()) == 12


def test_TB_DL_03_TB_TH_05_delivery_gives_one_vp_the_cards_gold_and_a_new_token() -> None:
    """TB-DL-03, TB-TH-05: each trade hex takes its commodities: 1 VP, the active card's gold,
    then a token from this hex's stack."""
    for seed, (name, needs) in enumerate(ACCEPTS.items()):
        for commodity in needs:
            state, p = _beside(name, 42 + seed, cargo=commodity)
            state.tb_baggage[p] = 3  # 3 gold per delivery
            gold, vp = state.gold[p], state.public_vp(p)
            _enter(state, p, name)
            assert state.tb_delivered[p] == 1 and state.public_vp(p) == vp + 1
            assert state.gold[p] == gold + 3
            assert {a["commodity"] for a, _ in state.chance_outcomes()} == YIELDS[name]
    for name, needs in ACCEPTS.items():  # and no other commodity is taken
        for commodity in {"glass", "marble", "tools", "sand"} - set(needs):
            state, p = _beside(name, 45, cargo=commodity)
            _enter(state, p, name)
            assert state.tb_delivered[p] == 0


def test_TB_DL_04_an_empty_stack_gives_no_token() -> None:
    """TB-DL-04: nothing is drawn from an empty stack."""
    state, p = _beside("glassworks", cargo="sand")
    state.tb_stacks["glassworks"] = {"glass": 0, "tools": 0}
    _enter(state, p, "glassworks")
    assert state.tb_delivered[p] == 1 and state.tb_cargo[p] is None
    assert state.phase == "tb_wagon"


def test_TB_VP_01_thirteen_points_on_your_own_turn() -> None:
    """TB-VP-01: the game is won at 13 VP, deliveries included; 12 is not enough."""
    state, p = _beside("castle", 47, cargo="glass")
    assert state.victory_target == 13
    state.tb_delivered[p] = 13 - 1 - state.public_vp(p)
    state.vp_dirty = True
    assert state.total_vp(p) == 12 and not state.is_terminal()
    _enter(state, p, "castle")
    assert state.is_terminal()
    assert state.result()["ranking"][0] == p and state.result()["reason"] == "victory"
