"""The SDK's Cities & Knights helpers (``bots/sdk/arena_bot.py``) on real positions: each
helper's reading is checked against what the engine then does (the 7's discards, the price of an
improvement, a roll's production, the barbarians' attack)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bots.sdk.arena_bot import CatanView, Turn
from games.catan import GAME
from tests.games.catan.expansions.cities_knights.helpers import (
    OPTIONS,
    blank,
    events,
    give,
    hand_of,
    in_main,
    knight_facing_knight,
    path,
    put,
    put_knight,
    roll,
)


def view_of(state: Any, seat: int = 0) -> CatanView:
    return CatanView(state.observation(seat), GAME.static_info(dict(OPTIONS)))


def test_hand_and_hand_limit_say_who_discards_on_a_7() -> None:
    """CK-WA-01, CK-SE-01: seat 0 holds 10 cards (resources and commodities) and walls one of
    its two cities (limit 9): it discards; seat 1 holds 9 behind two walls (limit 11): it keeps."""
    state = blank()
    put(state, 0, cities=[0, 40])
    put(state, 1, cities=[10, 30])
    state.ck_walls[0] = 1
    state.ck_walls[10] = state.ck_walls[30] = 1
    give(state, 0, brick=3, grain=4, paper=2, coin=1)
    give(state, 1, ore=5, cloth=4)
    sdk = [view_of(state, seat) for seat in (0, 1)]
    assert sdk[0].hand == {**hand_of(state, 0), "lumber": 0, "wool": 0, "ore": 0, "cloth": 0}
    assert [v.hand_limit for v in sdk] == [9, 11]
    roll(state, "trade", 3, 4)
    asked = set()
    while state.phase == "ck_discard":
        asked.add(state.current_player())
        state.apply(state.legal_actions()[0])
    over = [sum(v.hand.values()) > v.hand_limit for v in sdk]
    assert over == [True, False] and asked == {0}


def test_improvement_cost_is_the_price_the_engine_takes() -> None:
    """CK-CI-01: level n costs n commodities; at level 5 there is no next level."""
    state = blank()
    put(state, 0, cities=[0])
    state.ck_levels[0] = [2, 0, 5]
    give(state, 0, cloth=3, coin=1, paper=6)
    in_main(state)
    view = view_of(state)
    assert [view.improvement_cost(t) for t in ("trade", "politics", "science")] == [3, 1, None]
    offered = {a["track"] for a in state.legal_actions() if a["type"] == "improve_city"}
    assert offered == {"trade", "politics"}
    cloth = hand_of(state, 0)["cloth"]
    state.apply({"type": "improve_city", "track": "trade"})
    assert hand_of(state, 0).get("cloth", 0) == cloth - view.improvement_cost("trade")
    assert CatanView(GAME.new_game(3, 1, {}).observation(0), {}).improvement_cost("trade") is None


def test_roll_income_is_what_a_roll_pays() -> None:
    """CK-PR-01..03: a settlement takes 1 card, a city 2 (a resource and a commodity by forest,
    pasture and mountains), the robbed hex nothing; the income the SDK predicts for a total is
    the cards the roll gives."""
    for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        state = blank()
        put(state, 0, settlements=[12], cities=[20, 41])
        state.robber = next(h for h in state.board.vertex_hexes[41] if state.numbers[h])
        view = view_of(state)
        before = sum(hand_of(state, 0).values())
        yellow = total - 1 if total <= 7 else 6
        roll(state, "trade", yellow, total - yellow)
        assert sum(hand_of(state, 0).values()) - before == view.roll_income(total), total
    assert view.roll_income(7) == 0
    assert max(view.roll_income(t) for t in range(2, 13)) >= 2  # a city among them pays


def test_barbarian_gap_predicts_the_attack() -> None:
    """CK-BA-02..04: three cities against active knights of strength 1 + 1 lose (gap 1); one
    more active knight holds them (gap 0)."""
    for extra_knight, beaten in ((False, True), (True, False)):
        state = blank()
        put(state, 0, cities=[0, 40], roads=[])
        put(state, 1, cities=[10])
        put_knight(state, 0, 4, strength=1, active=1)
        put_knight(state, 1, 14, strength=1, active=1)
        if extra_knight:
            put_knight(state, 1, 20, strength=1, active=1)
        state.ck_barbarian = 6
        view = view_of(state)
        assert view.barbarian_gap == (1 if beaten else 0)
        roll(state, "ship", 1, 2)
        (attack,) = events(state, "barbarian_attack")
        assert ("losers" in attack) == beaten and ("losers" in attack) == (view.barbarian_gap > 0)
    assert CatanView(GAME.new_game(3, 1, {}).observation(0), {}).barbarian_gap == 0


def test_knight_actions_are_one_knights_and_matching_finds_an_action_by_its_fields() -> None:
    """CK-KN-02/03/06: seat 0's strong active knight on 14 may be promoted, march to 19, displace
    seat 1's basic knight on 24 and chase the robber (awake) from the desert's corner; its
    inactive basic knight on 25 may be activated or promoted. The SDK finds each knight's own
    actions, and an action by its fields, and the engine plays them."""
    from tests.games.catan.expansions.cities_knights.helpers import legal

    def position() -> Any:
        state = blank()
        put(state, 0, cities=[9], roads=path(state, 9, 14, 19, 24) + path(state, 19, 25))
        put(state, 1, cities=[36], roads=path(state, 36, 31) + path(state, 36, 30, 24))
        put_knight(state, 0, 14, strength=2, active=1)
        put_knight(state, 0, 25, strength=1, active=0)
        put_knight(state, 1, 24, strength=1, active=1)
        state.ck_levels[0] = [0, 3, 0]  # the Fortress: strong knights may be promoted
        state.ck_attacks = 1  # the robber is awake
        give(state, 0, wool=2, ore=2, grain=1, paper=4)
        return in_main(state)

    state = position()
    observation = state.observation(0)
    match = SimpleNamespace(static=GAME.static_info(dict(OPTIONS)))
    turn = Turn(match, 0, observation, state.legal_actions(), {})
    strong = [turn.legal_actions[i] for i in turn.knight_actions(14)]
    assert sorted(a["type"] for a in strong) == [
        "chase_robber",
        "displace_knight",
        "march_knight",
        "promote_knight",
    ]
    assert [turn.legal_actions[i] for i in turn.knight_actions(25)] == [
        {"type": "promote_knight", "vertex": 25},
        {"type": "activate_knight", "vertex": 25},
    ]
    assert turn.knight_actions(24) == []  # seat 1's knight: not ours to move
    assert (
        [turn.legal_actions[i] for i in turn.matching("march_knight", to=19)]
        == [{"type": "march_knight", "from": 14, "to": 19}]
        == legal(state, "march_knight")
    )
    (displace,) = turn.matching("displace_knight", **{"from": 14})
    assert turn.legal_actions[displace] == {"type": "displace_knight", "from": 14, "to": 24}
    (trade,) = turn.matching("bank_trade", give="paper", get="brick")
    for index, check in (
        (displace, lambda s: s.phase == "ck_retreat" and s.ck_knight_owner[24] == 0),
        (trade, lambda s: hand_of(s, 0).get("brick") == 1 and "paper" not in hand_of(s, 0)),
        (turn.matching("activate_knight", vertex=25)[0], lambda s: s.ck_knight_active[25] == 1),
    ):
        state = position()
        state.apply(turn.legal_actions[index])
        assert check(state)
    assert turn.matching("bank_trade", give="coin") == []


def test_retreating_knight_is_the_knight_the_retreat_then_places() -> None:
    """CK-KN-06: the SDK names the displaced knight (off the board while its owner chooses);
    after ``retreat_knight`` that knight stands where its owner sent it, as the SDK said."""
    state = knight_facing_knight(strong=(2, 1), weak=(1, 1))
    assert view_of(state, 1).retreating_knight is None
    state.apply({"type": "displace_knight", "from": 14, "to": 24})
    knight = view_of(state, 1).retreating_knight
    assert knight is not None and (knight["from"], knight["owner"]) == (24, 1)
    state.apply({"type": "retreat_knight", "to": 31})
    placed = [k for k in view_of(state, 1).ck_knights(1) if k["vertex"] == 31]
    assert [(k["strength"], k["active"]) for k in placed] == [
        (knight["strength"], knight["active"])
    ]
    assert view_of(state, 1).retreating_knight is None


def test_pending_metropolis_is_the_track_the_engine_places() -> None:
    """CK-CI-04: reaching politics 4 first, seat 0 chooses among two cities; the SDK names the
    track, and the metropolis placed is that track's."""
    state = blank()
    put(state, 0, cities=[0, 16])
    state.ck_levels[0] = [4, 3, 0]
    give(state, 0, coin=4)
    in_main(state)
    state.apply({"type": "improve_city", "track": "politics"})
    assert state.phase == "ck_metropolis"
    track = view_of(state).pending_metropolis
    state.apply({"type": "place_metropolis", "vertex": 16})
    placed = view_of(state).cities_and_knights["metropolises"]
    assert track == "politics" and placed == {"trade": -1, "politics": 16, "science": -1}
    assert view_of(state).pending_metropolis is None
