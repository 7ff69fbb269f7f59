"""Holding fish, spending them, the old boot and the victory target.

Rules: FI-HO-01..03, FI-SP-01..04, FI-BO-01..03, FI-VP-01, A-FI-03..05 (reference/expansions/
fishermen.md).
"""

from __future__ import annotations

from games.catan import actions as A
from games.catan import picture
from games.catan.constants import KNIGHT, VICTORY_POINT
from games.catan.expansions.fishermen.spending import payments
from tests.games.catan.expansions.fishermen.positions import (
    draw,
    empty_island,
    fish_actions,
    give_fish,
    ground,
    lake,
)
from tests.games.catan.fixtures import put, roll, set_hand


def _rolled(state, total: int = 4) -> None:
    """The seat to move rolls ``total`` (4: ground 4, on which these tests build nothing)."""
    roll(state, total)
    assert state.phase == "main"


def _fish_for(item: str, pay: list[int], **target) -> dict:
    return {"type": "fish_for", "item": item, "pay": pay, **target}


# ---------------------------------------------------------------------- holding


def test_fi_ho_01_fish_are_secret_only_their_number_is_public() -> None:
    """FI-HO-01: a seat sees its own tokens' values; the others see how many tokens; a drawn
    token's value is told to the drawer only; the public picture shows no value."""
    state = empty_island()
    put(state, 1, settlements=[ground(state, 4)[1]])
    roll(state, 4)
    draw(state, 3)
    mine = state.observation(1)["fishermen"]
    theirs = state.observation(2)["fishermen"]
    assert mine["fish"] == {"1": 0, "2": 0, "3": 1} and mine["fish_total"] == 3
    assert theirs["fish"] == {"1": 0, "2": 0, "3": 0} and theirs["tokens"][1] == 1
    secret = ("fish", "fish_total")
    public = {k: v for k, v in mine.items() if k not in secret}
    assert public == {k: v for k, v in theirs.items() if k not in secret}
    drawn = [e for e in state.events if e["type"] == "draw_fish"]
    assert {(tuple(e["visible_to"]), e["fish"]) for e in drawn} == {
        ((1,), 3),
        ((0, 2, 3), "hidden"),
    }
    view = picture.public_view(state)
    assert view["fishermen"] == public and view["hands"] is None
    assert picture.full_view(state)["hands"][1]["fish"] == {"1": 0, "2": 0, "3": 1}


def test_fi_ho_02_at_seven_tokens_a_seat_may_swap_one_for_the_new_one_or_let_it_go() -> None:
    """FI-HO-02: a seat holding 7 tokens chooses: swap one of its tokens (it goes to the spent
    pile) and draw, or keep its 7 and not draw."""
    state = empty_island()
    give_fish(state, 1, 1, 1, 1, 1, 2, 2, 3)
    put(state, 1, cities=[ground(state, 5)[0]])
    roll(state, 5)
    assert state.phase == "fish_full" and state.current_player() == 1
    assert state.legal_actions() == [
        {"type": "swap_fish", "fish": 1},
        {"type": "swap_fish", "fish": 2},
        {"type": "swap_fish", "fish": 3},
        {"type": "pass_fish"},
    ]
    state.apply({"type": "swap_fish", "fish": 1})
    assert state.fish_spent == [1, 0, 0]
    draw(state, 3)
    assert state.fish_held[1] == [3, 2, 2]
    assert state.phase == "fish_full"  # the city's second token
    state.apply({"type": "pass_fish"})
    assert state.phase == "main" and state.fish_held[1] == [3, 2, 2]


def test_a_fi_03_the_limit_counts_tokens_not_fish_and_not_the_boot() -> None:
    """A-FI-03: six 3-fish tokens (18 fish) and the boot are below the limit; seven 1-fish
    tokens (7 fish) are at it."""
    state = empty_island()
    give_fish(state, 1, 3, 3, 3, 3, 3, 3)
    state.fish_supply[3] = 0
    state.fish_boot = 1
    put(state, 1, settlements=[ground(state, 5)[0]])
    roll(state, 5)
    assert state.phase == "fish_draw"
    draw(state, 1)
    assert sum(state.fish_held[1]) == 7
    state.apply(A.END_TURN)
    roll(state, 5)
    assert state.phase == "fish_full"


def test_fi_ho_03_fish_are_no_cards_never_discarded_stolen_or_traded() -> None:
    """FI-HO-03: fish do not count toward the 7-card limit, a 7's discards and the robber's
    theft take cards only, and no trade names fish."""
    state = empty_island()
    give_fish(state, 1, 3, 3, 3, 2, 2)
    set_hand(state, 1, lumber=7)  # 7 cards + 5 tokens: no discard
    put(state, 1, settlements=[state.board.hex_vertices[0][0]])
    assert state.observation(2)["players"][1]["resource_cards"] == 7
    roll(state, 7)
    assert state.phase == "move_robber"
    state.apply(A.MOVE_ROBBER[0])
    state.apply(state.chance_outcomes()[0][0])
    assert state.fish_held[1] == [0, 2, 3] and state.hand[0] == [1, 0, 0, 0, 0]
    trades = [a for a in state.legal_actions() if "trade" in a["type"]]
    assert trades and all("fish" not in str(a) for a in trades)


# ---------------------------------------------------------------------- spending


def test_fi_sp_01_tokens_worth_at_least_the_price_no_change() -> None:
    """FI-SP-01: a 5-fish road paid with 3 + 3 keeps nothing of the sixth fish; payments that
    could leave a token out are not offered."""
    state = empty_island()
    put(state, 0, settlements=[12], roads=[])
    give_fish(state, 0, 3, 3, 1)
    _rolled(state)
    pays = {tuple(a["pay"]) for a in fish_actions(state, "road")}
    assert pays == {(3, 3)}
    assert payments((1, 0, 2), 5) == ((3, 3),)
    assert payments((2, 1, 1), 4) == ((1, 1, 2), (1, 3), (2, 3))
    state.apply(_fish_for("road", [3, 3]))
    assert state.fish_held[0] == [1, 0, 0]


def test_fi_sp_02_two_fish_take_the_robber_off_the_board() -> None:
    """FI-SP-02 A-FI-05: 2 fish remove the robber (nobody robbed); it stays off until the next
    7 or knight, which may put it anywhere, the lake included."""
    state = empty_island()
    state.robber = 3
    give_fish(state, 0, 2)
    _rolled(state)
    hands = [list(h) for h in state.hand]
    state.apply(_fish_for("remove_robber", [2]))
    assert state.robber == -1 and state.hand == hands and state.phase == "main"
    assert fish_actions(state, "remove_robber") == []  # nothing to remove now
    state.dev_hand[0][KNIGHT] = 1
    state.apply(A.END_TURN)
    for _ in range(3):
        _rolled(state)
        state.apply(A.END_TURN)
    state.apply(A.PLAY_KNIGHT)
    assert lake(state) in [a["hex"] for a in state.legal_actions()]


def test_fi_sp_02_three_fish_steal_a_card_from_any_player() -> None:
    """FI-SP-02 A-FI-04: 3 fish steal one random card from any other player holding one,
    wherever his buildings are."""
    state = empty_island()
    give_fish(state, 0, 3)
    set_hand(state, 2, ore=2)
    set_hand(state, 3, wool=1)
    _rolled(state)
    victims = sorted(a["seat"] for a in fish_actions(state, "steal"))
    assert victims == [2, 3]  # seat 1 holds no card; seat 2 has no building at all
    state.apply(_fish_for("steal", [3], seat=2))
    assert state.phase == "steal"
    state.apply(state.chance_outcomes()[0][0])
    assert state.hand[0][4] == 1 and state.hand[2][4] == 1 and state.phase == "main"


def test_fi_sp_02_four_fish_a_card_of_your_choice_from_the_bank() -> None:
    """FI-SP-02: 4 fish take any one resource the bank still has."""
    state = empty_island()
    give_fish(state, 0, 2, 2)
    state.bank[1] = 0
    _rolled(state)
    offered = {a["resource"] for a in fish_actions(state, "resource")}
    assert offered == {"lumber", "wool", "grain", "ore"}
    state.apply(_fish_for("resource", [2, 2], resource="ore"))
    assert state.hand[0] == [0, 0, 0, 0, 1] and state.bank[4] == 18


def test_fi_sp_02_five_fish_a_free_road_under_the_normal_rules() -> None:
    """FI-SP-02: 5 fish: one free road next to the seat's network."""
    state = empty_island()
    put(state, 0, settlements=[12])
    give_fish(state, 0, 3, 2)
    _rolled(state)
    state.apply(_fish_for("road", [2, 3]))
    spots = [a["edge"] for a in state.legal_actions()]
    assert spots == state.road_spots(0) and state.phase == "road_building"
    state.apply(A.BUILD_ROAD[spots[0]])
    assert state.edge_owner[spots[0]] == 0 and state.hand[0] == [0] * 5
    assert state.phase == "main" and state.roads_left[0] == 14


def test_fi_sp_02_seven_fish_a_free_development_card() -> None:
    """FI-SP-02: 7 fish: the top card of the development deck, for free."""
    state = empty_island()
    give_fish(state, 0, 3, 3, 1)
    _rolled(state)
    state.apply(_fish_for("development", [1, 3, 3]))
    assert state.phase == "draw_development"
    state.apply({"type": "draw_development", "card": "monopoly"})
    assert state.dev_hand[0][3] == 1 and state.hand[0] == [0] * 5 and state.phase == "main"


def test_fi_sp_02_fish_are_spent_only_after_the_roll_of_ones_own_turn() -> None:
    """FI-SP-02: before the roll and in another seat's turn no fish action is offered."""
    state = empty_island()
    give_fish(state, 0, 3, 3)
    give_fish(state, 1, 3, 3)
    assert fish_actions(state) == []
    _rolled(state)
    assert fish_actions(state)
    state.apply(A.END_TURN)
    assert fish_actions(state) == []


def test_fi_sp_03_several_purchases_each_paid_on_its_own() -> None:
    """FI-SP-03: two purchases in one turn; the 3-fish token that paid for a 2-fish action
    leaves nothing over for the next."""
    state = empty_island()
    state.robber = 5
    give_fish(state, 0, 3, 1, 2)
    set_hand(state, 1, grain=1)
    _rolled(state)
    state.apply(_fish_for("remove_robber", [3]))
    assert state.fish_held[0] == [1, 1, 0]
    state.apply(_fish_for("steal", [1, 2], seat=1))
    state.apply(state.chance_outcomes()[0][0])
    assert state.hand[0][3] == 1 and state.fish_held[0] == [0, 0, 0]
    assert fish_actions(state) == []


def test_fi_sp_04_spent_tokens_lie_face_up_beside_the_supply() -> None:
    """FI-SP-04: paid tokens join the spent pile, public by value; the supply keeps its size."""
    state = empty_island()
    give_fish(state, 0, 3, 1)
    _rolled(state)
    supply = state.observation(2)["fishermen"]["supply"]
    state.apply(_fish_for("resource", [1, 3], resource="brick"))
    seen = state.observation(2)["fishermen"]
    assert seen["spent"] == {"1": 1, "2": 0, "3": 1} and seen["supply"] == supply
    assert [e["paid"] for e in state.events if e["type"] == "fish_for"] == [[1, 3]]


# ---------------------------------------------------------------------- the old boot


def test_fi_bo_01_the_boot_is_shown_at_once_and_kept_face_up() -> None:
    """FI-BO-01: drawing the boot tells everyone; it takes the place of that token."""
    state = empty_island()
    put(state, 2, settlements=[ground(state, 10)[0]])
    roll(state, 10)
    draw(state, "boot")
    assert state.fish_boot == 2 and state.fish_held[2] == [0, 0, 0]
    event = next(e for e in state.events if e["type"] == "old_boot")
    assert event == {"type": "old_boot", "seat": 2, "visible_to": "all"}
    assert all(state.observation(s)["fishermen"]["boot"] == 2 for s in range(4))
    assert state.observation(0)["fishermen"]["boot_in_supply"] is False


def _vp(state, seat: int, settlements: list[int], cities: list[int] = ()) -> None:
    put(state, seat, settlements=settlements, cities=list(cities))


def test_fi_bo_02_fi_vp_01_the_holder_needs_eleven() -> None:
    """FI-BO-02 FI-VP-01: with the boot 10 VP do not win, 11 do (a VP card drawn)."""
    state = empty_island()
    _vp(state, 0, [1, 5, 8, 12], [23, 29, 33])  # 4 + 6 = 10 VP
    state.fish_boot = 0
    state.fish_supply[3] = 0
    _rolled(state)
    assert state.phase == "main" and state.total_vp(0) == 10 and not state.is_terminal()
    set_hand(state, 0, wool=1, grain=1, ore=1)
    state.apply(A.BUY_DEVELOPMENT)
    state.apply({"type": "draw_development", "card": "victory_point"})
    assert state.is_terminal() and state.result()["ranking"][0] == 0
    assert state.result()["scores"][0] == 11


def test_fi_vp_01_ten_points_win_without_the_boot() -> None:
    """FI-VP-01: 10 VP on one's own turn win when the boot is elsewhere."""
    state = empty_island()
    _vp(state, 0, [1, 5, 8, 12], [23, 29, 33])
    state.fish_boot = 1
    state.fish_supply[3] = 0
    state.apply(A.ROLL)
    assert state.is_terminal() and state.result()["ranking"][0] == 0


def test_fi_bo_03_the_boot_goes_to_a_seat_with_as_many_or_more_points() -> None:
    """FI-BO-03: after the roll the holder may pass the boot to a seat with the same or more
    public VP (hidden VP cards do not count); a sole leader keeps it."""
    state = empty_island()
    state.fish_boot = 0
    state.fish_supply[3] = 0
    _vp(state, 0, [1, 5])  # 2
    _vp(state, 1, [8, 12])  # 2
    _vp(state, 2, [23, 29, 33])  # 3
    _vp(state, 3, [39])  # 1 + 2 hidden
    state.dev_hand[3][VICTORY_POINT] = 2
    assert {"type": "give_boot", "seat": 1} not in state.legal_actions()  # not before the roll
    _rolled(state)
    gives = [a["seat"] for a in state.legal_actions() if a["type"] == "give_boot"]
    assert gives == [1, 2]
    state.apply({"type": "give_boot", "seat": 2})
    assert state.fish_boot == 2
    assert not [a for a in state.legal_actions() if a["type"] == "give_boot"]
    state.apply(A.END_TURN)
    _rolled(state)  # seat 1
    state.apply(A.END_TURN)
    _rolled(state)  # seat 2, alone in the lead: nobody may take it
    assert not [a for a in state.legal_actions() if a["type"] == "give_boot"]


def test_fi_bo_03_passing_the_boot_may_win_at_once() -> None:
    """FI-BO-03 FI-VP-01: the holder at 10 VP gives the boot to a seat with 10: the giver's
    target is 10 again and he wins in his turn."""
    state = empty_island()
    state.fish_boot = 0
    state.fish_supply[3] = 0
    _vp(state, 0, [1, 5, 8, 12], [23, 29, 33])
    _vp(state, 1, [39, 44, 10, 50], [36, 46, 20])
    _rolled(state)
    assert not state.is_terminal()
    state.apply({"type": "give_boot", "seat": 1})
    assert state.is_terminal() and state.result()["ranking"][0] == 0
