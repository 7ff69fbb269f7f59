"""BG-TURN-01: play passes to the left (the next seat) in a plugged game, also when the plug-in
ends the turn with its own step first (Cities & Knights: a discard down to 4 progress cards,
CK-PC-01, then ``pass_turn``)."""

from __future__ import annotations

from games.catan import actions as A
from tests.games.catan.expansions.cities_knights.helpers import ck_game, in_main
from tests.games.catan.expansions.cities_knights.progress_helpers import deal


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


def test_bg_turn_01_the_turn_passes_to_the_next_seat_after_a_discard_at_the_turns_end() -> None:
    """BG-TURN-01 (CK-PC-01): in a 4-player Cities & Knights game the turn player ends his turn
    with 5 progress cards; once he has discarded one, the turn is the next seat's, before its
    roll, in each of four turns in a row (the last seat's passes to the first)."""
    state = ck_game(4)
    for _ in range(4):
        p = state.turn_player
        in_main(state)
        for card in ("Spy", "Warlord", "Bishop", "Deserter", "Diplomat")[
            len(state.ck_progress[p]) :
        ]:
            deal(state, p, card)
        state.apply(A.END_TURN)
        assert state.phase == "ck_progress_discard" and state.actor == p
        state.apply({"type": "discard_progress", "card": state.ck_progress[p][0]})
        assert state.turn_player == (p + 1) % 4
        assert state.phase == "pre_roll" and state.actor == state.turn_player
