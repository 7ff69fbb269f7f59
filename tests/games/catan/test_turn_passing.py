"""BG-TURN-01: play passes to the left (the next seat), also when a plug-in ends the turn with
its own step first (Cities & Knights: ``pass_turn`` after its end-of-turn queue, CK-PC-01)."""

from __future__ import annotations

from games.catan import actions as A
from tests.games.catan.expansions.cities_knights.helpers import ck_game, in_main


def test_bg_turn_01_the_turn_passes_to_the_next_seat_after_a_plug_ins_end_of_turn() -> None:
    """BG-TURN-01: in a 3-player Cities & Knights game, four turns in a row pass from seat to
    the next and from the last seat back to the first, each starting before the roll."""
    state = ck_game(3)
    seats = [state.turn_player]
    for _ in range(4):
        in_main(state)
        state.apply(A.END_TURN)
        assert state.phase == "pre_roll" and state.actor == state.turn_player
        seats.append(state.turn_player)
    first = seats[0]
    assert seats == [(first + i) % 3 for i in range(5)]
