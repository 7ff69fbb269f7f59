"""Cities & Knights: improvements, metropolises, walls, trading, the merchant and the core's
part of the progress cards (rule IDs in the test names)."""

from __future__ import annotations

import pytest

from games.catan import actions as A
from games.catan.expansions.cities_knights import progress
from games.catan.expansions.cities_knights.progress import science

from .helpers import blank, events, give, hand_of, in_main, legal, put, roll

HILLS_6_CORNER = 0
FOREST_3_CORNER = 16  # on the generic 3:1 harbour of forest 3


def main_with(cities=(HILLS_6_CORNER,), settlements=(), **cards: int):
    state = blank()
    put(state, 0, cities=list(cities), settlements=list(settlements))
    in_main(state)
    give(state, 0, **cards)
    return state


def improve(state, track: str) -> None:
    state.apply({"type": "improve_city", "track": track})


def test_ck_ci_01_level_n_costs_n_commodities_in_order_needs_a_city_no_vp() -> None:
    """CK-CI-01, CK-CO-04: levels in order, level n for n of the track's commodity (trade:
    cloth, politics: coin, science: paper); a city is needed; no VP; 5 levels at most."""
    state = main_with(cloth=15, coin=1, paper=0)
    vp = state.total_vp(0)
    improve(state, "trade")
    improve(state, "trade")
    assert state.ck_levels[0] == [2, 0, 0] and hand_of(state, 0)["cloth"] == 12
    assert {a["track"] for a in legal(state, "improve_city")} == {"trade", "politics"}
    improve(state, "trade")
    improve(state, "trade")
    state.apply(state.legal_actions()[0]) if state.phase == "ck_metropolis" else None
    improve(state, "trade")
    assert state.ck_levels[0][0] == 5 and "cloth" not in hand_of(state, 0)
    give(state, 0, cloth=9)
    assert "trade" not in {a["track"] for a in legal(state, "improve_city")}
    assert state.total_vp(0) == vp + 2  # the metropolis only
    no_city = main_with(cities=(), settlements=(HILLS_6_CORNER,), cloth=3)
    assert not legal(no_city, "improve_city")


def test_ck_ci_02_level_three_abilities_for_everyone_who_reaches_them() -> None:
    """CK-CI-02, CK-TR-03: the Merchant Guild (trade 3) trades commodities 2:1 for any
    player at level 3, not below."""
    state = main_with(coin=2)
    assert not legal(state, "bank_trade")
    state.ck_levels[0][0] = 3
    state.touch()
    trades = legal(state, "bank_trade")
    assert {"type": "bank_trade", "give": "coin", "get": "ore"} in trades
    state.apply({"type": "bank_trade", "give": "coin", "get": "paper"})
    assert hand_of(state, 0) == {"paper": 1}


def test_ck_ci_03_progress_draw_when_red_die_at_most_level_plus_one() -> None:
    """CK-CI-03: a gate draws for each seat whose level shows the red die (red <= level + 1),
    in turn order from the roller; level 0 never."""
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    state.ck_levels = [[0, 1, 0], [0, 2, 0], [0, 0, 0], [0, 5, 0]]
    roll(state, "politics", 1, 3)
    drawers = []
    while state.phase == "ck_draw":
        drawers.append(state.ck_queue[0][1])
        state.apply(state.chance_outcomes()[0][0])
    assert drawers == [1, 3]
    assert [
        len(h) + len(v) for h, v in zip(state.ck_progress, state.ck_progress_vp, strict=True)
    ] == [
        0,
        1,
        0,
        1,
    ]


@pytest.mark.parametrize(("red", "drawers"), [(2, [1]), (3, [])])
def test_ck_ci_03_a_lone_seat_draws_up_to_its_level_plus_one(red: int, drawers: list[int]) -> None:
    """CK-CI-03: the only seat with a level in the gate's colour draws when the red die shows
    that level + 1 (the bound itself), and nobody draws one above it."""
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    state.ck_levels = [[0, 0, 0], [0, 1, 0], [0, 0, 0], [0, 0, 0]]
    roll(state, "politics", 1, red)
    seen = []
    while state.phase == "ck_draw":
        seen.append(state.ck_queue[0][1])
        state.apply(state.chance_outcomes()[0][0])
    assert seen == drawers


def test_ck_ci_04_metropolis_first_to_four_taken_by_first_to_five() -> None:
    """CK-CI-04, CK-CO-07: the first to level 4 places the track's metropolis (choosing among
    his cities); a player reaching level 5 first takes it from a holder at 4."""
    state = main_with(cities=(HILLS_6_CORNER, FOREST_3_CORNER), coin=4)
    state.ck_levels[0][1] = 3
    improve(state, "politics")
    assert state.phase == "ck_metropolis"
    assert {a["vertex"] for a in state.legal_actions()} == {HILLS_6_CORNER, FOREST_3_CORNER}
    state.apply({"type": "place_metropolis", "vertex": FOREST_3_CORNER})
    assert state.ck_metropolis[1] == FOREST_3_CORNER and state.phase == "main"
    put(state, 1, cities=[40])
    state.ck_levels[1][1] = 4
    state.apply(A.END_TURN)
    roll(state, "trade", 1, 2)
    give(state, 1, coin=5)
    improve(state, "politics")
    assert state.ck_metropolis[1] == 40 and events(state, "metropolis")[-1]["from"] == 0


def test_ck_ci_05_metropolis_is_four_vp() -> None:
    """CK-CI-05: a metropolis city counts 4."""
    state = main_with()
    assert state.public_vp(0) == 2
    state.ck_metropolis[2] = HILLS_6_CORNER
    assert state.public_vp(0) == 4


def test_ck_ci_06_levels_four_and_five_need_a_free_city() -> None:
    """CK-CI-06: level 4 needs a city without a metropolis (or the track's own metropolis)."""
    state = main_with(paper=4)
    state.ck_levels[0] = [0, 0, 3]
    state.ck_metropolis[0] = HILLS_6_CORNER  # the only city holds the trade metropolis
    state.touch()
    assert not legal(state, "improve_city")
    state.ck_metropolis = [-1, -1, HILLS_6_CORNER]  # the science one: it may go on to 4
    state.touch()
    assert legal(state, "improve_city") == [{"type": "improve_city", "track": "science"}]


def test_ck_wa_01_wall_two_brick_under_a_city_three_at_most() -> None:
    """CK-WA-01, CK-CO-06: a wall costs 2 brick, under one's city, one per city, 3 per seat."""
    state = main_with(cities=(0, 16, 40, 45), brick=8)
    assert {a["vertex"] for a in legal(state, "build_wall")} == {0, 16, 40, 45}
    for v in (0, 16, 40):
        state.apply({"type": "build_wall", "vertex": v})
    assert state.hand[0][1] == 2 and not legal(state, "build_wall")


def test_ck_tr_02_commodities_four_to_one_generic_harbour_three_to_one() -> None:
    """CK-TR-02: 4 identical commodities for any card; a 3:1 harbour works for commodities,
    a 2:1 harbour only for its resource; resources buy commodities at their rate."""
    state = main_with(cities=(HILLS_6_CORNER,), cloth=3, brick=2)  # the brick 2:1 harbour
    trades = legal(state, "bank_trade")
    assert not [t for t in trades if t["give"] == "cloth"]
    assert {"type": "bank_trade", "give": "brick", "get": "coin"} in trades
    give(state, 0, cloth=4)
    state.apply({"type": "bank_trade", "give": "cloth", "get": "grain"})
    assert hand_of(state, 0) == {"grain": 1}
    harbour = main_with(cities=(FOREST_3_CORNER,), paper=3)
    harbour.apply({"type": "bank_trade", "give": "paper", "get": "ore"})
    assert hand_of(harbour, 0) == {"ore": 1}
    # a resource alone at its harbour's rate, no commodity held (below 4:1, the 2:1 and the 3:1)
    for cards in ({"brick": 2}, {"lumber": 3}):
        (kind,) = cards
        alone = main_with(cities=(HILLS_6_CORNER if kind == "brick" else FOREST_3_CORNER,), **cards)
        assert {"type": "bank_trade", "give": kind, "get": "coin"} in legal(alone, "bank_trade")


def test_ck_tr_02_no_bank_trade_for_a_kind_the_bank_has_none_of() -> None:
    """CK-TR-02: the bank gives only what it holds: a kind it has run out of is not taken in
    a bank trade; the others still are."""
    state = main_with(cities=(HILLS_6_CORNER,), cloth=4)
    assert {t["get"] for t in legal(state, "bank_trade") if t["give"] == "cloth"} >= {"coin", "ore"}
    state.ck_commodity_bank[2] = 0  # no coin left
    state.bank[4] = 0  # no ore left
    state.touch()
    gets = [t["get"] for t in legal(state, "bank_trade") if t["give"] == "cloth"]
    assert gets and "coin" not in gets and "ore" not in gets


def test_ck_tr_04_ck_me_01_merchant_gives_two_to_one_and_a_vp() -> None:
    """CK-TR-04, CK-ME-01, CK-CO-08: the merchant's owner trades its hex's resource 2:1 and
    holds 1 VP; another seat's merchant gives nothing."""
    state = main_with(brick=2)
    state.ck_merchant = [3, 1]  # forest 3, seat 1's
    give(state, 0, lumber=2)
    assert not [t for t in legal(state, "bank_trade") if t["give"] == "lumber"]
    vp = state.public_vp(0)
    state.ck_merchant = [3, 0]
    state.touch()
    state.apply({"type": "bank_trade", "give": "lumber", "get": "ore"})
    assert hand_of(state, 0) == {"ore": 1}
    assert state.public_vp(0) == vp + 1


def test_ck_pc_01_hand_limit_four_off_turn_at_once_own_turn_at_its_end() -> None:
    """CK-PC-01 (A-CK-04): a fifth card drawn on another's turn is discarded at once (under
    its deck); the active player discards at the end of his turn."""
    state = blank()
    state.ck_progress[1] = ["Spy", "Spy", "Wedding", "Bishop"]
    state.ck_levels[1][1] = 5
    state.ck_decks["politics"] = ["Saboteur"] * 5
    roll(state, "politics", 1, 1)
    state.apply(state.chance_outcomes()[0][0])
    assert state.phase == "ck_progress_discard" and state.actor == 1
    state.apply({"type": "discard_progress", "card": "Saboteur"})
    assert len(state.ck_progress[1]) == 4 and state.ck_under["politics"] == ["Saboteur"]
    state.apply(A.END_TURN)
    roll(state, "politics", 1, 1)
    state.apply(state.chance_outcomes()[0][0])
    assert state.phase == "main" and len(state.ck_progress[1]) == 5
    state.apply(A.END_TURN)
    assert state.phase == "ck_progress_discard" and state.actor == 1
    state.apply({"type": "discard_progress", "card": "Spy"})
    assert state.turn_player == 2 and state.phase == "pre_roll"


def test_ck_pc_02_cards_played_on_own_turn_after_the_roll_alchemist_before(monkeypatch) -> None:
    """CK-PC-02: ``play_progress`` is offered only to the seat on turn, after the roll (the
    Alchemist before it); the card goes under its deck (the effect is the card module's)."""
    offered = []

    def playable_irrigation(state, seat):
        offered.append(seat)
        return [{"type": "play_progress", "card": "Irrigation"}]

    monkeypatch.setattr(science, "playable_irrigation", playable_irrigation, raising=False)
    monkeypatch.setattr(science, "play_irrigation", lambda s, p, a: False, raising=False)
    progress.forget_finders()
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    state.ck_progress[0] = ["Irrigation"]
    state.ck_progress[1] = ["Irrigation"]
    assert not legal(state, "play_progress")
    in_main(state)
    assert progress.playable(state, 1) == []
    state.apply({"type": "play_progress", "card": "Irrigation"})
    assert state.ck_progress[0] == [] and state.ck_under["science"] == ["Irrigation"]
    assert offered == [0]
    monkeypatch.undo()
    progress.forget_finders()


def test_ck_pc_03_vp_cards_revealed_at_once_outside_the_limit() -> None:
    """CK-PC-03: Printer is shown when drawn, counts 1 VP and is outside the hand."""
    state = blank()
    state.ck_levels[2][2] = 5
    state.ck_decks["science"] = ["Printer"]
    roll(state, "science", 1, 1)
    state.apply({"type": "draw_progress", "track": "science", "card": "Printer"})
    assert state.ck_progress_vp[2] == ["Printer"] and state.ck_progress[2] == []
    assert events(state, "progress_vp")[0]["visible_to"] == "all"
    assert state.public_vp(2) == 1


def test_ck_pc_05_progress_cards_never_stolen() -> None:
    """CK-PC-05: a victim with only progress cards has nothing to steal."""
    state = blank()
    put(state, 1, cities=[FOREST_3_CORNER])
    state.ck_progress[1] = ["Spy"]
    state.ck_attacks = 1
    roll(state, "trade", 3, 4)
    state.apply(A.MOVE_ROBBER[3])
    assert state.phase == "main" and state.ck_progress[1] == ["Spy"]
    assert events(state, "steal")[-1]["resource"] is None


def test_ck_co_03_six_defender_cards() -> None:
    """CK-CO-03 (A-CK-08): six Defender cards; with all six out the best defender gets none."""
    state = blank()
    put(state, 0, cities=[HILLS_6_CORNER])
    state.ck_knight_owner[4], state.ck_knight_strength[4], state.ck_knight_active[4] = 1, 2, 1
    state.ck_defenders = [3, 3, 0, 0]
    state.ck_barbarian = 6
    roll(state, "ship", 1, 2)
    assert state.ck_defenders == [3, 3, 0, 0]
    assert state.observation(0)["cities_and_knights"]["defenders_left"] == 0


def test_ck_tr_01_players_trade_commodities_card_for_card_never_progress_cards() -> None:
    """CK-TR-01: a proposal mixes resources and commodities; the partner must hold what is
    asked; the swap moves both. Progress cards are no trade goods (refused like any name)."""
    import pytest

    from games.errors import IllegalAction

    state = main_with(paper=2, brick=1)
    give(state, 1, cloth=1, grain=1)
    give(state, 2, grain=1)
    state.apply({"type": "propose_trade", "give": {"paper": 2}, "get": {"cloth": 1, "grain": 1}})
    assert state.phase == "trade_answer" and state.actor == 1
    assert {"type": "accept_trade"} in state.legal_actions()
    state.apply({"type": "accept_trade"})
    assert state.legal_actions() == [{"type": "reject_trade"}]  # seat 2 has no cloth
    state.apply({"type": "reject_trade"})
    state.apply({"type": "reject_trade"})
    state.apply({"type": "confirm_trade", "seat": 1})
    assert hand_of(state, 0) == {"brick": 1, "grain": 1, "cloth": 1}
    assert hand_of(state, 1) == {"paper": 2}
    trade = events(state, "trade")[-1]
    assert trade["give"] == {"paper": 2} and trade["get"] == {"grain": 1, "cloth": 1}
    for bad in (
        {"type": "propose_trade", "give": {"paper": 1}, "get": {"Spy": 1}},
        {"type": "propose_trade", "give": {"coin": 1}, "get": {"ore": 1}},
        {"type": "propose_trade", "give": {"brick": 1, "cloth": 1}, "get": {"cloth": 1}},
    ):
        with pytest.raises(IllegalAction):
            state.apply(bad)
