"""Boards as values and the expansion hooks: options, layouts, and every hook the core calls."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games.catan import GAME, expansions
from games.catan import board as board_module
from games.catan.board import Board, board
from games.catan.expansions.masters import EXPANSION as MASTERS
from games.catan.hooks import Expansion, Hooks
from games.catan.topology import geometry
from tests.games.catan.fixtures import founded
from tests.games.catan.randomplay import random_game

MINI = {
    "name": "test_mini_island",
    "title": "Ten hexes in rows of 3, 4, 3 (a test layout)",
    "source": "made up for the tests",
    "hexes": [[0, -1], [1, -1], [2, -1], [-1, 0], [0, 0], [1, 0], [2, 0], [-1, 1], [0, 1], [1, 1]],
    "terrains": [
        *("forest", "hills", "pasture", "fields", "desert"),
        *("mountains", "forest", "hills", "pasture", "fields"),
    ],
    "numbers": [6, 8, 5, 9, 0, 10, 4, 3, 11, 6],
    "harbors": [{"hex": 0, "side": 5, "type": "any"}, {"hex": 9, "side": 2, "type": "ore"}],
    "robber": "desert",
    "sites": {"castle": 4},
}
ASIDE = {**MINI, "name": "test_mini_island_aside", "robber": None}
"""The same island with the robber beside the board until it is first used."""


class MiniIsland(Expansion):
    """A scenario made for the tests: its own board, +1 VP per city, a 7 that only says so."""

    name = "mini_island"
    option = "scenario"
    values = ("mini_island", "mini_island_robber_aside")
    stored_fields = ("sevens",)

    def layout(self, options: dict[str, Any]) -> str | None:
        return {"mini_island": MINI["name"], "mini_island_robber_aside": ASIDE["name"]}[
            options["scenario"]
        ]

    def init(self, state: Any) -> None:
        state.sevens = 0

    def seven(self, state: Any) -> bool:
        if state.options["scenario"] != "mini_island":
            return False  # the robber-aside variant keeps the base game's 7
        state.sevens += 1
        state.to_main()  # no discards, no robber: the hook took over
        return True

    def vp(self, state: Any, p: int) -> int:
        return sum(
            1 for v, o in enumerate(state.vertex_owner) if o == p and state.vertex_level[v] == 2
        )

    def static(self, options: dict[str, Any], static: dict[str, Any]) -> None:
        static["mini"] = True


@pytest.fixture
def mini(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> MiniIsland:
    """The test scenario in the registry and its layout among the layouts."""
    for layout in (MINI, ASIDE):
        (tmp_path / f"{layout['name']}.json").write_text(json.dumps(layout), encoding="utf-8")
    monkeypatch.setattr(board_module, "LAYOUT_DIR", tmp_path)
    board.cache_clear()
    plug_in = MiniIsland()
    monkeypatch.setattr(expansions, "registry", lambda: (MASTERS, plug_in))
    yield plug_in
    board.cache_clear()


# ---------------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"seafarers": "sunken_isles"}, "option seafarers must be one of: 'new_shores'"),
        ({"cities_and_knights": "yes"}, "option cities_and_knights must be one of: true or false"),
        ({"scenario": "atlantis"}, "option scenario must be one of: '"),
        ({"seafarers": 3}, "option seafarers must be one of: 'new_shores'"),
        ({"catan_for_two": "yes"}, "option catan_for_two must be one of: true or false"),
        ({"expansion": "x"}, "unknown catan option(s): expansion"),
    ],
)
def test_expansion_options_that_are_not_playable_raise_naming_what_is(
    options: dict[str, Any], words: str
) -> None:
    with pytest.raises(ValueError) as error:
        GAME.new_game(4, 1, options)
    assert words in str(error.value)
    if "scenario must be one of" in words:  # playable ones first, then the planned ones
        assert all(repr(name) in str(error.value) for name in expansions.PLANNED["scenario"])
    if "not playable yet" in words:
        assert "masters: True" in str(error.value)


def test_expansion_options_switched_off_are_the_base_game() -> None:
    off = GAME.new_game(4, 1, {"catan_for_two": False, "scenario": None, "layout": "variable"})
    base = GAME.new_game(4, 1, {"layout": "variable"})
    assert off.hooks.expansions == base.hooks.expansions == ()
    assert off.legal_actions() == base.legal_actions()


def test_masters_is_a_plug_in_and_its_hooks_are_called_only_with_masters() -> None:
    assert MASTERS in expansions.registry()
    assert founded().hooks.expansions == ()
    with_masters = founded(masters=True)
    assert with_masters.hooks.expansions == (MASTERS,)
    assert with_masters.hooks.actions and with_masters.hooks.seven
    assert "masters" in with_masters.observation(0)
    assert "masters" not in founded().observation(0)


def test_a_scenario_that_combines_with_nothing_is_refused_beside_masters(mini: MiniIsland) -> None:
    with pytest.raises(
        ValueError,
        match=r"masters and mini_island cannot be combined \(combinations: masters with nothing "
        r"yet; mini_island with nothing yet\)",
    ):
        GAME.new_game(4, 1, {"scenario": "mini_island", "masters": True})
    with pytest.raises(ValueError, match="mini_island is played with 3, 4 players, not 2"):
        GAME.new_game(2, 1, {"scenario": "mini_island", "allow_two_players": True})
    MiniIsland.combines_with = ("masters",)
    try:
        state = GAME.new_game(4, 1, {"scenario": "mini_island", "masters": True})
        assert state.hooks.expansions == (MASTERS, mini)
    finally:
        MiniIsland.combines_with = ()


# ---------------------------------------------------------------------- boards


def test_base_layouts_share_one_cached_geometry() -> None:
    beginner, variable = board("base_beginner"), board("base_variable")
    assert beginner.geometry is variable.geometry
    assert (beginner.num_hexes, beginner.num_vertices, beginner.num_edges) == (19, 54, 72)
    assert len(beginner.coastal_edges) == 30 and len(beginner.harbor_edges) == 9
    assert board("base_beginner") is beginner  # built once per process
    with pytest.raises(ValueError, match="unknown board layout"):
        board("../masters")


def test_static_info_names_the_layout_and_sends_its_geometry() -> None:
    static = GAME.static_info({"layout": "variable"})
    assert static["layout"] == "base_variable" and static["sites"] == {}
    assert len(static["hex_coords"]) == 19 and len(static["edge_vertices"]) == 72
    assert GAME.static_info({})["layout"] == "base_beginner"
    with pytest.raises(ValueError, match="option layout"):
        GAME.static_info({"layout": "moon"})


def test_a_ten_hex_layout_has_its_own_geometry() -> None:
    mini = Board(MINI)
    assert (mini.num_hexes, mini.num_vertices, mini.num_edges) == (10, 32, 41)
    assert len(mini.coastal_edges) == 22
    assert Counter(len(h) for h in mini.vertex_hexes) == {1: 14, 2: 8, 3: 10}
    assert mini.hex_neighbors[4] == (0, 1, 3, 5, 7, 8)  # an inner hex touches six
    assert mini.robber_start(mini.fixed_terrains) == 4
    assert geometry(tuple(map(tuple, MINI["hexes"])), ((0, 5), (9, 2))) is mini.geometry
    (a, b), (c, d) = mini.harbor_vertices
    assert {a, b} <= set(mini.hex_vertices[0]) and {c, d} <= set(mini.hex_vertices[9])
    with pytest.raises(ValueError, match="10 hexes but 6 terrains"):
        Board({**MINI, "terrains": MINI["terrains"][:6]})


def test_a_scenario_plays_on_its_own_board_through_the_hooks(mini: MiniIsland) -> None:
    """Layout, init, seven, vp, static and stored fields of a plug-in, in whole random games."""
    options = {"scenario": "mini_island", "victory_points": 6}
    static = GAME.static_info(options)
    assert static["layout"] == MINI["name"] and static["mini"] is True
    assert static["sites"] == {"castle": 4} and len(static["hex_coords"]) == 10
    reasons: Counter[str] = Counter()
    sevens = 0
    for seed in range(6):
        state, _, _ = random_game(3, seed, options, roundtrip_every=37, observe_every=11)
        assert state.board.name == MINI["name"] and len(state.vertex_owner) == 32
        reasons[state.result()["reason"]] += 1
        sevens += state.sevens
        # The 7 was taken over: nobody discards, the robber moves only for knights.
        assert not any(e["type"] == "discard" for e in state.events)
        moves = sum(1 for e in state.events if e["type"] == "move_robber")
        # (a knight that wins the game by Largest Army ends it before its robber move)
        assert sum(state.knights) - 1 <= moves <= sum(state.knights)
        assert state.to_dict()["expansions"] == {"mini_island": {"sevens": state.sevens}}
        for p in range(3):
            cities = sum(
                1 for v, o in enumerate(state.vertex_owner) if o == p and state.vertex_level[v] == 2
            )
            settlements = 5 - state.settlements_left[p]
            assert state.public_vp(p) >= settlements + 3 * cities  # 2 per city + the hook's 1
    assert sevens > 0 and sum(reasons.values()) == 6


def test_hooks_are_tuples_of_the_methods_each_plug_in_defines() -> None:
    hooks = Hooks((MASTERS,))
    assert len(hooks.start_turn) == 1 and hooks.vp == () and hooks.target == ()
    assert Hooks(()).actions == ()


def test_a_target_hook_changes_the_winning_total() -> None:
    class HigherBar(Expansion):
        name = "higher_bar"

        def target(self, state: Any, p: int, base: int) -> int:
            return base + 1 if p == 0 else base

    state = founded()
    state.hooks, state.plugged, state.own_targets = Hooks((HigherBar(),)), True, True
    state.victory_target = state.total_vp(0)
    state._check_victory()
    assert not state.is_terminal()  # seat 0 needs one more point
    state.hooks, state.plugged, state.own_targets = Hooks(()), False, False
    state._check_victory()
    assert state.is_terminal() and state.result()["reason"] == "victory"


def test_a_layout_may_keep_the_robber_off_the_board_until_a_knight_or_seven(
    mini: MiniIsland,
) -> None:
    """The shared "robber beside the board" start (Fishermen FI-SU-05, Caravans, Seafarers): no
    hex is blocked, and the first robber move may go to any hex, the desert included."""
    state = GAME.new_game(3, 2, {"scenario": "mini_island_robber_aside"})
    assert state.robber == -1 and state.observation(0)["board"]["robber"] == -1
    assert state.robber_targets() == list(range(10))
    while state.phase != "move_robber":
        if state.current_player() >= 0:
            state.apply(state.legal_actions()[0])  # founding, then roll
            continue
        outcomes = [o for o, _ in state.chance_outcomes()]
        if state.phase == "order_roll":  # seat 0 rolls 12, the others 2: seat 0 starts
            state.apply(outcomes[-1] if len(state.order_rolls) == 0 else outcomes[0])
        else:
            state.apply(next(o for o in outcomes if o["die1"] + o["die2"] == 7))
    assert state.robber == -1 and state.turn == 1
    assert [a["hex"] for a in state.legal_actions()] == list(range(10))
    state.apply({"type": "move_robber", "hex": 4})
    assert state.robber == 4


def test_the_picture_and_the_words_follow_the_position_s_board(mini: MiniIsland) -> None:
    from games.catan import narrate, picture

    state, _, _ = random_game(3, 1, {"scenario": "mini_island", "victory_points": 6})
    view = picture.public_view(state)
    assert view["layout"] == MINI["name"]
    svg = picture.draw(view)
    assert svg.count('class="hex"') == 10 and svg.count('class="harbor"') == 2
    roads = sum(1 for o in state.edge_owner if o != -1)
    assert svg.count('class="road"') == roads
    line = narrate.describe(
        {"type": "build_road", "seat": 0, "edge": 0, "visible_to": "all"}, ["A", "B", "C"], state
    )
    assert line.endswith("on the upper left shore of lumber 6.")  # hex 0 of this board
