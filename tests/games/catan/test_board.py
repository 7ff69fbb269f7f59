"""Components and board geometry."""

from __future__ import annotations

from collections import Counter

import pytest

from games.catan import actions as A
from games.catan.board import Board, load_data
from games.catan.board import board as _board
from games.catan.constants import DEV_COUNTS, NUMBER_TOKENS_SPIRAL
from games.common.api import CHANCE
from tests.games.catan.expansions.caravans.positions import caravans
from tests.games.catan.expansions.fishermen.positions import new as fishermen_new
from tests.games.catan.expansions.rivers.helpers import cleared as rivers_cleared
from tests.games.catan.fixtures import founded, hand, new, put, roll, set_hand


def _variable(state):
    while state.current_player() == CHANCE and state.chance_kind() == "board":
        state.apply(state.chance_outcomes()[-1][0])
    return state


def test_bg_comp_01_nineteen_hexes_with_the_terrain_counts() -> None:
    """BG-COMP-01 BG-BOARD-01: 19 land hexes (4 forest, pasture, fields; 3 hills, mountains)."""
    for state in (founded(), _variable(new(layout="variable"))):
        assert Counter(state.terrains) == {
            "forest": 4,
            "pasture": 4,
            "fields": 4,
            "hills": 3,
            "mountains": 3,
            "desert": 1,
        }


def test_bg_comp_02_ninety_five_resource_cards() -> None:
    """BG-COMP-02: 95 resource cards, 19 per type, bank plus hands."""
    state = founded()
    for r in range(5):
        assert state.bank[r] + sum(h[r] for h in state.hand) == 19


def test_bg_comp_03_and_dev_06_the_development_deck() -> None:
    """BG-COMP-03 BG-DEV-06: 25 cards: 14 knights, 2+2+2 progress, 5 VP (data file)."""
    state = new()
    assert sum(state.dev_deck) == 25 and tuple(state.dev_deck) == DEV_COUNTS == (14, 2, 2, 2, 5)
    assert load_data("development_deck")["cards"]["year_of_plenty"] == 2


def test_bg_comp_04_special_cards_robber_and_eighteen_tokens() -> None:
    """BG-COMP-04: Longest Road and Largest Army start unheld, one robber, 18 number tokens."""
    state = founded()
    assert state.longest_road == -1 and state.largest_army == -1
    assert 0 <= state.robber < 19
    assert sum(1 for x in state.numbers if x) == 18 == len(NUMBER_TOKENS_SPIRAL)


def test_bg_comp_05_and_piece_01_pieces_per_colour() -> None:
    """BG-COMP-05 BG-PIECE-01: 15 roads, 5 settlements, 4 cities per colour."""
    state = new()
    assert state.roads_left == [15] * 4 and state.settlements_left == [5] * 4
    assert state.cities_left == [4] * 4


def test_bg_comp_06_three_or_four_players_two_only_as_option() -> None:
    """BG-COMP-06: 3–4 players; 2 only with the non-standard option."""
    import pytest

    from games.catan import GAME

    GAME.new_game(3, 1, {})
    GAME.new_game(4, 1, {})
    with pytest.raises(ValueError):
        GAME.new_game(2, 1, {})
    with pytest.raises(ValueError):
        GAME.new_game(5, 1, {})
    assert GAME.new_game(2, 1, {"allow_two_players": True}).n == 2
    assert founded(3).vertex_owner.count(3) == 0  # three seats: the fourth colour is unused


def test_bg_board_02_and_03_variable_board_is_drawn_hex_by_hex_by_chance() -> None:
    """BG-BOARD-02 BG-BOARD-03: each hex is a chance draw from the remaining face-down stack."""
    state = new(layout="variable")
    assert state.current_player() == CHANCE and state.chance_kind() == "board"
    outcomes = state.chance_outcomes()
    assert {o["terrain"] for o, _ in outcomes} == {
        "forest",
        "pasture",
        "fields",
        "hills",
        "mountains",
        "desert",
    }
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state.apply(A.TERRAIN["desert"])
    assert "desert" not in {o["terrain"] for o, _ in state.chance_outcomes()}


def test_bg_board_04_tokens_spiral_from_a_corner_skipping_the_desert() -> None:
    """BG-BOARD-04: tokens A–R in letter order counter-clockwise inward; desert gets none."""
    state = _variable(new(layout="variable"))
    desert = state.terrains.index("desert")
    assert state.numbers[desert] == 0
    spirals = state.board.spirals
    corner = next(
        c
        for c in spirals
        if [state.numbers[h] for h in spirals[c] if h != desert] == list(NUMBER_TOKENS_SPIRAL)
    )
    assert spirals[corner][:2] != spirals[corner][-2:]


def test_bg_board_05_06_07_intersections_paths_and_coast() -> None:
    """BG-BOARD-05 BG-BOARD-06 BG-BOARD-07: 54 intersections of up to 3 hexes, 72 paths joining
    two intersections, coastal intersections touch 1 or 2 land hexes."""
    b = _board("base_variable")  # both base layouts share its geometry
    assert b.num_vertices == 54 and b.num_edges == 72
    assert all(1 <= len(h) <= 3 for h in b.vertex_hexes)
    assert {len(h) for h in b.vertex_hexes if len(h) < 3} == {1, 2}
    assert all(len(set(pair)) == 2 for pair in b.edge_vertices)
    assert sum(1 for h in b.edge_hexes if len(h) == 1) == 30  # coastal paths, roads allowed there


def test_bg_board_08_desert_has_no_token_robber_starts_there_and_never_produces() -> None:
    """BG-BOARD-08 BG-SETUP-01: the desert has no number; the robber starts on it."""
    state = founded()
    desert = state.terrains.index("desert")
    assert state.numbers[desert] == 0 and state.robber == desert
    assert all(desert not in hexes for hexes in state.number_hexes.values())


def test_bg_board_09_six_and_eight_are_the_most_likely_totals() -> None:
    """BG-BOARD-09: 6 and 8 (the red tokens) are rolled most often."""
    counts = Counter(o["die1"] + o["die2"] for o, _ in A.DICE_OUTCOMES)
    assert counts[6] == counts[8] == 5 == max(v for k, v in counts.items() if k != 7)


def test_nine_harbours_four_generic_and_one_per_resource() -> None:
    """BG-MAR-03 BG-MAR-04 data: nine coastal harbours (rulings.md)."""
    state = founded()
    b = state.board
    assert len(b.harbor_edges) == 9 and all(len(b.edge_hexes[e]) == 1 for e in b.harbor_edges)
    assert Counter(state.harbors) == {
        "any": 4,
        "lumber": 1,
        "brick": 1,
        "wool": 1,
        "grain": 1,
        "ore": 1,
    }


def test_ri_su_03_tokens_skip_the_swamps_and_the_twelve_also_produces_on_two() -> None:
    """RI-SU-03: 17 tokens (no 2) on the 17 producing hexes, none on a swamp; the hex of the 12
    produces on a 2 and on a 12 (the layout's ``also``)."""
    state = rivers_cleared()
    swamps = state.board.sites["swamps"]
    assert all(state.numbers[h] == 0 for h in swamps)
    tokens = sorted(n for n in state.numbers if n)
    expected = sorted(NUMBER_TOKENS_SPIRAL)
    expected.remove(2)
    assert tokens == expected
    twelve = state.numbers.index(12)
    resource = {"forest": "lumber", "hills": "brick", "pasture": "wool", "fields": "grain"}
    resource["mountains"] = "ore"
    put(state, 1, settlements=[state.board.hex_vertices[twelve][0]])
    if state.robber == twelve:
        state.robber = swamps[0]
    roll(state, 2)
    assert hand(state, 1) == {resource[state.terrains[twelve]]: 1}
    state.apply(A.END_TURN)
    roll(state, 12)
    assert hand(state, 1) == {resource[state.terrains[twelve]]: 2}


def test_ca_su_03_the_robber_starts_beside_the_board_and_never_enters_the_oasis() -> None:
    """CA-SU-03: no robber on the board until the first 7; then any hex with a number,
    never the oasis (the layout's ``robber_barred``)."""
    state = caravans()
    assert state.robber == -1 and state.observation(0)["board"]["robber"] == -1
    roll(state, 8)
    assert state.robber == -1
    state.apply(A.END_TURN)
    for seat in range(4):
        set_hand(state, seat)
    roll(state, 7)
    assert state.phase == "move_robber"
    targets = sorted(a["hex"] for a in state.legal_actions())
    assert targets == [h for h in range(19) if h != state.board.sites["oasis"]["hex"]]
    state.apply(A.MOVE_ROBBER[0])
    assert state.robber == 0


def test_fi_su_01_lake_chance_is_one_over_the_inner_hexes_left() -> None:
    """FI-SU-01: on inner hex 4 the lake's chance is 1/7; on hex 14, the last inner one, it is
    certain if the lake is still in the stack, never offered on the coast nor once laid (the
    layout's ``confined`` terrain)."""
    state = fishermen_new()
    assert "lake" not in {o["terrain"] for o, _ in state.chance_outcomes()}  # hex 0: coast
    while len(state.terrains) < 4:
        state.apply(A.TERRAIN["forest"])
    chances = {o["terrain"]: p for o, p in state.chance_outcomes()}
    assert chances["lake"] == pytest.approx(1 / 7)
    assert sum(chances.values()) == pytest.approx(1.0)
    state = fishermen_new()
    while len(state.terrains) < 14:
        state.apply(next(o for o, _ in state.chance_outcomes() if o["terrain"] != "lake"))
    assert state.chance_outcomes() == [(A.TERRAIN["lake"], 1.0)]
    state = fishermen_new()
    while len(state.terrains) < 4:
        state.apply(A.TERRAIN["forest"])
    state.apply(A.TERRAIN["lake"])  # laid on inner hex 4: never offered again
    while len(state.terrains) < 14:
        state.apply(state.chance_outcomes()[0][0])
    chances = dict((o["terrain"], p) for o, p in state.chance_outcomes())
    assert "lake" not in chances and sum(chances.values()) == pytest.approx(1.0)


def _malformed(base: str, name: str, **changes: object) -> str:
    """The error a board built from layout ``base`` with ``changes`` raises."""
    with pytest.raises(ValueError) as refused:
        Board({**_board(base).layout, "name": name, **changes})
    return str(refused.value)


def test_a_malformed_layout_is_refused_with_what_is_wrong() -> None:
    """A layout whose terrains or numbers do not fit its hexes is refused, naming the layout
    and the counts: a short terrain or a long number list, a terrain stack too small, or one
    that, with the printed hexes, overfills the board (a printed hex filling the stack's gap is
    accepted)."""
    beginner = _board("base_beginner").layout
    variable = _board("base_variable").layout
    terrains, numbers = beginner["terrains"], beginner["numbers"]
    assert (
        _malformed("base_beginner", "short_terrains", terrains=terrains[:18])
        == "layout short_terrains: 19 hexes but 18 terrains"
    )
    assert (
        _malformed("base_beginner", "long_numbers", numbers=[*numbers, 6])
        == "layout long_numbers: 19 hexes but 20 numbers"
    )
    stack = dict(variable["terrains"]["stack"])
    stack["forest"] -= 1
    assert (
        _malformed("base_variable", "short_stack", terrains={"stack": stack})
        == "layout short_stack: the terrain stack does not fill 19 hexes"
    )
    full = variable["terrains"]["stack"]
    assert (
        _malformed("base_variable", "overfull", terrains={"stack": full, "fixed": {"0": "desert"}})
        == "layout overfull: the terrain stack does not fill 19 hexes"
    )
    printed = Board(
        {**variable, "name": "printed", "terrains": {"stack": stack, "fixed": {"0": "forest"}}}
    )
    assert printed.preset_terrains == {0: "forest"}  # the printed hex fills the stack's gap
