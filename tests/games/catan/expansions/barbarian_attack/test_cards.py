"""The scenario's cards, resolved when bought (BA-DC-02..06; BA-DC-01 and the deck itself:
tests/games/catan/mechanics/test_scenario_deck.py)."""

from __future__ import annotations

from games.catan.expansions.barbarian_attack import cards as C
from games.catan.mechanics import scenario_deck as D
from games.common.api import CHANCE

from .helpers import CASTLE, RING, events, hex_paths, in_main, put_knight, set_barbarians


def bought(card: str, **setup):
    """Seat 0 buys ``card`` in the main phase of turn 1."""
    state = in_main(ore=1, wool=1, grain=1)
    if "barbarians" in setup:
        set_barbarians(state, setup["barbarians"])
    state.apply(D.BUY)
    state.apply(D.draw_action(card))
    return state


def test_BA_DC_02_knighthood_places_a_knight_on_a_free_castle_path() -> None:
    """BA-DC-02: one of the buyer's knights onto a free path of the castle (6 paths)."""
    state = in_main(ore=1, wool=1, grain=1)
    castle = hex_paths(state, CASTLE)
    put_knight(state, 1, castle[0])
    state.apply(D.BUY)
    state.apply(D.draw_action("knighthood"))
    offered = [a["edge"] for a in state.legal_actions()]
    assert offered == list(castle[1:])
    state.apply({"type": "place_knight", "edge": castle[2]})
    assert state.ba_knight[castle[2]] == 0 and state.ba_knights_left[0] == 5
    assert state.phase == "main"


def test_BA_DC_02_no_knight_left_the_card_does_nothing() -> None:
    state = in_main(ore=1, wool=1, grain=1)
    state.ba_knights_left[0] = 0
    state.apply(D.BUY)
    state.apply(D.draw_action("knighthood"))
    assert state.phase == "main" and events(state, "no_knight_placed")


def test_BA_DC_03_swift_knight_goes_on_any_path_without_a_knight() -> None:
    """BA-DC-03."""
    state = in_main(ore=1, wool=1, grain=1)
    put_knight(state, 2, 5)
    state.apply(D.BUY)
    state.apply(D.draw_action("swift_knight"))
    offered = {a["edge"] for a in state.legal_actions()}
    assert offered == set(range(state.board.num_edges)) - {5}
    state.apply({"type": "place_knight", "edge": 40})
    assert state.ba_knight[40] == 0


def test_BA_DC_04_treason_2_gold_and_2_barbarians_moved() -> None:
    """BA-DC-04: 2 gold; 2 barbarians from 2 different hexes to 2 other unconquered coastal
    hexes; a hex reaching 3 is conquered."""
    a, b, c, d = RING[0], RING[1], RING[2], RING[3]
    state = bought("treason", barbarians={a: 1, b: 3, c: 2})
    assert state.gold[0] == 2 and state.phase == "treason"
    legal = state.legal_actions()
    assert {x["from"] for x in legal} == {a, b, c}
    assert b not in {x["to"] for x in legal}  # conquered: never a target
    state.apply({"type": "treason_move", "from": b, "to": c})
    assert state.ba_barbarians[b] == 2 and state.ba_barbarians[c] == 3
    assert c in {e["hex"] for e in events(state, "hex_conquered")}
    assert state.numbers[b] == state.board.fixed_numbers[b]  # freed
    legal = state.legal_actions()
    assert {x["from"] for x in legal} == {a}  # a second, different hex
    assert not {x["to"] for x in legal} & {b, c}
    state.apply({"type": "treason_move", "from": a, "to": d})
    assert state.ba_barbarians[d] == 1 and state.phase == "main"


def test_BA_DC_04_treason_takes_from_the_supply_when_the_board_lacks_barbarians() -> None:
    state = bought("treason", barbarians={})
    supply = state.ba_supply
    legal = state.legal_actions()
    assert {x["from"] for x in legal} == {C.SUPPLY}
    state.apply({"type": "treason_move", "from": C.SUPPLY, "to": RING[4]})
    state.apply({"type": "treason_move", "from": C.SUPPLY, "to": RING[5]})
    assert state.ba_supply == supply - 2 and state.phase == "main"


def test_BA_DC_05_intrigue_takes_a_barbarian_prisoner() -> None:
    """BA-DC-05: one barbarian of any coastal hex becomes the buyer's prisoner."""
    h = RING[3]
    state = bought("intrigue", barbarians={h: 3})
    assert state.legal_actions() == [{"type": "capture_barbarian", "hex": h}]
    state.apply({"type": "capture_barbarian", "hex": h})
    assert state.ba_prisoners[0] == 1 and state.ba_barbarians[h] == 2
    assert state.numbers[h] == state.board.fixed_numbers[h]


def test_BA_DC_05_intrigue_without_barbarians_draws_another_card() -> None:
    state = bought("intrigue", barbarians={})
    assert state.current_player() == CHANCE and state.phase == "draw_scenario_card"
    assert state.deck_discards[3] == 1


def test_BA_DC_06_treason_never_brings_a_4th_barbarian() -> None:
    """BA-DC-06: no move ends on a hex holding 3."""
    full = RING[5]
    state = bought("treason", barbarians={RING[0]: 1, full: 3})
    assert all(x["to"] != full for x in state.legal_actions())
