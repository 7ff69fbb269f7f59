"""New World (SF-NW-01..05): the map drawn at random (terrains, tokens with no two red numbers
side by side, harbours laid by the players after the first-player roll), its layout file, 12 VP,
robber and pirate beside the board (whole random games and the conformance replay:
test_special_games.py)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.catan import GAME
from games.catan.expansions.seafarers.scenarios import SCENARIOS, new_world_map
from games.catan.state import CatanState
from games.common.api import CHANCE
from tests.games.catan.expansions.seafarers.special_play import (
    assert_won_on_reaching,
    at_main,
    give,
    play,
)
from tests.games.catan.fixtures import dice_for

OPTIONS = {"seafarers": "new_world"}
RED = (6, 8)


def drawn(seed: int, n: int = 4) -> CatanState:
    """A New World game whose terrains and tokens are laid from ``seed`` (the state's own
    chance outcomes), stopped at the first-player roll."""
    state = GAME.new_game(n, seed, OPTIONS)
    rng = random.Random(seed)
    while state.current_player() == CHANCE and state.phase != "nw_order_roll":
        state.apply(state.sample_chance(rng))
    return state


def rolled(seed: int, n: int = 4, first: int = 0) -> CatanState:
    """:func:`drawn`, then seat ``first`` rolls 12 and the others 2: the harbours come next."""
    state = drawn(seed, n)
    while state.phase == "nw_order_roll":
        seat = state.order_contenders[len(state.order_rolls)]
        state.apply(dice_for(12) if seat == first else dice_for(2))
    return state


def harbours_laid(seed: int, n: int = 4, first: int = 0) -> CatanState:
    state = rolled(seed, n, first)
    rng = random.Random(seed)
    while state.phase in ("nw_harbour_tile", "nw_harbour"):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    return state


def land(state: CatanState) -> list[int]:
    return [h for h, t in enumerate(state.terrains) if t != "sea"]


def test_sf_nw_01_twelve_victory_points_win() -> None:
    assert SCENARIOS["new_world"].vp_target(3) == SCENARIOS["new_world"].vp_target(4) == 12
    state, log = play(OPTIONS, 4, 3)
    result = state.result()
    assert result["reason"] == "victory"
    assert_won_on_reaching(12, OPTIONS, 4, 3, state, log)


def test_sf_nw_02_layout_file_is_the_transcribed_frame_with_the_stack() -> None:
    """The layout file is what :func:`frame_layout` builds from SF-MAP-NW and the data."""
    on_disk = json.loads(new_world_map.LAYOUT_PATH.read_text(encoding="utf-8"))
    assert on_disk == new_world_map.frame_layout()
    assert sum(on_disk["terrains"]["stack"].values()) == 42
    assert on_disk["terrains"]["stack"]["sea"] == 19
    assert len(on_disk["terrains"]["fixed"]) + 42 == len(on_disk["hexes"])


@pytest.mark.parametrize("seed", range(40))
def test_sf_nw_02_every_drawn_map_has_the_stack_the_tokens_and_no_red_neighbours(
    seed: int,
) -> None:
    state = drawn(seed, n=3 + seed % 2)
    frame = set(state.board.sites["frame"])
    inner = [t for h, t in enumerate(state.terrains) if h not in frame]
    assert Counter(inner) == Counter(new_world_map.DATA["terrain_stack"])
    assert all(state.terrains[h] == "sea" for h in frame)
    tokens = sorted(state.numbers[h] for h in land(state))
    assert tokens == sorted(n for n, c in new_world_map.TOKENS.items() for _ in range(c))
    assert all(state.numbers[h] == 0 for h, t in enumerate(state.terrains) if t == "sea")
    for h in land(state):
        if state.numbers[h] in RED:
            assert not any(state.numbers[g] in RED for g in state.board.hex_neighbors[h])
    assert state.phase == "nw_order_roll"


@pytest.mark.parametrize("seed", (0, 5))
def test_sf_nw_02_each_terrain_draw_is_from_the_stack_left_the_frame_not_counted(seed: int) -> None:
    """SF-NW-02, BG-BOARD-03: each hex drawn takes a tile of the stack with the chance of its
    tiles left; the printed frame's sea hexes, laid between the draws, are not from the stack."""
    state = GAME.new_game(3, seed, OPTIONS)
    rng = random.Random(seed)
    printed = state.board.preset_terrains
    stack = Counter(new_world_map.DATA["terrain_stack"])
    draws = 0
    while state.phase == "board_terrain":
        taken = Counter(t for h, t in enumerate(state.terrains) if h not in printed)
        left = {t: n - taken[t] for t, n in stack.items() if n > taken[t]}
        chances = {o["terrain"]: p for o, p in state.chance_outcomes()}
        assert chances.keys() == left.keys()
        for t, n in left.items():
            assert chances[t] == pytest.approx(n / sum(left.values()))
        state.apply(state.sample_chance(rng))
        draws += 1
    assert draws == 42 and len(state.terrains) == state.board.num_hexes


def test_sf_nw_02_a_red_token_is_never_offered_beside_a_red_number() -> None:
    """Each red token's chance node offers only land hexes with no red neighbour, equally."""
    state = GAME.new_game(4, 7, OPTIONS)
    rng = random.Random(7)
    while state.phase != "nw_tokens":
        state.apply(state.sample_chance(rng))
    for _ in range(4):
        outcomes = state.chance_outcomes()
        assert {o["number"] for o, _ in outcomes} <= set(RED)
        assert len({p for _, p in outcomes}) == 1
        for o, _ in outcomes:
            neighbours = state.board.hex_neighbors[o["hex"]]
            assert state.terrains[o["hex"]] != "sea" and not state.numbers[o["hex"]]
            assert not any(state.numbers[g] in RED for g in neighbours)
        state.apply(outcomes[-1][0])
    outcomes = state.chance_outcomes()
    assert RED[0] not in {o["number"] for o, _ in outcomes}


def test_sf_nw_02_the_map_follows_the_chance_outcomes_alone() -> None:
    """Two games with the same outcomes lay the same map; other seeds lay other maps."""
    assert drawn(5).terrains == drawn(5).terrains and drawn(5).numbers == drawn(5).numbers
    maps = {(tuple(drawn(s).terrains), tuple(drawn(s).numbers)) for s in range(6)}
    assert len(maps) == 6


def test_sf_nw_03_harbours_are_laid_by_the_seats_in_turn_order_from_the_starting_player() -> None:
    state = rolled(2, n=4, first=2)
    assert state.phase == "nw_harbour_tile" and state.first_player == 2
    rng = random.Random(2)
    seats, kinds = [], []
    while state.phase in ("nw_harbour_tile", "nw_harbour"):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seats.append(state.actor)
        legal = state.legal_actions()
        assert {a["type"] for a in legal} == {"place_harbour"}
        action = legal[int(rng.random() * len(legal))]
        kinds.append(state.harbour_tile)
        state.apply(action)
    assert seats == [2, 3, 0, 1, 2, 3, 0, 1, 2]
    assert Counter(kinds) == Counter(new_world_map.HARBOURS)
    assert state.phase == "setup_settlement" and state.actor == 2


def test_sf_nw_03_a_harbour_goes_between_land_and_sea_never_touching_another() -> None:
    state = rolled(4)
    rng = random.Random(4)
    while state.phase in ("nw_harbour_tile", "nw_harbour"):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        taken = {v for e, _ in state.placed_harbours for v in state.board.edge_vertices[e]}
        for action in state.legal_actions():
            e = action["edge"]
            hexes = state.board.edge_hexes[e]
            assert sorted(state.terrains[h] == "sea" for h in hexes) == [False, True]
            assert not taken & set(state.board.edge_vertices[e])
        touching = next(
            (e for e, _ in state.placed_harbours),
            None,
        )
        if touching is not None:
            v = state.board.edge_vertices[touching][0]
            for e in state.board.vertex_edges[v]:
                with pytest.raises(ValueError):
                    state.apply({"type": "place_harbour", "edge": e})
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    assert len(state.placed_harbours) == 9


def test_sf_nw_03_a_settlement_on_a_laid_harbour_trades_at_its_rate() -> None:
    state = harbours_laid(6, first=0)
    edge, kind = next((e, k) for e, k in state.placed_harbours if k != "any")
    vertex = next(
        v
        for v in state.board.edge_vertices[edge]
        if {"type": "place_settlement", "vertex": v} in state.legal_actions()
    )
    assert state.rates[0] == [4] * 5
    state.apply({"type": "place_settlement", "vertex": vertex})
    resource = ("lumber", "brick", "wool", "grain", "ore").index(kind)
    assert state.rates[0][resource] == 2
    again = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.rates[0][resource] == 2  # the laid harbour survives a round trip


def test_sf_nw_05_robber_and_pirate_start_beside_the_board() -> None:
    state = harbours_laid(8)
    assert state.robber == -1
    assert state.pirate == -1


def test_sf_nw_04_founding_may_stand_on_any_island() -> None:
    """No setup zone: every free land corner is offered to the first settlement."""
    state = harbours_laid(9)
    offered = {a["vertex"] for a in state.legal_actions()}
    land_corners = {v for h in land(state) for v in state.board.hex_vertices[h]}
    assert offered == land_corners


def test_sf_nw_04_first_settlement_on_each_foreign_island_earns_one_victory_point() -> None:
    """Home islands are the founding ones; the first settlement of a seat on another island
    earns 1 special VP, a second one there none."""
    from games.catan.expansions.seafarers.sea import vertex_areas

    for seed in range(30):
        state = at_main(OPTIONS, 4, seed)
        p = state.actor
        home = set(state.home_areas[p])
        spots = [
            v
            for v in range(state.board.num_vertices)
            if not state.blocked[v]
            and state.sf_land_vertex[v]
            and vertex_areas(state, v)
            and not home & set(vertex_areas(state, v))
            and len(vertex_areas(state, v)) == 1
        ]
        by_area: dict[int, list[int]] = {}
        for v in spots:
            by_area.setdefault(vertex_areas(state, v)[0], []).append(v)
        pair = next(
            (
                (a, b)
                for vs in by_area.values()
                for a in vs
                for b in vs
                if b not in state.board.vertex_neighbors[a] and a != b
            ),
            None,
        )
        if pair is not None:
            break
    first, second = pair
    for v, gain in ((first, 2), (second, 1)):
        state.road_vertices[p].add(v)  # reached by a ship line
        state.touch()
        give(state, p, lumber=1, brick=1, wool=1, grain=1)
        before = state.public_vp(p)
        state.apply({"type": "build_settlement", "vertex": v})
        assert state.public_vp(p) == before + gain
