"""The SDK's board game view reads the board of the game's options from ``static``."""

from __future__ import annotations

import random

from bots.sdk.arena_bot import CatanView
from games.catan import GAME


def test_catan_view_reads_layout_sites_and_sizes_from_static() -> None:
    state = GAME.new_game(3, 4, {"layout": "variable"})
    rng = random.Random(4)
    while state.current_player() < 0:  # the board, then the first-player rolls
        state.apply(state.sample_chance(rng))
    view = CatanView(state.observation(0), GAME.static_info({"layout": "variable"}))
    assert view.layout == "base_variable" and view.sites == {}
    assert (view.num_hexes, view.num_vertices, view.num_edges) == (19, 54, 72)
    corner = view.static["hex_vertices"][9][0]  # the centre hex's top corner
    assert 9 in view.vertex_hexes(corner)


def test_catan_view_of_a_static_without_layout_is_the_base_island() -> None:
    static = dict(GAME.static_info({}))
    del static["layout"], static["sites"]
    view = CatanView({}, static)
    assert view.layout == "base_beginner" and view.sites == {} and view.num_hexes == 19


def test_catan_view_counts_the_rivers_two_on_the_twelve_and_reads_gold() -> None:
    """Rivers: the 12's hex also produces on 2 (1 + 1 pips); gold is read per seat."""
    options = {"scenario": "rivers"}
    state = GAME.new_game(3, 4, options)
    rng = random.Random(4)
    while state.current_player() < 0:
        state.apply(state.sample_chance(rng))
    view = CatanView(state.observation(0), GAME.static_info(options))
    twelve = state.numbers.index(12)
    assert view.layout == "rivers" and view.hex_pips(twelve) == 2
    assert view.hex_pips(state.numbers.index(11)) == 2
    assert view.gold() == 0 and view.gold(2) == 0
    assert CatanView(GAME.new_game(3, 4, {}).observation(0), GAME.static_info({})).gold() == 0
