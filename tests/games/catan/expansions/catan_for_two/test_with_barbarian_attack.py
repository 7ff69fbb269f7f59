"""Catan for Two with Barbarian Attack (C2-BA-01..03), played through the engine."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.expansions.barbarian_attack import knights as K
from games.catan.expansions.catan_for_two.with_barbarian_attack import FOREIGN
from games.common.api import CHANCE
from tests.games.catan.expansions.barbarian_attack.helpers import (
    CASTLE,
    RING,
    events,
    hex_paths,
    put_knight,
    set_barbarians,
)
from tests.games.catan.expansions.catan_for_two.combos import (
    approach,
    cleared_pair,
    kinds,
    main_phase,
    open_spot,
)
from tests.games.catan.fixtures import put, set_hand

BA = "barbarian_attack"


def _in_main():
    state = cleared_pair(BA)
    state.ba_knight = [-1] * state.board.num_edges
    state.ba_knights_left = [6, 6]
    main_phase(state)
    return state


def _land(state, total: int) -> None:
    assert state.phase == "barbarian_landing" and state.current_player() == CHANCE
    state.apply(next(o for o, _ in state.chance_outcomes() if o["total"] == total))


def test_c2_ba_01_the_foreign_knight_comes_with_the_first_real_knight() -> None:
    """C2-BA-01: the first knight trained puts the neutral foreign knight on a free castle
    path; the second knight trained does not bring another."""
    state = _in_main()
    castle = hex_paths(state, CASTLE)
    state.ba_place = "castle"
    state._set_phase("place_knight", 0)
    state.apply({"type": "place_knight", "edge": castle[0]})
    assert state.ba_knight[castle[1]] == FOREIGN and state.ba_knight.count(FOREIGN) == 1
    assert events(state, "foreign_knight")[-1]["edge"] == castle[1]
    state.ba_place = "castle"
    state._set_phase("place_knight", 0)
    state.apply({"type": "place_knight", "edge": castle[2]})
    assert state.ba_knight.count(FOREIGN) == 1


def test_c2_ba_01_either_player_marches_it_after_his_own_knights() -> None:
    """C2-BA-01: after his own knight moves, the player may march the foreign knight (up to
    3 paths, like a knight); a player without knights on the board may too."""
    state = _in_main()
    castle = hex_paths(state, CASTLE)
    put_knight(state, 0, 20)
    state.ba_knight[castle[0]] = FOREIGN
    state._legal = None
    state.apply(K.FINISH_TURN)
    assert state.phase == "move_knights"
    assert all(a.get("edge") != castle[0] for a in state.legal_actions())  # not his own
    state.apply(K.END_MOVES)
    assert state.phase == "foreign_knight" and state.actor == 0
    moves = [a for a in state.legal_actions() if a["type"] == "move_foreign_knight"]
    assert moves and all(
        a["to"] in K.reachable(state.board, castle[0], 3) and a["to"] not in castle for a in moves
    )
    state.apply(moves[0])
    assert state.ba_knight[moves[0]["to"]] == FOREIGN and state.ba_knight[castle[0]] == -1
    while state.current_player() == CHANCE or state.phase in ("second_dice",):
        state.apply(state.chance_outcomes()[0][0])
    assert state.turn_player == 1
    # seat 1 has no knight on the board: its end of turn still offers the foreign knight
    main_phase(state, 2, 12)
    assert K.FINISH_TURN in state.legal_actions()
    state.apply(K.FINISH_TURN)
    assert state.phase == "foreign_knight" and state.actor == 1
    state.apply({"type": "keep_foreign_knight"})
    assert state.turn_player == 0


def test_c2_ba_01_it_wins_with_the_knights_takes_no_prisoner_and_is_never_lost() -> None:
    """C2-BA-01: the foreign knight counts for the victory; the barbarians go to the real
    player involved; the loss roll is a fixed 3 (3/6 orientation) and spares it."""
    state = _in_main()
    h = RING[0]
    paths = hex_paths(state, h)
    set_barbarians(state, {h: 1})
    put_knight(state, 0, paths[0])
    state.ba_knight[paths[1]] = FOREIGN
    state._legal = None
    state.apply(K.FINISH_TURN)
    state.apply(K.END_MOVES)
    state.apply({"type": "keep_foreign_knight"})
    assert events(state, "battle_won")[-1]["hex"] == h
    assert state.ba_prisoners == [1, 0]
    assert state.phase == "battle_losses"
    assert [o for o, _ in state.chance_outcomes()] == [K.LOSS[2]]  # a fixed 3
    state.apply(K.LOSS[2])
    assert state.ba_knight[paths[1]] == FOREIGN  # never lost


def test_c2_ba_02_a_settlement_and_its_neutral_settlement_bring_two_landings() -> None:
    """C2-BA-02: the player's landing (three rolls), then the neutral settlement, then the
    neutral's landing; a city brings one landing and no neutral piece."""
    state = cleared_pair(BA)
    v = next(v for v in range(state.board.num_vertices) if open_spot(state, v))
    start, roads = approach(state, v)
    put(state, 0, settlements=[start], roads=roads)
    # a neutral road the neutral's settlement may stand at the end of
    main_phase(state)
    set_barbarians(state, {})
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[v])
    for total in (2, 3, 4):
        _land(state, total)
    assert sum(state.ba_barbarians) == 3
    assert state.phase == "neutral_build"
    neutral = [a for a in state.legal_actions() if a["type"] == "neutral_settlement"]
    if not neutral:  # no neutral road reaches a free spot yet: a road instead, no landing
        state.apply(state.legal_actions()[0])
        assert state.phase == "main" and sum(state.ba_barbarians) == 3
        return
    state.apply(neutral[0])
    for total in (5, 6, 8):
        _land(state, total)
    assert sum(state.ba_barbarians) == 6 and state.phase == "main"
    landings = events(state, "barbarian_landing")
    order = [
        e["type"] for e in state.events if e["type"] in ("barbarian_landing", "neutral_settlement")
    ]
    assert order == ["barbarian_landing"] * 3 + ["neutral_settlement"] + ["barbarian_landing"] * 3
    assert len(landings) == 6


def test_c2_ba_02_the_neutral_settlement_waits_for_the_first_landing() -> None:
    """C2-BA-02 with a neutral road ready: the neutral settlement is chosen only after the
    player's landing, and brings the second landing."""
    state = cleared_pair(BA)
    v = next(v for v in range(state.board.num_vertices) if open_spot(state, v))
    start, roads = approach(state, v)
    put(state, 0, settlements=[start], roads=roads)
    owner = 2
    base = next(u for u, o in enumerate(state.vertex_owner) if o == owner)
    far = next(
        u
        for u in range(state.board.num_vertices)
        if open_spot(state, u)
        and u != v
        and u not in state.board.vertex_neighbors[v]
        and any(
            base in state.board.edge_vertices[e2]
            for e1 in state.board.vertex_edges[u]
            for w in state.board.edge_vertices[e1]
            for e2 in state.board.vertex_edges[w]
        )
    )
    _, neutral_roads = approach(state, far)
    put(state, owner, roads=neutral_roads)
    main_phase(state)
    set_barbarians(state, {})
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[v])
    assert state.phase == "barbarian_landing"
    for total in (2, 3, 4):
        _land(state, total)
    neutral = [a for a in state.legal_actions() if a["type"] == "neutral_settlement"]
    assert neutral
    state.apply(neutral[0])
    assert state.phase == "barbarian_landing"
    for total in (5, 6, 8):
        _land(state, total)
    assert sum(state.ba_barbarians) == 6 and state.phase == "main"


def test_c2_ba_03_the_token_action_moves_a_barbarian() -> None:
    """C2-BA-03: instead of the robber, a barbarian moves between coastal hexes for the token
    price; a third one conquers the hex it joins."""
    state = _in_main()
    a, b = RING[0], RING[1]
    set_barbarians(state, {a: 1, b: 2})
    assert "robber_to_desert" not in kinds(state)
    moves = [x for x in state.legal_actions() if x["type"] == "c2_move_barbarian"]
    assert {"type": "c2_move_barbarian", "from": a, "to": b} in moves
    assert all(x["to"] != x["from"] for x in moves)
    price = state.observation(0)["catan_for_two"]["token_price"]
    state.apply({"type": "c2_move_barbarian", "from": a, "to": b})
    assert state.ba_barbarians[a] == 0 and state.ba_barbarians[b] == 3
    assert b in state.ba_conquered
    assert state.c2_tokens[0] == 5 - price
    assert "c2_move_barbarian" not in kinds(state)  # one token action a turn


def test_c2_ba_03_a_lost_knight_pays_two_gold_and_a_token() -> None:
    """C2-BA-03: a knight lost after a victory gives 2 gold and 1 trade token, not 3 gold."""
    state = _in_main()
    h = RING[4]  # away from the castle
    paths = hex_paths(state, h)
    set_barbarians(state, {h: 1})
    turned = K._edge_tables(state.board)[1]
    orientation = turned[paths[0]]
    pair = [e for e in paths if turned[e] == orientation]  # opposite sides: one orientation
    for e in pair:
        put_knight(state, 0, e)
    state.apply(K.FINISH_TURN)
    state.apply(K.END_MOVES)
    assert state.phase == "battle_losses"
    die = next(d for d in range(1, 7) if (d - 1) % 3 == orientation)
    gold, tokens = state.gold[0], state.c2_tokens[0]
    state.apply(K.LOSS[die - 1])
    assert len(pair) == 2 and all(state.ba_knight[e] == -1 for e in pair)
    assert state.gold[0] == gold + 4 and state.c2_tokens[0] == tokens + 2
