"""Whole random games of the special Seafarers maps (The Forgotten Tribe, The New World, The
Wonders of Catan, Cloth for Catan, The Pirate Islands): round trips, observations and the basic
invariants on the way (``special_play.play``), the map's own invariant where it has one, enough
games ending in a victory; and the conformance replay, in this process and in another one.

One parametrized pair over the maps; each map keeps its own seeds, check interval, victory
quota and extra checks (the rule tests stay in the map's own file)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from games.catan import GAME
from games.common.replay import replay
from tests.games.catan.expansions.seafarers.special_play import play, replays_in_another_process
from tests.games.test_conformance import check_round_trip


def cloth_is_kept(state: Any) -> None:
    """Cloth for Catan: the 50 cloth are in hands, by the villages or in the supply."""
    assert sum(state.cl_cloth) + sum(state.cl_village_cloth) + state.cl_supply == 50


def the_winner_took_the_own_fortress(state: Any) -> None:
    """The Pirate Islands (SF-PR-01): a victory needs the winner's fortress taken (no chit left)."""
    result = state.result()
    if result["reason"] == "victory":
        assert state.pi_chits[result["ranking"][0]] == 0


@dataclass(frozen=True)
class SpecialMap:
    """How one map's random games are played and judged."""

    name: str
    games: int
    """Seeds ``0 .. games - 1`` for each player count."""
    every: int
    """Steps between the round trip / observation / invariant checks."""
    victories: int
    """At least this many of the games end in a victory (the others at the turn limit)."""
    replay_seeds: tuple[int, int]
    """Seeds of the conformance replay: three players here, four in another process."""
    during: Callable[[Any], None] | None = None
    """The map's own invariant, checked with the others on the way and at the end."""
    at_end: Callable[[Any], None] | None = None
    """A check of the final state alone."""


MAPS = (
    SpecialMap("forgotten_tribe", games=4, every=613, victories=3, replay_seeds=(23, 24)),
    SpecialMap("new_world", games=4, every=613, victories=3, replay_seeds=(21, 22)),
    SpecialMap("wonders_of_catan", games=4, every=613, victories=3, replay_seeds=(27, 28)),
    SpecialMap(
        "cloth_for_catan",
        games=5,
        every=401,
        victories=5,
        replay_seeds=(25, 26),
        during=cloth_is_kept,
    ),
    SpecialMap(
        "pirate_islands",
        games=3,
        every=701,
        victories=2,
        replay_seeds=(27, 28),
        at_end=the_winner_took_the_own_fortress,
    ),
)


@pytest.mark.parametrize("num_players", (3, 4))
@pytest.mark.parametrize("special", MAPS, ids=lambda m: m.name)
def test_random_special_map_games_end_cleanly_with_round_trips(
    special: SpecialMap, num_players: int
) -> None:
    options = {"seafarers": special.name}
    reasons = []
    for seed in range(special.games):
        state, _ = play(options, num_players, seed, every=special.every, check=special.during)
        for check in (special.during, special.at_end):
            if check is not None:
                check(state)
        reasons.append(state.result()["reason"])
    assert reasons.count("victory") >= special.victories, reasons


@pytest.mark.parametrize("special", MAPS, ids=lambda m: m.name)
def test_conformance_replay_gives_the_identical_state_in_this_and_another_process(
    special: SpecialMap, tmp_path: Any
) -> None:
    options = {"seafarers": special.name}
    here, elsewhere = special.replay_seeds
    state, log = play(options, 3, here)
    again = replay(GAME, 3, here, options, log)
    assert again.to_dict() == state.to_dict()
    check_round_trip(GAME, again)
    replays_in_another_process(options, 4, elsewhere, tmp_path)
