"""Each seat's total VP kept by the victory check at the core's VP stamp (``vp_seat`` at
``vp_seen``, state.py ``_check_victory``), read again at a later turn's start while the stamp
``vp_changes`` stands: it must equal a count from scratch after every step, on every map.

The kept count is right only if every VP change moves the stamp (sets ``vp_dirty = True`` in
its step): buildings, Longest Road / Trade Route, Largest Army, VP cards, and the plug-ins'
``vp``/``hidden_vp`` sources (Seafarers: island markers, chits, cloth, fortresses). The first
test checks that claim itself: while the stamp stands, no seat's total VP moves."""

from __future__ import annotations

from typing import Any

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import VICTORY_POINT
from games.catan.expansions.seafarers import PLAYABLE
from tests.games.random_game import play_streamed

OPTIONS = [{}, {"cities_and_knights": True}] + [{"seafarers": m} for m in PLAYABLE]
STEP_LIMIT = 6000
GAMES = ((3, 5), (4, 6), (3, 7), (4, 8))
"""(players, seed): games in which Wonders of Catan's seats reach a wonder, so that their VP
are counted (before it the target is out of reach and no count is kept)."""


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: next(iter(o.values()), "base"))
def test_kept_vp_equals_a_fresh_count_after_every_step(options: dict[str, Any]) -> None:
    read = moved = 0
    for players, seed in GAMES:
        game_read, game_moved = _kept_vp_checked_after_every_step(players, seed, options)
        read, moved = read + game_read, moved + game_moved
    # (Pirate Islands' seats need no count before their fortress falls: fewer reads)
    assert read > 1000 and moved > 50


def _kept_vp_checked_after_every_step(
    players: int, seed: int, options: dict[str, Any]
) -> tuple[int, int]:
    """One seeded game: the kept counts read against fresh ones after every step; how many
    were read, and how many steps that moved the stamp moved some seat's VP."""
    state = GAME.new_game(players, seed, {"layout": "variable", **options})
    assert state.vp_stamped  # base, C&K and Seafarers keep them
    read = moved = 0
    stamp: int | None = None
    seen: list[int] | None = None

    def compare(step: int) -> None:
        nonlocal read, moved, stamp, seen
        fresh = [state.total_vp(p) for p in range(state.n)]
        for p in range(state.n):  # what a turn's start would read
            if state.vp_seen[p] == state.vp_changes:
                assert state.vp_seat[p] == fresh[p], (p, state.phase, state.turn)
                read += 1
        if state.vp_changes == stamp:  # no step that may move a VP: none moved
            assert fresh == seen, (state.phase, state.turn)
        else:
            moved += seen is not None and fresh != seen
        stamp, seen = state.vp_changes, fresh

    play_streamed(state, players, seed, STEP_LIMIT, after_step=compare, must_end=False)
    return read, moved


def _at_a_plain_turn_end(options: dict[str, Any], seed: int = 3) -> Any:
    """A seeded game on a main list offering the turn's end, from turn 9, whose next seat's VP
    is kept at the current stamp (its last count stands)."""
    state = GAME.new_game(4, seed, {"layout": "variable", **options})

    def at_the_end_of_a_plain_turn() -> bool:
        q = (state.turn_player + 1) % state.n
        return (
            state.turn >= 9
            and state.phase == "main"
            and state.vp_seen[q] == state.vp_changes
            and A.END_TURN in state.legal_actions()
        )

    play_streamed(state, 4, seed, stop_when=at_the_end_of_a_plain_turn)
    assert at_the_end_of_a_plain_turn(), "the game ended first"
    return state


@pytest.mark.parametrize("options", [{}, {"seafarers": "four_islands"}], ids=["base", "sf"])
def test_turn_start_reads_the_kept_vp(options: dict[str, Any], monkeypatch: Any) -> None:
    """BG-WIN-01 at a turn's start with no VP moved since the seat's last count: no count."""
    state = _at_a_plain_turn_end(options)
    counted: list[int] = []
    total_vp = type(state).total_vp
    monkeypatch.setattr(type(state), "total_vp", lambda s, p: counted.append(p) or total_vp(s, p))
    state.apply(A.END_TURN)
    assert state.phase == "pre_roll" and not state.is_terminal()
    assert counted == []


@pytest.mark.parametrize("options", [{}, {"seafarers": "four_islands"}], ids=["base", "sf"])
def test_a_seat_at_the_target_wins_at_his_turn_start_though_its_vp_was_kept(
    options: dict[str, Any],
) -> None:
    """A seat brought to the target on another's turn (with the flag every VP change raises)
    wins at his own turn's start: the count kept at the old stamp is not read."""
    state = _at_a_plain_turn_end(options)
    q = (state.turn_player + 1) % state.n
    state.dev_hand[q][VICTORY_POINT] += state.victory_target - state.total_vp(q)  # VP cards
    state.vp_dirty = True
    state.apply(A.END_TURN)
    assert state.is_terminal()
    assert state.result()["reason"] == "victory" and state.result()["ranking"][0] == q


def test_a_check_inside_a_step_that_moved_a_vp_counts_afresh() -> None:
    """A plug-in's own victory check inside its step (Pirate Islands' fortress, SF-PR-01) runs
    before ``apply`` moves the stamp: with ``vp_dirty`` True the kept count is not read."""
    state = _at_a_plain_turn_end({"seafarers": "four_islands"})
    p = state.turn_player
    state._check_victory()  # kept at the stamp
    assert state.vp_seen[p] == state.vp_changes and not state.is_terminal()
    state.dev_hand[p][VICTORY_POINT] += state.victory_target - state.total_vp(p)
    state.vp_dirty = True  # as the step's rule raised it; the stamp moves after the step
    state._check_victory()
    assert state.is_terminal() and state.result()["ranking"][0] == p


def test_games_with_an_unchecked_vp_source_keep_no_count() -> None:
    """A plug-in that does not say every VP change of it sets ``vp_dirty`` (T&B's scenario
    deck, here) turns the kept counts off."""
    state = GAME.new_game(4, 1, {"layout": "variable", "scenario": "traders_barbarians"})
    assert not state.vp_stamped
    play_streamed(state, 4, 1, 3000, must_end=False)
    assert state.vp_seen == [-1] * state.n
