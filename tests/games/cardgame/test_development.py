"""Development cards' lasting effects, the Knight and Windmill tokens, and victory."""

from __future__ import annotations

from games.cardgame.cards import CARDS
from games.common.api import TERMINAL
from tests.games.cardgame.positions import (
    at_roll,
    lay,
    main_phase,
    make_city,
    rebuild,
    roll,
    set_units,
    to_hand,
    units,
)


def test_cg_card_abbey_01_02_library_01_hand_limit_and_extra_draws() -> None:
    """CG-CARD-ABBEY-01, CG-CARD-ABBEY-02, CG-CARD-LIBRARY-01: each Abbey and Library raises the
    limit by 1 and allows 1 more end-of-turn draw; the bonuses add up."""
    state = main_phase()
    make_city(state, 0, 2)
    lay(state, 0, 0, 1, "abbey")
    state = rebuild(state)
    assert state.domains[0].hand_limit() == 4
    lay(state, 0, 2, 1, "library")
    state = rebuild(state)
    assert state.domains[0].hand_limit() == 5
    state.apply({"type": "end_actions"})
    for _ in range(5):
        state.apply({"type": "draw_free", "stack": "dev0"})
    assert len(state.domains[0].hand) == 5
    assert state.legal_actions() == [{"type": "end_turn"}]


def test_a_cg_20_abbey_built_this_turn_counts_at_the_refill() -> None:
    """CG-CARD-ABBEY-01 with A-CG-20: an Abbey built this turn already allows the extra draw."""
    state = main_phase()
    abbey = to_hand(state, 0, "abbey")[0]
    set_units(state, 0, lumber=1, ore=1, brick=1)
    state = rebuild(state)
    state.apply({"type": "build", "card": abbey})
    state.apply({"type": "choose_slot", "col": 0, "row": 1})
    state.apply({"type": "end_actions"})
    for _ in range(4):
        state.apply({"type": "draw_free", "stack": "dev1"})
    assert len(state.domains[0].hand) == 4


def test_cg_card_abbey_03_library_02_losing_one_discards_the_excess() -> None:
    """CG-CARD-ABBEY-03, CG-CARD-LIBRARY-02: losing an Abbey or Library makes the owner put the
    card over the new limit under a development stack at once."""
    for building, city in (("abbey", False), ("library", True)):
        state = main_phase()
        if city:
            make_city(state, 1, 0)
        lay(state, 1, 0, 1, building)
        to_hand(state, 1, "spy", "scout", "caravan", "merchant")
        make_city(state, 0, 0)
        if not city:
            make_city(state, 1, 0)
        arsonist = to_hand(state, 0, "arsonist")[0]
        state = rebuild(state)
        state.apply({"type": "play_card", "card": arsonist})
        state.apply({"type": "choose_target", "col": 0, "row": 1})
        state.apply({"type": "attack_roll", "roll": 1})
        assert state.current_player() == 1 and state.tasks[0]["t"] == "discard"
        state.apply(state.legal_actions()[0])
        state.apply(state.legal_actions()[0])
        assert len(state.domains[1].hand) == 3 and not state.tasks


def test_cg_card_smithy_01_02_tok_01_smithy_adds_strength_not_tournament() -> None:
    """CG-CARD-SMITHY-01, CG-CARD-SMITHY-02, CG-TOK-01: a Smithy gives each knight +1 strength
    (2 + 3 -> 7), which decides the Knight token (1 VP), not tournament points."""
    state = main_phase()
    lay(state, 0, 0, 1, "knight_conrad")  # strength 2, tournament 1
    lay(state, 0, 2, 1, "knight_walter")  # strength 3, tournament 1
    lay(state, 1, 0, 1, "knight_gotz")  # strength 5, tournament 2
    state = rebuild(state)
    assert state.tokens["knight"] is None and state.domains[0].strength() == 5
    lay(state, 0, 0, -1, "smithy")
    state = rebuild(state)
    assert state.domains[0].strength() == 7 and state.domains[0].tournament() == 2
    assert state.tokens["knight"] == 0 and state.vp(0) == 3


def test_cg_card_prodbldg_01_02_03_doubling_only_from_the_die_and_capped() -> None:
    """CG-CARD-PRODBLDG-01, CG-CARD-PRODBLDG-02, CG-CARD-PRODBLDG-03: a Mill doubles adjacent
    Fields on the production die only, capped at 3."""
    state = main_phase()
    lay(state, 0, 0, 1, "grain_mill")
    state = at_roll(state)
    roll(state, "tournament", 1)
    assert units(state, 0, "grain") == 3  # 1 + 2
    set_units(state, 0, grain=2)
    state = at_roll(state)
    roll(state, "tournament", 1)
    assert units(state, 0, "grain") == 3  # capped
    set_units(state, 0, grain=0)
    state = at_roll(state)
    roll(state, "plenty", 6)
    state.apply({"type": "gain", "col": -1, "side": 1})
    assert units(state, 0, "grain") == 1  # the sun is not doubled


def test_cg_card_fort_01_02_fort_protects_from_the_count_not_the_loss() -> None:
    """CG-CARD-FORT-01, CG-CARD-FORT-02, CG-COMP-05: units beside a Fort (a protective card) are
    not counted by the brigands, but
    over 7 the player still loses all wool and ore, protected ones included."""
    state = main_phase()
    lay(state, 0, 2, 1, "garrison")  # protects Mountains (1, up) and Pasture (3, up)
    set_units(state, 0, ore=3, wool=3, grain=3, gold=3)  # unprotected: 3+1+1+3 = 8
    set_units(state, 1, ore=3, wool=3, grain=3)
    lay(state, 1, 2, 1, "garrison")  # unprotected: 3 + 1 + 1 + 1 = 6
    state = at_roll(state)
    roll(state, "brigands", 6)
    assert units(state, 0, "ore") == 0 and units(state, 0, "wool") == 0
    assert units(state, 1, "ore") == 3 and units(state, 1, "wool") == 3


def test_cg_card_harbor_01_one_symbol_per_fleet() -> None:
    """CG-CARD-HARBOR-01: the Harbor adds a trade symbol per fleet (3 fleets: 3 more)."""
    state = main_phase()
    make_city(state, 0, 0)
    lay(state, 0, 0, 1, "fleet_ore")
    lay(state, 0, 0, -1, "fleet_wool")
    lay(state, 0, 2, 1, "fleet_grain")
    state = rebuild(state)
    before = state.domains[0].trade()
    assert before == 3
    lay(state, 0, 0, 2, "harbor")
    state = rebuild(state)
    assert state.domains[0].trade() - before - CARDS["harbor"].trade == 3


def test_cg_card_townhall_01_02_paid_draw_costs_one() -> None:
    """CG-CARD-TOWNHALL-01, CG-CARD-TOWNHALL-02: a Town Hall (1 VP) makes a paid draw cost 1
    resource; two Town Halls still cost 1."""
    state = main_phase()
    make_city(state, 0, 0)
    lay(state, 0, 0, 1, "town_hall")
    for region in state.domains[0].regions.values():
        region[1] = 0
    set_units(state, 0, ore=1)
    state = rebuild(state)
    assert state.vp(0) == 4
    state.apply({"type": "end_actions"})
    state.apply({"type": "draw_paid", "stack": "dev2"})
    assert state.tasks[0]["t"] == "search"  # the single unit was paid, the search follows
    assert units(state, 0, "ore") == 0
    lay(state, 0, 0, 2, "town_hall")
    from games.cardgame.turn import draw_cost

    assert draw_cost(rebuild(state), 0) == 1


def test_cg_tok_02_windmill_needs_a_city_and_strictly_more_symbols() -> None:
    """CG-TOK-02: the Windmill token (1 VP) goes to a player with a city and strictly more trade
    symbols; without a city nobody holds it (A-CG-23)."""
    state = main_phase()
    lay(state, 0, 0, 1, "fleet_ore")
    state = rebuild(state)
    assert state.tokens["windmill"] is None  # more symbols but no city
    make_city(state, 0, 2)
    state = rebuild(state)
    assert state.tokens["windmill"] == 0 and state.vp(0) == 4


def test_cg_tok_03_04_05_tokens_follow_the_lead_and_ties_return_them() -> None:
    """CG-TOK-03, CG-TOK-04, CG-TOK-05: tokens change hands with the totals, a tie puts the token
    out of play, and a tie for one token leaves the other alone."""
    state = main_phase()
    make_city(state, 0, 0)
    lay(state, 0, 0, 1, "knight_hagen")  # strength 1
    lay(state, 0, 0, -1, "fleet_ore")
    state = rebuild(state)
    assert state.tokens == {"knight": 0, "windmill": 0}
    lay(state, 1, 0, 1, "knight_siegfried")  # strength 1: a tie
    state = rebuild(state)
    assert state.tokens == {"knight": None, "windmill": 0}
    lay(state, 1, 2, 1, "knight_karl")
    state = rebuild(state)
    assert state.tokens == {"knight": 1, "windmill": 0}
    assert state.vp(1) == 3 and state.vp(0) == 4


def test_cg_win_01_02_twelve_vp_in_own_turn_wins() -> None:
    """CG-WIN-01, CG-WIN-02: reaching 12 VP (settlements, cities, tokens, red-card VP) in one's own
    turn ends the game at once."""
    state = main_phase()
    for col in (0, 2):
        make_city(state, 0, col)
    lay(state, 0, 0, 1, "colossus")  # 2
    lay(state, 0, 0, -1, "church")
    lay(state, 0, 2, 1, "aqueduct")
    lay(state, 0, 2, -1, "bath_house")
    lay(state, 0, 0, 2, "town_hall")
    lay(state, 0, 2, 2, "knight_hagen")  # Knight token
    state = rebuild(state)
    assert state.vp(0) == 4 + 2 + 4 + 1 == 11
    card = to_hand(state, 0, "library")[0]
    set_units(state, 0, lumber=2, ore=2, brick=1)
    state.domains[0].regions[(1, -1)][1] = 1
    state = rebuild(state)
    state.apply({"type": "build", "card": card})
    state.apply({"type": "choose_slot", "col": 0, "row": -2})
    assert state.current_player() == TERMINAL
    assert state.result() == {"ranking": [0, 1], "scores": [12, 2], "reason": "victory"}


def test_a_cg_13_twelve_in_the_opponents_turn_wins_at_own_turn_start() -> None:
    """CG-WIN-01 with A-CG-13: 12 VP reached in the opponent's turn wins when one's turn begins."""
    state = main_phase()
    for col in (0, 2):
        make_city(state, 1, col)
    lay(state, 1, 0, 1, "colossus")
    lay(state, 1, 0, -1, "church")
    lay(state, 1, 2, 1, "aqueduct")
    lay(state, 1, 2, -1, "bath_house")
    lay(state, 1, 0, 2, "town_hall")
    lay(state, 1, 2, 2, "library")
    lay(state, 1, 2, -2, "knight_hagen")
    state = rebuild(state)
    assert state.vp(1) == 12 and state.active == 0
    state.apply({"type": "end_actions"})
    assert not state.is_terminal()
    while state.active == 0:
        legal = state.legal_actions()
        state.apply({"type": "end_turn"} if {"type": "end_turn"} in legal else legal[0])
    assert state.is_terminal() and state.turn == 6  # the turn began and ended before any roll
    assert state.result() == {"ranking": [1, 0], "scores": [2, 12], "reason": "victory"}
    assert state.tasks == [] and state.legal_actions() == []
    assert state.events[-1] == {
        "type": "game_over",
        "visible_to": "all",
        "reason": "victory",
        "winner": 1,
        "scores": [2, 12],
    }


def test_cg_win_03_lower_target_option() -> None:
    """CG-WIN-03: the VP target is an option for short games; bad values are refused."""
    import pytest

    from games.cardgame import GAME

    state = main_phase(options={"vp_target": 3})
    make_city(state, 0, 0)
    state = rebuild(state)
    state.apply({"type": "end_actions"})
    assert state.current_player() == TERMINAL and state.result()["scores"] == [3, 2]
    with pytest.raises(ValueError):
        GAME.new_game(2, 1, {"vp_target": 13})


def test_cg_win_02_each_source_of_victory_points_counts_its_own_value() -> None:
    """CG-WIN-02 CG-CARD-COLOSSUS-01: settlements 1, cities 2, the Knight and Windmill tokens 1
    each, Baths, Aqueduct, Town Hall and Church 1 each, Colossus 2 (and the Library's shield); a
    card without VP (Abbey) adds nothing. Each source is added alone and must move the count by
    exactly its value."""
    state = rebuild(main_phase())
    assert state.vp(0) == 2  # two settlements
    set_units(state, 0, brick=3, lumber=3, wool=3, grain=3, ore=3)
    state = rebuild(state)
    state.apply({"type": "build_road", "end": "right"})
    assert state.vp(0) == 2
    state.apply({"type": "build_settlement", "end": "right"})
    while state.tasks:
        state.apply(state.legal_actions()[0])
    assert state.vp(0) == 3
    set_units(state, 0, brick=3, lumber=3, wool=3, grain=3, ore=3)
    state = rebuild(state)
    state.apply({"type": "build_city", "col": 2})
    assert state.vp(0) == 4
    steps = [
        ((0, 1), "bath_house", 1),
        ((0, -1), "aqueduct", 1),
        ((2, 1), "town_hall", 1),
        ((2, -1), "church", 1),
        ((2, 2), "colossus", 2),
        ((2, -2), "library", 1),  # the card file's VP shield (S2), not in the checklist's list
        ((0, 2), "abbey", 0),
    ]
    make_city(state, 0, 0)
    state = rebuild(state)
    vp = state.vp(0)
    assert vp == 5
    for (col, row), card_type, value in steps:
        lay(state, 0, col, row, card_type)
        state = rebuild(state)
        assert state.vp(0) == vp + value, card_type
        vp += value
    lay(state, 0, 4, 1, "knight_hagen")  # the Knight token: seat 1 has no strength
    state = rebuild(state)
    assert state.tokens["knight"] == 0 and state.vp(0) == vp + 1
    lay(state, 0, 4, -1, "fleet_ore")  # the Windmill token: a city and more trade symbols
    state = rebuild(state)
    assert state.tokens["windmill"] == 0 and state.vp(0) == vp + 2
    assert state.vp(1) == 2
