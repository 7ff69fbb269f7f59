"""Building: costs, roads, settlements with their regions, cities, development slots."""

from __future__ import annotations

import pytest

from games.cardgame.cards import CARDS
from games.errors import IllegalAction
from tests.games.cardgame.positions import (
    POS,
    at_roll,
    lay,
    main_phase,
    make_city,
    rebuild,
    roll,
    set_units,
    to_hand,
)

RICH = {"grain": 3, "ore": 3, "wool": 3, "lumber": 3, "brick": 3}


def rich(seat: int = 0, **extra):
    state = main_phase(seat)
    set_units(state, seat, **RICH)
    return state, extra


def test_cg_build_01_a_card_is_played_only_if_paid() -> None:
    """CG-BUILD-01: a development card can be built only when its cost can be paid; the cost
    leaves the regions."""
    state = main_phase()
    card = to_hand(state, 0, "knight_gotz")[0]  # 2 grain 2 wool 2 ore
    state = rebuild(state)
    assert {"type": "build", "card": card} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="CG-BUILD-01"):
        state.apply({"type": "build", "card": card})
    set_units(state, 0, grain=2, wool=2, ore=2)
    state = rebuild(state)
    state.apply({"type": "build", "card": card})
    state.apply({"type": "choose_slot", "col": 0, "row": 1})
    assert state.domains[0].slots[(0, 1)] == card
    assert state.domains[0].totals()["ore"] == 0 and state.domains[0].totals()["wool"] == 0


def test_cg_build_03_any_number_of_builds_per_turn() -> None:
    """CG-BUILD-03: several cards may be built in one turn while they can be paid."""
    state, _ = rich()
    state = rebuild(state)
    set_units(state, 0, brick=3, lumber=3)
    state.domains[0].regions[(-1, -1)][1] = 2  # lumber (Forest)
    state = rebuild(state)
    state.apply({"type": "build_road", "end": "right"})
    assert state.domains[0].totals()["brick"] == 1
    state.domains[0].regions[(1, -1)][1] = 3  # brick back to 3: the second road can be paid
    state = rebuild(state)
    state.apply({"type": "build_road", "end": "left"})
    assert [state.domains[0].centre[c][0] for c in (-1, 3)] == ["road", "road"]
    assert state.phase == "main"


def test_cg_road_01_02_roads_next_to_settlements_never_next_to_roads() -> None:
    """CG-ROAD-01, CG-ROAD-02: a road goes at an end beside a settlement or city; never beside
    another road."""
    state, _ = rich()
    state = rebuild(state)
    roads = [a for a in state.legal_actions() if a["type"] == "build_road"]
    assert roads == [{"type": "build_road", "end": "left"}, {"type": "build_road", "end": "right"}]
    state.apply({"type": "build_road", "end": "right"})
    assert {"type": "build_road", "end": "right"} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="CG-ROAD"):
        state.apply({"type": "build_road", "end": "right"})


def test_cg_road_03_settl_01_02_settlement_at_the_road_end() -> None:
    """CG-ROAD-03, CG-SETTL-01, CG-SETTL-02: a settlement goes at the free end of a road, always
    separated from others by a road, worth 1 VP; a road may follow it in the same turn."""
    state, _ = rich()
    state = rebuild(state)
    assert not [a for a in state.legal_actions() if a["type"] == "build_settlement"]
    state.apply({"type": "build_road", "end": "right"})
    state.apply({"type": "build_settlement", "end": "right"})
    while state.tasks:
        state.apply(state.legal_actions()[0])
    dom = state.domains[0]
    assert dom.centre[4][0] == "settlement" and state.vp(0) == 3
    set_units(state, 0, **RICH)
    state = rebuild(state)
    assert {"type": "build_road", "end": "right"} in state.legal_actions()


def test_cg_settl_03_04_05_two_new_regions_chosen_sides_zero_units() -> None:
    """CG-SETTL-03, CG-SETTL-04, CG-SETTL-05: a new settlement takes the top 2 region cards, the
    owner decides which goes above, both start empty; no other way adds regions."""
    state, _ = rich()
    state = rebuild(state)
    state.apply({"type": "build_road", "end": "left"})
    assert len(state.domains[0].regions) == 6  # a road adds no region
    top_two = state.stacks["region"][-2:]
    state.apply({"type": "build_settlement", "end": "left"})
    assert state.tasks[0]["t"] == "place_regions"
    legal = state.legal_actions()
    assert {a["card"] for a in legal} == set(top_two)
    state.apply({"type": "place_region", "card": top_two[0], "side": 1})
    regions = state.domains[0].regions
    assert regions[(-3, 1)] == [top_two[0], 0] and regions[(-3, -1)] == [top_two[1], 0]
    assert len(state.stacks["region"]) == 9


def test_empty_region_stack_takes_what_is_left() -> None:
    """CG-SETTL-03 with rulings (M-CG-14): fewer than 2 regions left gives what is left."""
    state, _ = rich()
    while len(state.stacks["region"]) > 1:
        state.removed.append(state.stacks["region"].pop())  # out of play for this test
    state = rebuild(state)
    state.apply({"type": "build_road", "end": "right"})
    state.apply({"type": "build_settlement", "end": "right"})
    state.apply(state.legal_actions()[0])
    assert len([p for p in state.domains[0].regions if p[0] == 5]) == 1
    assert not state.tasks


def test_cg_city_01_02_city_on_a_settlement_worth_2() -> None:
    """CG-CITY-01, CG-CITY-02: a city covers one of the player's settlements (which stays under
    it) and is worth 2 VP in place of 1."""
    state, _ = rich()
    state = rebuild(state)
    cities = [a for a in state.legal_actions() if a["type"] == "build_city"]
    assert cities == [{"type": "build_city", "col": 0}, {"type": "build_city", "col": 2}]
    settlement = state.domains[0].centre[2][1]
    state.apply({"type": "build_city", "col": 2})
    kind, card, under = state.domains[0].centre[2]
    assert kind == "city" and CARDS[card].kind == "city" and under == settlement
    assert state.vp(0) == 3
    with pytest.raises(IllegalAction):
        state.apply({"type": "build_city", "col": 1})


def test_cg_exp_01_03_settlement_two_green_slots_no_red() -> None:
    """CG-EXP-01, CG-EXP-03: a settlement holds one green card above and one below; red cards
    only in cities."""
    state, _ = rich()
    mill, library = to_hand(state, 0, "sawmill", "library")
    state = rebuild(state)
    assert {"type": "build", "card": library} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="CG-EXP-03"):
        state.apply({"type": "build", "card": library})
    state.apply({"type": "build", "card": mill})
    slots = state.legal_actions()
    assert slots == [{"type": "choose_slot", "col": c, "row": r} for c in (0, 2) for r in (1, -1)]


def test_cg_exp_02_city_four_slots_green_or_red() -> None:
    """CG-EXP-02: a city holds two cards above and two below, green or red."""
    state, _ = rich()
    make_city(state, 0, 2)
    library = to_hand(state, 0, "library")[0]
    set_units(state, 0, lumber=2, ore=2, brick=1)
    state = rebuild(state)
    state.apply({"type": "build", "card": library})
    assert state.legal_actions() == [
        {"type": "choose_slot", "col": 2, "row": r} for r in (2, 1, -1, -2)
    ]


def test_a_cg_19_settlement_cards_stay_in_the_inner_city_slots() -> None:
    """CG-EXP-08: cards never move: a settlement's cards stay when it becomes a city (A-CG-19)."""
    state, _ = rich()
    mill = lay(state, 0, 2, 1, "sawmill")
    state = rebuild(state)
    state.apply({"type": "build_city", "col": 2})
    assert state.domains[0].slots[(2, 1)] == mill
    assert (2, 2) in state.domains[0].free_slots(to_hand(state, 0, "library")[0])


def test_cg_exp_04_05_06_07_slot_effects_reach_their_side_only() -> None:
    """CG-EXP-04, CG-EXP-05, CG-EXP-06, CG-EXP-07: a card above a city acts on both regions above
    it (also from the outer slot), never below; between two matching regions it acts on both."""
    state = main_phase()
    make_city(state, 0, 0)
    lay(state, 0, 0, 1, "aqueduct")
    lay(state, 0, 0, 2, "grain_mill")  # outer upper slot, touching no region
    # put a second Fields above on the other side of the city, and Fields below too
    dom = state.domains[0]
    dom.regions[(1, 1)][0], dom.regions[POS["brick"]][0] = dom.regions[POS["brick"]][0], "x"
    state.stacks["region"].remove("region_grain_3")
    state.stacks["region"].append(dom.regions[(1, 1)][0])
    dom.regions[(1, 1)][0] = "region_grain_3"  # Fields(3) above, right of the city
    dom.regions[POS["brick"]][0] = "region_grain_5"  # Fields(5) below, right of the city
    state.stacks["region"].remove("region_grain_5")
    state.stacks["region"].append("start_region_A_ore_2")
    for pos in dom.regions:
        dom.regions[pos][1] = 0
    state = rebuild(state)
    dom = state.domains[0]
    assert [p for p in sorted(dom.regions) if "grain_mill" in dom.region_slots(p)] == [
        (-1, 1),
        (1, 1),
    ]
    state = at_roll(state)
    roll(state, "tournament", 3)
    assert state.domains[0].regions[(1, 1)][1] == 2  # doubled from the outer upper slot
    state = at_roll(state)
    roll(state, "tournament", 1)
    assert state.domains[0].regions[(-1, 1)][1] == 2  # the other upper Fields too (CG-EXP-07)
    state = at_roll(state)
    roll(state, "tournament", 5)
    assert state.domains[0].regions[(1, -1)][1] == 1  # below the city: not doubled


def test_cg_exp_08_09_removed_cards_may_be_built_again_elsewhere() -> None:
    """CG-EXP-08, CG-EXP-09: laid cards never move; one returned to hand (here by the Arsonist)
    may be built again, a green card in a settlement, a red card only in a city."""
    state = main_phase()
    mill = lay(state, 1, 0, 1, "sawmill")
    state = rebuild(state)
    from games.cardgame.turn import return_to_hand

    return_to_hand(state, 1, (0, 1), "destroyed")
    assert mill in state.domains[1].hand
    state.active = 1
    set_units(state, 1, lumber=3)
    state = rebuild(state)
    state.apply({"type": "build", "card": mill})
    state.apply({"type": "choose_slot", "col": 2, "row": -1})
    assert state.domains[1].slots == {(2, -1): mill}
    assert not [a for a in state.legal_actions() if a.get("type") == "move"]


def test_cg_build_02_building_gotz_charges_exactly_2_grain_2_wool_2_ore() -> None:
    """CG-BUILD-02: building Götz Iron Fist takes exactly 2 grain, 2 wool and 2 ore from the
    regions, nothing else; one unit short of any of them and he cannot be built."""
    for short in ("grain", "wool", "ore"):
        state, _ = rich()
        card = to_hand(state, 0, "knight_gotz")[0]
        set_units(state, 0, **{short: 1})
        state = rebuild(state)
        assert {"type": "build", "card": card} not in state.legal_actions()
    state, _ = rich()
    card = to_hand(state, 0, "knight_gotz")[0]
    state = rebuild(state)
    before = state.domains[0].totals()
    state.apply({"type": "build", "card": card})
    state.apply({"type": "choose_slot", "col": 0, "row": 1})
    after = state.domains[0].totals()
    paid = {r: before[r] - after[r] for r in before if before[r] != after[r]}
    assert paid == {"grain": 2, "wool": 2, "ore": 2}
    assert state.domains[0].slots[(0, 1)] == card


def test_cg_build_04_building_territories_charges_the_costs_on_their_backs() -> None:
    """CG-BUILD-04: a road takes 2 brick + 1 lumber, a settlement 1 lumber, brick, wool and grain,
    a city 3 ore + 2 grain, and nothing else."""

    def paid_for(state, *actions) -> dict[str, int]:
        before = state.domains[0].totals()
        for action in actions:
            state.apply(action)
        while state.tasks:  # the new settlement's two regions
            state.apply(state.legal_actions()[0])
        after = state.domains[0].totals()
        return {r: before[r] - after[r] for r in before if before[r] != after[r]}

    state = rebuild(rich()[0])
    assert paid_for(state, {"type": "build_road", "end": "right"}) == {"brick": 2, "lumber": 1}
    set_units(state, 0, **RICH)
    state = rebuild(state)
    assert paid_for(state, {"type": "build_settlement", "end": "right"}) == {
        "lumber": 1,
        "brick": 1,
        "wool": 1,
        "grain": 1,
    }
    set_units(state, 0, **RICH)
    state = rebuild(state)
    assert paid_for(state, {"type": "build_city", "col": 2}) == {"ore": 3, "grain": 2}
    set_units(state, 0, **{**RICH, "brick": 1})
    state = rebuild(state)
    assert not [a for a in state.legal_actions() if a["type"] == "build_road"]


def test_cg_city_01_build_04_a_city_is_offered_only_when_paid_for_and_in_stock() -> None:
    """CG-CITY-01 CG-BUILD-04: no city is offered one ore short, nor once the city stack is
    empty; with both, one per own settlement."""
    state, _ = rich()
    set_units(state, 0, ore=2)
    state = rebuild(state)
    assert not [a for a in state.legal_actions() if a["type"] == "build_city"]
    state, _ = rich()
    while state.stacks["city"]:
        state.removed.append(state.stacks["city"].pop())  # out of play for this test
    state = rebuild(state)
    assert not [a for a in state.legal_actions() if a["type"] == "build_city"]
    state, _ = rich()
    state = rebuild(state)
    assert [a["col"] for a in state.legal_actions() if a["type"] == "build_city"] == [0, 2]
