"""The shortened paths of the maps give the plain answers: New World's token draws (red
tokens by the list's own search, counts by ``list.count``) and harbour sides (the coast kept per
board and terrains) against the rule read hex by hex and path by path, at every step of the
map's drawing in seeded games; and the robber's and pirate's moves are checked in
``test_speed_paths.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.catan import GAME
from games.catan.expansions.seafarers.scenarios import new_world_map, placed_harbours
from games.common.api import CHANCE
from tests.games.catan.randomplay import random_game


def plain_token_outcomes(state: Any) -> list[tuple[tuple[int, int], float]]:
    """SF-NW-02 read hex by hex: the next red token on a land hex with no token and no red
    neighbour, each equally likely; once the 4 reds lie, the first land hex without a token takes
    one of the tokens left, by their counts."""
    numbers, terrains = state.numbers, state.terrains
    red, order = new_world_map.RED, new_world_map.RED_ORDER
    land = [h for h, t in enumerate(terrains) if t != "sea"]
    reds = sum(1 for n in numbers if n in red)
    if reds < len(order):
        spots = [
            h
            for h in land
            if not numbers[h] and all(numbers[g] not in red for g in state.board.hex_neighbors[h])
        ]
        return [((h, order[reds]), 1 / len(spots)) for h in spots]
    left = dict(new_world_map.TOKENS)
    for n in numbers:
        if n:
            left[n] -= 1
    total = sum(left.values())
    hex_id = next(h for h in land if not numbers[h])
    return [((hex_id, n), c / total) for n, c in left.items() if c]


def plain_harbour_sides(state: Any, owner: int | None = None) -> list[int]:
    """SF-NW-03, SF-FT-05 read path by path: a side between a land hex and a sea hex sharing no
    intersection with a printed or laid harbour (with ``owner``: at one of his buildings)."""
    board, terrains = state.board, state.terrains
    taken = {v for pair in board.harbor_vertices for v in pair}
    for e, _ in state.placed_harbours:
        taken |= set(board.edge_vertices[e])
    sides = []
    for e, hexes in enumerate(board.edge_hexes):
        if len(hexes) != 2 or (terrains[hexes[0]] == "sea") == (terrains[hexes[1]] == "sea"):
            continue
        ends = board.edge_vertices[e]
        if owner is not None and all(state.vertex_owner[v] != owner for v in ends):
            continue
        if not taken & set(ends):
            sides.append(e)
    return sides


@pytest.mark.parametrize(("seed", "players"), ((0, 3), (1, 4), (5, 3), (8, 4)))
def test_new_world_drawing_matches_the_plain_rule(seed: int, players: int) -> None:
    """At every token draw and every harbour choice of the map's drawing, the outcomes and the
    choices equal the plain rule's (in order, with the same chances)."""
    state = GAME.new_game(players, seed, {"seafarers": "new_world"})
    rng = random.Random(seed)
    checked = {"tokens": 0, "harbours": 0}
    while len(state.placed_harbours) < 9 or state.phase != "setup_settlement":
        if state.phase == "nw_tokens":
            outcomes = new_world_map.token_outcomes(state)
            got = [((a["hex"], a["number"]), p) for a, p in outcomes]
            assert got == plain_token_outcomes(state)
            checked["tokens"] += 1
        if state.phase == "nw_harbour":
            assert placed_harbours.free_sides(state) == plain_harbour_sides(state)
            edges = [a["edge"] for a in state.legal_actions()]
            assert edges == plain_harbour_sides(state)
            checked["harbours"] += 1
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked == {"tokens": 23, "harbours": 9}


def test_forgotten_tribe_harbour_sides_match_the_plain_rule() -> None:
    """SF-FT-05: after every decision of seeded Forgotten Tribe games, each seat's sides for a
    harbour gift equal the plain rule's."""
    checked = {"sides": 0}

    def compare(state: Any, action: dict[str, Any]) -> None:
        for p in range(state.n):
            sides = placed_harbours.free_sides(state, owner=p)
            assert sides == plain_harbour_sides(state, owner=p)
            checked["sides"] += bool(sides)

    for seed, n in ((0, 3), (1, 4)):
        random_game(n, seed, {"seafarers": "forgotten_tribe"}, check=False, after_decision=compare)
    assert checked["sides"] > 1000, checked
