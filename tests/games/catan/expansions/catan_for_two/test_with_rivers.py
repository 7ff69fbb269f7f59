"""Catan for Two with the Rivers of Catan (C2-RI-01), played through the engine."""

from __future__ import annotations

from games.catan import actions as A
from tests.games.catan.expansions.catan_for_two.combos import (
    approach,
    cleared_pair,
    founded_pair,
    kinds,
    main_phase,
    open_spot,
)
from tests.games.catan.fixtures import put, set_hand


def _by_swamp(state, v: int) -> bool:
    return bool(set(state.board.vertex_hexes[v]) & set(state.board.sites["swamps"]))


def _build_at(state, v: int) -> None:
    start, roads = approach(state, v)
    put(state, 0, settlements=[start], roads=roads)
    main_phase(state)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[v])


def test_c2_ri_01_a_settlement_by_a_swamp_earns_two_tokens_on_top_of_river_gold() -> None:
    """C2-RI-01: next to a swamp, 2 tokens more than the coast's 1, and the river's gold."""
    state = cleared_pair("rivers")
    v = next(
        v
        for v in range(state.board.num_vertices)
        if _by_swamp(state, v) and len(state.board.vertex_hexes[v]) == 3 and open_spot(state, v)
    )
    gold = state.gold[0]
    _build_at(state, v)
    assert state.c2_tokens == [7, 5] and state.c2_supply == 8  # inland: 2, no coast token
    assert state.gold[0] == gold + 1  # RI-GO-01: a swamp is a river hex
    swamp_events = [e for e in state.events if e["type"] == "trade_tokens"]
    assert swamp_events[-1]["reason"] == "swamp" and swamp_events[-1]["tokens"] == 2


def test_c2_ri_01_a_river_settlement_away_from_swamps_earns_no_swamp_tokens() -> None:
    state = cleared_pair("rivers")
    river = set(state.board.sites["river_hexes"]) - set(state.board.sites["swamps"])
    v = next(
        v
        for v in range(state.board.num_vertices)
        if not _by_swamp(state, v)
        and set(state.board.vertex_hexes[v]) & river
        and len(state.board.vertex_hexes[v]) == 3
        and open_spot(state, v)
    )
    gold = state.gold[0]
    _build_at(state, v)
    assert state.c2_tokens == [5, 5] and state.gold[0] == gold + 1


def test_c2_ri_01_a_founding_settlement_by_a_swamp_earns_too() -> None:
    """C2-RI-01 with C2-TT-04: founding settlements earn the swamp's tokens as well."""

    def by_swamp(state, action) -> bool:
        return action["type"] == "place_settlement" and _by_swamp(state, action["vertex"])

    state = founded_pair("rivers", prefer=by_swamp)
    earned = [e for e in state.events if e["type"] == "trade_tokens" and e["reason"] == "swamp"]
    assert {e["seat"] for e in earned} == {0, 1} and all(e["tokens"] == 2 for e in earned)


def test_c2_ri_01_the_token_action_sends_the_robber_to_a_swamp() -> None:
    """C2-RI-01: instead of the desert (there is none), the robber goes to a swamp of the
    player's choice, for the token price; not while it stands on a swamp (C2-TA-06)."""
    state = cleared_pair("rivers")
    swamps = state.board.sites["swamps"]
    assert state.robber in swamps  # RI: the robber starts on a swamp
    assert "robber_to_swamp" not in kinds(state) and "robber_to_desert" not in kinds(state)
    state.robber = 4
    state._legal = None
    offered = [a for a in state.legal_actions() if a["type"] == "robber_to_swamp"]
    assert sorted(a["hex"] for a in offered) == sorted(swamps)
    price = state.observation(0)["catan_for_two"]["token_price"]  # C2-TA-02: 1 or 2
    state.apply(offered[-1])
    assert state.robber == offered[-1]["hex"]
    assert state.c2_tokens == [5 - price, 5] and state.c2_supply == 10 + price
    assert "robber_to_swamp" not in kinds(state)
