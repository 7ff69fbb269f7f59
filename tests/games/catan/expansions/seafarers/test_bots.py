"""The example bots play Seafarers: the heuristic bot (bots/examples/catan/heuristic_bot.py,
``seafarers_move``) answers only legal moves on every playable map, and the SDK's view reads the
sea."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from games.catan import GAME
from games.catan.expansions.seafarers.scenarios import SCENARIOS
from games.common.api import CHANCE
from games.common.chance import ChanceStreams

ROOT = Path(__file__).resolve().parents[5]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bots():
    sys.path.insert(0, str(ROOT / "bots" / "sdk"))
    try:
        import arena_bot

        heuristic = _load("sf_heuristic_bot", ROOT / "bots/examples/catan/heuristic_bot.py")
    finally:
        sys.path.remove(str(ROOT / "bots" / "sdk"))
    return arena_bot, heuristic


def _check_special_choice(state, legal: list[dict], chosen: dict) -> None:
    """The special maps' decisions (SF-WO, SF-NW, SF-FT, SF-PR, SF-CL): a wonder claimed and
    built whenever legal, a laid harbour beside our own building when one can be, a lane ship
    before anything but a settlement or city, a VP card played as a knight, cloth looted."""
    kinds = {a["type"] for a in legal}
    for kind in ("build_wonder_level", "claim_wonder", "play_vp_as_knight"):
        if kind in kinds:
            assert chosen["type"] == kind
            return
    if kinds & {"place_harbour", "place_gift_harbour"}:
        mine = {v for v, owner in enumerate(state.vertex_owner) if owner == 0}
        beside = [a for a in legal if set(state.board.edge_vertices[a["edge"]]) & mine]
        assert not beside or chosen in beside
    if "pirate_loot" in kinds and any(a["loot"] == "cloth" for a in legal):
        assert chosen["loot"] == "cloth"
    pirates = getattr(state, "pi_chits", None)
    if (
        pirates is not None
        and "build_ship" in kinds
        and not kinds
        & {
            "build_city",
            "build_settlement",
            "build_wonder_level",
        }
    ):
        assert chosen["type"] in ("build_ship", "play_knight", "take_booty")


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_heuristic_bot_plays_every_map_legally_to_the_end(bots, name: str) -> None:
    """Seat 0 is the heuristic bot, the others random: every answer is an index of the legal
    list, the game ends, and where islands are to be reached the bot builds ships."""
    arena_bot, heuristic = bots
    options = {"seafarers": name}
    state = GAME.new_game(4, 7, options)
    match = SimpleNamespace(static=GAME.static_info(options, num_players=4))
    streams, rng = ChanceStreams(7), random.Random(7)
    step = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(streams.sample(state))
            continue
        legal = state.legal_actions()
        if seat == 0:
            turn = arena_bot.Turn(match, step, state.observation(0), legal, {})
            choice = heuristic.decide(turn)
            assert 0 <= choice < len(legal)
            _check_special_choice(state, legal, legal[choice])
        else:
            choice = int(rng.random() * len(legal))
        state.apply(legal[choice])
        step += 1
    assert state.result()["reason"] in ("victory", "no_progress", "turn_limit")
    if name in ("new_shores", "four_islands"):  # islands to reach: it sails
        ships = [e for e in state.events if e["type"] in ("build_ship", "place_ship")]
        assert any(e["seat"] == 0 for e in ships)


def test_the_sdk_view_reads_ships_and_ship_paths(bots) -> None:
    arena_bot, _ = bots
    state = GAME.new_game(3, 2, {"seafarers": "new_shores"})
    rng = random.Random(2)
    while not state.observation(0)["seafarers"]["ships"]:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    static = GAME.static_info({"seafarers": "new_shores"}, num_players=3)
    turn = arena_bot.Turn(SimpleNamespace(static=static), 0, state.observation(0), [], {})
    view = arena_bot.seafarers_view(turn)
    assert view is not None
    assert view.ships() == [(e, o) for e, o in enumerate(state.ship_owner) if o != -1]
    assert all(view.is_ship_path(e) == state.sf_ship_path[e] for e in range(view.num_edges))
    base = arena_bot.Turn(SimpleNamespace(static={}), 0, {"phase": "main"}, [], {})
    assert arena_bot.seafarers_view(base) is None


def test_the_runner_sends_the_map_of_the_games_player_count() -> None:
    """SF-GE-01: a bot's ``start.static`` is the board of its game's seats (the 3-player map
    differs from the 4-player one); a game whose static info takes no player count is asked as
    before."""
    from bots.runner import static_info_for

    options = {"seafarers": "new_shores"}
    assert static_info_for(GAME, options, 3)["layout"] == "seafarers_new_shores_3"
    assert static_info_for(GAME, options, 4)["layout"] == "seafarers_new_shores_4"

    class OptionsOnly:
        def static_info(self, options):
            return {"asked": dict(options)}

    assert static_info_for(OptionsOnly(), {"x": 1}, 3) == {"asked": {"x": 1}}
