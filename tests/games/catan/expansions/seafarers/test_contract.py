"""The engine contract for Seafarers: seeded random games with every invariant, round trips,
replays in this and another process, hidden information, garbage, pictures and words (the
conformance checks of tests/games/test_conformance.py, on every playable map). The long run
(thousands of games per map) is ``bench/random_games_catan.py``'s."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.catan import GAME
from games.catan.expansions.seafarers.scenarios import SCENARIOS
from games.catan.picture import draw, full_view, public_view
from games.common.api import CHANCE
from games.common.chance import ChanceStreams
from games.common.replay import replay
from tests.games.catan.randomplay import check_observation, random_game
from tests.games.random_game import play_random, play_streamed
from tests.games.replay_elsewhere import assert_replays_in_another_process
from tests.games.svg import by_class, covered_tokens, parse
from tests.games.test_conformance import GARBAGE, assert_refused_unchanged, playout

ROOT = Path(__file__).resolve().parents[5]
MAPS = sorted(SCENARIOS)
CASES = [(name, n) for name in MAPS for n in (3, 4)]


@pytest.mark.parametrize(("name", "n", "seed"), [(*case, i) for i, case in enumerate(CASES)])
def test_seeded_random_games_end_with_every_invariant_kept(name: str, n: int, seed: int) -> None:
    """Random games of every map and player count end; conservation, piece and ship limits,
    connected ships, trade-route lengths and VP hold after every step; round trips and
    observations on the way (a state carries its whole event log, so round trips are sparse)."""
    state, _, _ = random_game(n, seed, {"seafarers": name}, roundtrip_every=701, observe_every=97)
    assert state.is_terminal()
    assert state.result()["reason"] in ("victory", "no_progress", "turn_limit")


@pytest.mark.parametrize("name", MAPS)
def test_random_games_round_trip_everywhere_with_their_legal_lists(name: str) -> None:
    """Every 89th node: to_dict -> JSON -> from_dict gives the same state and legal list."""
    state, _ = playout(GAME, 4, 8, check_every=89, options={"seafarers": name})
    assert state.is_terminal()


@pytest.mark.parametrize("name", MAPS)
def test_seed_and_actions_replay_to_the_identical_state(name: str) -> None:
    options = {"seafarers": name}
    state, log, _ = random_game(3, 21, options, check=False)
    assert replay(GAME, 3, 21, options, log).to_dict() == state.to_dict()


def test_replay_in_another_process_gives_the_identical_state(tmp_path: Path) -> None:
    options = {"seafarers": "fog_islands"}
    state, applied = playout(GAME, 4, 5, options=options)
    assert_replays_in_another_process("catan", 4, 5, options, applied, state, tmp_path)


@pytest.mark.parametrize("name", MAPS)
def test_garbage_is_refused_with_value_errors_and_changes_nothing(name: str) -> None:
    state = GAME.new_game(4, 4, {"seafarers": name})
    junk_moves = [
        {"type": "build_ship", "edge": -1},
        {"type": "move_ship", "from": 0, "to": 10**6},
        {"type": "move_pirate", "hex": "x"},
        {"type": "choose_gold", "resource": "gold"},
        {"type": "place_ship"},
    ]

    def refuses(step: int) -> None:
        if step % 40 == 0:
            assert_refused_unchanged(state, [*GARBAGE, *junk_moves])

    play_streamed(state, 4, 4, 1200, before_step=refuses, must_end=False)


def test_broken_seafarers_fields_are_refused_with_value_errors() -> None:
    data = GAME.new_game(4, 1, {"seafarers": "new_shores"}).to_dict()
    for field, value in (("ship_owner", "x"), ("ships_left", None), ("fog_stack", [1])):
        bad = json.loads(json.dumps(data))
        bad["expansions"]["seafarers"][field] = value
        try:
            GAME.from_dict(bad)
        except ValueError:
            continue
        except Exception as exc:  # pragma: no cover - the failure names the leak
            pytest.fail(f"from_dict raised {type(exc).__name__}: {exc}")


def test_hidden_information_stays_hidden_at_every_seat() -> None:
    """Hands as counts, no deck order, and no fog stack at any seat, at every 13th node of a
    Fog Islands game."""
    state = GAME.new_game(4, 9, {"seafarers": "fog_islands"})
    streams, choice = ChanceStreams(9), random.Random(9)
    for step in range(2500):
        if state.is_terminal():
            break
        if step % 13 == 0:
            for seat in range(4):
                check_observation(state, seat)
                text = json.dumps(state.observation(seat))
                assert "fog_stack" not in text and "fog_tokens" not in text
                assert "harbour_pool" not in text
        if state.current_player() == CHANCE:
            state.apply(streams.sample(state))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(choice.random() * len(legal))])


def test_the_picture_draws_sea_ships_pirate_and_fog_while_hidden() -> None:
    state, _, _ = random_game(4, 3, {"seafarers": "fog_islands"}, check=False)
    svg = draw(public_view(state))
    ships = state.observation(0)["seafarers"]["ships"]
    assert ships
    for edge, seat in ships:
        assert f'class="ship" data-edge="{edge}" data-seat="{seat}"' in svg
    assert 'data-terrain="sea"' in svg and 'class="pirate"' in svg
    fresh = draw(public_view(GAME.new_game(4, 3, {"seafarers": "fog_islands"})))
    assert fresh.count('data-terrain="fog"') == 12
    assert draw(full_view(state)).count('class="ship"') == len(ships)


@pytest.mark.parametrize("name", MAPS)
def test_the_picture_puts_every_harbour_on_the_water_off_the_number_tokens(name: str) -> None:
    """A harbour's token lies off its side on the sea hex it faces, never on a land hex's
    number (The Wonders of Catan drew a 2:1 over a 6 while harbours were pushed away from the
    picture's centre rather than from their own hex); laid harbours (New World) alike."""
    state, _ = play_random("catan", 4, 1, {"seafarers": name}, stop_after=400)
    view = public_view(state)
    root = parse(draw(view))
    laid = len(view["board"]["harbors"]) + len(view.get("placed_harbours") or [])
    assert len(by_class(root, "harbor")) == laid and by_class(root, "token")
    assert covered_tokens(root) == []


def test_the_events_are_told_in_words() -> None:
    from games.catan.narrate import tell

    state, _, _ = random_game(4, 3, {"seafarers": "fog_islands"}, check=False)
    kinds = {"build_ship", "place_ship", "move_ship", "move_pirate", "discover", "choose_gold"}
    events = [e for e in state.events if e["type"] in kinds and e["visible_to"] == "all"]
    assert {e["type"] for e in events} >= {"build_ship", "place_ship", "discover"}
    told = tell(events, ["A", "B", "C", "D"], state)
    assert len(told) == len(events) and all(line and "{" not in line for line in told)
    assert any(line.startswith(("A builds a ship", "B builds a ship")) for line in told) or any(
        " builds a ship " in line for line in told
    )
