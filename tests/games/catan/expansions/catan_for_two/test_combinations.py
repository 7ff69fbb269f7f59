"""Catan for Two with each Traders & Barbarians scenario that has its glue: the pairing rule of
the options, the family, random games to the end, the conformance checks (round trips with the
legal lists, replays in another process), hidden information, the picture and the words."""

from __future__ import annotations

import pytest

from games.catan import GAME, narrate, picture
from games.catan.expansions import combinations
from games.catan.expansions.catan_for_two import EXPANSION as C2
from games.common.replay import replay
from tests.games.catan.expansions.catan_for_two.combos import SCENARIOS, options_of
from tests.games.catan.randomplay import check_invariants, random_game
from tests.games.random_game import play_streamed
from tests.games.replay_elsewhere import assert_replays_in_another_process
from tests.games.test_conformance import GARBAGE, assert_refused_unchanged, check_round_trip

PAIRED = tuple(s for s in SCENARIOS if any(g.pair == ("catan_for_two", s) for g in combinations()))
NAMES = ["Ann", "Bo"]


def test_every_scenario_has_its_glue() -> None:
    assert PAIRED == SCENARIOS


@pytest.mark.parametrize("scenario", PAIRED)
def test_the_pair_plays_with_two_players_only(scenario: str) -> None:
    """The scenario's 3-4 players are lifted to 2 by Catan for Two only; 3 players with it,
    or 2 without it, are refused with the counts allowed."""
    state = GAME.new_game(2, 1, options_of(scenario))
    assert state.n == 2 and state.owners == 4
    with pytest.raises(ValueError, match="catan_for_two is played with 2 players, not 3"):
        GAME.new_game(3, 1, options_of(scenario))
    with pytest.raises(ValueError, match=f"{scenario} is played with 3, 4 players, not 2"):
        GAME.new_game(2, 1, {"scenario": scenario, "allow_two_players": True})


def test_a_scenario_that_does_not_name_catan_for_two_is_refused(monkeypatch) -> None:
    """Only a scenario declaring Catan for Two in ``combines_with`` pairs with it."""
    from games.catan.expansions.fishermen import Fishermen

    monkeypatch.setattr(Fishermen, "combines_with", ())
    with pytest.raises(ValueError, match="catan_for_two and fishermen cannot be combined"):
        GAME.new_game(2, 1, options_of("fishermen"))


@pytest.mark.parametrize("scenario", PAIRED)
def test_the_pair_is_a_family_of_its_own(scenario: str) -> None:
    family = GAME.family_of(options_of(scenario))
    assert "+" in family and set(family.split("+")) == {"catan_for_two", scenario}
    found = {f.id: f for f in GAME.families()}
    assert found[family].players == (2,)
    assert found[family].options == {"catan_for_two": True, "scenario": scenario}
    assert "Catan for Two + " in found[family].title


@pytest.mark.parametrize("scenario", PAIRED)
def test_seeded_random_games_end_cleanly_with_round_trips_and_observations(scenario: str) -> None:
    """Three games to the end: the engine's invariants at every step, a round trip (the game
    goes on from the copy) every 97th step, every seat's observation every 89th."""
    reasons = []
    for seed in range(3):
        state, _, _ = random_game(
            2, seed, options_of(scenario), roundtrip_every=97, observe_every=89
        )
        check_invariants(state)
        reasons.append(state.result()["reason"])
    assert set(reasons) <= {"victory", "no_progress"} and "victory" in reasons


@pytest.mark.parametrize("scenario", PAIRED)
def test_round_trips_keep_the_legal_lists_and_garbage_changes_nothing(scenario: str) -> None:
    """The conformance suite's round trip (state, actor and legal list) every 23rd step of the
    first 2,000, and garbage actions refused with a ValueError, the state unchanged."""
    state = GAME.new_game(2, 11, options_of(scenario))

    def checked(step: int) -> None:
        if step % 23 == 0:
            check_round_trip(GAME, state)
        if step % 211 == 0:
            assert_refused_unchanged(state, GARBAGE)

    play_streamed(state, 2, 11, 2000, before_step=checked, must_end=False)


@pytest.mark.parametrize("scenario", PAIRED)
def test_a_replay_in_another_process_gives_the_identical_state(scenario: str, tmp_path) -> None:
    """Determinism across processes, and a replay here, on the pair's options."""
    options = options_of(scenario)
    state, applied, _ = random_game(2, 7, options, check=False)
    assert replay(GAME, 2, 7, options, applied).to_dict() == state.to_dict()
    assert_replays_in_another_process("catan", 2, 7, options, applied, state, tmp_path)


@pytest.mark.parametrize("scenario", PAIRED)
def test_the_picture_draws_the_pair_and_every_event_has_words(scenario: str) -> None:
    state, _, _ = random_game(2, 3, options_of(scenario), check=False)
    view = picture.full_view(state)
    assert set(view["expansions"]) == {"catan_for_two", scenario}
    svg = picture.draw(view, NAMES)
    assert 'class="neutral-mark"' in svg and "trade tokens:" in svg
    public = picture.draw(picture.public_view(state), NAMES)
    assert public.startswith("<svg")
    ours = {*C2.sentences, *(k for g in combinations() for k in g.sentences)}
    for event in state.events:
        if event["type"] not in ours:
            continue  # each scenario's own words are its own tests'
        sentence = narrate.describe(event, NAMES)
        fallback = event["type"].replace("_", " ") + ":"
        assert sentence is None or not sentence.startswith(fallback), sentence


@pytest.mark.parametrize("scenario", PAIRED)
def test_the_glue_is_on_with_the_pair_only(scenario: str) -> None:
    """The pair's glue joins the hooks of the pair's games; the scenario alone (3 players) and
    Catan for Two alone keep theirs, and a wrapped phase method is the partner's there."""
    (glue,) = [g for g in combinations() if g.pair == ("catan_for_two", scenario)]
    assert GAME.new_game(2, 1, options_of(scenario)).hooks.glue == (glue,)
    assert GAME.new_game(3, 1, {"scenario": scenario}).hooks.glue == ()
    assert GAME.new_game(2, 1, {"catan_for_two": True}).hooks.glue == ()
