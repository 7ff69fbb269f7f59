"""The Wonders of Catan (SF-WO-01..05): claiming a wonder by its requirement with an unused
ship, its levels at 5 resources each, the two ways to win, the founding kept off the strait and
the wasteland, 1 special VP per small island, no pirate (whole random games and the
conformance replay: test_special_games.py)."""

from __future__ import annotations

import random

import pytest

from games.catan import GAME
from games.catan.constants import RESOURCE_INDEX
from games.catan.expansions.seafarers.scenarios import SCENARIOS, wonders_of_catan
from games.catan.expansions.seafarers.sea import vertex_areas
from tests.games.catan.expansions.seafarers.special_play import (
    at_main,
    give,
    without_development_cards,
)
from tests.games.catan.fixtures import found_at_random

OPTIONS = {"seafarers": "wonders_of_catan"}
W = wonders_of_catan


def pay_level(state, p: int, wonder: str) -> None:
    give(state, p, **W.DATA["wonders"][wonder]["cost"])


def claimed(state, p: int, wonder: str, levels: int = 0) -> None:
    state.wo_owner[W.WONDERS.index(wonder)] = p
    state.wo_levels[p] = levels
    state.touch()


def city_at(state, p: int, v: int) -> None:
    """Make ``p``'s settlement at ``v`` a city through the engine."""
    give(state, p, ore=3, grain=2)
    state.apply({"type": "build_city", "vertex": v})


def test_sf_wo_01_all_four_levels_win_at_once() -> None:
    state = at_main(OPTIONS, 4, 3)
    p = state.actor
    claimed(state, p, "theater", levels=3)
    assert state.total_vp(p) < 10
    pay_level(state, p, "theater")
    state.apply(W.BUILD_LEVEL)
    assert state.is_terminal() and state.result()["ranking"][0] == p


def test_sf_wo_01_ten_points_win_only_with_strictly_most_levels() -> None:
    """With the target at the seat's points, a tie in levels does not win; one level more does."""
    state = at_main(OPTIONS, 4, 4)
    p = state.actor
    other = (p + 1) % 4
    state.victory_target = state.total_vp(p)  # the "10 VP" part already met
    claimed(state, p, "theater")
    claimed(state, other, "cathedral", levels=1)
    pay_level(state, p, "theater")
    state.apply(W.BUILD_LEVEL)  # 1 level against 1: no winner
    assert not state.is_terminal()
    pay_level(state, p, "theater")
    state.apply(W.BUILD_LEVEL)  # 2 against 1
    assert state.is_terminal() and state.result()["ranking"][0] == p


def stuck_without_wonders(seed: int, spare_ships: int, all_pieces_out: bool):
    """A 3-player game at its first main phase, made like the ends of the capped random games
    (docs/PERFORMANCE.md): no wonder claimed, the development deck and hands empty, every ship on
    the board except ``spare_ships`` of the seat to act; with ``all_pieces_out`` every seat has
    all settlements and cities counted as built (13 VP each), else they keep their spare pieces."""
    state = at_main(OPTIONS, 3, seed)
    without_development_cards(state)
    for p in range(3):
        state.ships_left[p] = spare_ships if p == state.actor else 0
        if all_pieces_out:
            state.settlements_left[p] = state.cities_left[p] = 0
    state.vp_dirty = True
    state.touch()
    return state


@pytest.mark.parametrize("all_pieces_out", [False, True], ids=["spare_pieces", "over_ten_vp"])
def test_sf_wo_01_with_no_wonder_left_to_claim_nobody_can_win_and_the_game_ends(
    all_pieces_out: bool,
) -> None:
    """SF-WO-01 with SF-WO-05 and the engine's no-progress end (games/catan/README.md): with no
    wonder claimed and no unused ship left anywhere, no seat can ever claim one, every seat
    stays at 0 levels, and the tie in levels keeps every seat from winning with 10 VP or more;
    spare settlements and cities, or 13 VP, change nothing. The game must end at the next turn
    as "no_progress" instead of running to the 2,000-turn cap."""
    state = stuck_without_wonders(3, spare_ships=0, all_pieces_out=all_pieces_out)
    assert not any(a["type"] == "claim_wonder" for a in state.legal_actions())
    state.apply({"type": "end_turn"})
    assert state.is_terminal()
    assert state.result()["reason"] == "no_progress"


def test_sf_wo_05_an_unused_ship_keeps_a_wonder_claim_open_and_the_game_going() -> None:
    """The control of the test above: one unused ship left to one seat (a claim still possible
    once it meets a requirement) keeps the game going."""
    state = stuck_without_wonders(3, spare_ships=1, all_pieces_out=False)
    state.apply({"type": "end_turn"})
    assert not state.is_terminal()


def test_sf_wo_01_the_target_is_ten() -> None:
    assert SCENARIOS["wonders_of_catan"].vp_target(3) == 10
    assert SCENARIOS["wonders_of_catan"].vp_target(4) == 10


def test_sf_wo_02_founding_on_the_main_island_away_from_strait_and_wasteland() -> None:
    state = GAME.new_game(4, 5, OPTIONS)
    rng = random.Random(5)
    while state.phase != "setup_settlement":
        state.apply(state.sample_chance(rng))
    offered = {a["vertex"] for a in state.legal_actions()}
    closed = W.setup_closed(state.board)
    main = set(state.board.sites["zones"]["main"])
    assert offered and not offered & closed
    assert all(set(state.board.vertex_hexes[v]) & main for v in offered)
    strait = W.site_vertices(state.board, "strait_intersections")
    assert strait <= closed and len(closed) > len(strait)
    # After the founding a strait intersection opens (unless a building is beside it).
    found_at_random(state, rng, by_index=True)
    vo = state.vertex_owner
    free = [
        v
        for v in strait
        if vo[v] == -1 and all(vo[w] == -1 for w in state.board.vertex_neighbors[v])
    ]
    assert free and not any(state.blocked[v] for v in free)


def test_sf_wo_03_first_settlement_on_a_small_island_earns_one_point() -> None:
    state = at_main(OPTIONS, 4, 6)
    p = state.actor
    main_hexes = set(state.board.sites["zones"]["main"])
    main_areas = {state.sf_area[h] for h in main_hexes}
    spot = next(
        v
        for v in range(state.board.num_vertices)
        if not state.blocked[v]
        and state.sf_land_vertex[v]
        and vertex_areas(state, v)
        and not set(vertex_areas(state, v)) & main_areas
    )
    state.road_vertices[p].add(spot)  # reached by a ship line
    state.touch()
    give(state, p, lumber=1, brick=1, wool=1, grain=1)
    before = state.public_vp(p)
    state.apply({"type": "build_settlement", "vertex": spot})
    assert state.public_vp(p) == before + 2  # the settlement and the island's chit


def test_sf_wo_04_no_pirate_robber_on_a_desert() -> None:
    state = at_main(OPTIONS, 3, 7)
    assert state.pirate == -1 and state.terrains[state.robber] == "desert"
    state._set_phase("move_thief", state.turn_player)
    kinds = {a["type"] for a in state.legal_actions()}
    assert kinds == {"move_robber"}
    assert state.observation(0)["wonders_of_catan"]["levels"] == [0, 0, 0]


def test_sf_wo_05_a_wonder_is_claimed_by_its_requirement_with_an_unused_ship() -> None:
    state = at_main(OPTIONS, 4, 8)
    p = state.actor
    mine = sorted(v for v in state.network[p] if state.vertex_owner[v] == p)
    claims = {a["wonder"] for a in state.legal_actions() if a["type"] == "claim_wonder"}
    assert "theater" not in claims  # no city yet
    city_at(state, p, mine[0])
    claims = {a["wonder"] for a in state.legal_actions() if a["type"] == "claim_wonder"}
    assert "theater" not in claims  # one city of two
    city_at(state, p, mine[1])
    claims = {a["wonder"] for a in state.legal_actions() if a["type"] == "claim_wonder"}
    assert "theater" in claims
    ships = state.ships_left[p]
    state.apply({"type": "claim_wonder", "wonder": "theater"})
    assert state.wo_owner[W.WONDERS.index("theater")] == p and state.ships_left[p] == ships - 1
    assert not any(a["type"] == "claim_wonder" for a in state.legal_actions())  # one each
    # Nobody else may claim it, even meeting its requirement.
    q = (p + 1) % 4
    for v in sorted(v for v in state.network[q] if state.vertex_owner[v] == q)[:2]:
        state.vertex_level[v] = 2
        state.settlements_left[q] += 1
        state.cities_left[q] -= 1
    assert W.meets(state, q, "theater")
    assert "theater" not in {a["wonder"] for a in _claims_of(state, q)}
    # Without an unused ship no wonder is claimed.
    state.ships_left[q] = 0
    assert _claims_of(state, q) == []
    with pytest.raises(ValueError):
        state.apply({"type": "claim_wonder", "wonder": "cathedral"})


@pytest.mark.parametrize(("players", "seed"), [(4, 0), (4, 1), (3, 0)])
def test_sf_wo_05_the_claims_offered_are_the_unclaimed_wonders_met_in_random_games(
    players: int, seed: int
) -> None:
    """SF-WO-05 over seeded random games: on every main-phase list of a turn player with no
    wonder and an unused ship, the claims offered are exactly the unclaimed wonders whose own
    requirement he meets (``meets``), in the wonders' order (4 players, seed 0: once a seat has the
    cathedral's city but not its 6 VP)."""
    from bench.engine_catan import play_out

    state = GAME.new_game(players, seed, OPTIONS)
    checked = offered = 0

    def check(state, _decisions: int) -> None:
        nonlocal checked, offered
        p = state.current_player()
        if not (0 <= p < players) or state.phase != "main" or p != state.turn_player:
            return
        if W.wonder_of(state, p) is not None or not state.ships_left[p]:
            return
        claims = [a["wonder"] for a in state.legal_actions() if a["type"] == "claim_wonder"]
        expected = [
            w
            for w, owner in zip(W.WONDERS, state.wo_owner, strict=True)
            if owner == -1 and W.meets(state, p, w)
        ]
        assert claims == expected
        checked += 1
        offered += bool(claims)

    play_out(state, seed, check)
    assert checked > 100 and offered > 0


def _claims_of(state, q: int) -> list[dict]:
    legal: list[dict] = []
    turn_player = state.turn_player
    state.turn_player = q
    W.add_actions(state, q, legal)
    state.turn_player = turn_player
    return [a for a in legal if a["type"] == "claim_wonder"]


def test_sf_wo_05_levels_cost_the_wonders_five_resources_several_a_turn() -> None:
    state = at_main(OPTIONS, 4, 9)
    p = state.actor
    claimed(state, p, "great_bridge")
    state.hand[p] = [0] * 5
    state.touch()
    assert W.BUILD_LEVEL not in state.legal_actions()
    for level in (1, 2):
        pay_level(state, p, "great_bridge")
        hand = list(state.hand[p])
        state.apply(W.BUILD_LEVEL)
        assert state.wo_levels[p] == level
        cost = W.DATA["wonders"]["great_bridge"]["cost"]
        assert sum(cost.values()) == 5
        for name, count in cost.items():
            assert state.hand[p][RESOURCE_INDEX[name]] == hand[RESOURCE_INDEX[name]] - count


def test_sf_wo_05_each_requirement_reads_the_board() -> None:
    """Great Bridge: a settlement on a strait intersection; Great Wall: one on the wasteland."""
    state = at_main(OPTIONS, 4, 10)
    p = state.actor
    for wonder, key in (
        ("great_bridge", "strait_intersections"),
        ("great_wall", "desert_wasteland_intersections"),
    ):
        assert not W.meets(state, p, wonder) or W.site_vertices(state.board, key) & set(
            v for v in state.network[p] if state.vertex_owner[v] == p
        )
        v = next(
            v
            for v in W.site_vertices(state.board, key)
            if not state.blocked[v] and state.vertex_owner[v] == -1
        )
        state.road_vertices[p].add(v)
        state.touch()
        give(state, p, lumber=1, brick=1, wool=1, grain=1)
        state.apply({"type": "build_settlement", "vertex": v})
        assert W.meets(state, p, wonder)
