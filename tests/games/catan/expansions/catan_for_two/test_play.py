"""Catan for Two played whole: random games with the engine's invariants, the conformance
checks of every engine on these options, hidden information, and what is not playable yet."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.catan import GAME
from games.catan.picture import full_view, public_view
from games.common.replay import replay
from tests.games.catan.expansions.catan_for_two.positions import C2, cleared
from tests.games.catan.fixtures import set_hand
from tests.games.catan.randomplay import random_game
from tests.games.random_game import play_streamed
from tests.games.test_conformance import GARBAGE, assert_refused_unchanged, check_round_trip

OPTIONS = [dict(C2), {**C2, "layout": "variable"}]


def check_neutrals(state: Any) -> None:
    """The neutral colours' pieces match their supplies, never a city, and nobody holds a
    card for them."""
    for q in (2, 3):
        settlements = state.vertex_owner.count(q)
        assert settlements + state.settlements_left[q] == 5
        assert state.edge_owner.count(q) + state.roads_left[q] == 15
        assert all(state.vertex_level[v] == 1 for v, o in enumerate(state.vertex_owner) if o == q)
    assert len(state.hand) == len(state.knights) == 2
    assert sum(state.c2_tokens) + state.c2_supply == 20


def playout(options: dict[str, Any], seed: int, check_every: int = 0) -> tuple[Any, list]:
    state = GAME.new_game(2, seed, options)

    def checked(step: int) -> None:
        if check_every and step % check_every == 0:
            check_round_trip(GAME, state)

    return state, play_streamed(state, 2, seed, 20_000, after_step=checked)


@pytest.mark.parametrize("options", OPTIONS)
def test_random_games_end_with_the_invariants_kept(options: dict[str, Any]) -> None:
    """25 seeded random games per board (50 in all) to the end, every invariant after each
    step, round trips and observations along the way."""
    reasons = []
    for seed in range(25):
        state, _, _ = random_game(2, seed, options, roundtrip_every=211, observe_every=97)
        check_neutrals(state)
        reasons.append(state.result()["reason"])
    assert reasons.count("victory") >= 24


@pytest.mark.parametrize("options", OPTIONS)
def test_conformance_on_catan_for_two(options: dict[str, Any]) -> None:
    """The contract of every engine (tests/games/test_conformance.py) on these options: chance
    sums to 1, round trips, replay from seed and actions, garbage refused with ValueError."""
    state, applied = playout(options, 3, check_every=41)
    assert sorted(state.result()["ranking"]) == [0, 1]
    again = replay(GAME, 2, 3, options, applied)
    assert again.to_dict() == state.to_dict()
    state = GAME.new_game(2, 4, options)

    def refuses(_: int) -> None:
        assert_refused_unchanged(state, [*GARBAGE, {"type": "neutral_road", "owner": 0, "edge": 0}])
        for seat in (0, 1):
            json.dumps(state.observation(seat))

    play_streamed(state, 2, 4, 300, before_step=refuses, must_end=False)


def test_a_saved_game_keeps_the_scenario_fields() -> None:
    """to_dict stores the scenario's fields under expansions; from_dict refuses a neutral owner
    beyond the neutral colours."""
    state = cleared()
    data = state.to_dict()
    assert data["expansions"]["catan_for_two"]["c2_tokens"] == [5, 5]
    data["vertex_owner"][0] = 4
    with pytest.raises(ValueError, match="vertex_owner"):
        GAME.from_dict(data)


def test_hidden_information_stays_with_its_seat() -> None:
    """The opponent's hand is a count; a Forced Trade's cards are seen by the two players
    only, never in the spectators' view."""
    state = cleared()
    set_hand(state, 0, lumber=1)
    set_hand(state, 1, ore=2)
    state.apply({"type": "forced_trade"})
    state.apply({"type": "forced_draw", "resource": "ore"})
    obs = state.observation(1)
    assert obs["players"][0]["resource_cards"] == 2
    assert obs["you"]["resources"]["ore"] == 1
    assert "hand" not in json.dumps(obs["catan_for_two"])
    drawn = [e for e in state.events if e["type"] == "forced_draw"]
    assert [e["visible_to"] for e in drawn] == [[0, 1]]
    view = public_view(state)
    assert view["hands"] is None
    assert "ore" not in json.dumps(view["catan_for_two"])
    assert full_view(state)["hands"][0]["resources"]["ore"] == 1


def _unpaired() -> list[dict[str, Any]]:
    from games.catan.expansions import combinations

    paired = {g.pair[1] for g in combinations()}
    scenarios = ("fishermen", "rivers", "caravans", "barbarian_attack", "traders_barbarians")
    return [
        *({"scenario": s} for s in scenarios if s not in paired),
        {"cities_and_knights": True},
    ]


@pytest.mark.parametrize("partner", _unpaired())
def test_combinations_are_refused_until_built(partner: dict[str, Any]) -> None:
    """The 2-player notes without a glue module yet (C2-CK; a T&B scenario before its
    ``with_<scenario>.py``) are not playable: the options are refused with a reason (a built
    scenario names its partners or its player counts, an unbuilt one says so)."""
    with pytest.raises(
        ValueError, match=r"not playable yet|cannot be combined|played with 3, 4 players, not 2"
    ):
        GAME.new_game(2, 1, {**C2, **partner})
