"""The worked example game of seed 003 (turns 1–16), played as one game from set-up.

Every step goes through ``legal_actions()``/``apply()``: each decision is asserted to be in the
legal list before it is applied, each chance outcome to be an outcome of its node. The almanac's
board picture is not in the seeds (M-BG-01), so the game is played on a stand-in board: the
variable layout, its tiles drawn (chance outcomes) and its tokens laid from corner hex 11, so that
the hexes the example names exist where the story needs them — pasture 8 with only white on it
and the wool harbour at its corner, fields 10 shared by red's city and blue, hills 9 shared by red's
city and white, red's pasture 12, blue's hills 8 — and founded in snake order after orange wins
the first-player roll. Rolls the example does not give (all but the 7 of turn 7 and the 10 of
turn 10) are chosen so each turn's named actions are possible.

The board was designed from the story's resource flows (who must receive what on which roll) and
checked with ``python -m tests.tools.worked_example_search``, which found these rolls. Where
the stand-in board cannot carry an incidental detail of the story (who holds which cards beyond
what each named action needs), the game departs from it and says so at that turn. Turn 16
(BG-EX-07) ends the game at white 4, orange 3, red 3 (and blue 3).
"""

from __future__ import annotations

from typing import Any

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY
from games.common.api import CHANCE
from tests.games.catan.fixtures import dice_for, hand

ORANGE, RED, BLUE, WHITE = 0, 1, 2, 3
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)

TERRAINS = (
    "pasture",  # 0: 8, white's pasture 8 (vertex 0 on it: the wool harbour)
    "forest",  # 1: 3, white and blue
    "pasture",  # 2: 6, blue's wool
    "fields",  # 3: 10, orange (the 10 the robber does not block in turn 10)
    "fields",  # 4: 5, white
    "mountains",  # 5: 4, white and blue
    "fields",  # 6: 2, white
    "pasture",  # 7: 9, orange
    "forest",  # 8: 6, red and orange
    "desert",  # 9
    "hills",  # 10: 9, red's city, white (and orange from turn 13)
    "forest",  # 11: 5, red's city
    "pasture",  # 12: 12, red's wool
    "mountains",  # 13: 3, red and orange
    "hills",  # 14: 11, blue and orange
    "fields",  # 15: 10, red's city and blue: the robber's target in turn 8
    "mountains",  # 16: 11
    "forest",  # 17: 4, orange and blue (from turn 11)
    "hills",  # 18: 8, blue's hills 8
)
TOKEN_CORNER = 11  # the spiral from hex 11 gives 8, 3, 6, 10, 5, 4, 2, 9, 6, -, 9, 5, 12, ...
FOUNDING = (  # (seat, settlement, road) in snake order: the second round pays its hexes
    (ORANGE, 22, 24),
    (RED, 31, 47),
    (BLUE, 41, 59),
    (WHITE, 8, 7),
    (WHITE, 19, 21),
    (BLUE, 9, 8),
    (RED, 34, 50),
    (ORANGE, 40, 51),
)
FIELDS_10, HILLS_9, PASTURE_8, DESERT = 15, 10, 0, 9
RED_CITY = 31
WOOL_HARBOUR = 0  # harbour vertex of pasture 8: white's turn-8 settlement, his city in turn 16
BLUE_SETTLEMENT = 49
ORANGE_SETTLEMENT = 30


class Table:
    """The game, played only through the engine's legal lists and chance outcomes."""

    def __init__(self) -> None:
        self.state = GAME.new_game(4, 3, {"layout": "variable", "placement": "founding"})

    def do(self, action: dict[str, Any]) -> None:
        assert action in self.state.legal_actions(), (action, self.state.phase)
        self.state.apply(action)

    def chance(self, outcome: dict[str, Any]) -> None:
        assert self.state.current_player() == CHANCE
        assert outcome in [o for o, _ in self.state.chance_outcomes()], outcome
        self.state.apply(outcome)

    def roll(self, total: int) -> None:
        self.do(A.ROLL)
        self.chance(dice_for(total))

    def hand(self, seat: int) -> dict[str, int]:
        return hand(self.state, seat)

    def hands(self) -> list[dict[str, int]]:
        return [self.hand(p) for p in range(4)]

    def scores(self) -> list[int]:
        return [self.state.public_vp(p) for p in range(4)]

    def propose(self, seat: int, give: dict[str, int], get: dict[str, int]) -> None:
        """An open-ended proposal (the legal list samples one-for-one offers only)."""
        state = self.state
        assert state.current_player() == seat and state.phase == "main"
        kinds = {a["type"] for a in state.legal_actions()}
        assert "propose_trade" in kinds  # trading is open to him now
        proposal = {"type": "propose_trade", "give": give, "get": get}
        if len(give) == len(get) == 1 and sum(give.values()) == sum(get.values()) == 1:
            assert proposal in state.legal_actions()
        state.apply(proposal)

    def answer(self, seat: int, accept: bool) -> None:
        assert self.state.current_player() == seat
        self.do(A.ACCEPT_TRADE if accept else A.REJECT_TRADE)

    def decline(self, seat: int) -> None:
        """A player who is asked and could accept says no."""
        assert self.state.current_player() == seat
        assert A.ACCEPT_TRADE in self.state.legal_actions()
        self.do(A.REJECT_TRADE)

    def cannot_accept(self, seat: int) -> None:
        assert self.state.current_player() == seat
        assert self.state.legal_actions() == [A.REJECT_TRADE]
        self.state.apply(A.REJECT_TRADE)

    def maritime(self, give: int, get: int, rate: int) -> None:
        before = list(self.state.hand[self.state.turn_player])
        self.do(A.MARITIME[give][get][rate])
        after = self.state.hand[self.state.turn_player]
        assert after[give] == before[give] - rate and after[get] == before[get] + 1

    def _builds(self) -> set[str]:
        builds = {"build_road", "build_settlement", "build_city", "buy_development"}
        return {a["type"] for a in self.state.legal_actions()} & builds

    # ------------------------------------------------------------------ set-up
    def set_up(self) -> None:
        """BG-BOARD-03/04 tiles and tokens, BG-SETUP-02 first-player roll, snake founding."""
        for terrain in TERRAINS:
            self.chance(A.TERRAIN[terrain])
        self.chance(A.TOKEN_START[TOKEN_CORNER])
        state = self.state
        assert state.numbers[PASTURE_8] == 8 and state.numbers[FIELDS_10] == 10
        assert state.numbers[HILLS_9] == 9 and state.numbers[12] == 12
        assert state.robber == DESERT
        for total in (12, 2, 3, 4):  # orange rolls highest and founds first
            self.chance(dice_for(total))
        for seat, vertex, edge in FOUNDING:
            assert state.current_player() == seat
            self.do(A.PLACE_SETTLEMENT[vertex])
            self.do(A.PLACE_ROAD[edge])
        assert state.turn == 1 and state.current_player() == ORANGE
        assert self.hands() == [  # what each second settlement's hexes pay
            {"lumber": 1, "brick": 1, "ore": 1},
            {"lumber": 1, "wool": 1, "ore": 1},
            {"lumber": 1, "wool": 1, "ore": 1},
            {"brick": 1, "grain": 1, "ore": 1},
        ]

    # ------------------------------------------------------------------ turns
    def turn_1(self) -> None:
        """Orange builds nothing and passes; red holds a lumber, blue two and no brick. (Here
        orange holds a lumber and a brick, so he could build a road; in the story he lacks the
        lumber.)"""
        self.roll(3)
        assert self.hand(ORANGE) == {"lumber": 1, "brick": 1, "ore": 2}
        assert self.hand(RED)["lumber"] == 1
        assert self.hand(BLUE) == {"lumber": 2, "wool": 1, "ore": 1}
        self.do(A.END_TURN)

    def turn_2(self) -> None:
        """Red needs brick, holds none; he buys Invention (Year of Plenty)."""
        self.roll(10)  # fields 10 pays red and blue their grain, the other 10 orange
        assert self.hand(RED) == {"lumber": 1, "wool": 1, "grain": 1, "ore": 2}
        assert A.BUILD_ROAD[37] not in self.state.legal_actions()  # no brick for a road
        self.do(A.BUY_DEVELOPMENT)
        self.chance(A.DRAW_DEVELOPMENT[YEAR_OF_PLENTY])
        assert self.hand(RED) == {"lumber": 1, "ore": 1}
        self.do(A.END_TURN)

    def turn_3(self) -> None:
        """Blue gives white 1 wool for 1 brick and builds a road."""
        self.roll(2)
        assert self.hand(BLUE) == {"lumber": 2, "wool": 1, "grain": 1, "ore": 1}
        assert A.BUILD_ROAD[64] not in self.state.legal_actions()  # no brick
        self.propose(BLUE, {"wool": 1}, {"brick": 1})
        self.answer(WHITE, True)
        self.decline(ORANGE)
        self.cannot_accept(RED)
        self.do(A.CONFIRM_TRADE[WHITE])
        self.do(A.BUILD_ROAD[64])
        assert self.hand(BLUE) == {"lumber": 1, "grain": 1, "ore": 1}
        assert self.hand(WHITE) == {"lumber": 1, "wool": 1, "grain": 2, "ore": 1}
        self.do(A.END_TURN)

    def turn_4(self) -> None:
        """White offers grain and ore for lumber and brick; nobody takes it; he builds a road
        and buys a development card: a knight."""
        self.roll(9)  # hills 9 pays white and red a brick
        assert self.hand(WHITE) == {"lumber": 1, "brick": 1, "wool": 1, "grain": 2, "ore": 1}
        self.propose(WHITE, {"grain": 1, "ore": 1}, {"lumber": 1, "brick": 1})
        self.decline(ORANGE)  # he could, but fears being cut off
        self.decline(RED)
        self.cannot_accept(BLUE)
        self.do(A.BUILD_ROAD[1])
        self.do(A.BUY_DEVELOPMENT)
        self.chance(A.DRAW_DEVELOPMENT[KNIGHT])
        assert self.hand(WHITE) == {"grain": 1} and A.PLAY_KNIGHT not in self.state.legal_actions()
        self.do(A.END_TURN)

    def turn_5(self) -> None:
        """BG-EX-01: orange could build a road and buy a card; he buys Road Building, which he
        may not play this turn, and keeps lumber and brick for a settlement."""
        self.roll(3)
        assert self.hand(ORANGE) == {"lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 3}
        assert {"build_road", "buy_development"} <= self._builds()
        self.do(A.BUY_DEVELOPMENT)
        self.chance(A.DRAW_DEVELOPMENT[ROAD_BUILDING])
        assert self.state.dev_hand[ORANGE][ROAD_BUILDING] == 1
        assert A.PLAY_ROAD_BUILDING not in self.state.legal_actions()  # BG-DEV-03
        assert self.hand(ORANGE) == {"lumber": 1, "brick": 1, "ore": 2}
        self.do(A.END_TURN)

    def turn_6(self) -> None:
        """BG-EX-02: red has 2 ore and Invention; white, with 2 grain, asks lumber and brick for
        one; Invention brings ore and grain; red builds a city for 3 ore + 2 grain and keeps
        one card, a lumber."""
        self.roll(5)
        state = self.state
        assert self.hand(RED) == {"lumber": 2, "brick": 1, "ore": 2}
        assert self.hand(WHITE) == {"lumber": 1, "grain": 2}
        assert A.BUILD_CITY[RED_CITY] not in state.legal_actions()
        self.propose(RED, {"lumber": 1, "brick": 1}, {"grain": 1})
        self.decline(BLUE)
        self.answer(WHITE, True)
        self.cannot_accept(ORANGE)
        self.do(A.CONFIRM_TRADE[WHITE])
        self.do(A.PLAY_YEAR_OF_PLENTY)
        self.do(A.TAKE_RESOURCE[ORE])
        self.do(A.TAKE_RESOURCE[GRAIN])
        assert self.hand(RED) == {"lumber": 1, "grain": 2, "ore": 3}
        bank = list(state.bank)
        self.do(A.BUILD_CITY[RED_CITY])
        assert self.hand(RED) == {"lumber": 1}
        assert state.bank[GRAIN] == bank[GRAIN] + 2 and state.bank[ORE] == bank[ORE] + 3
        assert state.vertex_level[RED_CITY] == 2 and state.public_vp(RED) == 3
        assert state.dev_hand[RED][YEAR_OF_PLENTY] == 0 and state.dev_spent[YEAR_OF_PLENTY] == 1
        self.do(A.END_TURN)

    def turn_7(self) -> None:
        """BG-EX-03: blue rolls 7, sends the robber from the desert to pasture 8 and takes a
        lumber from white; his offer of 2 lumber for a wool finds no taker: nobody has wool."""
        state = self.state
        before = [list(h) for h in state.hand]
        self.roll(7)
        assert state.hand == before  # a 7 produces nothing; nobody holds more than 7
        assert state.phase == "move_robber" and state.robber == DESERT
        self.do(A.MOVE_ROBBER[PASTURE_8])
        white = state.hand[WHITE]
        assert state.chance_outcomes() == [
            (A.STEAL[r], white[r] / sum(white)) for r in range(5) if white[r]
        ]
        self.chance(A.STEAL[LUMBER])
        assert self.hand(BLUE) == {"lumber": 3, "grain": 1, "ore": 1}  # 5 cards
        assert self.hand(WHITE) == {"lumber": 1, "brick": 1, "grain": 1}
        self.propose(BLUE, {"lumber": 2}, {"wool": 1})
        self.cannot_accept(WHITE)
        self.cannot_accept(ORANGE)
        self.cannot_accept(RED)
        assert state.trade is None and state.phase == "main"
        self.do(A.END_TURN)

    def turn_8(self) -> None:
        """BG-EX-04: white plays the knight before rolling, sends the robber to fields 10 by
        red's city, takes red's only card (a lumber), rolls (pasture 8 pays him again) and
        builds a settlement: at the wool harbour. (He keeps a lumber besides.)"""
        state = self.state
        assert state.phase == "pre_roll" and A.PLAY_KNIGHT in state.legal_actions()
        assert self.hand(RED) == {"lumber": 1}
        self.do(A.PLAY_KNIGHT)
        self.do(A.MOVE_ROBBER[FIELDS_10])
        assert state.legal_actions() == [A.ROB[RED], A.ROB[BLUE]]  # both have buildings there
        self.do(A.ROB[RED])
        assert state.chance_outcomes() == [(A.STEAL[LUMBER], 1.0)]  # red's only card
        self.chance(A.STEAL[LUMBER])
        assert self.hand(RED) == {} and state.knights[WHITE] == 1
        assert state.phase == "pre_roll"  # the knight came before the roll
        self.roll(8)  # pasture 8 is free again; hills 8 pays blue a brick
        assert self.hand(WHITE) == {"lumber": 2, "brick": 1, "wool": 1, "grain": 1}
        self.do(A.BUILD_SETTLEMENT[WOOL_HARBOUR])
        assert self.hand(WHITE) == {"lumber": 1} and state.public_vp(WHITE) == 3
        self.do(A.END_TURN)

    def turn_9(self) -> None:
        """BG-EX-01: orange plays Road Building for two roads; the card leaves the game."""
        self.roll(3)  # red's ore
        state = self.state
        self.do(A.PLAY_ROAD_BUILDING)
        self.do(A.BUILD_ROAD[44])
        self.do(A.BUILD_ROAD[18])
        assert state.roads_left[ORANGE] == 11
        assert state.dev_hand[ORANGE][ROAD_BUILDING] == 0
        assert state.dev_spent[ROAD_BUILDING] == 1
        self.do(A.END_TURN)

    def turn_10(self) -> None:
        """BG-EX-05: a 10 while the robber sits on fields 10: red (a city there) and blue get
        nothing from it; the other 10 still pays orange. Red holds one ore, cannot build and
        passes."""
        state = self.state
        blue, orange = self.hand(BLUE), self.hand(ORANGE)
        self.roll(10)
        assert state.robber == FIELDS_10
        assert self.hand(RED) == {"ore": 1} and self.hand(BLUE) == blue
        assert self.hand(ORANGE) == {**orange, "grain": orange.get("grain", 0) + 1}
        assert not self._builds()
        self.do(A.END_TURN)
        assert self.scores() == [2, 3, 2, 3]

    def turn_11(self) -> None:
        """BG-EX-06: blue holds 7 cards and no wool; he gives orange 1 ore for 1 lumber, trades
        4 lumber for 1 wool with the bank at 4:1 and builds a settlement with his last cards."""
        self.roll(9)
        state = self.state
        assert self.hand(BLUE) == {"lumber": 4, "brick": 1, "grain": 1, "ore": 1}
        assert self.hand(ORANGE)["lumber"] == 1
        assert "build_settlement" not in self._builds()  # no wool
        self.propose(BLUE, {"ore": 1}, {"lumber": 1})
        self.decline(WHITE)
        self.answer(ORANGE, True)
        self.cannot_accept(RED)
        self.do(A.CONFIRM_TRADE[ORANGE])
        assert self.hand(ORANGE) == {"brick": 1, "wool": 1, "grain": 1, "ore": 4}
        assert state.maritime_rate(BLUE, LUMBER) == 4  # no harbour: the 4:1 bank trade
        self.maritime(LUMBER, WOOL, 4)
        self.do(A.BUILD_SETTLEMENT[BLUE_SETTLEMENT])
        assert state.vertex_owner[BLUE_SETTLEMENT] == BLUE and state.public_vp(BLUE) == 3
        assert self.hand(BLUE) == {}
        self.do(A.END_TURN)

    def turn_12(self) -> None:
        """White builds a road and passes the dice to orange."""
        self.roll(4)
        assert self.hand(WHITE) == {"lumber": 2, "brick": 1, "ore": 1}
        self.do(A.BUILD_ROAD[0])
        assert self.hand(WHITE) == {"lumber": 1, "ore": 1} and self.state.roads_left[WHITE] == 11
        self.do(A.END_TURN)

    def turn_13(self) -> None:
        """Orange is one grain short of a city; nobody has grain, even for wool; he founds a
        settlement instead."""
        self.roll(8)
        state = self.state
        assert self.hand(ORANGE) == {"lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 4}
        assert not any(a["type"] == "build_city" for a in state.legal_actions())
        assert all("grain" not in self.hand(p) for p in (RED, BLUE, WHITE))
        self.propose(ORANGE, {"wool": 1}, {"grain": 1})
        self.cannot_accept(RED)
        self.cannot_accept(BLUE)
        self.cannot_accept(WHITE)
        self.do(A.BUILD_SETTLEMENT[ORANGE_SETTLEMENT])
        assert self.hand(ORANGE) == {"ore": 4} and state.public_vp(ORANGE) == 3
        self.do(A.END_TURN)

    def turn_14(self) -> None:
        """Red builds a road and saves the rest."""
        self.roll(5)  # his city's forest 5: two lumber
        assert self.hand(RED) == {"lumber": 2, "brick": 2, "ore": 1}
        self.do(A.BUILD_ROAD[37])
        assert self.hand(RED) == {"lumber": 1, "brick": 1, "ore": 1}
        self.do(A.END_TURN)

    def turn_15(self) -> None:
        """Blue would like a grain; nobody trades with him; he builds a road. (Here he lacks
        wool too, so a grain alone would not buy the card.)"""
        self.roll(8)
        assert self.hand(BLUE) == {"lumber": 1, "brick": 4, "ore": 1}
        self.propose(BLUE, {"brick": 1}, {"grain": 1})
        self.decline(WHITE)
        self.cannot_accept(ORANGE)
        self.cannot_accept(RED)
        self.do(A.BUILD_ROAD[69])
        assert self.hand(BLUE) == {"brick": 3, "ore": 1}
        self.do(A.END_TURN)

    def turn_16(self) -> None:
        """BG-EX-07: white offers wool for ore; orange and blue decline, red gives 1 ore for
        1 wool; white trades 2 wool for ore and 2 for grain at his wool harbour and builds a
        city at pasture 8. Red is left a grain short of a settlement. (Here white keeps a lumber
        and a wool; the story's white has no card left. Orange holds 4 cards, not 7.)"""
        self.roll(8)
        state = self.state
        assert self.hand(WHITE) == {"lumber": 1, "wool": 6, "grain": 1, "ore": 1}
        assert A.BUILD_CITY[WOOL_HARBOUR] not in state.legal_actions()  # 1 ore, 1 grain
        assert state.maritime_rate(WHITE, WOOL) == 2
        assert state.maritime_rate(WHITE, ORE) == 4  # the wool harbour is for wool only
        self.propose(WHITE, {"wool": 1}, {"ore": 1})
        self.decline(ORANGE)  # he saves his ore for a city
        self.answer(RED, True)
        self.decline(BLUE)  # he needs no wool
        self.do(A.CONFIRM_TRADE[RED])
        assert self.hand(RED) == {"lumber": 1, "brick": 1, "wool": 1}  # a grain short
        assert A.MARITIME[WOOL][ORE][3] not in state.legal_actions()  # no 3:1 for wool here
        self.maritime(WOOL, ORE, 2)
        self.maritime(WOOL, GRAIN, 2)
        assert self.hand(WHITE) == {"lumber": 1, "wool": 1, "grain": 2, "ore": 3}
        self.do(A.BUILD_CITY[WOOL_HARBOUR])
        assert state.vertex_level[WOOL_HARBOUR] == 2
        assert self.hand(WHITE) == {"lumber": 1, "wool": 1}
        assert self.scores() == [3, 3, 3, 4]
        self.do(A.END_TURN)


def play(until: int) -> Table:
    """The example from set-up to the end of turn ``until`` (its assertions checked)."""
    table = Table()
    table.set_up()
    for turn in range(1, until + 1):
        assert table.state.turn == turn
        getattr(table, f"turn_{turn}")()
    return table


def test_bg_ex_01_road_building_bought_turn_5_played_turn_9() -> None:
    """BG-EX-01: bought in turn 5 (not playable then), played in turn 9 for two roads; the
    card leaves the game."""
    state = play(9).state
    built = [e for e in state.events if e["type"] == "build_road" and e.get("free")]
    assert [e["edge"] for e in built] == [44, 18] and all(e["seat"] == ORANGE for e in built)


def test_bg_ex_02_red_trades_then_invention_then_city() -> None:
    """BG-EX-02: turn 6, red's trade with white, Invention, city."""
    state = play(6).state
    assert state.vertex_owner[RED_CITY] == RED and state.vertex_level[RED_CITY] == 2


def test_bg_ex_03_blue_rolls_seven_robber_from_desert_steals_lumber() -> None:
    """BG-EX-03: turn 7, robber from the desert to pasture 8, a lumber taken from white."""
    state = play(7).state
    steal = [e for e in state.events if e["type"] == "steal" and e["visible_to"] != [ORANGE, RED]]
    assert state.robber == PASTURE_8 and steal[-1]["victim"] == WHITE


def test_bg_ex_04_white_knight_before_rolling_takes_reds_only_card() -> None:
    """BG-EX-04: turn 8, knight before the roll, robber next to red's city, red's only card."""
    state = play(8).state
    assert state.robber == FIELDS_10 and state.vertex_owner[WOOL_HARBOUR] == WHITE


def test_bg_ex_05_roll_on_the_robbers_number_pays_nobody_there() -> None:
    """BG-EX-05: turn 10, a 10 with the robber on fields 10 pays red and blue nothing from it."""
    table = play(10)
    assert table.state.turn == 11 and table.state.current_player() == BLUE


def test_bg_ex_06_blue_trades_with_orange_and_bank_then_settles() -> None:
    """BG-EX-06: turn 11 of the same game: blue gives orange 1 ore for 1 lumber, trades 4
    lumber for 1 wool at 4:1 and builds a settlement; then white builds a road (turn 12)."""
    state = play(12).state
    maritime = [e for e in state.events if e["type"] == "maritime_trade"]
    assert [(e["seat"], e["rate"]) for e in maritime] == [(BLUE, 4)]
    assert state.vertex_owner[BLUE_SETTLEMENT] == BLUE
    assert state.turn == 13 and state.current_player() == ORANGE
    assert [state.public_vp(p) for p in range(4)] == [2, 3, 3, 3]


def test_bg_ex_07_red_white_trade_two_to_one_harbour_twice_then_city() -> None:
    """BG-EX-07: turns 13–16 of the same game, ending with white's trades at his wool harbour
    and his city: white 4, orange 3, red 3 (blue 3)."""
    state = play(16).state
    maritime = [e for e in state.events if e["type"] == "maritime_trade"]
    assert [(e["seat"], e["rate"]) for e in maritime] == [(BLUE, 4), (WHITE, 2), (WHITE, 2)]
    assert state.vertex_owner[ORANGE_SETTLEMENT] == ORANGE
    assert state.turn == 17 and state.current_player() == ORANGE
    assert [state.public_vp(p) for p in range(4)] == [3, 3, 3, 4] and not state.is_terminal()
