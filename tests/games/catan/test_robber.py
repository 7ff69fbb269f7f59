"""Rolling a 7, discards, the robber and stealing."""

from __future__ import annotations

import pytest

from games.catan import actions as A
from games.catan.constants import KNIGHT
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.catan.expansions.barbarian_attack.helpers import ba_game
from tests.games.catan.expansions.barbarian_attack.helpers import give as give_ba
from tests.games.catan.expansions.catan_for_two.positions import cleared
from tests.games.catan.expansions.cities_knights.helpers import blank as ck_blank
from tests.games.catan.expansions.cities_knights.helpers import give as ck_give
from tests.games.catan.expansions.cities_knights.helpers import put as ck_put
from tests.games.catan.expansions.cities_knights.helpers import roll as ck_roll
from tests.games.catan.fixtures import dice_for, empty_board, put, roll, set_hand, types


def _seven_board():
    state = empty_board(4)
    put(state, 1, settlements=[31])  # forest 3, mountains 8, pasture 5
    put(state, 2, settlements=[20])  # hills 10, mountains 8
    put(state, 0, settlements=[12])
    return state


def test_bg_robber_01_a_seven_produces_nothing() -> None:
    """BG-ROBBER-01: nobody receives resources on a 7."""
    state = _seven_board()
    roll(state, 7)
    assert all(sum(h) == 0 for h in state.hand) and state.phase == "move_robber"


@pytest.mark.parametrize(("cards", "discard"), [(6, 0), (7, 0), (8, 4), (9, 4), (11, 5)])
def test_bg_robber_02_03_discard_half_rounded_down_above_seven(cards: int, discard: int) -> None:
    """BG-ROBBER-02 BG-ROBBER-03: 6 → 0, 8 → 4, 9 → 4, 11 → 5, roller included, one card at a
    time by the discarding seat's own choice."""
    state = _seven_board()
    set_hand(state, 0, lumber=cards)  # the roller
    set_hand(state, 2, ore=cards)
    roll(state, 7)
    for seat in (0, 2):
        for _ in range(discard):
            assert state.phase == "discard" and state.current_player() == seat
            state.apply(state.legal_actions()[0])
    assert state.phase == "move_robber"
    assert sum(state.hand[0]) == cards - discard and sum(state.hand[2]) == cards - discard


def test_bg_robber_04_move_to_another_land_hex_desert_included() -> None:
    """BG-ROBBER-04 A-BG-06: any other land hex; the desert is allowed by default (an option)."""
    state = _seven_board()
    roll(state, 7)
    targets = {a["hex"] for a in state.legal_actions()}
    assert state.robber not in targets and len(targets) == 18
    state.robber = 0
    state.phase = "move_robber"
    state._legal = None
    assert 9 in {a["hex"] for a in state.legal_actions()}
    strict = empty_board(3, robber_may_enter_desert=False)
    strict.robber = 0
    roll(strict, 7)
    assert 9 not in {a["hex"] for a in strict.legal_actions()}


def test_bg_robber_05_07_choose_victim_and_steal_a_random_resource() -> None:
    """BG-ROBBER-05 BG-ROBBER-07: choose among adjacent opponents; one random resource card is
    drawn (a chance node over the victim's resource cards; development cards are never taken)."""
    state = _seven_board()
    set_hand(state, 1, ore=2, wool=1)
    set_hand(state, 2, brick=1)
    state.dev_hand[1][KNIGHT] = 3
    state.dev_deck[KNIGHT] -= 3
    roll(state, 7)
    state.apply(A.MOVE_ROBBER[11])
    assert state.phase == "choose_victim" and types(state) == {"rob"}
    assert {a["seat"] for a in state.legal_actions()} == {1, 2}
    state.apply(A.ROB[1])
    assert state.current_player() == CHANCE and state.chance_kind() == "steal"
    outcomes = dict((o["resource"], p) for o, p in state.chance_outcomes())
    assert outcomes == pytest.approx({"ore": 2 / 3, "wool": 1 / 3})
    state.apply(A.STEAL[4])
    assert state.hand[0][4] == 1 and state.hand[1][4] == 1 and state.dev_hand[1][KNIGHT] == 3


def test_bg_robber_06_turn_continues_in_main_phase() -> None:
    """BG-ROBBER-06: after the robber, the roller trades and builds."""
    state = _seven_board()
    roll(state, 7)
    state.apply(A.MOVE_ROBBER[0])  # only the roller's own settlement: nobody robbed (A-BG-07)
    assert state.phase == "main" and state.current_player() == 0


def test_steal_events_show_the_card_only_to_thief_and_victim() -> None:
    """BG-ROBBER-05: the stolen card is seen by thief and victim only."""
    state = _seven_board()
    set_hand(state, 1, ore=1)
    roll(state, 7)
    state.apply(A.MOVE_ROBBER[10])
    state.apply(A.STEAL[4])
    events = [e for e in state.events if e["type"] == "steal"]
    assert {"resource": "ore", "visible_to": [0, 1]}.items() <= events[0].items()
    assert events[1]["resource"] == "hidden" and events[1]["visible_to"] == [2, 3]


def test_bg_robber_09_knight_moves_robber_without_discards() -> None:
    """BG-ROBBER-09 BG-KNIGHT-01: a knight moves the robber and robs, nobody discards."""
    state = _seven_board()
    set_hand(state, 1, ore=12)
    state.dev_hand[0][KNIGHT] = 1
    state.dev_deck[KNIGHT] -= 1
    state._legal = None
    state.apply(A.PLAY_KNIGHT)
    assert state.phase == "move_robber"
    state.apply(A.MOVE_ROBBER[10])
    state.apply(A.STEAL[4])
    assert sum(state.hand[1]) == 11


def test_bg_knight_02_played_knights_stay_face_up() -> None:
    """BG-KNIGHT-02: a played knight counts in front of its owner, visible to all."""
    state = _seven_board()
    state.dev_hand[0][KNIGHT] = 1
    state.dev_deck[KNIGHT] -= 1
    state._legal = None
    state.apply(A.PLAY_KNIGHT)
    assert state.knights[0] == 1 and state.observation(2)["players"][0]["knights_played"] == 1
    with pytest.raises(IllegalAction):
        state.apply(A.PLAY_KNIGHT)


def test_bg_knight_01_robber_08_a_seven_blocks_the_hex_until_a_knight_moves_the_robber() -> None:
    """BG-ROBBER-08 BG-KNIGHT-01: the robber put on mountains 8 by a 7 blocks it through every
    later roll of 8, by any seat, until a knight moves it: the knight offers every other hex,
    makes nobody discard (the victim holds 9 cards), steals one card for the player, and the
    freed hex produces again on the next 8."""
    state = _seven_board()
    set_hand(state, 1, wool=1)
    roll(state, 7)
    state.apply(A.MOVE_ROBBER[11])  # mountains 8, beside seats 1 and 2
    state.apply(A.ROB[1])
    state.apply(A.STEAL[2])
    assert state.robber == 11 and state.hand[0][2] == 1
    for seat in (1, 2, 3, 0):
        state.apply(A.END_TURN)
        assert state.current_player() == seat
        if seat != 0:
            roll(state, 8)
            assert state.hand[1][4] == 0 and state.hand[2][4] == 0, "the robber's hex paid"
    set_hand(state, 1, ore=9)
    state.dev_hand[0][KNIGHT] = 1
    state.dev_deck[KNIGHT] -= 1
    state._legal = None
    state.apply(A.PLAY_KNIGHT)
    assert state.phase == "move_robber" and state.current_player() == 0
    targets = {a["hex"] for a in state.legal_actions()}
    assert 11 not in targets and len(targets) == 18
    state.apply(A.MOVE_ROBBER[10])  # beside seat 1 only: robbed at once
    assert state.current_player() == CHANCE
    state.apply(A.STEAL[4])
    assert state.hand[0][4] == 1 and state.hand[1] == [0, 0, 0, 0, 8]  # no discard, one stolen
    assert state.robber == 10 and state.phase == "pre_roll"
    roll(state, 8)
    assert state.hand[1][4] == 9 and state.hand[2][4] == 1  # mountains 8 pays again


def test_discards_and_a_robbery_of_an_empty_hand_are_logged_for_everyone() -> None:
    """BG-ROBBER-03 BG-ROBBER-05: each discarded card is public (seat and resource, seen by all);
    robbing a seat without cards takes nothing and says so to everyone."""
    state = _seven_board()
    set_hand(state, 0, lumber=8)
    roll(state, 7)
    for _ in range(4):
        state.apply(A.DISCARD[0])
    discards = [e for e in state.events if e["type"] == "discard"]
    assert (
        discards == [{"type": "discard", "seat": 0, "resource": "lumber", "visible_to": "all"}] * 4
    )
    assert state.hand[0] == [4, 0, 0, 0, 0] and state.bank[0] == 19 - 4
    state.apply(A.MOVE_ROBBER[11])  # seats 1 and 2 there, both without cards
    state.apply(A.ROB[2])
    assert state.events[-1] == {
        "type": "steal",
        "seat": 0,
        "victim": 2,
        "resource": None,
        "visible_to": "all",
    }
    assert state.phase == "main" and state.hand[0] == [4, 0, 0, 0, 0]


def test_bg_robber_02_the_seats_after_an_exempt_siegfried_owner_still_discard() -> None:
    """BG-ROBBER-02 with MA-SIEGFRIED-01: the Siegfried owner keeps his 9 cards, and the seat
    after him with 8 still discards 4."""
    from games.catan import masters as M
    from tests.games.catan.test_masters import finish_after, give_master, mgame

    state = mgame()
    give_master(state, 1, "siegfried")
    set_hand(state, 1, ore=9)
    set_hand(state, 2, wool=8)
    roll(state, 7)
    state.apply(M.USE_SIEGFRIED)
    finish_after(state)
    assert state.phase == "discard" and state.current_player() == 2
    for _ in range(4):
        state.apply(A.DISCARD[2])
    assert state.phase == "move_robber" and sum(state.hand[1]) == 9 and sum(state.hand[2]) == 4


def test_bg_robber_02_discards_go_clockwise_from_the_roller() -> None:
    """BG-ROBBER-02: several seats over 7 discard one after the other, clockwise from the roller
    (the roller first when he has to)."""
    state = _seven_board()
    set_hand(state, 3, wool=8)
    set_hand(state, 1, ore=8)
    set_hand(state, 0, grain=8)
    roll(state, 7)
    order = []
    while state.phase == "discard":
        order.append(state.current_player())
        state.apply(state.legal_actions()[0])
    assert order == [0] * 4 + [1] * 4 + [3] * 4


def test_a_06_without_the_desert_the_robber_may_go_to_every_other_land_hex() -> None:
    """BG-ROBBER-04 A-BG-06: with the desert closed, the robber may still go to every other land
    hex, forests (lumber, the first resource) included: 17 targets."""
    strict = empty_board(3, robber_may_enter_desert=False)
    strict.robber = 0
    roll(strict, 7)
    targets = {a["hex"] for a in strict.legal_actions()}
    desert = strict.terrains.index("desert")
    assert targets == set(range(19)) - {0, desert}
    assert {h for h, t in enumerate(strict.terrains) if t == "forest"} <= targets


def test_cards_passed_in_a_forced_trade_are_seen_by_both_parties() -> None:
    """C2-TA-04 (Catan for Two's Forced Trade, which passes cards as the robber's steal does):
    the cards drawn and the cards given back are known to the two players, each card named."""
    state = cleared()
    set_hand(state, 1, ore=1)
    set_hand(state, 0, lumber=1)
    state.apply({"type": "forced_trade"})
    state.apply({"type": "forced_draw", "resource": "ore"})
    state.apply({"type": "forced_give", "resource": "lumber"})
    passed = [e for e in state.events if e["type"] in ("forced_draw", "forced_give")]
    assert [(e["type"], e["resource"], sorted(e["visible_to"])) for e in passed[:2]] == [
        ("forced_draw", "ore", [0, 1]),
        ("forced_give", "lumber", [0, 1]),
    ]


def test_an_expansion_without_a_robber_takes_over_the_robbers_move() -> None:
    """BA-TU-01 (the ``robber_move`` hook): in Barbarian Attack a 7 moves no robber; the roller
    picks a player with cards and draws one at random, then the turn goes on."""
    state = ba_game()
    give_ba(state, 1, lumber=2)
    give_ba(state, 2, ore=2)
    give_ba(state, 3)
    roll(state, 7)
    assert state.phase == "choose_victim" and state.current_player() == 0
    assert state.legal_actions() == [A.ROB[1], A.ROB[2]]
    state.apply(A.ROB[2])
    state.apply(A.STEAL[4])
    assert state.hand[0][4] == 1 and state.hand[2][4] == 1
    assert state.phase == "main" and state.robber == -1


def test_after_the_robber_an_expansion_may_go_on_before_the_turn_resumes() -> None:
    """C2-RO-02/03 (the ``robber_done`` hook): in Catan for Two a first 7 is resolved whole,
    robber and steal included, and only then comes the second roll."""
    state = cleared()
    put(state, 1, settlements=[0])
    set_hand(state, 1, ore=2)
    state.apply(A.ROLL)
    state.apply(dice_for(7))
    state.apply(A.MOVE_ROBBER[0])
    state.apply(state.chance_outcomes()[0][0])
    assert state.phase == "second_dice"
    state.apply(dice_for(5))
    assert state.phase == "main"


def test_an_expansion_may_take_over_the_steal() -> None:
    """CK-SE-03 (the ``rob`` hook): in Cities & Knights the awake robber's steal draws from the
    victim's resources and commodities, a commodity here."""
    state = ck_blank()
    ck_put(state, 1, cities=[16])  # forest 3 (hex 3) and the sea
    ck_give(state, 1, coin=2)
    state.ck_attacks = 1
    ck_roll(state, "trade", 3, 4)
    state.apply(A.MOVE_ROBBER[3])
    assert state.chance_outcomes() == [({"type": "steal_card", "card": "coin"}, 1.0)]


def test_a_neutral_colour_is_never_robbed() -> None:
    """BG-ROBBER-05 with Catan for Two's neutral players (C2-SU-02): only seats hold cards, so a
    robber beside a neutral settlement only (owner 2 at intersection 13) robs nobody."""
    state = cleared()
    assert state.vertex_owner[13] == 2 and state.n == 2
    set_hand(state, 1, ore=2)
    state.apply(A.ROLL)
    state.apply(dice_for(7))
    state.apply(A.MOVE_ROBBER[1])
    assert state.phase == "second_dice" and state.hand[1][4] == 2
    assert not [e for e in state.events if e["type"] == "steal"]


def _rule_targets(state, robber: int) -> list[dict]:
    """BG-ROBBER-04, A-BG-06 by plain loops: every land hex but the robber's, the desert only if
    the option allows it, never a hex the layout bars (in hex order, as the engine lists them)."""
    targets = []
    for h in range(state.board.num_hexes):
        if h == robber or h in state.board.robber_barred:
            continue
        if state.terrains[h] == "desert" and not state.options["robber_may_enter_desert"]:
            continue
        targets.append(A.MOVE_ROBBER[h])
    return targets


@pytest.mark.parametrize("desert_ok", [True, False])
def test_bg_robber_04_the_moves_kept_a_board_are_the_rules_from_every_hex(desert_ok: bool) -> None:
    """The move lists are kept a board: those from beside the board (-1) made once, those from a
    hex copied from them less that hex. From the desert first (it may not be a target), then from
    every hex, then from beside the board, and every hex again: each list as the rules say."""
    state = empty_board(4, robber_may_enter_desert=desert_ok)
    desert = state.terrains.index("desert")
    order = [desert, *range(19), -1, *reversed(range(19))]
    for robber in order:
        state.robber = robber
        state.phase, state.actor = "move_robber", 0
        state._legal = None
        assert state.legal_actions() == _rule_targets(state, robber), robber
    assert len(_rule_targets(state, -1)) == (19 if desert_ok else 18)


def test_bg_robber_04_the_moves_kept_are_the_rules_at_every_robber_move_of_random_games() -> None:
    """Random play (base game and Cities & Knights, whose knights chase the robber): every
    ``move_robber`` list as the rules say from the robber's hex."""
    from tests.games.catan.randomplay import random_game

    seen = 0
    for options in ({"layout": "variable"}, {"layout": "variable", "cities_and_knights": True}):

        def check(state, _action) -> None:
            nonlocal seen
            if state.phase == "move_robber":
                seen += 1
                assert state.legal_actions() == _rule_targets(state, state.robber)

        random_game(4, 3, options, check=False, after_decision=check)
    assert seen > 4


def test_bg_robber_05_each_opponent_beside_the_hex_is_a_victim_once_in_seat_order() -> None:
    """BG-ROBBER-05: the victims are the opponents with a building at the hex, each once however
    many buildings he has there, in seat order; the mover's own buildings make him none."""
    state = _seven_board()
    corners = state.board.hex_vertices[11]
    assert 31 in corners and 20 in corners
    free = [v for v in corners if state.vertex_owner[v] == -1]
    put(state, 2, settlements=[free[0]])  # seat 2's second building there
    put(state, 0, settlements=[free[1]])  # the mover's own
    state._rebuild_derived()
    set_hand(state, 1, ore=1)
    set_hand(state, 2, brick=1)
    roll(state, 7)
    state.apply(A.MOVE_ROBBER[11])
    assert state.legal_actions() == [A.ROB[1], A.ROB[2]]
