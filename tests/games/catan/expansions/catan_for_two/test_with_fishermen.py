"""Catan for Two with the Fishermen of Catan (C2-FI-01), played through the engine."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.expansions.fishermen.supply import TOKEN_COUNTS
from games.common.api import CHANCE
from tests.games.catan.expansions.catan_for_two.combos import founded_pair, kinds, roll_first
from tests.games.catan.expansions.catan_for_two.positions import chain, clear_real_players
from tests.games.catan.expansions.fishermen.positions import draw, fish_actions, ground
from tests.games.catan.fixtures import dice_for, put, set_hand


def _by_water(state, action) -> bool:
    """A second founding settlement by a fishing ground (it would draw a fish alone)."""
    if action["type"] != "place_settlement" or state.setup_index < state.n:
        return False
    return any(action["vertex"] in g["vertices"] for g in state.board.sites["fishing_grounds"])


def test_c2_fi_01_five_fish_each_no_tokens_and_no_setup_fish() -> None:
    """C2-FI-01: each player starts with two 1-fish, two 2-fish and one 3-fish token out of the
    face-down supply; nobody holds trade tokens; a second founding settlement by a fishing
    ground draws nothing (fish come only from production)."""
    state = founded_pair("fishermen", prefer=_by_water)
    seconds = [v for v in range(state.board.num_vertices) if state.vertex_owner[v] in (0, 1)]
    assert any(_by_water_vertex(state, v) for v in seconds)  # the test bites
    assert state.fish_held == [[2, 2, 1], [2, 2, 1]]
    assert state.fish_supply[:3] == [
        c - 2 * s for c, s in zip(TOKEN_COUNTS, (2, 2, 1), strict=True)
    ]
    assert not [e for e in state.events if e["type"] == "draw_fish"]
    assert state.c2_tokens == [0, 0] and state.c2_supply == 0
    assert state.observation(0)["catan_for_two"]["trade_tokens"] == [0, 0]


def _by_water_vertex(state, v: int) -> bool:
    return any(v in g["vertices"] for g in state.board.sites["fishing_grounds"])


def test_c2_fi_01_no_trade_tokens_for_settlements_or_knights() -> None:
    """C2-FI-01: a coastal settlement (1 token alone, C2-TT-02) earns none; a played knight
    cannot be traded for tokens; no token action is ever offered."""
    state = founded_pair("fishermen")
    clear_real_players(state, hands=False)  # the test lays its own pieces
    put(state, 0, settlements=[0], roads=chain(state, 0, 3, 7))
    state.knights[0] = 1
    state.dev_deck[0] -= 1
    _main_without_fish(state)
    assert not {"trade_knight", "forced_trade", "robber_to_desert"} & kinds(state)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    assert len(state.board.vertex_hexes[7]) < 3  # on the coast
    state.apply(A.BUILD_SETTLEMENT[7])
    assert state.c2_tokens == [0, 0]
    assert not [e for e in state.events if e["type"] == "trade_tokens"]
    assert state.phase == "neutral_build"  # the neutral piece is still owed (C2-NB-02)


def _main_without_fish(state) -> None:
    """Seat 0 rolls 2 then 12 (nobody by the lake: no fish), into the main phase."""
    roll_first(state, 2)
    assert state.phase == "second_dice"
    state.apply(dice_for(12))
    assert state.phase == "main"


def test_c2_fi_01_the_player_behind_pays_one_fish_less() -> None:
    """C2-FI-01: with fewer public VP than the opponent, every fish action costs 1 less (2 -> 1
    to take the robber off, 3 -> 2 to steal); level or ahead, the full price."""
    state = founded_pair("fishermen")
    clear_real_players(state, hands=False)  # the test lays its own pieces
    put(state, 1, settlements=[0])
    state.robber = 4
    state.fish_held = [[1, 1, 0], [0, 0, 0]]
    set_hand(state, 1, ore=2)
    _main_without_fish(state)
    assert state.public_vp(0) < state.public_vp(1)
    robber = fish_actions(state, "remove_robber")
    assert [a["pay"] for a in robber] == [[1], [2]]
    assert [a["pay"] for a in fish_actions(state, "steal")] == [[2]]  # 3 - 1
    assert {tuple(a["pay"]) for a in fish_actions(state, "resource")} == {(1, 2)}  # 4 - 1
    state.apply(robber[0])
    assert state.robber == -1 and state.fish_held[0] == [0, 1, 0]
    assert [a["pay"] for a in fish_actions(state, "steal")] == [[2]]  # still behind
    # level: the full price again (3 to steal: the 2-fish token left no longer pays)
    put(state, 0, settlements=[40 if state.vertex_owner[40] == -1 else 44])
    state._legal = None
    assert state.public_vp(0) >= state.public_vp(1)
    assert fish_actions(state, "steal") == []
    assert fish_actions(state, "resource") == []


def test_c2_fi_01_each_roll_draws_its_fish_before_the_second_roll() -> None:
    """C2-RO-02 with C2-FI-01: fish come from production; the first roll's fish are drawn
    before the second roll, which then follows; the second roll's fish end in the main phase."""
    state = founded_pair("fishermen")
    clear_real_players(state, hands=False)  # the test lays its own pieces
    four, five = ground(state, 4), ground(state, 5)
    put(state, 0, settlements=[four[0]])
    put(state, 1, settlements=[five[0]])
    roll_first(state, 4)
    assert state.phase == "fish_draw" and state.current_player() == CHANCE
    draw(state, 3)
    assert state.phase == "second_dice"
    assert state.fish_held[0] == [2, 2, 2]
    state.apply(dice_for(5))
    draw(state, 1)
    assert state.phase == "main" and state.fish_held[1] == [3, 2, 1]
    assert state.c2_rolls == [4, 5]


def test_c2_fi_01_neutral_settlements_by_the_water_draw_nothing() -> None:
    """C2-NB-07 with the Fishermen: a neutral settlement on a fishing ground never draws."""
    state = founded_pair("fishermen")
    clear_real_players(state, hands=False)  # the test lays its own pieces
    four = ground(state, 4)
    put(state, 2, settlements=[four[0]])
    roll_first(state, 4)
    assert state.phase == "second_dice"
    assert state.fish_held == [[2, 2, 1], [2, 2, 1]]
