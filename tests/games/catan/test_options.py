"""Game options: every bound is inclusive, every refusal says what is wrong."""

from __future__ import annotations

import re

import pytest

from games.catan import GAME
from tests.games.option_records import assert_records_match_new_game

BOUNDS = {"victory_points": (3, 20), "trade_proposals_per_turn": (0, 20), "max_turns": (10, 100000)}


@pytest.mark.parametrize("key", sorted(BOUNDS))
def test_integer_options_take_both_bounds_and_nothing_beyond(key: str) -> None:
    low, high = BOUNDS[key]
    for value in (low, high):
        assert GAME.new_game(3, 1, {key: value}).options[key] == value
    for value in (low - 1, high + 1, True, "5"):
        with pytest.raises(
            ValueError, match=rf"^option {key} must be an integer in {low}\.\.{high}$"
        ):
            GAME.new_game(3, 1, {key: value})


def test_refusals_say_what_is_wrong() -> None:
    """BG-COMP-06 and the option checks: each refusal names its cause."""
    cases = [
        ((3, 1, []), "options must be a dict"),
        ((3, "1", {}), "seed must be an int"),
        ((2, 1, {}), "2 players needs the option allow_two_players (BG-COMP-06: 3–4)"),
        ((3, 1, {"placement": "beginner", "layout": "variable"}), "placement 'beginner' needs "),
        ((5, 1, {}), "catan takes 3 or 4 players"),
        ((3, 1, {"allow_two_players": "yes"}), "option allow_two_players must be true or false"),
        ((3, 1, {"placement": "moon"}), "option placement must be one of ('founding', 'beginner')"),
    ]
    for (players, seed, options), message in cases:
        with pytest.raises(ValueError, match="^" + re.escape(message)):
            GAME.new_game(players, seed, options)


def test_the_option_records_offer_exactly_what_a_new_game_accepts() -> None:
    """``option_specs`` (what forms and the API offer): one record per base option, its default
    the game's, every value it allows accepted by ``new_game``, an integer just beyond its range
    refused."""
    specs = assert_records_match_new_game(GAME, 4, "^option {name} must be")
    assert {spec.name for spec in specs} <= set(GAME.default_options)


def test_no_options_are_the_default_options() -> None:
    """``validate_options`` of ``None`` (a game made without options) is the defaults."""
    from games.catan.game import validate_options

    for players in (3, 4):
        assert validate_options(None, players) == validate_options({}, players)
        assert validate_options(None, players) == GAME.default_options


def test_each_family_is_played_with_its_options_and_found_from_them() -> None:
    """The families (ladders, leaderboards): the base game first, for 3 or 4 players, without
    options; then each playable expansion or scenario (or combination) with the options that
    select it. Each plays at each of its player counts, and ``family_of`` finds it back from
    those options; options of no family are the base game's."""
    families = GAME.families()
    base = families[0]
    assert (base.id, base.title, base.players, base.options) == ("base", "Base game", (3, 4), {})
    assert len({f.id for f in families}) == len({f.title for f in families}) == len(families)
    assert GAME.family_of({}) == GAME.family_of({"victory_points": 12}) == "base"
    for family in families[1:]:
        assert family.options and family.title and family.players
        assert GAME.family_of(family.options) == family.id
        for players in family.players:
            state = GAME.new_game(players, 1, family.options)
            assert state.options.items() >= family.options.items()
    assert {"catan_for_two", "caravans+catan_for_two"} <= {f.id for f in families}


def test_unknown_option_names_of_any_type_are_all_named() -> None:
    """Unknown option names, even of mixed types (a Python caller's dict), are refused with a
    ValueError naming each, sorted as text."""
    with pytest.raises(ValueError, match=r"^unknown catan option\(s\): 7, colour, x$"):
        GAME.new_game(3, 1, {"x": 1, 7: True, "colour": "red"})
