"""Action cards (yellow): the VP lock, timing, attacks with defence reactions, and each card."""

from __future__ import annotations

import pytest

from games.cardgame.cards import CARDS
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.cardgame.positions import (
    POS,
    at_roll,
    empty_all,
    lay,
    main_phase,
    make_city,
    rebuild,
    region_action,
    roll,
    set_units,
    to_hand,
    types,
    units,
    with_vp_3,
)


def armed(*cards: str, opp: tuple[str, ...] = (), options=None):
    """Seat 0 in its actions phase with ``cards`` in hand, both players at 3 VP."""
    state = main_phase(options=options)
    with_vp_3(state)
    mine = to_hand(state, 0, *cards)
    theirs = to_hand(state, 1, *opp)
    return rebuild(state), mine, theirs


def test_cg_act_01_06_action_cards_are_free_and_leave_the_game() -> None:
    """CG-ACT-01, CG-ACT-06: playing costs nothing; the played card is removed from the game."""
    state, (spy,), _ = armed("spy", opp=("abbey",))
    before = state.domains[0].totals()
    state.apply({"type": "play_card", "card": spy})
    assert state.domains[0].totals() == before
    assert spy in state.removed and spy not in state.domains[0].hand


def test_cg_act_02_no_action_cards_below_3_vp_each() -> None:
    """CG-ACT-02: no action card until each player has 3 VP, checked when played."""
    state = main_phase()
    make_city(state, 0, 0)  # seat 0 has 3 VP, seat 1 only 2
    spy = to_hand(state, 0, "spy")[0]
    state = rebuild(state)
    assert {"type": "play_card", "card": spy} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="CG-ACT-02"):
        state.apply({"type": "play_card", "card": spy})
    make_city(state, 1, 0)
    state = rebuild(state)
    assert {"type": "play_card", "card": spy} in state.legal_actions()


def test_combined_7_threshold_option() -> None:
    """CG-ACT-02 with the option "combined_7": the VP of both players together must reach 7."""
    state = main_phase(options={"action_threshold": "combined_7"})
    make_city(state, 0, 0)
    make_city(state, 0, 2)  # 4 + 2 = 6
    spy = to_hand(state, 0, "spy")[0]
    state = rebuild(state)
    assert {"type": "play_card", "card": spy} not in state.legal_actions()
    make_city(state, 1, 0)  # 4 + 3 = 7
    state = rebuild(state)
    assert {"type": "play_card", "card": spy} in state.legal_actions()


def test_cg_act_03_card_scout_02_scout_ignores_the_vp_lock() -> None:
    """CG-ACT-03, CG-CARD-SCOUT-02: Scout may be played at 2 VP, whenever a settlement is built."""
    state = main_phase()
    scout = to_hand(state, 0, "scout")[0]
    set_units(state, 0, grain=3, ore=3, wool=3, lumber=3, brick=3)
    state = rebuild(state)
    assert not state.actions_allowed()
    state.apply({"type": "build_road", "end": "right"})
    state.apply({"type": "build_settlement", "end": "right"})
    assert state.legal_actions() == [{"type": "no_scout"}, {"type": "play_card", "card": scout}]


def test_cg_card_scout_01_choose_two_regions_then_reshuffle() -> None:
    """CG-CARD-SCOUT-01: Scout searches the region stack for the 2 regions, then the stack is
    shuffled (chance nodes of the region deck)."""
    state = main_phase()
    scout = to_hand(state, 0, "scout")[0]
    set_units(state, 0, grain=3, ore=3, wool=3, lumber=3, brick=3)
    state = rebuild(state)
    state.apply({"type": "build_road", "end": "right"})
    state.apply({"type": "build_settlement", "end": "right"})
    state.apply({"type": "play_card", "card": scout})
    assert state.observation(0)["search"]["stack"] == "region"
    assert "search" not in state.observation(1)
    state.apply({"type": "take_card", "card": "region_gold_2"})
    state.apply({"type": "take_card", "card": "region_ore_6"})
    state.apply({"type": "place_region", "card": "region_gold_2", "side": -1})
    assert state.domains[0].regions[(5, -1)] == ["region_gold_2", 0]
    assert state.domains[0].regions[(5, 1)] == ["region_ore_6", 0]
    assert state.current_player() == CHANCE and state.chance_kind() == "deck:regions"
    assert len(state.chance_outcomes()) == 9
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[-1][0])
    assert len(state.stacks["region"]) == 9 and state.phase == "main"


def test_cg_act_04_05_several_cards_in_any_order_after_the_roll() -> None:
    """CG-ACT-04, CG-ACT-05: several action cards may be played in one turn, after the roll, each
    taking effect at once."""
    state, (spy1, spy2), _ = armed("spy", "spy", opp=("abbey", "sawmill"))
    state = at_roll(state)
    assert state.current_player() == CHANCE  # nothing to play before the dice but the Alchemist
    roll(state, "tournament", 6)
    state.apply({"type": "play_card", "card": spy1})
    state.apply({"type": "take_card", "card": state.legal_actions()[0]["card"]})
    state.apply({"type": "play_card", "card": spy2})
    state.apply({"type": "take_card", "card": state.legal_actions()[0]["card"]})
    assert sorted(types(state.domains[0].hand)) == ["abbey", "sawmill"]
    assert state.domains[1].hand == []


def test_cg_card_alchemist_01_02_03_choose_production_before_rolling() -> None:
    """CG-CARD-ALCHEMIST-01, CG-CARD-ALCHEMIST-02, CG-CARD-ALCHEMIST-03: before the roll the
    player sets the production number (for both players); the event die is still rolled; the VP
    lock applies."""

    def turn_start(vp3: bool):
        state = main_phase()
        alchemist = to_hand(state, 0, "alchemist")[0]
        if vp3:
            with_vp_3(state)
        state.tasks = [{"t": "begin_turn"}]
        state = rebuild(state)
        state._advance()
        return state, alchemist

    state, _ = turn_start(vp3=False)
    assert state.current_player() == CHANCE  # 2 VP each: locked, the dice are rolled at once
    state, alchemist = turn_start(vp3=True)
    assert state.legal_actions() == [
        {"type": "roll_dice"},
        {"type": "play_card", "card": alchemist},
    ]
    state.apply({"type": "play_card", "card": alchemist})
    assert state.legal_actions() == [{"type": "choose_number", "number": n} for n in range(1, 7)]
    state.apply({"type": "choose_number", "number": 4})
    assert state.events[-1] == {"type": "alchemist", "visible_to": "all", "seat": 0, "number": 4}
    outcomes = state.chance_outcomes()
    assert {o["production"] for o, _p in outcomes} == {4} and len(outcomes) == 5
    before_b = state.domains[1].regions[POS["wool"]][1]  # seat 1's Pasture(4)
    state.apply({"type": "roll", "event": "tournament", "production": 4})
    assert state.domains[1].regions[POS["wool"]][1] == before_b + 1


def attack(state, card, defend=None, target=None, roll_value=1):
    state.apply({"type": "play_card", "card": card})
    if state.current_player() == 1 and state.tasks[0]["t"] == "defend":
        state.apply(defend or {"type": "no_defence"})
    if target is not None:
        state.apply(target)
    assert state.chance_kind() == "attack"
    # CG-ACT-09: the attacker's die, 1..6 alike
    assert state.chance_outcomes() == [
        ({"type": "attack_roll", "roll": n}, 1 / 6) for n in (1, 2, 3, 4, 5, 6)
    ]
    state.apply({"type": "attack_roll", "roll": roll_value})


def test_cg_card_robbers_01_02_03_steal_up_to_two() -> None:
    """CG-CARD-ROBBERS-01, CG-CARD-ROBBERS-02, CG-CARD-ROBBERS-03, CG-ACT-09: on 1–5 the thief
    takes up to 2 units of his choice (types may differ, room needed); only 1 if 1 is there."""
    state, (robbers,), _ = armed("brigands")
    for region in state.domains[1].regions.values():
        region[1] = 0
    set_units(state, 1, ore=2, wool=1)
    state = rebuild(state)
    attack(state, robbers, roll_value=5)
    state.apply(region_action("steal", "ore"))
    state.apply(region_action("steal", "wool"))
    assert units(state, 0, "ore") == 2 and units(state, 0, "wool") == 2
    assert units(state, 1, "ore") == 1 and units(state, 1, "wool") == 0
    assert not state.tasks
    state, (robbers,), _ = armed("brigands")
    for region in state.domains[1].regions.values():
        region[1] = 0
    set_units(state, 1, grain=1)
    state = rebuild(state)
    attack(state, robbers, roll_value=2)
    state.apply(region_action("steal", "grain"))
    assert not state.tasks and units(state, 1, "grain") == 0


def test_cg_card_robbers_01_bishop_defends_against_robbers() -> None:
    """CG-CARD-ROBBERS-01: the Robbers' defence card is the Bishop (not the Herbalist)."""
    state, (robbers,), (bishop, herb) = armed("brigands", opp=("bishop", "herb_woman"))
    state.apply({"type": "play_card", "card": robbers})
    assert state.current_player() == 1
    assert state.legal_actions() == [{"type": "no_defence"}, {"type": "play_card", "card": bishop}]
    state.apply({"type": "play_card", "card": bishop})
    state.apply({"type": "attack_roll", "roll": 3})
    assert state.tasks[0]["t"] == "steal" and state.tasks[0]["seat"] == 1  # rebound
    assert herb in state.domains[1].hand


def test_cg_act_09_attack_backfires_on_a_six() -> None:
    """CG-ACT-09: without defence an attack rebounds only on a 6 (Robbers: the victim steals)."""
    state, (robbers,), _ = armed("brigands")
    attack(state, robbers, roll_value=6)
    assert state.current_player() == 1 and state.tasks[0]["t"] == "steal"
    assert state.tasks[0]["victim"] == 0


def test_cg_card_bishop_01_02_defence_before_the_roll() -> None:
    """CG-CARD-BISHOP-01, CG-CARD-BISHOP-02, CG-ACT-07: the opponent may play the Bishop in the
    attacker's turn before the roll; then 3–6 rebounds and only 1–2 succeeds."""
    state, (arsonist,), (bishop,) = armed("arsonist", opp=("bishop",))
    lay(state, 1, 0, 1, "sawmill")
    lay(state, 0, 0, 1, "abbey")
    state = rebuild(state)
    state.apply({"type": "play_card", "card": arsonist})
    assert state.current_player() == 1
    assert state.legal_actions() == [{"type": "no_defence"}, {"type": "play_card", "card": bishop}]
    state.apply({"type": "play_card", "card": bishop})
    assert bishop in state.removed
    state.apply({"type": "choose_target", "col": 0, "row": 1})
    state.apply({"type": "attack_roll", "roll": 3})
    # rebound: the attacker loses one of his own buildings, chosen by himself
    assert state.current_player() == 0
    state.apply({"type": "choose_target", "col": 0, "row": 1})
    assert types(state.domains[0].hand) == ["abbey"]
    assert types(list(state.domains[1].slots.values())) == ["sawmill"]


def test_cg_card_bishop_03_arsonist_03_destroyed_building_returns_to_hand_within_limit() -> None:
    """CG-CARD-BISHOP-03, CG-CARD-ARSONIST-01, CG-CARD-ARSONIST-03, CG-ACT-08: a destroyed building
    goes back to its owner's hand; over the limit he puts a card under a development stack."""
    state, (arsonist,), _ = armed("arsonist", opp=("spy", "spy", "spy"))
    mill = lay(state, 1, 0, 1, "sawmill")
    state = rebuild(state)
    attack(state, arsonist, target={"type": "choose_target", "col": 0, "row": 1}, roll_value=5)
    assert mill in state.domains[1].hand and (0, 1) not in state.domains[1].slots
    assert state.current_player() == 1 and state.tasks[0]["t"] == "discard"
    state.apply({"type": "put_under", "card": mill, "stack": "dev3"})
    assert state.stacks["dev3"][0] == mill and len(state.domains[1].hand) == 3


def test_cg_card_arsonist_02_04_no_own_buildings_and_units_are_safe() -> None:
    """CG-CARD-ARSONIST-02, CG-CARD-ARSONIST-04: the Arsonist may be played without own buildings
    (a 6 then does nothing); knights and fleets are not buildings."""
    state, (arsonist,), _ = armed("arsonist")
    lay(state, 1, 0, 1, "knight_hagen")
    lay(state, 1, 2, 1, "fleet_ore")
    state = rebuild(state)
    state.apply({"type": "play_card", "card": arsonist})
    assert state.current_player() == CHANCE  # no building to target: straight to the roll
    state.apply({"type": "attack_roll", "roll": 6})
    assert not state.tasks and len(state.domains[1].slots) == 2


def test_cg_card_herbalist_01_02_blackknight_01_expel_a_knight() -> None:
    """CG-CARD-BLACKKNIGHT-01, CG-CARD-HERBALIST-01, CG-CARD-HERBALIST-02: the Black Knight
    expels a knight to its owner's hand; the Herbalist defends (then 1–2 still succeeds)."""
    state, (black,), (herb,) = armed("black_knight", opp=("herb_woman",))
    knight = lay(state, 1, 0, 1, "knight_karl")
    state = rebuild(state)
    assert state.tokens["knight"] == 1
    attack(
        state,
        black,
        defend={"type": "play_card", "card": herb},
        target={"type": "choose_target", "col": 0, "row": 1},
        roll_value=2,
    )
    assert state.domains[1].hand == [knight]
    assert state.tokens["knight"] is None


def test_cg_card_herbalist_02_expelled_knight_counts_against_the_limit() -> None:
    """CG-CARD-HERBALIST-02: an expelled knight back in hand counts against the hand limit."""
    state, (black,), hand = armed("black_knight", opp=("spy", "scout", "caravan"))
    knight = lay(state, 1, 0, 1, "knight_karl")
    state = rebuild(state)
    attack(state, black, target={"type": "choose_target", "col": 0, "row": 1}, roll_value=4)
    assert state.current_player() == 1 and state.tasks[0]["t"] == "discard"
    state.apply({"type": "put_under", "card": knight, "stack": "dev0"})
    assert state.domains[1].hand == hand and state.stacks["dev0"][0] == knight


def test_cg_card_blackknight_02_played_without_own_knights() -> None:
    """CG-CARD-BLACKKNIGHT-02: without own knights a 6 does nothing."""
    state, (black,), _ = armed("black_knight")
    lay(state, 1, 0, 1, "knight_karl")
    state = rebuild(state)
    attack(state, black, target={"type": "choose_target", "col": 0, "row": 1}, roll_value=6)
    assert not state.tasks and len(state.domains[1].slots) == 1


def test_defence_is_locked_below_3_vp() -> None:
    """CG-ACT-07 with A-CG-21: Bishop and Herbalist obey the VP lock like other action cards."""
    state, (arsonist,), _ = armed("arsonist", opp=("bishop",))
    assert state.actions_allowed()
    state.apply({"type": "play_card", "card": arsonist})
    assert state.tasks[0]["t"] == "defend"


def test_cg_card_caravan_01_02_two_units_for_two_of_choice() -> None:
    """CG-CARD-CARAVAN-01, CG-CARD-CARAVAN-02: Forest 3 -> 1, one Mountains and one Fields gain."""
    state, (caravan,), _ = armed("caravan")
    set_units(state, 0, lumber=3)
    state = rebuild(state)
    state.apply({"type": "play_card", "card": caravan})
    state.apply(region_action("pay", "lumber"))
    state.apply(region_action("pay", "lumber"))
    state.apply(region_action("gain", "ore"))
    state.apply(region_action("gain", "grain"))
    assert units(state, 0, "lumber") == 1
    assert units(state, 0, "ore") == 2 and units(state, 0, "grain") == 2


def test_cg_card_merchant_01_02_take_one_or_two_then_give_one() -> None:
    """CG-CARD-MERCHANT-01, CG-CARD-MERCHANT-02: take 1–2 units the player can store, then give 1
    the opponent can store (room for one is enough); a full Forest cannot take lumber."""
    state, (merchant,), _ = armed("merchant")
    set_units(state, 0, lumber=3)
    set_units(state, 1, gold=2)  # room for one more
    state = rebuild(state)
    state.apply({"type": "play_card", "card": merchant})
    legal = state.legal_actions()
    assert region_action("steal", "lumber") not in legal
    assert {"type": "stop"} not in legal  # at least one unit is taken
    state.apply(region_action("steal", "ore"))
    state.apply({"type": "stop"})
    assert state.tasks[0]["t"] == "give"
    assert region_action("give", "gold") in state.legal_actions()
    state.apply(region_action("give", "gold"))
    assert units(state, 0, "ore") == 2 and units(state, 1, "ore") == 0
    assert units(state, 0, "gold") == 0 and units(state, 1, "gold") == 3
    given = [e for e in state.events if e["type"] == "give"]
    assert given == [
        {"type": "give", "visible_to": "all", "giver": 0, "receiver": 1, "resource": "gold"}
    ]


def test_cg_card_spy_01_02_take_a_card_and_spy_again() -> None:
    """CG-CARD-SPY-01, CG-CARD-SPY-02: the opponent's hand is shown; the player takes a card and
    may play it at once, even the opponent's Spy."""
    state, (spy,), (their_spy, abbey) = armed("spy", opp=("spy", "abbey"))
    state.apply({"type": "play_card", "card": spy})
    assert state.observation(0)["opponent_hand"] == [their_spy, abbey]
    assert "opponent_hand" not in state.observation(1)
    state.apply({"type": "take_card", "card": their_spy})
    state.apply({"type": "play_card", "card": their_spy})
    state.apply({"type": "take_card", "card": abbey})
    assert state.domains[0].hand == [abbey] and state.domains[1].hand == []
    # the card taken is told to the two players only, not to spectators (hidden information)
    taken = [e for e in state.events if e["type"] == "spy_take"]
    assert taken == [
        {"type": "spy_take", "visible_to": [0, 1], "seat": 0, "card": card}
        for card in (their_spy, abbey)
    ]


def test_spy_option_unit_or_action_only() -> None:
    """CG-CARD-SPY-01 with the option: only a unit (knight or fleet) or action card may be
    taken."""
    state, (spy,), (abbey, knight, fleet, merchant) = armed(
        "spy",
        opp=("abbey", "knight_hagen", "fleet_ore", "merchant"),
        options={"spy_takes": "unit_or_action"},
    )
    state.apply({"type": "play_card", "card": spy})
    assert state.legal_actions() == [
        {"type": "take_card", "card": card} for card in (knight, fleet, merchant)
    ]
    assert CARDS[abbey].role == "building"


def test_cg_card_merchant_02_not_playable_without_a_resource_to_exchange() -> None:
    """CG-CARD-MERCHANT-02: both players must have resources to exchange, so a player holding no
    resource at all cannot play the Merchant (take 2 and give one of them back); one unit of
    his own, gold included, is enough."""
    state, (merchant,), _ = armed("merchant")
    empty_all(state, 0)
    state = rebuild(state)
    assert state.domains[1].units() > 0
    play = {"type": "play_card", "card": merchant}
    assert play not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(play)
    set_units(state, 0, gold=1)
    state = rebuild(state)
    assert play in state.legal_actions()


@pytest.mark.parametrize("stack_size", [2, 3, 4])
def test_cg_card_scout_01_the_rest_of_the_stack_is_shuffled_when_two_or_more_are_left(
    stack_size: int,
) -> None:
    """CG-CARD-SCOUT-01: after the search the cards left in the region stack are shuffled: two
    or more (the searcher saw their order); one card or none has no order to hide, so no
    shuffle and no chance node."""
    state = main_phase()
    scout = to_hand(state, 0, "scout")[0]
    set_units(state, 0, grain=3, ore=3, wool=3, lumber=3, brick=3)
    stack = state.stacks["region"]
    kept = ["region_gold_2", "region_ore_6"]
    rest = [c for c in stack if c not in kept][: stack_size - 2]
    state.removed.extend(c for c in stack if c not in kept + rest)
    stack[:] = rest + kept
    state = rebuild(state)
    state.apply({"type": "build_road", "end": "right"})
    state.apply({"type": "build_settlement", "end": "right"})
    before = len(state.events)
    state.apply({"type": "play_card", "card": scout})
    state.apply({"type": "take_card", "card": "region_gold_2"})
    state.apply({"type": "take_card", "card": "region_ore_6"})
    state.apply({"type": "place_region", "card": "region_gold_2", "side": -1})
    assert state.domains[0].regions[(5, 1)] == ["region_ore_6", 0]
    shuffled = [e for e in state.events[before:] if e["type"] == "shuffle"]
    if stack_size - 2 >= 2:
        assert state.current_player() == CHANCE and state.chance_kind() == "deck:regions"
        assert len(state.chance_outcomes()) == stack_size - 2 and len(shuffled) == 1
        while state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[-1][0])
    else:
        assert state.current_player() != CHANCE and not shuffled
    assert sorted(state.stacks["region"]) == sorted(rest) and state.phase == "main"
