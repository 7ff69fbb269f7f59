"""Random play for the special Seafarers scenarios' tests: whole games on seeded chance streams,
with round trips, observations and the invariants that hold whatever the scenario."""

from __future__ import annotations

import json
import random
from typing import Any

from games.catan import GAME
from games.catan.constants import (
    CARDS_PER_RESOURCE,
    DEV_COUNTS,
    MAX_CITIES,
    MAX_SETTLEMENTS,
)
from games.common.api import CHANCE
from games.common.chance import ChanceStreams
from tests.games.catan.fixtures import give
from tests.games.catan.randomplay import standing_fortress
from tests.games.random_game import play_streamed
from tests.games.replay_elsewhere import assert_replays_in_another_process
from tests.games.test_conformance import check_round_trip


def check_basics(state: Any) -> None:
    """Cards are conserved (bank + hands; development deck + hands + played), pieces never
    exceed the supplies, public VP never goes down below the buildings'."""
    n = state.n
    for r in range(5):
        assert state.bank[r] + sum(state.hand[p][r] for p in range(n)) == CARDS_PER_RESOURCE
        assert state.bank[r] >= 0
    for c in range(5):
        in_hands = sum(state.dev_hand[p][c] for p in range(n))
        played = sum(state.knights) if c == 0 else 0
        total = state.dev_deck[c] + in_hands + played + state.dev_spent[c] + state.dev_drawn[c]
        assert total == DEV_COUNTS[c], (c, total)
    for p in range(n):
        assert min(state.settlements_left[p], state.cities_left[p], state.roads_left[p]) >= 0
        built = (MAX_SETTLEMENTS - state.settlements_left[p]) + 2 * (
            MAX_CITIES - state.cities_left[p]
        )
        assert state.public_vp(p) >= built - standing_fortress(state, p)


def check_hidden(state: Any, seat: int) -> None:
    """A seat's observation is JSON and shows only counts of the others' hands."""
    obs = state.observation(seat)
    text = json.dumps(obs)
    assert sum(obs["you"]["resources"].values()) == sum(state.hand[seat])
    assert "fog_stack" not in text and "dev_deck" not in text


def play(
    options: dict[str, Any], n: int, seed: int, every: int = 0, check: Any = None
) -> tuple[Any, list[dict[str, Any]]]:
    """A random game to the end; every ``every`` steps a round trip, the observations, the
    basic invariants and ``check(state)``. Returns the final state and the applied actions."""
    state = GAME.new_game(n, seed, options)

    def checked(step: int) -> None:
        if every and (step + 1) % every == 0:  # counted from the first applied action
            check_round_trip(GAME, state)
            check_basics(state)
            for seat in range(n):
                check_hidden(state, seat)
            if check is not None:
                check(state)

    applied = play_streamed(state, n, seed, after_step=checked)
    check_basics(state)
    return state, applied


def replays_in_another_process(options: dict[str, Any], n: int, seed: int, tmp_path: Any) -> None:
    """Determinism across processes: a replay of the seed and actions in a fresh interpreter
    gives the identical state."""
    state, applied = play(options, n, seed)
    assert_replays_in_another_process("catan", n, seed, options, applied, state, tmp_path)


def at_main(options: dict[str, Any], n: int = 4, seed: int = 1) -> Any:
    """A random game played on to the first main phase after the founding (the roller to
    act); the seat to act is ``state.actor``."""
    state = GAME.new_game(n, seed, options)
    streams, choice = ChanceStreams(seed), random.Random(seed)
    while not (state.turn >= 1 and state.phase == "main"):
        if state.current_player() == CHANCE:
            state.apply(streams.sample(state))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(choice.random() * len(legal))])
    return state


def without_development_cards(state: Any) -> None:
    """The development deck and every hand emptied into the spent cards (cards conserved), as at
    the end of a long game: no knight or Road Building left to change anything."""
    state.dev_spent = [a + b for a, b in zip(state.dev_spent, state.dev_deck, strict=True)]
    state.dev_deck = [0] * 5
    for p in range(state.n):
        state.dev_spent = [a + b for a, b in zip(state.dev_spent, state.dev_hand[p], strict=True)]
        state.dev_hand[p] = [0] * 5


def ship_beside(state: Any, p: int, target: int, avoid: tuple[int, ...] = ()) -> int:
    """Lay a ship of ``p`` (no cost) on a free ship path sharing an intersection with path
    ``target`` where no other seat's building stands (never one of ``avoid``), so ``p`` may build
    a ship on ``target`` next. Returns that path."""
    from games.catan.expansions.seafarers import ships

    vo, so = state.vertex_owner, state.ship_owner
    for v in state.board.edge_vertices[target]:
        if vo[v] not in (-1, p):
            continue
        for e in state.board.vertex_edges[v]:
            if (
                e != target
                and e not in avoid
                and state.sf_ship_path[e]
                and so[e] == -1
                and state.edge_owner[e] == -1
            ):
                ships.put_ship(state, p, e)
                state.touch()
                return e
    raise AssertionError(f"no free ship path beside path {target}")


def sea_route(state: Any, p: int, goal: int) -> list[int]:
    """The shortest chain of free ship paths from one of ``p``'s buildings to intersection
    ``goal`` (not through another seat's building, not beside the pirate), as paths in order."""
    from collections import deque

    from games.catan.expansions.seafarers.ships import pirate_sides

    b, vo = state.board, state.vertex_owner
    blocked = set(pirate_sides(state))
    starts = [v for v in range(b.num_vertices) if vo[v] == p]
    came: dict[int, tuple[int, int] | None] = {v: None for v in starts}
    todo = deque(starts)
    while todo:
        v = todo.popleft()
        if v == goal:
            route = []
            while came[v] is not None:
                e, v = came[v]
                route.append(e)
            return route[::-1]
        if vo[v] not in (-1, p):
            continue
        for e in b.vertex_edges[v]:
            if not state.sf_ship_path[e] or e in blocked:
                continue
            if state.ship_owner[e] != -1 or state.edge_owner[e] != -1:
                continue
            w = next(x for x in b.edge_vertices[e] if x != v)
            if w not in came:
                came[w] = (e, v)
                todo.append(w)
    raise AssertionError(f"no sea route from seat {p} to intersection {goal}")


def sail_to(state: Any, p: int, goal: int) -> int:
    """Lay ``p``'s ships (no cost) along :func:`sea_route` to ``goal`` but the last, which ``p``
    then builds through the engine (1 lumber + 1 wool given). Returns the last path."""
    from games.catan.expansions.seafarers import ships

    route = sea_route(state, p, goal)
    for e in route[:-1]:
        ships.put_ship(state, p, e)
    state.touch()
    give(state, p, lumber=1, wool=1)
    state.apply({"type": "build_ship", "edge": route[-1]})
    return route[-1]


def assert_won_on_reaching(
    target: int, options: dict[str, Any], n: int, seed: int, state: Any, log: list[Any]
) -> None:
    """The game of ``seed`` (``state`` at its end, ``log`` its actions) was won on reaching
    ``target`` points: the winner holds them, and before the last action he had fewer or it was
    not his turn."""
    from games.common.replay import replay

    winner = state.result()["ranking"][0]
    assert state.total_vp(winner) >= target
    before = replay(GAME, n, seed, options, log[:-1])
    assert before.total_vp(winner) < target or before.turn_player != winner
