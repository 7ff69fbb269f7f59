"""Knights on paths, their moves and their battles (BA-KN-01..03, BA-EX-01..06)."""

from __future__ import annotations

from games.catan.expansions.barbarian_attack import knights as K
from games.common.api import CHANCE

from .helpers import (
    CASTLE,
    RING,
    events,
    finish_turn,
    hex_paths,
    in_main,
    put_knight,
    set_barbarians,
)


def moves_of(state, e: int) -> set[int]:
    return {a["to"] for a in state.legal_actions() if a["type"] == "move_knight" and a["edge"] == e}


def test_BA_KN_01_a_path_holds_at_most_one_knight() -> None:
    """BA-KN-01: no move ends on a path with a knight (own or foreign)."""
    state = in_main()
    e = hex_paths(state, 9)[0]
    near = sorted(K.reachable(state.board, e, 1))
    put_knight(state, 0, e)
    put_knight(state, 1, near[0])
    put_knight(state, 0, near[1])
    finish_turn(state)
    targets = moves_of(state, e)
    assert near[0] not in targets and near[1] not in targets and near[2] in targets


def test_BA_KN_02_three_paths_or_five_for_a_grain() -> None:
    """BA-KN-02: up to 3 paths; 1 grain raises this knight's range to 5 for the turn."""
    state = in_main(grain=1)
    e = hex_paths(state, 9)[0]
    put_knight(state, 0, e)
    finish_turn(state)
    castle = set(hex_paths(state, CASTLE))
    assert moves_of(state, e) == K.reachable(state.board, e, 3) - castle
    assert K.reachable(state.board, e, 3) < K.reachable(state.board, e, 5)
    state.apply({"type": "spur_knight", "edge": e})
    assert state.hand[0][3] == 0
    assert moves_of(state, e) == K.reachable(state.board, e, 5) - castle
    far = sorted(K.reachable(state.board, e, 5) - K.reachable(state.board, e, 3) - castle)[0]
    state.apply({"type": "move_knight", "edge": e, "to": far})
    assert state.ba_knight[far] == 0 and state.ba_knight[e] == -1
    assert moves_of(state, far) == set()  # each knight moves once


def test_BA_KN_02_moving_ignores_pieces_on_the_way() -> None:
    """BA-KN-02: knights pass other knights (only the end path must be free)."""
    state = in_main()
    e = hex_paths(state, 9)[0]
    put_knight(state, 0, e)
    for f in K.reachable(state.board, e, 1):
        put_knight(state, 1, f)
    finish_turn(state)
    assert moves_of(state, e) & (K.reachable(state.board, e, 2) - K.reachable(state.board, e, 1))


def test_BA_KN_03_knights_must_leave_the_castle() -> None:
    """BA-KN-03: the moves cannot end while a knight of the player stands on a castle path."""
    state = in_main()
    e = hex_paths(state, CASTLE)[0]
    put_knight(state, 0, e)
    finish_turn(state)
    assert K.END_MOVES not in state.legal_actions()
    assert not moves_of(state, e) & set(hex_paths(state, CASTLE))
    state.apply({"type": "move_knight", "edge": e, "to": min(moves_of(state, e))})
    assert K.END_MOVES in state.legal_actions()


def _battle(state, knights: dict[int, list[int]], bars: dict[int, int]) -> None:
    """Knights ({seat: [paths]}) and barbarians on the board, seat 0 ends the moves."""
    for seat, paths in knights.items():
        for e in paths:
            put_knight(state, seat, e)
    set_barbarians(state, bars)
    finish_turn(state)
    if state.phase == "move_knights":
        state.apply(K.END_MOVES)


def test_BA_EX_01_hexes_are_checked_from_the_4_clockwise() -> None:
    """BA-EX-01: the first victory is at the earliest hex of the ring order."""
    state = in_main()
    late, early = RING[6], RING[1]
    _battle(
        state,
        {0: list(hex_paths(state, late)[:2]) + list(hex_paths(state, early)[:2])},
        {late: 1, early: 1},
    )
    assert [e["hex"] for e in events(state, "battle_won")] == [early]
    state.apply(K.LOSS[0])
    assert [e["hex"] for e in events(state, "battle_won")] == [early, late]


def test_BA_EX_02_victory_needs_more_knights_than_barbarians() -> None:
    """BA-EX-02: 2 knights against 2 barbarians is no victory; against 1 it is."""
    state = in_main()
    h = RING[2]
    _battle(state, {0: list(hex_paths(state, h)[:2])}, {h: 2})
    assert events(state, "battle_won") == [] and state.turn_player == 1
    state = in_main()
    _battle(state, {0: list(hex_paths(state, h)[:2])}, {h: 1})
    assert events(state, "battle_won")[0]["hex"] == h and state.ba_barbarians[h] == 0


def test_BA_EX_03_BA_EX_04_one_player_takes_all_prisoners_two_make_a_point() -> None:
    """BA-EX-03: one involved player takes them all; BA-EX-04: every 2 prisoners = 1 VP."""
    state = in_main()
    h = RING[2]
    vp = state.public_vp(0)
    _battle(state, {0: list(hex_paths(state, h)[:3])}, {h: 2})
    assert state.ba_prisoners[0] == 2 and state.public_vp(0) == vp + 1
    state.ba_prisoners[0] = 3
    assert state.public_vp(0) == vp + 1


def test_BA_EX_03_too_few_prisoners_a_roll_decides_the_loser_takes_3_gold() -> None:
    """BA-EX-03: 1 barbarian, 2 players involved: the roll's winner takes it, the other 3 gold."""
    state = in_main()
    h = RING[2]
    paths = hex_paths(state, h)
    _battle(state, {0: [paths[0]], 1: [paths[1]]}, {h: 1})
    assert state.phase == "battle_contest" and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert sorted(a["winners"] for a, _ in outcomes) == [[0], [1]]
    state.apply(outcomes[1][0])
    assert state.ba_prisoners == [0, 1, 0, 0] and state.gold[0] == 3


def test_BA_EX_03_each_takes_one_the_leftover_goes_to_the_most_knights() -> None:
    """BA-EX-03: 3 barbarians, 2 players: one each, the third to the player with more knights."""
    state = in_main()
    h = RING[2]
    paths = hex_paths(state, h)
    _battle(state, {0: list(paths[:3]), 1: [paths[3]]}, {h: 3})
    assert state.ba_prisoners[:2] == [2, 1] and state.phase == "battle_losses"


def test_BA_EX_03_leftover_tie_rolled_the_loser_takes_3_gold() -> None:
    state = in_main()
    h = RING[2]
    paths = hex_paths(state, h)
    _battle(state, {0: list(paths[:2]), 1: list(paths[2:4])}, {h: 3})
    assert state.phase == "battle_contest" and state.ba_prisoners[:2] == [1, 1]
    state.apply({"type": "battle_contest", "winners": [0]})
    assert state.ba_prisoners[:2] == [2, 1] and state.gold[:2] == [0, 3]


def test_BA_EX_05_a_victory_frees_a_conquered_hex() -> None:
    """BA-EX-05: the conquered hex's token turns up again."""
    state = in_main()
    h = RING[2]
    _battle(state, {0: list(hex_paths(state, h)[:4])}, {h: 3})
    assert state.numbers[h] == state.board.fixed_numbers[h] and state.ba_prisoners[0] == 3


def test_BA_EX_06_losses_follow_the_die_orientation_3_gold_each() -> None:
    """BA-EX-06: the die picks one orientation (1/4, 2/5, 3/6); the knights of the victory on
    such paths go home, each paying its owner 3 gold."""
    state = in_main()
    h = RING[2]
    paths = hex_paths(state, h)
    _battle(state, {0: list(paths)}, {h: 1})
    orientation = K._edge_tables(state.board)[1]
    assert sorted(orientation[e] for e in paths) == [0, 0, 1, 1, 2, 2]
    assert {a["die"] for a, _ in state.chance_outcomes()} == {1, 2, 3, 4, 5, 6}
    state.apply(K.LOSS[4])  # a 5: the same pair as a 2
    gone = [e for e in paths if orientation[e] == 1]
    assert all(state.ba_knight[e] == -1 for e in gone)
    assert sum(state.ba_knight[e] == 0 for e in paths) == 4
    assert state.ba_knights_left[0] == 2 and state.gold[0] == 6
    assert events(state, "battle_losses")[-1]["edges"] == gone


def test_BA_EX_06_only_knights_of_the_victory_are_lost() -> None:
    state = in_main()
    h = RING[2]
    paths = hex_paths(state, h)
    other = next(e for e in hex_paths(state, 9) if e not in paths)
    _battle(state, {0: [*list(paths[:2]), other]}, {h: 1})
    state.apply(K.LOSS[K._edge_tables(state.board)[1][other]])
    assert state.ba_knight[other] == 0
