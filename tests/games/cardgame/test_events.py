"""Event cards (blue), drawn on the event-die question mark."""

from __future__ import annotations

from games.cardgame.cards import CARDS
from games.common.api import CHANCE
from tests.games.cardgame.positions import (
    at_roll,
    find_card,
    free,
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


def draw_event(state, event_type: str, production: int = 6):
    """Put ``event_type`` on top of the event stack and roll the question mark."""
    stack = state.stacks["event"]
    card = next(c for c in stack if CARDS[c].type == event_type)
    stack.remove(card)
    stack.append(card)
    state = at_roll(state)
    roll(state, "event", production)
    return state, card


def test_cg_ev_card_01_event_card_goes_under_the_stack() -> None:
    """CG-EV-CARD-01: the top event card is carried out by both players and goes under the stack."""
    state, card = draw_event(main_phase(), "ev_productive_year")
    assert state.stacks["event"][0] == card and len(state.stacks["event"]) == 10


def test_cg_card_yearend_01_shuffles_the_event_stack() -> None:
    """CG-CARD-YEAREND-01: Year end reshuffles the whole event stack (chance nodes) only."""
    state, _ = draw_event(main_phase(), "ev_year_end")
    assert state.current_player() == CHANCE and state.chance_kind() == "deck:events"
    assert len(state.chance_outcomes()) == 10
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    assert len(state.stacks["event"]) == 10 and state.phase == "main" and not state.tasks


def test_cg_card_builder_01_02_each_swaps_a_card_from_different_stacks() -> None:
    """CG-CARD-BUILDER-01, CG-CARD-BUILDER-02: each player may put a hand card under a stack and
    take a chosen card from a searched stack, the opponent from another stack; order kept; the
    card may be played this turn."""
    state = main_phase()
    with_vp_3(state)
    mine = to_hand(state, 0, "abbey")[0]
    theirs = to_hand(state, 1, "sawmill")[0]
    spy = free(state, "spy")
    find_card(state, spy).remove(spy)
    state.stacks["dev1"].insert(5, spy)
    state, _ = draw_event(state, "ev_master_builder")
    assert state.current_player() == 0
    assert {"type": "builder_skip"} in state.legal_actions()
    state.apply({"type": "builder_return", "card": mine, "stack": "dev0"})
    state.apply({"type": "choose_stack", "stack": "dev1"})
    before = list(state.stacks["dev1"])
    wanted = spy
    state.apply({"type": "take_card", "card": wanted})
    assert state.stacks["dev1"] == [c for c in before if c != wanted]
    assert state.current_player() == 1
    state.apply({"type": "builder_return", "card": theirs, "stack": "dev4"})
    assert {"type": "choose_stack", "stack": "dev1"} not in state.legal_actions()
    state.apply({"type": "choose_stack", "stack": "dev2"})
    state.apply(state.legal_actions()[0])
    assert state.domains[0].hand == [wanted] and state.phase == "main"
    assert {"type": "play_card", "card": spy} in state.legal_actions()  # playable this turn


def test_cg_card_invention_01_02_one_unit_per_abbey_and_library() -> None:
    """CG-CARD-INVENTION-01, CG-CARD-INVENTION-02: 2 Abbeys and 1 Library give 3 units of choice."""
    state = main_phase()
    make_city(state, 0, 2)
    lay(state, 0, 0, 1, "abbey")
    lay(state, 0, 2, 1, "abbey")
    lay(state, 0, 2, 2, "library")
    state, _ = draw_event(state, "ev_progress", production=1)
    for resource in ("ore", "wool", "lumber"):
        assert state.current_player() == 0
        state.apply(region_action("gain", resource))
    assert (units(state, 0, "ore"), units(state, 0, "wool"), units(state, 0, "lumber")) == (2, 2, 2)
    assert not state.tasks  # seat 1 has neither


def test_cg_card_duel_01_no_knight_token_no_effect() -> None:
    """CG-CARD-DUEL-01: without a Knight-token holder the Duel does nothing."""
    state = main_phase()
    to_hand(state, 1, "abbey", "spy")
    state, _ = draw_event(state, "ev_conflict")
    assert not state.tasks and len(state.domains[1].hand) == 2


def test_cg_card_duel_02_03_holder_puts_two_of_the_victims_cards_under() -> None:
    """CG-CARD-DUEL-02, CG-CARD-DUEL-03: the holder sees the victim's hand and puts 2 cards of his
    choice under development stacks; the victim refills at his normal refill (A-CG-16)."""
    state = main_phase()
    lay(state, 1, 0, 1, "knight_hagen")
    hand = to_hand(state, 0, "abbey", "spy", "sawmill")
    state, _ = draw_event(state, "ev_conflict")
    assert state.current_player() == 1
    assert state.observation(1)["opponent_hand"] == hand
    state.apply({"type": "put_under", "card": hand[1], "stack": "dev2"})
    state.apply({"type": "put_under", "card": hand[2], "stack": "dev0"})
    assert state.domains[0].hand == [hand[0]] and state.stacks["dev2"][0] == hand[1]
    state.apply({"type": "end_actions"})
    assert {a["type"] for a in state.legal_actions()} == {"draw_free", "draw_paid"}


def test_cg_card_riot_01_02_03_each_returns_a_unit_active_first() -> None:
    """CG-CARD-RIOT-01, CG-CARD-RIOT-02, CG-CARD-RIOT-03: each player returns a knight or fleet of
    his choice, active player first; a player without units is skipped; hand limit applies."""
    state = main_phase()
    lay(state, 0, 0, 1, "knight_hagen")
    fleet = lay(state, 0, 2, 1, "fleet_ore")
    to_hand(state, 0, "abbey", "spy", "bishop")
    state, _ = draw_event(state, "ev_civil_war")
    assert state.current_player() == 0
    assert state.legal_actions() == [
        {"type": "choose_target", "col": 0, "row": 1},
        {"type": "choose_target", "col": 2, "row": 1},
    ]
    state.apply({"type": "choose_target", "col": 2, "row": 1})
    assert fleet in state.domains[0].hand
    assert state.tasks[0]["t"] == "discard" and state.current_player() == 0  # seat 1 skipped
    state.apply({"type": "put_under", "card": fleet, "stack": "dev1"})
    assert not state.tasks


def test_civil_war_option_opponent_chooses() -> None:
    """CG-CARD-RIOT-01 with the option: the opponent chooses which unit returns."""
    state = main_phase(options={"civil_war_chooser": "opponent"})
    lay(state, 0, 0, 1, "knight_hagen")
    state, _ = draw_event(state, "ev_civil_war")
    assert state.current_player() == 1 and state.tasks[0]["victim"] == 0


def test_cg_card_riot_04_card_church_01_units_in_a_church_city_are_safe() -> None:
    """CG-CARD-RIOT-04, CG-CARD-CHURCH-01: knights and fleets in a city with a Church are immune."""
    state = main_phase()
    make_city(state, 0, 0)
    lay(state, 0, 0, 1, "church")
    lay(state, 0, 0, -1, "knight_hagen")
    lay(state, 0, 2, 1, "fleet_ore")
    state, _ = draw_event(state, "ev_civil_war")
    assert state.legal_actions() == [{"type": "choose_target", "col": 2, "row": 1}]
    # city 2, settlement 1, Church 1, Knight token 1 (Hagen), Windmill token 1 (the fleet)
    assert state.vp(0) == 6 and state.domains[0].base_vp() == 4


def test_cg_card_fruitful_01_02_card_fort_forts_add_units_capped() -> None:
    """CG-CARD-FRUITFUL-01, CG-CARD-FRUITFUL-02: each region gains 1 per adjacent Fort, 2 with two
    Forts, never above 3."""
    state = main_phase()
    lay(state, 0, 0, 1, "garrison")  # above settlement 0: Fields (-1) and Mountains (1)
    lay(state, 0, 2, 1, "garrison")  # above settlement 2: Mountains (1) and Pasture (3)
    set_units(state, 0, wool=3)
    state, _ = draw_event(state, "ev_productive_year", production=6)
    assert units(state, 0, "grain") == 2
    assert units(state, 0, "ore") == 3  # two Forts: +2
    assert units(state, 0, "wool") == 3  # already full
    assert units(state, 0, "lumber") == 1  # below: no Fort


def test_cg_card_plague_01_02_04_regions_around_cities_lose_one() -> None:
    """CG-CARD-PLAGUE-01, CG-CARD-PLAGUE-02, CG-CARD-PLAGUE-04: each region beside a city loses 1
    (once even between two cities); regions beside settlements only are safe."""
    state = main_phase()
    make_city(state, 0, 0)
    make_city(state, 0, 2)
    make_city(state, 1, 0)
    set_units(state, 0, ore=3)
    set_units(state, 1, wool=2)
    state, _ = draw_event(state, "ev_plague", production=6)
    assert units(state, 0, "ore") == 2  # between two cities: only 1 lost
    assert units(state, 0, "grain") == 0 and units(state, 0, "wool") == 0
    assert units(state, 1, "grain") == 0 and units(state, 1, "ore") == 0
    assert units(state, 1, "wool") == 2  # only beside seat 1's settlement


def test_cg_card_plague_03_baths_01_02_aqueduct_01_protection() -> None:
    """CG-CARD-PLAGUE-03, CG-CARD-BATHS-01, CG-CARD-BATHS-02, CG-CARD-AQUEDUCT-01: Baths protect
    the 4 regions of their city (also a region shared with another city); an Aqueduct protects
    the whole domain."""
    state = main_phase()
    make_city(state, 0, 0)
    make_city(state, 0, 2)
    lay(state, 0, 0, 1, "bath_house")
    make_city(state, 1, 0)
    lay(state, 1, 0, 1, "aqueduct")
    state = rebuild(state)
    assert state.vp(0) == 4 + 1 and state.vp(1) == 3 + 1  # Baths and Aqueduct: 1 VP each
    state, _ = draw_event(state, "ev_plague", production=6)
    assert units(state, 0, "grain") == 1 and units(state, 0, "ore") == 1  # Baths' city
    assert units(state, 0, "brick") == 1  # shared with the Baths city
    # Pasture and Gold field touch only the other city: each loses 1 (Gold(6) then produces 1)
    assert units(state, 0, "wool") == 0 and units(state, 0, "gold") == 1
    assert units(state, 1, "grain") == 1 and units(state, 1, "ore") == 1


def test_cg_ev_card_02_event_excess_goes_under_a_stack() -> None:
    """CG-EV-CARD-02, CG-HAND-08: an event that overfills a hand makes its owner discard at once."""
    state = main_phase()
    lay(state, 1, 0, 1, "knight_hagen")
    to_hand(state, 1, "abbey", "spy", "bishop")
    state, _ = draw_event(state, "ev_civil_war")
    assert state.current_player() == 1
    state.apply({"type": "choose_target", "col": 0, "row": 1})
    assert state.current_player() == 1 and state.tasks[0]["t"] == "discard"
    assert len(state.legal_actions()) == 4 * 5
    state.apply({"type": "put_under", "card": state.domains[1].hand[0], "stack": "dev4"})
    assert len(state.domains[1].hand) == 3 and types(state.domains[1].hand)[-1] == "knight_hagen"
