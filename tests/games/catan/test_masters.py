"""The Masters expansion (checklist §3)."""

from __future__ import annotations

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan import masters as M
from games.catan.board import load_data
from games.catan.constants import KNIGHT
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.catan.fixtures import dice_for, empty_board, hand, put, roll, set_hand
from tests.games.random_game import play_random


def mgame(n=4, **options):
    state = empty_board(n, masters=True, **options)
    put(state, 0, settlements=[12], roads=[11])  # seat 0 on mountains 10 / fields 12 / hills 6
    put(state, 1, settlements=[31])  # forest 3, mountains 8, pasture 5
    put(state, 2, settlements=[39])  # forest 8, mountains 3, hills 5
    return state


def give_master(state, seat, name, side="A"):
    """Hand ``seat`` the master ``name`` (exchanging with wherever it is)."""
    current = state.master_of[seat]
    if name in state.master_reserve:
        state.master_reserve[state.master_reserve.index(name)] = current
    else:
        other = state.master_of.index(name)
        state.master_of[other] = current
    state.master_of[seat] = name
    state.master_side[seat] = side
    state.master_ready[seat] = True
    state._legal = None


def use_types(state):
    return {a["type"] for a in state.legal_actions() if a["type"].startswith("use_")}


def finish_after(state, action=M.FLIP):
    assert state.phase == "master_after"
    state.apply(action)


def test_ma_req_01_masters_is_an_option_on_the_base_game() -> None:
    """MA-REQ-01: the base rules apply unchanged, plus the masters."""
    base = GAME.new_game(4, 1, {})
    assert base.masters_on is False and "masters" not in base.observation(0)
    state = mgame()
    roll(state, 10)
    assert state.hand[0][4] == 1  # base production unchanged
    assert "masters" in state.observation(0)


def test_ma_comp_01_ten_masters_with_two_sides() -> None:
    """MA-COMP-01: ten masters, each side A (front) or B (back)."""
    data = load_data("masters")
    assert len(data["stack"]) + len(data["reserve"]) == 10
    state = mgame()
    assert set(state.master_side) == {"A"}
    give_master(state, 0, "jean", side="B")
    assert state.observation(0)["masters"]["players"][0]["side"] == "B"


def _founding(n):
    state = GAME.new_game(n, 3, {"masters": True})
    for t in [12] + [2] * (n - 1):
        state.apply(dice_for(t))
    while state.phase in ("setup_settlement", "setup_road"):
        state.apply(state.legal_actions()[0])
    return state


def test_ma_setup_01_02_03_stack_order_and_reserve() -> None:
    """MA-SETUP-01 MA-SETUP-02 MA-SETUP-03: A1 (top) .. A6 stacked, four in the reserve, A up."""
    state = GAME.new_game(4, 1, {"masters": True})
    assert state.master_stack == ["jean", "william", "louis", "kandamir", "vincent", "marianne"]
    assert state.master_reserve == ["siegfried", "robbers_bride", "negotiant", "hildegard"]
    assert state.master_of == [None] * 4


def test_ma_setup_04_05_06_snake_dealing_and_leftovers_to_reserve() -> None:
    """MA-SETUP-04 MA-SETUP-05 MA-SETUP-06: the last of round 1 finishes first and gets A1; with
    4 players the first player gets A4; A5 and A6 join the reserve (6 there)."""
    state = _founding(4)
    assert state.phase == "pre_roll" and state.first_player == 0
    assert state.master_of == ["kandamir", "louis", "william", "jean"]
    assert state.master_stack == [] and len(state.master_reserve) == 6
    assert state.master_reserve[-2:] == ["vincent", "marianne"]


def test_ma_use_01_everyone_always_has_exactly_one_master() -> None:
    """MA-USE-01: after a swap each seat still holds exactly one master."""
    state = mgame()
    roll(state, 2)
    state.apply(M.USE_IDLE)
    state.apply(M.SWAP["hildegard"])
    assert len([m for m in state.master_of if m]) == 4 and state.master_of[0] == "hildegard"
    assert len(set(state.master_of + state.master_reserve)) == 10


def test_ma_use_02_any_time_in_own_turn_not_in_others() -> None:
    """MA-USE-02: own-turn masters act in their owner's turn, before or after the roll."""
    state = mgame()
    assert M.USE_IDLE in state.legal_actions()  # before the roll
    roll(state, 2)
    assert M.USE_IDLE in state.legal_actions()
    state.apply(A.END_TURN)
    assert state.current_player() == 1
    assert state.master_of[1] != state.master_of[0]
    state.apply(M.USE_IDLE)  # seat 1's own master, in seat 1's turn
    assert state.master_owner == 1


def test_ma_use_03_idle_use_triggers_flip_or_swap() -> None:
    """MA-USE-03 A-MA-02: a use without effect, then the after-use step."""
    state = mgame()
    before = [h[:] for h in state.hand]
    state.apply(M.USE_IDLE)
    assert state.phase == "master_after" and state.hand == before


def test_ma_use_04_10_side_a_flip_or_swap() -> None:
    """MA-USE-04 MA-USE-10: side A: flip to B and keep, or swap."""
    state = mgame()
    state.apply(M.USE_IDLE)
    legal = state.legal_actions()
    assert M.FLIP in legal and {a["master"] for a in legal[1:]} == set(state.master_reserve)
    state.apply(M.FLIP)
    assert state.master_side[0] == "B" and state.phase == "pre_roll"


def test_ma_use_05_10_side_b_must_swap() -> None:
    """MA-USE-05 MA-USE-10: a master already on side B must be swapped."""
    state = mgame()
    state.master_side[0] = "B"
    state.apply(M.USE_IDLE)
    assert M.FLIP not in state.legal_actions()
    assert {a["type"] for a in state.legal_actions()} == {"swap_master"}


def test_ma_use_06_07_swap_new_master_side_a_not_usable_this_turn() -> None:
    """MA-USE-06 MA-USE-07 A-MA-03: the returned master cannot be taken back; the new one lies
    side A up and waits for its owner's next own turn."""
    state = mgame()
    old = state.master_of[0]
    state.apply(M.USE_IDLE)
    assert M.SWAP[old] not in state.legal_actions()
    state.apply(M.SWAP["negotiant"])
    assert state.master_side[0] == "A" and old in state.master_reserve
    assert state.master_ready[0] is False
    roll(state, 2)
    set_hand(state, 0, ore=2)
    assert not use_types(state)
    for _ in range(4):
        state.apply(A.END_TURN)
        roll(state, 2)
    assert state.current_player() == 0 and "use_negotiant" in use_types(state)


def test_ma_use_08_at_most_once_per_turn() -> None:
    """MA-USE-08: after one use (and a flip) the master cannot be used again this turn."""
    state = mgame()
    state.apply(M.USE_IDLE)
    state.apply(M.FLIP)
    assert not use_types(state)
    with pytest.raises(IllegalAction):
        state.apply(M.USE_IDLE)


def test_ma_use_09_no_special_building_phase_exists() -> None:
    """MA-USE-09: the 5–6 player extension is not supported, so no special building phase exists
    where masters could be used; outside the owner's turn only reactions are offered."""
    assert GAME.max_players == 4
    state = mgame()
    roll(state, 2)
    set_hand(state, 0, lumber=1)
    state.apply(A.PROPOSE_ONE_FOR_ONE[0][4])
    assert state.current_player() == 1 and use_types(state) == set()


def test_ma_use_11_jean_swapped_for_marianne() -> None:
    """MA-USE-11: Michael uses Jean (side A) and swaps: Jean to the reserve, Marianne in, A up."""
    state = mgame()
    give_master(state, 0, "jean")
    assert "marianne" in state.master_reserve
    roll(state, 2)
    state.apply(M.USE_JEAN[4])
    state.apply(M.SWAP["marianne"])
    assert "jean" in state.master_reserve and state.master_of[0] == "marianne"
    assert state.master_side[0] == "A"


def test_ma_vincent_01_knight_for_cheap_settlement() -> None:
    """MA-VINCENT-01: discard a knight (played or in hand) to settle for 1 lumber + 1 brick."""
    state = mgame()
    give_master(state, 0, "vincent")
    put(state, 0, roads=[10])
    state.dev_hand[0][KNIGHT] = 1
    state.dev_deck[KNIGHT] -= 1
    roll(state, 2)
    set_hand(state, 0, lumber=1, brick=1)
    action = {"type": "use_vincent", "knight": "hand", "build": "settlement"}
    assert action in state.legal_actions()
    state.apply(action)
    state.apply(A.BUILD_SETTLEMENT[11])
    assert hand(state, 0) == {} and state.dev_hand[0][KNIGHT] == 0
    assert state.dev_spent[KNIGHT] == 1 and state.public_vp(0) == 2


def test_ma_vincent_02_03_played_knight_for_cheap_city_once() -> None:
    """MA-VINCENT-02 MA-VINCENT-03 A-MA-04: a played knight for a city at 2 ore + 1 grain; not
    both discounts in one turn; the knight leaves the game and Largest Army is recomputed."""
    state = mgame()
    give_master(state, 0, "vincent")
    state.knights[0] = 3
    state.largest_army = 0
    state.dev_deck[KNIGHT] -= 3
    roll(state, 2)
    set_hand(state, 0, ore=2, grain=1, lumber=1, brick=1)
    state.apply({"type": "use_vincent", "knight": "played", "build": "city"})
    assert state.largest_army == -1 and state.knights[0] == 2
    state.apply(A.BUILD_CITY[12])
    assert hand(state, 0) == {"lumber": 1, "brick": 1}
    finish_after(state)
    assert "use_vincent" not in use_types(state)


def test_ma_jean_01_named_resource_two_to_one_all_turn() -> None:
    """MA-JEAN-01 A-MA-10: the named resource trades 2:1 any number of times this turn."""
    state = mgame()
    give_master(state, 0, "jean")
    roll(state, 2)
    set_hand(state, 0, wool=6)
    state.apply(M.USE_JEAN[2])
    finish_after(state)
    for get in (0, 1, 4):
        state.apply(A.MARITIME[2][get][2])
    assert hand(state, 0) == {"lumber": 1, "brick": 1, "ore": 1}
    state.apply(A.END_TURN)
    assert state.maritime_rate(0, 2) == 4


def test_ma_siegfried_01_no_discard_with_more_than_seven() -> None:
    """MA-SIEGFRIED-01: on a 7, in any turn, the owner with 8+ cards does not discard."""
    state = mgame()
    give_master(state, 1, "siegfried")
    set_hand(state, 1, ore=9)
    roll(state, 7)
    assert state.phase == "siegfried" and state.current_player() == 1
    state.apply(M.USE_SIEGFRIED)
    finish_after(state)
    assert state.phase == "move_robber" and sum(state.hand[1]) == 9


def test_ma_siegfried_02_take_a_card_with_seven_or_fewer() -> None:
    """MA-SIEGFRIED-02: with 7 or fewer cards the owner takes any card from the bank instead."""
    state = mgame()
    give_master(state, 1, "siegfried")
    set_hand(state, 1, ore=2)
    roll(state, 7)
    state.apply(M.USE_SIEGFRIED_TAKE[3])
    assert hand(state, 1) == {"ore": 2, "grain": 1}


def test_ma_candamir_01_02_cheaper_card_draw_three_keep_one() -> None:
    """MA-CANDAMIR-01 MA-CANDAMIR-02: one of ore/wool/grain replaced (wool+grain+lumber); draw
    three, keep one, the other two go back into the deck."""
    state = mgame()
    give_master(state, 0, "kandamir")
    roll(state, 2)
    set_hand(state, 0, wool=1, grain=1, lumber=1)
    action = {"type": "use_kandamir", "replace": "ore", "with": "lumber"}
    assert action in state.legal_actions()
    state.apply(action)
    assert hand(state, 0) == {}
    for card in (4, 0, 4):
        assert state.current_player() == CHANCE and state.chance_kind() == "deck:development"
        state.apply(A.DRAW_DEVELOPMENT[card])
    assert state.phase == "kandamir_keep"
    assert state.observation(0)["masters"]["drawn"] == ["victory_point", "knight", "victory_point"]
    assert "drawn" not in state.observation(1)["masters"]
    state.apply(M.KEEP_DEVELOPMENT[0])
    assert state.dev_hand[0][KNIGHT] == 1 and state.dev_deck == [13, 2, 2, 2, 5]
    assert state.phase == "master_after"


def test_ma_louis_01_02_move_a_road_with_a_free_end() -> None:
    """MA-LOUIS-01 MA-LOUIS-02 A-MA-09: only a road with one end free of own pieces moves; it is
    rebuilt elsewhere for free."""
    state = mgame()
    give_master(state, 0, "louis")
    put(state, 0, roads=[10])  # 12-7 (road 11), 7-11 (road 10): 10 has a free end at 11
    roll(state, 2)
    moves = {a["edge"] for a in state.legal_actions() if a["type"] == "use_louis"}
    assert moves == {10}
    state.apply({"type": "use_louis", "edge": 10})
    assert A.BUILD_ROAD[10] not in state.legal_actions()
    state.apply(A.BUILD_ROAD[19])
    assert state.edge_owner[10] == -1 and state.edge_owner[19] == 0 and state.roads_left[0] == 13
    assert hand(state, 0) == {}


def test_ma_louis_03_only_roads_and_buildings_count_without_seafarers() -> None:
    """MA-LOUIS-03: ships (Seafarers) are not in this release; adjacency is judged by roads and
    buildings only, so a single road from a settlement has a free end and may move."""
    state = mgame()
    give_master(state, 0, "louis")
    roll(state, 2)
    assert {a["edge"] for a in state.legal_actions() if a["type"] == "use_louis"} == {11}


def test_ma_marianne_01_03_card_when_the_roll_gives_nothing() -> None:
    """MA-MARIANNE-01 MA-MARIANNE-03: in any turn, an owner who got nothing takes a card (first,
    before play continues)."""
    state = mgame()
    give_master(state, 2, "marianne")
    roll(state, 10)  # pays seat 0 only
    assert state.phase == "marianne" and state.current_player() == 2
    state.apply(M.USE_MARIANNE_TAKE[0])
    finish_after(state)
    assert hand(state, 2) == {"lumber": 1} and state.phase == "main"


def test_ma_marianne_02_nothing_on_a_seven() -> None:
    """MA-MARIANNE-02: a 7 gives Marianne's owner nothing."""
    state = mgame()
    give_master(state, 2, "marianne")
    roll(state, 7)
    assert state.phase == "move_robber"


def test_ma_bride_01_02_03_robber_to_desert_take_freed_resource() -> None:
    """MA-BRIDE-01 MA-BRIDE-02 MA-BRIDE-03: before the roll, robber to the desert; take a card of
    the freed hex (hills → brick); no steal from players by the desert."""
    state = mgame()
    give_master(state, 0, "robbers_bride")
    put(state, 1, settlements=[24])  # next to the desert
    set_hand(state, 1, ore=1)
    state.robber = 4  # hills 6
    state._legal = None
    assert M.USE_BRIDE in state.legal_actions()
    state.apply(M.USE_BRIDE)
    assert state.terrains[state.robber] == "desert"
    assert hand(state, 0) == {"brick": 1} and hand(state, 1) == {"ore": 1}
    state.apply(M.FLIP)
    assert state.phase == "pre_roll"


def test_ma_bride_04_production_first_and_not_on_the_desert() -> None:
    """MA-BRIDE-04 A-MA-05: the Bride is offered only after production is resolved (the roll's
    chance node pays first) and never when the robber already sits on the desert."""
    state = mgame()
    give_master(state, 0, "robbers_bride")
    assert M.USE_BRIDE not in state.legal_actions()  # robber on the desert
    state.robber = 0
    state.apply(A.ROLL)
    assert state.current_player() == CHANCE and state.legal_actions() == []
    state.apply(dice_for(12))
    assert hand(state, 0) == {"grain": 1} and M.USE_BRIDE in state.legal_actions()


def test_ma_negot_01_02_exchange_with_one_or_two_opponents() -> None:
    """MA-NEGOT-01 MA-NEGOT-02 A-MA-06: each chosen opponent with the named resource gives one
    and is paid one card of the owner's choice; one without it gives and gets nothing."""
    state = mgame()
    give_master(state, 0, "negotiant")
    roll(state, 2)
    set_hand(state, 0, lumber=2)
    set_hand(state, 1, ore=2)
    set_hand(state, 2, wool=1)
    action = {"type": "use_negotiant", "resource": "ore", "seats": [1, 2]}
    assert action in state.legal_actions()
    state.apply(action)
    assert state.phase == "negotiant_pay"
    state.apply(M.GIVE_RESOURCE[0])
    finish_after(state)
    assert hand(state, 0) == {"lumber": 1, "ore": 1}
    assert hand(state, 1) == {"ore": 1, "lumber": 1} and hand(state, 2) == {"wool": 1}
    state2 = mgame()
    give_master(state2, 0, "negotiant")
    roll(state2, 2)
    assert not any(a["type"] == "use_negotiant" for a in state2.legal_actions())


def test_ma_william_01_road_with_one_substitute() -> None:
    """MA-WILLIAM-01: a road for 1 brick + 1 wool."""
    state = mgame()
    give_master(state, 0, "william")
    roll(state, 2)
    set_hand(state, 0, brick=1, wool=1)
    action = {"type": "use_william", "replace": "lumber", "with": "wool"}
    assert action in state.legal_actions()
    state.apply(action)
    state.apply(A.BUILD_ROAD[10])
    assert hand(state, 0) == {} and state.edge_owner[10] == 0


def test_ma_hildegard_01_02_look_and_take_from_a_richer_opponent() -> None:
    """MA-HILDEGARD-01 MA-HILDEGARD-02 A-MA-07: only opponents with more visible VP (hidden VP
    cards do not count); look at the hand, take one card or none (still used)."""
    state = mgame()
    give_master(state, 0, "hildegard")
    put(state, 1, settlements=[46])
    state.dev_hand[2][4] = 3
    state.dev_deck[4] -= 3
    roll(state, 2)
    set_hand(state, 1, ore=1, wool=2)
    assert [a for a in state.legal_actions() if a["type"] == "use_hildegard"] == [
        {"type": "use_hildegard", "seat": 1}
    ]
    state.apply({"type": "use_hildegard", "seat": 1})
    assert state.observation(0)["masters"]["looking_at"]["resources"] == {"wool": 2, "ore": 1}
    assert "looking_at" not in state.observation(2)["masters"]
    state.apply(M.TAKE_CARD[2])
    assert hand(state, 0) == {"wool": 1}
    finish_after(state)
    state2 = mgame()
    give_master(state2, 0, "hildegard")
    put(state2, 1, settlements=[46])
    roll(state2, 2)
    state2.apply({"type": "use_hildegard", "seat": 1})
    state2.apply(M.TAKE_NOTHING)
    assert state2.phase == "master_after" and state2.master_used_turn[0] == state2.turn


SECRET_EVENTS = {
    "buy_development",
    "steal",
    "kandamir_draw",
    "hildegard_look",
    "hildegard_take",
    "negotiant_payment",
}


def _is_hidden_copy(event: dict) -> bool:
    return any(v == "hidden" or (isinstance(v, list) and "hidden" in v) for v in event.values())


def test_every_secret_event_leaves_the_other_seats_a_hidden_copy() -> None:
    """The README's promise ("the others get a hidden copy"): a seat outside a secret still
    learns that it happened, e.g. that Hildegard took a card from someone, and nothing more."""
    seen_types = set()
    for seed in range(12):
        state, _ = play_random("catan", 4, seed, {"masters": True})
        events = state.events
        for index, event in enumerate(events):
            if event["type"] not in SECRET_EVENTS or event["visible_to"] == "all":
                continue
            if _is_hidden_copy(event):
                continue
            copy = events[index + 1]
            assert _is_hidden_copy(copy), (event, copy)
            assert copy["type"] == event["type"] and copy["seat"] == event["seat"]
            assert sorted(copy["visible_to"] + event["visible_to"]) == [0, 1, 2, 3]
            seen_types.add(event["type"])
    assert seen_types == SECRET_EVENTS


# ---------------------------------------------------------------------- issue 11: audit defects
def test_ma_siegfried_02_the_card_comes_instead_of_the_discard() -> None:
    """MA-SIEGFRIED-02: an owner with exactly 7 cards takes a card instead of discarding; the
    card does not then count him at 8 and make him discard 4."""
    state = mgame()
    give_master(state, 1, "siegfried")
    set_hand(state, 1, ore=4, wool=3)
    set_hand(state, 2, grain=8)  # the other seats still discard as usual
    roll(state, 7)
    assert state.phase == "siegfried" and state.current_player() == 1
    take = M.USE_SIEGFRIED_TAKE[1]
    assert take in state.legal_actions()
    state.apply(take)
    finish_after(state)
    assert state.phase == "discard" and state.current_player() == 2
    for _ in range(4):
        state.apply(A.DISCARD[3])
    assert state.phase == "move_robber"
    assert hand(state, 1) == {"ore": 4, "wool": 3, "brick": 1} and hand(state, 2) == {"grain": 4}


def _roads(state, seat, vertices):
    """``seat``'s roads along the chain of intersections ``vertices`` (path ids looked up)."""
    from itertools import pairwise

    edges = [state.board.edge_vertices.index(tuple(sorted(pair))) for pair in pairwise(vertices)]
    put(state, seat, roads=edges)
    return edges


def test_bg_lr_08_a_ma_09_louis_of_a_third_player_does_not_cost_a_tied_holder_the_card() -> None:
    """BG-LR-08 A-MA-09: seat 1 holds Longest Road at 6, tied with seat 2 (a challenger must
    exceed the holder). Seat 0 moves one of his own roads with Louis and his own road gets
    shorter (3 -> 2), but the holder's length did not change, so seat 1 keeps the card (a drop
    is judged by the holder's length, not the mover's)."""
    state = empty_board(masters=True)
    put(state, 0, settlements=[12], roads=[11, 10, 18])  # 12-7-11-16: 18 has a free end at 16
    put(state, 1, settlements=[51])
    _roads(state, 1, [47, 51, 48, 52, 49, 53, 50])
    put(state, 2, settlements=[10])
    _roads(state, 2, [2, 6, 10, 15, 20, 26, 32])
    state.longest_road = 1
    assert state.road_length == [3, 6, 6, 0]
    give_master(state, 0, "louis")
    roll(state, 2)
    state.apply({"type": "use_louis", "edge": 18})
    assert state.longest_road == 1
    state.apply(A.BUILD_ROAD[6])  # 3-7: a branch at 7
    assert state.road_length == [2, 6, 6, 0]
    assert state.longest_road == 1 and state.public_vp(1) == 3
    assert not [e for e in state.events if e["type"] == "longest_road"]


def _holder_tied_at_six_with_louis():
    """Seat 0 holds Longest Road with a road of 6 (a chain ending in a dead end), tied with seat
    1's 6, and has Louis to use in its trade-and-build phase; the state and seat 0's roads."""
    state = empty_board(masters=True)
    put(state, 0, settlements=[7])
    chain = _roads(state, 0, [0, 3, 7, 11, 16, 21, 27])
    put(state, 1, settlements=[51])
    _roads(state, 1, [47, 51, 48, 52, 49, 53, 50])
    state.longest_road = 0
    give_master(state, 0, "louis")
    roll(state, 2)
    return state, chain


def test_bg_lr_08_a_ma_09_louis_road_length_is_judged_once_the_road_is_relaid() -> None:
    """A-MA-09 BG-LR-08: the holder, tied at 6 with seat 1, moves a dead end of his road to its
    other end (6, lifted 5, relaid 6). Longest Road is judged once the move is complete: he
    never fell short, so he keeps the card and its 2 VP."""
    state, chain = _holder_tied_at_six_with_louis()
    dead_end = chain[-1]  # 21-27
    assert {"type": "use_louis", "edge": dead_end} in state.legal_actions()
    state.apply({"type": "use_louis", "edge": dead_end})
    assert state.longest_road == 0
    relay = A.BUILD_ROAD[1]  # 0-4: the other end of the road
    assert relay in state.legal_actions()
    state.apply(relay)
    assert state.road_length[:2] == [6, 6]
    assert state.longest_road == 0 and state.public_vp(0) == 3
    assert not [e for e in state.events if e["type"] == "longest_road"]


def test_bg_lr_05_a_ma_09_louis_holder_who_ends_shorter_loses_the_card() -> None:
    """BG-LR-05 A-MA-09: judged after the move, a holder whose road ends shorter (6, relaid
    away from it: 5) loses the card to the player now longest."""
    state, chain = _holder_tied_at_six_with_louis()
    state.apply({"type": "use_louis", "edge": chain[-1]})
    state.apply(A.BUILD_ROAD[24])  # 16-22: a branch, no longer trail
    assert state.road_length[:2] == [5, 6]
    assert state.longest_road == 1


def test_ma_bride_01_strict_phases_only_before_the_roll_or_in_the_trade_phase() -> None:
    """MA-BRIDE-01: with strict trade-then-build phases (``combined_trade_build`` false) the
    Bride is used before the roll or in the trade phase, never after building; with the
    combined phase (default) it stays usable all turn."""
    for combined in (False, True):
        state = mgame(combined_trade_build=combined)
        give_master(state, 0, "robbers_bride")
        state.robber = 4  # hills 6
        state._legal = None
        assert M.USE_BRIDE in state.legal_actions()  # before the roll
        roll(state, 2)
        assert M.USE_BRIDE in state.legal_actions()  # trade phase
        set_hand(state, 0, lumber=1, brick=1)
        state.apply(A.BUILD_ROAD[10])
        assert (M.USE_BRIDE in state.legal_actions()) is combined


def test_ma_vincent_01_the_player_chooses_which_knight_from_the_hand_goes() -> None:
    """MA-VINCENT-01: with a knight held from an earlier turn and one bought this turn, the
    player chooses which goes; discarding the new one keeps the playable knight."""
    state = mgame()
    give_master(state, 0, "vincent")
    put(state, 0, roads=[10])
    state.dev_hand[0][KNIGHT] = 1  # held from an earlier turn
    state.dev_deck[KNIGHT] -= 1
    roll(state, 2)
    set_hand(state, 0, ore=1, wool=1, grain=1, lumber=1, brick=1)
    state.apply(A.BUY_DEVELOPMENT)
    state.apply(A.DRAW_DEVELOPMENT[KNIGHT])
    vincent = [a for a in state.legal_actions() if a["type"] == "use_vincent"]
    assert vincent == [
        {"type": "use_vincent", "knight": "hand", "build": "settlement"},
        {"type": "use_vincent", "knight": "hand_new", "build": "settlement"},
    ]
    state.apply({"type": "use_vincent", "knight": "hand_new", "build": "settlement"})
    state.apply(A.BUILD_SETTLEMENT[11])
    finish_after(state)
    assert state.dev_hand[0][KNIGHT] == 1 and state.dev_new[0][KNIGHT] == 0
    assert A.PLAY_KNIGHT in state.legal_actions()
    # the other choice: the older knight goes, the new one cannot be played this turn
    other = mgame()
    give_master(other, 0, "vincent")
    put(other, 0, roads=[10])
    other.dev_hand[0][KNIGHT] = 1
    other.dev_deck[KNIGHT] -= 1
    roll(other, 2)
    set_hand(other, 0, ore=1, wool=1, grain=1, lumber=1, brick=1)
    other.apply(A.BUY_DEVELOPMENT)
    other.apply(A.DRAW_DEVELOPMENT[KNIGHT])
    other.apply({"type": "use_vincent", "knight": "hand", "build": "settlement"})
    other.apply(A.BUILD_SETTLEMENT[11])
    finish_after(other)
    assert other.dev_hand[0][KNIGHT] == 1 and other.dev_new[0][KNIGHT] == 1
    assert A.PLAY_KNIGHT not in other.legal_actions()


def test_ma_vincent_01_only_a_knight_bought_this_turn() -> None:
    """MA-VINCENT-01: a knight bought this turn may be discarded (it is "from the hand"); the
    list names it as the new one, and no older knight is offered."""
    state = mgame()
    give_master(state, 0, "vincent")
    put(state, 0, roads=[10])
    roll(state, 2)
    set_hand(state, 0, ore=1, wool=1, grain=1, lumber=1, brick=1)
    state.apply(A.BUY_DEVELOPMENT)
    state.apply(A.DRAW_DEVELOPMENT[KNIGHT])
    assert [a["knight"] for a in state.legal_actions() if a["type"] == "use_vincent"] == [
        "hand_new"
    ]


def test_ma_negot_01_logged_gave_list_is_not_changed_by_the_payments() -> None:
    """MA-NEGOT-01: the use's event keeps the opponents who gave after the owner pays them
    back (the log is what the replay viewer and the other seats read)."""
    state = mgame()
    give_master(state, 0, "negotiant")
    roll(state, 2)
    set_hand(state, 0, lumber=2)
    set_hand(state, 1, ore=2)
    set_hand(state, 2, ore=1)
    state.apply({"type": "use_negotiant", "resource": "ore", "seats": [1, 2]})
    state.apply(M.GIVE_RESOURCE[0])
    state.apply(M.GIVE_RESOURCE[0])
    finish_after(state)
    (use,) = [e for e in state.events if e["type"] == "use_master"]
    assert use["gave"] == [1, 2] and use["seats"] == [1, 2]
    stored = [e for e in state.to_dict()["events"] if e["type"] == "use_master"]
    assert stored[0]["gave"] == [1, 2]


def test_ma_louis_01_a_road_to_walk_keeps_a_stuck_masters_game_going() -> None:
    """MA-LOUIS-01 with BG-WIN-01 (engine safety): every road laid, no free spot in reach and the
    deck empty end a base game ("no_progress"); with Masters, Louis may walk a road, turn by turn,
    to a free spot, so a seat with a settlement piece left keeps the game going (the plug-in's
    ``may_progress``, asked about the state)."""
    for options, ends in (({}, True), ({"masters": True}, False)):
        state = empty_board(3, victory_points=20, **options)
        put(state, 1, cities=[0])
        state.settlements_left = [0, 1, 0]
        state.cities_left = [0, 0, 0]
        state.roads_left = [0, 0, 0]
        state.dev_spent = state.dev_deck[:]
        state.dev_deck = [0] * 5
        assert not state.may_build_points(1)
        roll(state, 2)
        state.apply(A.END_TURN)
        assert state.is_terminal() is ends
