"""The SDK's helpers for the Cities & Knights progress cards, on a real position."""

from __future__ import annotations

from bots.sdk.arena_bot import PROGRESS_ANSWERS, CatanView, Match, Turn
from games.catan import GAME
from games.catan.expansions.cities_knights.progress.phases import ANSWERS
from tests.games.catan.expansions.cities_knights.progress_helpers import (
    OPTIONS,
    deal,
    give,
    main_phase,
    play,
)


def turn_of(state, seat: int) -> tuple[Turn, CatanView]:
    observation = state.observation(seat)
    match = Match("catan", seat, state.n, dict(OPTIONS), {})
    turn = Turn(match, 0, observation, state.legal_actions(), {})
    return turn, CatanView(observation, GAME.static_info(dict(OPTIONS)))


def test_sdk_progress_answers_are_the_engines() -> None:
    assert set(PROGRESS_ANSWERS) == set(ANSWERS)


def test_sdk_finds_card_plays_and_the_answers_of_the_seat_asked() -> None:
    state = main_phase()
    p = state.turn_player
    q = (p + 1) % state.n
    deal(state, p, "Wedding")
    deal(state, p, "Resource Monopoly")
    state.ck_progress_vp[q].append("Printer")  # q is ahead: he gives
    give(state, q, coin=2)
    turn, view = turn_of(state, p)
    assert view.progress_cards == ["Resource Monopoly", "Wedding"]
    assert len(turn.progress_plays()) == 6
    assert [turn.legal_actions[i]["good"] for i in turn.progress_plays("Resource Monopoly")] == [
        "lumber",
        "brick",
        "wool",
        "grain",
        "ore",
    ]
    assert view.progress_pending is None
    play(state, "Wedding")
    turn, view = turn_of(state, q)
    assert view.progress_pending["step"] == "give_card" and view.progress_pending["actor"] == q
    assert [turn.legal_actions[i] for i in turn.progress_answers()] == [
        {"type": "give_card", "card": "coin"}
    ]
