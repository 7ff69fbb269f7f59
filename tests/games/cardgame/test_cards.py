"""The card data: counts, categories, costs and printed values (checklist §1.1, appendix)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.cardgame.cards import CARDS, DATA_FILE, load_cards
from games.cardgame.constants import BUILD_RESOURCES, RESOURCES
from tests.games.cardgame.positions import main_phase, rebuild, to_hand


def count(predicate) -> int:
    return sum(1 for c in CARDS.values() if predicate(c))


def test_cg_comp_01_120_cards() -> None:
    """CG-COMP-01: 120 cards; the dice and tokens exist as the two dice faces and two tokens."""
    assert len(CARDS) == 120
    state = main_phase()
    assert set(state.tokens) == {"knight", "windmill"}


def test_cg_comp_02_six_region_types_one_resource_each() -> None:
    """CG-COMP-02: each region card produces exactly one of the six resources."""
    regions = [c for c in CARDS.values() if c.kind == "region"]
    assert {r.resource for r in regions} == set(RESOURCES)
    assert len(regions) == 23


def test_cg_comp_03_gold_never_pays_a_building_cost() -> None:
    """CG-COMP-03: no card costs gold, and a player with only gold cannot build."""
    assert all("gold" not in c.cost for c in CARDS.values())
    state = main_phase()
    for region in state.domains[0].regions.values():
        region[1] = 3 if CARDS[region[0]].resource == "gold" else 0
    to_hand(state, 0, "sawmill")
    state = rebuild(state)
    kinds = {a["type"] for a in state.legal_actions()}
    assert "build" not in kinds and "build_road" not in kinds


def test_cg_comp_04_card_classes() -> None:
    """CG-COMP-04: 20 yellow action, 10 blue event, 26 green, 16 red, 30 territory + 18 start."""
    kinds = Counter(c.kind for c in CARDS.values())
    assert kinds["action"] == 20 and kinds["event"] == 10
    assert kinds["green"] == 26 and kinds["red"] == 16
    assert count(lambda c: c.owner) == 18


def test_cg_comp_05_protective_cards_protect() -> None:
    """CG-COMP-05: the protective cards (Fort, Baths, Aqueduct, Church) exist as development
    cards; their protections are asserted in test_events/test_development."""
    for card_type in ("garrison", "bath_house", "aqueduct", "church"):
        assert any(c.type == card_type and c.kind in ("green", "red") for c in CARDS.values())


def test_cg_comp_06_every_region_has_a_die_number() -> None:
    """CG-COMP-06: every region card carries a production number 1..6."""
    assert all(1 <= c.number <= 6 for c in CARDS.values() if c.kind == "region")


def test_cg_green_01_green_cards_are_units_and_buildings() -> None:
    """CG-GREEN-01: green cards are knights, fleets and buildings."""
    roles = Counter(c.role for c in CARDS.values() if c.kind == "green")
    assert roles == {"knight": 9, "fleet": 6, "building": 11}


def test_cg_red_01_red_cards_are_buildings_with_trade_or_vp() -> None:
    """CG-RED-01: every red card is a building giving trade symbols or VP (Library per data)."""
    for card in CARDS.values():
        if card.kind == "red":
            assert card.role == "building"
            assert card.trade > 0 or card.vp > 0


def test_cg_card_knight_01_knights_have_strength_and_tournament_points() -> None:
    """CG-CARD-KNIGHT-01: every knight has a strength and tournament points."""
    knights = [c for c in CARDS.values() if c.role == "knight"]
    assert len(knights) == 9
    assert all(k.strength > 0 and k.tournament > 0 for k in knights)
    assert sum(k.strength for k in knights) == 24 and sum(k.tournament for k in knights) == 18


def test_gotz_card_data_2_grain_2_wool_2_ore() -> None:
    """The card file prices Götz Iron Fist at 2 grain, 2 wool, 2 ore (the rule: test_building)."""
    assert CARDS["knight_gotz"].cost == {"grain": 2, "wool": 2, "ore": 2}


def test_territory_card_data_costs() -> None:
    """The card file prices the territories as their backs (the rule: test_building)."""
    assert CARDS["road#1"].cost == {"brick": 2, "lumber": 1}
    assert CARDS["settlement#1"].cost == {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}
    assert CARDS["city#1"].cost == {"ore": 3, "grain": 2}


def test_cg_card_colossus_01_two_vp() -> None:
    """CG-CARD-COLOSSUS-01: the Colossus is worth 2 VP."""
    assert CARDS["colossus"].vp == 2 and CARDS["colossus"].kind == "red"


def test_cg_card_fleet_01_six_fleets_are_units() -> None:
    """CG-CARD-FLEET-01: six fleets, one per resource, units not buildings."""
    fleets = [c for c in CARDS.values() if c.role == "fleet"]
    assert sorted(f.fleet_resource for f in fleets) == sorted(RESOURCES)


def test_cg_card_fleet_05_each_fleet_carries_one_trade_symbol() -> None:
    """CG-CARD-FLEET-05: each fleet has exactly one trade symbol."""
    assert all(c.trade == 1 for c in CARDS.values() if c.role == "fleet")


def test_cg_card_tradebldg_01_trade_buildings_give_symbols() -> None:
    """CG-CARD-TRADEBLDG-01: Market 2, Trading house 3, Merchant guild 4 (data, M-CG-05)."""
    assert CARDS["marketplace"].trade == 2
    assert CARDS["counting_house"].trade == 3
    assert CARDS["merchant_guild"].trade == 4


def test_card_file_names_sources_and_rejects_bad_counts(tmp_path) -> None:
    """CG-SETUP-06, CG-SETUP-07, CG-SETUP-08: the file is validated when loaded."""
    raw = json.loads(DATA_FILE.read_text())
    assert all(entry["source"] for entry in raw["cards"])
    assert all(set(c.cost) <= set(BUILD_RESOURCES) for c in CARDS.values())
    raw["cards"][0]["count"] = 2
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(ValueError, match="120"):
        load_cards(bad)
