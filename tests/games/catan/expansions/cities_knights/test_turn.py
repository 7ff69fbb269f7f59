"""Cities & Knights: components, set-up, the turn, production, the 7, victory (rule IDs in the
test names); positions on the beginners' map (§13)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import RESOURCES
from games.catan.expansions.cities_knights import flow
from games.catan.expansions.cities_knights.data import PROGRESS_CARDS
from games.common.api import CHANCE
from tests.games.random_game import play_streamed

from .helpers import (
    OPTIONS,
    blank,
    ck_game,
    events,
    give,
    hand_of,
    in_main,
    legal,
    put,
    put_knight,
    roll,
)

FOREST_3_CORNER = 16  # forest 3 (hex 3) and the sea: lumber + paper for a city on a 3
HILLS_6_CORNER = 0  # hills 6 (hex 0) alone


def test_ck_co_01_commodities_twelve_each_and_ck_su_01_ship_and_decks_at_the_start() -> None:
    """CK-CO-01, CK-CO-02, CK-CO-09, CK-SU-01: 12 of each commodity in the bank, three decks of
    18, the ship on its start space, the robber on the desert of the beginners' map."""
    state = ck_game()
    assert state.ck_commodity_bank == [12, 12, 12]
    assert {t: len(d) for t, d in state.ck_decks.items()} == {
        "trade": 18,
        "politics": 18,
        "science": 18,
    }
    assert sum(c["count"] for c in PROGRESS_CARDS.values()) == 54
    assert state.ck_barbarian == 0
    assert state.terrains[state.robber] == "desert"
    assert state.observation(0)["cities_and_knights"]["barbarian_spaces"] == 7


def test_ck_su_02_settlement_then_city_ck_su_03_resources_only_ck_su_04_last_city_begins() -> None:
    """CK-SU-02/03/04 (A-CK-01): round 1 a settlement, round 2 a city; 1 resource per terrain
    hex by the city and no commodity; the seat that placed the last city begins."""
    state = GAME.new_game(4, 5, OPTIONS)
    rng = random.Random(5)
    while state.phase != "pre_roll":
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(state.legal_actions()[0])
    last_city = [e for e in state.events if e["type"] == "setup_city"][-1]["seat"]
    assert state.turn_player == last_city
    for p in range(4):
        assert state.cities_left[p] == 3 and state.settlements_left[p] == 4
        (city,) = [
            v for v, o in enumerate(state.vertex_owner) if o == p and state.vertex_level[v] == 2
        ]
        producing = [
            h
            for h in range(19)
            if city in state.board.hex_vertices[h] and state.terrains[h] != "desert"
        ]
        assert sum(state.hand[p]) == len(producing)
        assert state.ck_commodities[p] == [0, 0, 0]


def test_ck_tu_01_three_dice_in_one_chance_node_ck_co_10_event_faces() -> None:
    """CK-TU-01, CK-CO-10: rolling is one chance node of event die x yellow x red; the ship
    shows on 3 faces of 6, each city gate on 1."""
    state = ck_game()
    state.apply(A.ROLL)
    assert state.current_player() == CHANCE and state.chance_kind() == "dice"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 4 * 36
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    ship = sum(p for a, p in outcomes if a["event"] == "ship")
    assert abs(ship - 0.5) < 1e-12
    for gate in ("trade", "politics", "science"):
        assert abs(sum(p for a, p in outcomes if a["event"] == gate) - 1 / 6) < 1e-12


def test_ck_tu_02_event_first_then_ck_tu_03_production() -> None:
    """CK-TU-02/03: the gate's progress draw comes before the production of the dice total."""
    state = blank()
    put(state, 0, cities=[FOREST_3_CORNER])
    state.ck_levels[0][2] = 1  # science 1: draws on red 1-2
    roll(state, "science", 2, 1)  # total 3
    assert state.phase == "ck_draw" and state.current_player() == CHANCE
    assert not events(state, "production")
    state.apply(state.chance_outcomes()[0][0])
    kinds = [e["type"] for e in state.events]
    assert kinds.index("draw_progress") < kinds.index("production")
    assert state.phase == "main"


def test_ck_tu_04_build_trade_knights_and_improve_in_any_order() -> None:
    """CK-TU-04: after the roll, building, knights, improvements and trades are all offered,
    and trading after building is still allowed."""
    state = blank()
    put(state, 0, cities=[FOREST_3_CORNER], roads=[state.board.vertex_edges[16][0]])
    in_main(state)
    give(state, 0, wool=2, ore=2, grain=1, brick=2, paper=5, lumber=4)
    kinds = {a["type"] for a in state.legal_actions()}
    assert {"build_knight", "build_wall", "improve_city", "bank_trade", "maritime_trade"} <= kinds
    state.apply(legal(state, "build_wall")[0])
    kinds = {a["type"] for a in state.legal_actions()}
    assert {"build_knight", "improve_city", "maritime_trade", "end_turn"} <= kinds


def test_ck_pr_01_city_takes_resource_and_commodity_or_two_resources() -> None:
    """CK-PR-01: a city on forest takes lumber + paper; on hills 2 brick; a settlement 1."""
    state = blank()
    put(state, 0, cities=[FOREST_3_CORNER, HILLS_6_CORNER])
    put(state, 1, settlements=[22])  # forest 3's bottom corner (also fields 4 and hills... )
    roll(state, "trade", 1, 2)
    assert hand_of(state, 0) == {"lumber": 1, "paper": 1}
    assert hand_of(state, 1)["lumber"] == 1 and "paper" not in hand_of(state, 1)
    state.apply(A.END_TURN)
    roll(state, "trade", 3, 3)
    assert hand_of(state, 0) == {"lumber": 1, "paper": 1, "brick": 2}


def test_ck_pr_02_robber_hex_gives_neither_resource_nor_commodity() -> None:
    """CK-PR-02."""
    state = blank()
    put(state, 0, cities=[FOREST_3_CORNER])
    state.robber = 3
    roll(state, "trade", 1, 2)
    assert hand_of(state, 0) == {}


def test_ck_pr_03_bank_shortage_per_kind_commodities_included() -> None:
    """CK-PR-03: paper short for two takers: nobody gets paper, the lumber is paid."""
    state = blank()
    put(state, 0, cities=[FOREST_3_CORNER])
    put(state, 1, cities=[22])
    state.ck_commodity_bank[0] = 1
    roll(state, "trade", 1, 2)
    assert hand_of(state, 0) == {"lumber": 1}
    assert hand_of(state, 1).get("paper", 0) == 0
    assert set(state.last_gainers) == {0, 1}
    # both kinds short for two takers: nobody is paid, so nobody counts as paid (CK-PR-05)
    state = blank()
    put(state, 0, cities=[FOREST_3_CORNER])
    put(state, 1, cities=[22])
    state.ck_commodity_bank[0] = 1
    state.bank[0] = 1  # lumber
    roll(state, "trade", 1, 2)
    assert hand_of(state, 0) == {} and hand_of(state, 1) == {}
    assert not state.last_gainers


def test_ck_pr_04_commodities_count_for_the_seven_and_can_be_stolen() -> None:
    """CK-PR-04 (the 7 and the robber; trades with players carry resources only so far): 8
    cards with commodities discard 4, commodities offered; the steal draws commodities too."""
    state = blank()
    put(state, 1, settlements=[FOREST_3_CORNER])
    give(state, 0, paper=5, lumber=3)
    give(state, 1, cloth=1)
    state.ck_attacks = 1
    roll(state, "trade", 3, 4)
    assert state.phase == "ck_discard" and state.actor == 0
    assert {a["card"] for a in state.legal_actions()} == {"paper", "lumber"}
    for _ in range(4):
        state.apply({"type": "discard_card", "card": "paper"})
    assert hand_of(state, 0) == {"paper": 1, "lumber": 3}
    state.apply(A.MOVE_ROBBER[3])
    assert state.phase == "ck_steal"
    assert state.chance_outcomes() == [({"type": "steal_card", "card": "cloth"}, 1.0)]
    state.apply({"type": "steal_card", "card": "cloth"})
    assert hand_of(state, 0)["cloth"] == 1 and hand_of(state, 1) == {}


def test_ck_pr_05_aqueduct_gives_a_resource_when_a_roll_gives_nothing() -> None:
    """CK-PR-05: science level 3 and nothing produced: a resource of choice; not on a 7."""
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    state.ck_levels[0][2] = 3
    roll(state, "trade", 1, 2)  # 3: nothing for seat 0
    assert state.phase == "ck_aqueduct" and state.actor == 0
    state.apply({"type": "aqueduct_take", "resource": "ore"})
    assert hand_of(state, 0) == {"ore": 1} and state.phase == "main"
    state2 = blank()
    put(state2, 0, cities=[HILLS_6_CORNER])
    state2.ck_levels[0][2] = 3
    roll(state2, "trade", 3, 4)  # a 7: no Aqueduct
    assert state2.phase == "main"


def test_ck_pr_05_aqueduct_offers_only_what_the_bank_holds() -> None:
    """CK-PR-05: the resource of choice comes from the bank: none of a kind it has run out of."""
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    state.ck_levels[0][2] = 3
    give(state, 1, ore=state.bank[RESOURCES.index("ore")])  # the bank's every ore
    roll(state, "trade", 1, 2)  # 3: nothing for seat 0
    assert state.phase == "ck_aqueduct" and state.actor == 0
    offered = [a["resource"] for a in state.legal_actions()]
    assert offered == [r for r in RESOURCES if r != "ore"]


def _productions_paying_last_gainers(seed: int) -> int:
    """Plays a seeded random C&K game (4 seats), asserting after every production that the seats
    the roll paid (``last_gainers``) are the seats of its gains; returns how many it checked."""
    options = {"masters": False, "layout": "variable", "cities_and_knights": True}
    state = GAME.new_game(4, seed, options)
    productions = seen = 0

    def check_productions(_step: int) -> None:
        nonlocal productions, seen
        for event in state.events[seen:]:
            if event["type"] == "production":
                assert set(state.last_gainers) == {seat for seat, _, _ in event["gains"]}
                productions += 1
        seen = len(state.events)

    play_streamed(state, 4, seed, after_step=check_productions)
    return productions


def test_ck_pr_05_aqueduct_skips_exactly_the_seats_a_roll_paid() -> None:
    """CK-PR-05 ("received nothing"): after every production of seeded random games, the seats
    the roll paid (``last_gainers``, which the Aqueduct reads, kept with the owed cards) are the
    seats of the production's gains. (Seeds 2-5 each hold one roll the bank cannot pay in full;
    ``test_ck_pr_03_...`` sets that case up by itself.)"""
    assert sum(_productions_paying_last_gainers(seed) for seed in range(6)) > 2000


def test_ck_se_01_discard_limit_seven_plus_two_per_wall() -> None:
    """CK-SE-01, CK-WA-01: 9 cards and one wall: no discard; without the wall, 4."""
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    state.ck_walls[HILLS_6_CORNER] = 1
    give(state, 0, brick=5, cloth=4)
    roll(state, "trade", 3, 4)
    assert state.phase == "main" and sum(state.hand[0]) + sum(state.ck_commodities[0]) == 9
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    give(state, 0, brick=5, cloth=4)
    roll(state, "trade", 3, 4)
    assert state.phase == "ck_discard" and state.discards == [[0, 4]]


def test_ck_se_01_a_discard_offers_each_kind_held_commodities_too() -> None:
    """CK-SE-01, CK-PR-04: the 7's discard is one card at a time of any kind held, resources
    then commodities; a kind not held is not offered."""
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    give(state, 0, brick=4, wool=1, paper=2, coin=2)
    roll(state, "trade", 3, 4)
    assert state.phase == "ck_discard" and state.actor == 0
    offered = [a["card"] for a in state.legal_actions()]
    assert offered == ["brick", "wool", "paper", "coin"]
    assert all(a["type"] == "discard_card" for a in state.legal_actions())


def test_ck_se_02_robber_sleeps_until_the_first_attack() -> None:
    """CK-SE-02: before the first attack a 7 moves no robber and no knight chases it."""
    state = blank()
    put(state, 0, cities=[13])  # on the desert's corner (hex 5)
    put_knight(state, 0, 14, active=1)
    state.edge_owner[state.board.vertex_edges[14][0]] = 0
    state._rebuild_derived()
    roll(state, "trade", 3, 4)
    assert state.phase == "main"
    assert events(state, "robber_asleep")
    assert not legal(state, "chase_robber")
    state.ck_attacks = 1
    state.touch()
    assert legal(state, "chase_robber") == [{"type": "chase_robber", "vertex": 14}]


def test_ck_se_03_awake_robber_moves_and_steals_a_commodity() -> None:
    """CK-SE-03: after the first attack the roller moves the robber and steals one card."""
    state = blank()
    put(state, 1, cities=[FOREST_3_CORNER])
    give(state, 1, coin=2)
    state.ck_attacks = 1
    roll(state, "trade", 3, 4)
    assert state.phase == "move_robber"
    state.apply(A.MOVE_ROBBER[3])
    assert state.chance_outcomes() == [({"type": "steal_card", "card": "coin"}, 1.0)]


def test_ck_vp_01_thirteen_points_with_metropolis_defender_vp_cards_merchant() -> None:
    """CK-VP-01, CK-CI-05: settlement 1, city 2, metropolis +2, Defender 1, Printer 1, the
    merchant 1; 13 wins on one's own turn."""
    state = blank()
    put(state, 0, settlements=[40], cities=[HILLS_6_CORNER, FOREST_3_CORNER])
    assert state.total_vp(0) == 5
    state.ck_metropolis[0] = HILLS_6_CORNER
    state.ck_defenders[0] = 2
    state.ck_progress_vp[0] = ["Printer"]
    state.ck_merchant = [3, 0]
    assert state.total_vp(0) == 5 + 2 + 2 + 1 + 1
    assert state.victory_target == 13
    state.ck_defenders[0] = 4
    state.vp_dirty = True
    state.apply(A.ROLL)  # any action of seat 0 checks the victory
    assert state.is_terminal() and state.result()["ranking"][0] == 0
    assert state.result()["scores"][0] == 13


def test_ck_co_11_no_development_cards() -> None:
    """CK-CO-11: no development card can be bought, the deck is empty, no Largest Army."""
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    in_main(state)
    give(state, 0, wool=3, grain=3, ore=3)
    assert not any(state.dev_deck)
    assert not legal(state, "buy_development")


def test_options_refuse_masters_and_beginner_placement() -> None:
    """Combinations: Masters is refused, naming what combines; no printed starting pieces."""
    with pytest.raises(ValueError, match="cannot be combined"):
        GAME.new_game(4, 1, {**OPTIONS, "masters": True})
    with pytest.raises(ValueError, match="placement must be 'founding'"):
        GAME.new_game(4, 1, {**OPTIONS, "placement": "beginner"})
    with pytest.raises(ValueError, match="3, 4 players"):
        GAME.new_game(2, 1, {**OPTIONS, "allow_two_players": True})


def test_ck_co_10_dice_outcomes_table() -> None:
    """CK-CO-10: the table the node hands out (3 ship faces and 3 gates)."""
    faces = [a["event"] for a, _ in flow.DICE_OUTCOMES[::36]]
    assert faces == ["ship", "trade", "politics", "science"]


def test_ck_su_01_beginners_map_rows_and_harbours_of_section_13() -> None:
    """CK-SU-01 (§13): the beginners' map as printed, rows 3-4-5-4-3, and its nine harbours;
    ``layout=variable`` gives the base game's random board."""
    state = ck_game()
    assert GAME.static_info(OPTIONS)["layout"] == "cities_knights_beginner"
    short = {"hills": "h", "mountains": "m", "forest": "f", "fields": "g", "pasture": "p"}
    cells = [
        short.get(t, "d") + (str(n) if n else "")
        for t, n in zip(state.terrains, state.numbers, strict=True)
    ]
    rows = [cells[0:3], cells[3:7], cells[7:12], cells[12:16], cells[16:19]]
    assert rows == [
        ["h6", "m2", "h5"],
        ["f3", "m9", "d", "f10"],
        ["f8", "g4", "h11", "p3", "g8"],
        ["p10", "g5", "m6", "p4"],
        ["g9", "p12", "f11"],
    ]
    assert sorted(state.harbors) == sorted(
        ["brick", "ore", "lumber", "grain", "any", "any", "any", "wool", "any"]
    )
    variable = GAME.new_game(4, 1, {**OPTIONS, "layout": "variable"})
    assert variable.board.name != "cities_knights_beginner"


def test_ck_tu_01_dice_outcomes_taken_by_identity_or_value_and_others_refused() -> None:
    """CK-TU-01: ``apply`` takes the dice's own outcome objects without the list comparison
    (``fixed_outcomes``), an equal dict by value, and refuses a face that is no outcome."""
    from games.errors import IllegalAction

    for outcome in (flow.DICE_OUTCOMES[40][0], dict(flow.DICE_OUTCOMES[40][0])):
        state = ck_game()
        state.apply(A.ROLL)
        state.apply(outcome)
        assert state.dice == [outcome["die1"], outcome["die2"]]
        assert state.ck_event == outcome["event"]
    state = ck_game()
    state.apply(A.ROLL)
    for wrong in (
        {"type": "ck_dice", "event": "trade", "die1": 7, "die2": 1},
        {"type": "ck_dice", "event": "gold", "die1": 1, "die2": 1},
    ):
        with pytest.raises(IllegalAction, match="not an outcome"):
            state.apply(wrong)
    assert state.phase == "ck_dice"


def test_ck_pc_01_a_progress_draw_takes_a_card_of_its_deck_by_value_and_refuses_others() -> None:
    """CK-PC-01: at a progress draw, ``apply`` takes an equal copy of an outcome (a card still in
    the deck drawn), and refuses a card of another deck, an unknown card and a non-dict, leaving
    the draw waiting."""
    from games.errors import IllegalAction

    state = GAME.new_game(4, 2, {**OPTIONS, "layout": "variable"})
    rng = random.Random(2)
    while state.phase != "ck_draw":
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    track = state.ck_queue[0][2]
    seat = state.ck_queue[0][1]
    outcomes = [o for o, _ in state.chance_outcomes()]
    other = next(n for n, c in PROGRESS_CARDS.items() if c["track"] != track)
    wrong = [{**outcomes[0], "card": other}, {**outcomes[0], "card": "Nothing"}, list(outcomes)]
    for action in wrong:
        with pytest.raises(IllegalAction, match="not an outcome"):
            state.apply(action)
    assert state.phase == "ck_draw" and state.ck_queue[0][2] == track
    copy = dict(outcomes[-1])
    held = state.ck_progress[seat].count(copy["card"])
    state.apply(copy)
    assert state.ck_progress[seat].count(copy["card"]) == held + 1


def _fresh_main_list(state: Any) -> list[dict[str, Any]]:
    """The main list built from scratch (the core's kept list dropped)."""
    state.touch()
    return state.legal_actions()


def test_ck_tu_04_main_list_after_a_rejected_or_accepted_proposal_is_right() -> None:
    """CK-TU-04: after a trade proposal every seat rejected or one the proposer cancelled, the
    main list (the plug-in keeps its part for the state's version) equals one built from
    scratch; after an accepted one it follows the new hands."""
    state = in_main(ck_game())
    p = state.turn_player
    give(state, p, grain=2, ore=2, wool=2, lumber=1, brick=1)
    before = state.legal_actions()
    proposal = {"type": "propose_trade", "give": {"ore": 2}, "get": {"lumber": 1}}
    state.apply(proposal)
    while state.phase == "trade_answer":
        state.apply(A.REJECT_TRADE)
    kept = state.legal_actions()
    assert state.phase == "main" and kept == _fresh_main_list(state)
    assert [a for a in kept if a["type"] != "propose_trade"] == [
        a for a in before if a["type"] != "propose_trade"
    ]
    partner = (p + 1) % state.n
    give(state, partner, lumber=1)
    state.legal_actions()
    version = state.version
    state.apply(proposal)
    while state.phase == "trade_answer":
        state.apply(A.ACCEPT_TRADE if state.actor == partner else A.REJECT_TRADE)
    state.apply(A.CANCEL_TRADE)  # trade talk only: the same version, the same list
    assert state.version == version
    assert state.legal_actions() == _fresh_main_list(state)
    state.apply(proposal)
    while state.phase == "trade_answer":
        state.apply(A.ACCEPT_TRADE if state.actor == partner else A.REJECT_TRADE)
    state.apply({"type": "confirm_trade", "seat": partner})
    after = state.legal_actions()
    assert "ore" not in hand_of(state, p)
    assert after == _fresh_main_list(state)
    assert after != kept  # no ore left: the knight's activation and the city are gone
