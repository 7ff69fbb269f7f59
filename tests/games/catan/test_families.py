"""The board game's families come from its playable plug-ins (games/common/families.py)."""

from __future__ import annotations

import pytest

from games.catan import expansions
from games.catan.hooks import Expansion
from games.registry import family_of, game_families, get_family, get_game
from tests.families import STAND_IN


def test_base_family_alone_without_scenario_plugins() -> None:
    ids = [f.id for f in game_families("catan")]
    assert ids[0] == "base"
    assert "masters" not in ids  # a variant of the base game's ladder, not a family


def test_card_game_has_one_family() -> None:
    (family,) = game_families("cardgame")
    assert (family.id, family.players, family.options) == ("base", (2,), {})


def test_a_playable_plugin_is_a_family(stand_in_family: str) -> None:
    family = get_family("catan", STAND_IN)
    assert family.title == "Stand-in scenario"
    assert family.players == (3, 4)
    assert family.options == {"scenario": STAND_IN}
    get_game("catan").new_game(3, seed=1, options=family.options)  # its options play


def test_family_of_options(stand_in_family: str) -> None:
    assert family_of("catan", {}) == "base"
    assert family_of("catan", {"masters": True}) == "base"
    assert family_of("catan", {"scenario": STAND_IN, "masters": True}) == STAND_IN
    assert family_of("cardgame", {}) == "base"


def test_unknown_family_names_the_playable_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown family 'atlantis' of catan \(playable: base"):
        get_family("catan", "atlantis")


def test_a_family_without_a_title_takes_the_planned_one_or_its_name() -> None:
    class Fishermen(Expansion):
        name = "fishermen"
        option = "scenario"
        values = ("fishermen",)

    class Maps(Expansion):
        name = "sea_maps"
        option = "seafarers"
        values = ("new_shores", "four_islands")

    assert expansions.family_title(Fishermen(), "fishermen") == "The Fishermen of Catan"
    assert expansions.family_id(Maps(), "new_shores") == "sea_maps_new_shores"
    assert expansions.family_title(Maps(), "new_shores") == "Sea maps: new shores"
