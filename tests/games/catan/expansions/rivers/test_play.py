"""The Rivers of Catan through the engine contract: random games end, round-trip, replay and
observe only what a seat may know (the conformance checks, on the scenario's options)."""

from __future__ import annotations

import json
import random

import pytest

from games.catan import GAME
from games.common.api import CHANCE
from games.common.chance import ChanceStreams
from games.common.replay import replay
from tests.games.catan.expansions.rivers.helpers import RIVERS
from tests.games.catan.randomplay import check_observation, random_game
from tests.games.random_game import play_streamed
from tests.games.test_conformance import (
    GARBAGE,
    assert_refused_unchanged,
    check_round_trip,
    playout,
    twin_openings,
)


@pytest.mark.parametrize("num_players", [3, 4])
def test_fifty_random_games_end_with_the_invariants_kept(num_players: int) -> None:
    """25 seeded games per player count played to the end, every invariant checked at every
    step; bridges, gold and both settler tiles all occur."""
    seen: set[str] = set()
    for seed in range(25):
        state, _, _ = random_game(num_players, seed, RIVERS, observe_every=97)
        result = state.result()
        assert sorted(result["ranking"]) == list(range(num_players))
        assert result["reason"] in ("victory", "no_progress")
        assert sum(state.gold) + state.gold_supply == 100
        assert all(0 <= left <= 3 for left in state.bridges_left)
        seen |= {e["type"] for e in state.events}
    assert {"build_bridge", "exchange_gold", "buy_gold", "gold"} <= seen


def test_round_trips_everywhere_and_replays_identically() -> None:
    """to_dict/from_dict at every 37th step give the same state and legal list; the seed and
    the actions replay to the identical state."""
    for seed in range(3):
        state, applied = playout(GAME, 4, seed, check_every=37, options=RIVERS)
        check_round_trip(GAME, state)
        again = replay(GAME, 4, seed, RIVERS, applied)
        assert again.to_dict() == state.to_dict()
    data = state.to_dict()
    assert set(data["expansions"]["rivers"]) == {
        "gold",
        "gold_supply",
        "gold_exchanges",
        "bridges_left",
    }


def test_the_same_seed_lays_the_same_board_whatever_the_players_do() -> None:
    first, second = twin_openings(GAME, 4, 9, RIVERS)
    assert first.terrains == second.terrains and first.numbers == second.numbers


def test_garbage_is_refused_and_changes_nothing() -> None:
    state = GAME.new_game(4, 4, RIVERS)
    junk = [
        *GARBAGE,
        {"type": "build_bridge", "edge": 9999},
        {"type": "build_bridge"},
        {"type": "exchange_gold", "resource": "gold"},
        {"type": "buy_gold", "give": "ore", "rate": 2},
    ]
    refuses = lambda _: assert_refused_unchanged(state, junk)  # noqa: E731
    play_streamed(state, 4, 4, 400, before_step=refuses, must_end=False)


def test_hidden_cards_never_reach_another_seat_gold_and_bridges_are_public() -> None:
    """Hands stay hidden (only counts of other seats); gold, bridges and the settler tiles are
    the same in every seat's observation (they lie open on the table)."""
    state = GAME.new_game(4, 8, RIVERS)
    streams, choice = ChanceStreams(8), random.Random(8)
    for step in range(3000):
        if state.is_terminal():
            break
        if step % 23 == 0:
            views = [state.observation(seat) for seat in range(4)]
            for seat, obs in enumerate(views):
                check_observation(state, seat)
                text = json.dumps({k: v for k, v in obs.items() if k != "you"})
                for other in range(4):
                    if other != seat and state.hand[other] != state.hand[seat]:
                        assert json.dumps(state.hand[other]) not in json.dumps(obs["players"])
                assert "resources" not in text
            assert len({json.dumps(o["rivers"]) for o in views}) == 1
            assert len({json.dumps(o["gold"]["seats"]) for o in views}) == 1
        if state.current_player() == CHANCE:
            state.apply(streams.sample(state))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(choice.random() * len(legal))])


def test_static_info_names_the_rivers_and_bridge_sites() -> None:
    static = GAME.static_info({**GAME.default_options, **RIVERS})
    json.dumps(static)
    assert static["layout"] == "rivers"
    assert len(static["sites"]["bridge_sites"]) == 7 and len(static["sites"]["swamps"]) == 2
