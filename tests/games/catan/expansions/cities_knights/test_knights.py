"""Cities & Knights: knights and the barbarians (rule IDs in the test names)."""

from __future__ import annotations

from typing import Any

from games.catan import actions as A

from .helpers import (
    blank,
    events,
    give,
    in_main,
    knight_facing_knight,
    legal,
    path,
    put,
    put_knight,
    roll,
)

CITY = 9  # a corner of the desert (hex 5), where the robber starts
ROUTE = (9, 14, 19, 24)  # seat 0's roads round the desert


def knights_position() -> object:
    """Seat 0: a city at 9 and roads 9-14-19-24, in the main phase of turn 1."""
    state = blank()
    put(state, 0, cities=[CITY], roads=path(blank(), *ROUTE))
    in_main(state)
    return state


def test_ck_kn_01_build_basic_inactive_next_to_a_road_no_distance_rule() -> None:
    """CK-KN-01: 1 wool + 1 ore; a basic, inactive knight on an empty intersection of one's
    roads, next to a building too."""
    state = knights_position()
    give(state, 0, wool=1, ore=1)
    assert {a["vertex"] for a in legal(state, "build_knight")} == {14, 19, 24}
    state.apply({"type": "build_knight", "vertex": 14})
    assert state.ck_knight_owner[14] == 0 and state.ck_knight_strength[14] == 1
    assert state.ck_knight_active[14] == 0
    assert state.hand[0] == [0, 0, 0, 0, 0]


def test_ck_co_05_two_knights_of_each_level() -> None:
    """CK-CO-05, CK-KN-03: no third basic knight; promotion needs a free token."""
    state = knights_position()
    put_knight(state, 0, 14)
    put_knight(state, 0, 19)
    give(state, 0, wool=1, ore=1)
    assert not legal(state, "build_knight")
    put_knight(state, 0, 24, strength=2)
    put_knight(state, 0, 9, strength=2)  # (a test position: two strong knights already out)
    assert not legal(state, "promote_knight")


def test_ck_kn_02_activate_with_grain_not_acting_the_same_turn() -> None:
    """CK-KN-02: 1 grain activates; a knight activated this turn cannot act this turn."""
    state = knights_position()
    put_knight(state, 0, 14)
    give(state, 0, grain=1)
    state.apply({"type": "activate_knight", "vertex": 14})
    assert state.ck_knight_active[14] == 1 and state.hand[0][3] == 0
    assert not legal(state, "march_knight")


def test_ck_kn_06_a_knight_activated_in_one_turn_marches_in_its_owners_next() -> None:
    """CK-KN-02, CK-KN-06: a turn's marks on a knight (acted, activated, promoted) last that
    turn only: activated in one turn, it may march in its owner's next turn."""
    state = knights_position()
    put_knight(state, 0, 14)
    give(state, 0, grain=1)
    state.apply({"type": "activate_knight", "vertex": 14})
    assert not legal(state, "march_knight")
    for _ in range(state.n):
        state.apply(A.END_TURN)
        in_main(state)
    assert state.turn_player == 0 and state.ck_knight_active[14] == 1
    assert legal(state, "march_knight")


def test_ck_kn_03_promote_once_a_turn_mighty_only_with_the_fortress() -> None:
    """CK-KN-03: one level, once per turn, status kept; strong to mighty needs politics 3."""
    state = knights_position()
    put_knight(state, 0, 14, active=1)
    give(state, 0, wool=2, ore=2)
    state.apply({"type": "promote_knight", "vertex": 14})
    assert state.ck_knight_strength[14] == 2 and state.ck_knight_active[14] == 1
    assert not legal(state, "promote_knight")  # once per turn
    state.ck_knight_flags[14] = 0
    state.touch()
    assert not legal(state, "promote_knight")  # no Fortress
    state.ck_levels[0][1] = 3
    state.touch()
    state.apply({"type": "promote_knight", "vertex": 14})
    assert state.ck_knight_strength[14] == 3


def test_ck_kn_04_strength_levels_count_only_active_knights() -> None:
    """CK-KN-04, CK-BA-02: basic 1, strong 2, mighty 3, active only."""
    state = knights_position()
    put_knight(state, 0, 14, strength=3, active=1)
    put_knight(state, 0, 19, strength=2, active=0)
    put_knight(state, 1, 24, strength=2, active=1)
    assert state.observation(0)["cities_and_knights"]["knight_strength"] == [3, 2, 0, 0]
    assert state.total_vp(0) == 2  # knights give no VP


def test_ck_kn_05_knight_blocks_settlements_and_opponents_roads() -> None:
    """CK-KN-05: no settlement on a knight (not even its owner's); an opponent cannot build a
    road out of the knight's intersection."""
    state = blank()
    put(state, 0, cities=[CITY], roads=path(state, 9, 14, 19))
    put(state, 1, cities=[36], roads=path(state, 36, 31, 25, 19))
    in_main(state)
    give(state, 0, lumber=1, brick=1, wool=1, grain=1)
    assert 19 in {a["vertex"] for a in legal(state, "build_settlement")}
    put_knight(state, 0, 19)
    assert 19 not in {a["vertex"] for a in legal(state, "build_settlement")}
    state.apply(A.END_TURN)
    roll(state, "trade", 1, 2)
    give(state, 1, lumber=1, brick=1)
    out_of_19 = path(state, 19, 24)[0]
    assert out_of_19 not in {a["edge"] for a in legal(state, "build_road")}
    state.ck_knight_owner[19] = 1  # its own knight does not block it
    state.touch()
    assert out_of_19 in {a["edge"] for a in legal(state, "build_road")}


def test_ck_kn_06_march_along_own_roads_then_inactive_once_a_turn() -> None:
    """CK-KN-06: an active knight moves along its owner's roads to an empty intersection,
    becomes inactive and cannot act again this turn even if reactivated."""
    state = knights_position()
    put_knight(state, 0, 14, active=1)
    assert {a["to"] for a in legal(state, "march_knight")} == {19, 24}
    state.apply({"type": "march_knight", "from": 14, "to": 24})
    assert state.ck_knight_owner[24] == 0 and state.ck_knight_owner[14] == -1
    assert state.ck_knight_active[24] == 0
    give(state, 0, grain=1)
    state.apply({"type": "activate_knight", "vertex": 24})
    assert not legal(state, "march_knight") and not legal(state, "displace_knight")


def test_ck_kn_06_displace_a_weaker_knight_which_retreats_by_its_owners_choice() -> None:
    """CK-KN-06: a strong knight displaces a basic one; its owner chooses where it retreats
    along his roads (status kept), or it returns to the supply; a basic displaces nobody."""
    state = knight_facing_knight(strong=(2, 1), weak=(1, 1))
    assert legal(state, "displace_knight") == [{"type": "displace_knight", "from": 14, "to": 24}]
    state.apply(legal(state, "displace_knight")[0])
    assert state.phase == "ck_retreat" and state.actor == 1
    assert {a["to"] for a in state.legal_actions()} == {30, 31}
    state.apply({"type": "retreat_knight", "to": 31})
    assert state.ck_knight_owner[31] == 1 and state.ck_knight_active[31] == 1
    assert state.ck_knight_owner[24] == 0 and state.phase == "main"
    state2 = blank()
    put(state2, 0, cities=[CITY], roads=path(state2, *ROUTE))
    put_knight(state2, 0, 14, strength=1, active=1)
    put_knight(state2, 1, 24, strength=1, active=1)
    in_main(state2)
    assert not legal(state2, "displace_knight")
    state2.ck_knight_strength[14] = 2
    state2.touch()
    state2.apply({"type": "displace_knight", "from": 14, "to": 24})
    assert state2.ck_knight_owner[24] == 0 and events(state2, "knight_removed")
    assert 1 not in state2.ck_knight_owner


def test_ck_kn_06_chase_the_robber_then_steal() -> None:
    """CK-KN-06 (A-CK-03): an active knight beside the robber's hex moves it and steals."""
    state = knights_position()
    put(state, 1, cities=[16])
    give(state, 1, paper=1)
    put_knight(state, 0, 14, active=1)
    state.ck_attacks = 1
    state.touch()
    state.apply({"type": "chase_robber", "vertex": 14})
    assert state.phase == "move_robber" and state.ck_knight_active[14] == 0
    assert 5 not in {a["hex"] for a in state.legal_actions()}
    state.apply(A.MOVE_ROBBER[3])
    state.apply({"type": "steal_card", "card": "paper"})
    assert state.ck_commodities[0][0] == 1 and state.phase == "main"


def seat_1_to_roll(state: object) -> None:
    state.apply(A.END_TURN)


def test_ck_ba_01_seventh_ship_attacks_before_production() -> None:
    """CK-BA-01: each ship face moves the ship; the 7th attacks before the dice produce."""
    state = blank()
    put(state, 0, cities=[16])  # forest 3
    state.ck_barbarian = 5
    roll(state, "ship", 3, 3)
    assert state.ck_barbarian == 6 and not events(state, "barbarian_attack")
    state.apply(A.END_TURN)
    roll(state, "ship", 1, 2)
    kinds = [e["type"] for e in state.events]
    assert kinds.index("barbarian_attack") < len(kinds) - 1 - kinds[::-1].index("production")
    assert state.ck_barbarian == 0


def test_ck_ba_02_03_stronger_barbarians_pillage_the_weakest_defenders() -> None:
    """CK-BA-02/03 (A-CK-10): 3 cities vs 1 knight: the seats with the lowest contribution
    that own a city without metropolis lose one, the owner choosing; its wall goes too."""
    state = blank()
    put(state, 0, cities=[0, 16])
    put(state, 1, cities=[40])
    put_knight(state, 1, 41, active=1)
    state.ck_walls[16] = 1
    state.ck_barbarian = 6
    roll(state, "ship", 1, 2)
    (attack,) = events(state, "barbarian_attack")
    assert attack["barbarians"] == 3 and attack["knights"] == 1 and attack["losers"] == [0]
    assert state.phase == "ck_pillage" and state.actor == 0
    state.apply({"type": "lose_city", "vertex": 16})
    assert state.vertex_level[16] == 1 and state.ck_walls[16] == 0
    assert state.cities_left[0] == 3 and state.vertex_level[40] == 2


def test_ck_ba_03_metropolis_only_owner_is_skipped() -> None:
    """CK-BA-03, CK-CI-05: a seat whose only city holds a metropolis loses nothing."""
    state = blank()
    put(state, 0, cities=[0])
    put(state, 1, cities=[40])
    state.ck_metropolis[0] = 0
    state.ck_barbarian = 6
    roll(state, "ship", 1, 2)
    assert events(state, "barbarian_attack")[0]["losers"] == [1]
    assert state.vertex_level[0] == 2 and state.vertex_level[40] == 1


def test_ck_ba_03_a_fallen_city_is_its_owners_next_city_and_binds_no_one_else() -> None:
    """A-CK-09: a city pillaged with no settlement piece left lies as a fallen city and is the
    next city its owner builds; another seat's fallen city does not bind his builds."""
    state = blank()
    put(state, 0, settlements=[0], cities=[16])
    put(state, 1, settlements=[40])
    state.vertex_level[16] = 1  # pillaged with no settlement piece left
    state.cities_left[0] += 1
    state.ck_fallen.append(16)
    give(state, 0, ore=3, grain=2)
    give(state, 1, ore=3, grain=2)
    in_main(state)
    assert [a["vertex"] for a in legal(state, "build_city")] == [16]
    state.apply(A.END_TURN)
    in_main(state)
    assert state.turn_player == 1
    assert [a["vertex"] for a in legal(state, "build_city")] == [40]


def test_ck_ba_04_single_best_defender_takes_a_card_tie_draws() -> None:
    """CK-BA-04 (A-CK-07, A-CK-08): the single highest contributor gets a Defender of Catan
    (1 VP); tied players each draw from a deck of their choice, from the roller on."""
    state = blank()
    put(state, 0, cities=[0])
    put_knight(state, 1, 41, strength=2, active=1)
    state.ck_barbarian = 6
    roll(state, "ship", 1, 2)
    assert state.ck_defenders == [0, 1, 0, 0] and state.public_vp(1) == 1
    state = blank()
    put(state, 0, cities=[0])
    put_knight(state, 1, 41, active=1)
    put_knight(state, 2, 45, active=1)
    state.ck_barbarian = 6
    roll(state, "ship", 1, 2)
    assert state.phase == "ck_defender_deck" and state.actor == 1
    state.apply({"type": "choose_deck", "track": "politics"})
    assert state.phase == "ck_draw"
    state.apply(state.chance_outcomes()[0][0])
    assert state.actor == 2 and state.phase == "ck_defender_deck"
    state.ck_defenders = [6, 0, 0, 0]  # A-CK-08: none left for a later best defender


def test_ck_ba_04_a_tied_defender_chooses_among_the_decks_left() -> None:
    """CK-BA-04: a tied defender draws from a deck of his choice: one with cards left."""
    state = blank()
    put(state, 0, cities=[0])
    put_knight(state, 1, 41, active=1)
    put_knight(state, 2, 45, active=1)
    state.ck_decks["politics"], state.ck_under["politics"] = [], []
    state.ck_barbarian = 6
    roll(state, "ship", 1, 2)
    assert state.phase == "ck_defender_deck" and state.actor == 1
    assert [a["track"] for a in state.legal_actions()] == ["trade", "science"]


def test_ck_ba_05_ship_back_knights_off_robber_awake() -> None:
    """CK-BA-05: the ship returns, every knight is deactivated, the robber wakes."""
    state = blank()
    put(state, 0, cities=[0])
    put_knight(state, 0, 4, strength=3, active=1)
    state.ck_barbarian = 6
    roll(state, "ship", 1, 2)
    assert state.ck_barbarian == 0 and not any(state.ck_knight_active)
    assert state.ck_attacks == 1
    state.apply(A.END_TURN)
    roll(state, "trade", 3, 4)
    assert state.phase == "move_robber"


def _seat_1_holds_six_roads_through_12() -> Any:
    """Seat 1's 6-road trail through intersection 12 holds the Longest Road against seat 0's 5
    roads ending at 12; seat 0's main phase."""
    state = blank()
    put(state, 1, cities=[0], roads=path(state, 0, 3, 7, 12, 8, 4, 1))
    put(state, 0, cities=[27], roads=path(state, 27, 21, 16, 22, 17, 12))
    state._update_longest_road(holder_dropped=False)  # as if seat 1 had built its sixth road
    in_main(state)
    assert state.road_length[:2] == [5, 6] and state.longest_road == 1
    return state


def test_ck_kn_05_knight_breaks_an_opponents_longest_road_like_a_settlement() -> None:
    """CK-KN-05: seat 0's knight on the middle of seat 1's 6-road trail cuts it to 3, so the
    Longest Road passes to seat 0's 5 roads; marched away, the trail is whole again and
    seat 1 takes it back (6 > 5)."""
    state = _seat_1_holds_six_roads_through_12()
    give(state, 0, wool=1, ore=1)
    state.apply({"type": "build_knight", "vertex": 12})
    assert state.road_length[:2] == [5, 3]
    assert state.longest_road == 0 and events(state, "longest_road")[-1]["previous"] == 1
    assert state.public_vp(0) == 2 + 2 and state.public_vp(1) == 2
    put_knight(state, 0, 12, active=1)
    state.apply({"type": "march_knight", "from": 12, "to": 22})
    assert state.road_length[:2] == [5, 6] and state.longest_road == 1


def test_ck_kn_05_a_settlement_still_breaks_an_opponents_road_with_knights_added() -> None:
    """CK-KN-05 adds knights to BG-LR-03's breakers, and the buildings still break: seat 0's
    settlement on the middle of seat 1's 6-road trail cuts it to 3, so the Longest Road passes
    to seat 0's 5 roads (the ``trail_owners`` hook keeps the buildings' owners)."""
    state = _seat_1_holds_six_roads_through_12()
    give(state, 0, brick=1, lumber=1, wool=1, grain=1)
    state.apply({"type": "build_settlement", "vertex": 12})
    assert state.road_length[:2] == [5, 3]
    assert state.longest_road == 0 and events(state, "longest_road")[-1]["previous"] == 1


def test_ck_kn_05_an_owed_count_is_made_when_a_road_joins_two_of_its_trails() -> None:
    """CK-KN-05, BG-LR-07: seat 0's knight leaves the middle of seat 1's 4-road trail: seat
    1's count may wait (3 to 6 roads cannot pass seat 0's 7). Seat 1 then joins that trail and
    its 3-road one with a road between them (no open end): 8 roads, so the count is made at once
    and seat 1 takes the Longest Road from seat 0."""
    state = blank()
    trail = path(state, 0, 3, 7, 11) + path(state, 16, 22, 17, 12, 8)
    put(state, 1, roads=trail)
    put(state, 0, cities=[1], roads=path(state, 1, 5, 2, 6, 10, 14, 19, 24) + path(state, 17, 23))
    put_knight(state, 0, 17, active=1)
    state._rebuild_derived()  # the lengths with the knight in the way
    state._update_longest_road(holder_dropped=False)
    in_main(state)
    assert state.road_length[:2] == [7, 3] and state.longest_road == 0
    state.apply({"type": "march_knight", "from": 17, "to": 23})
    assert state.lengths_owed == {1: (3, 6)}  # not counted yet: it cannot change the holder
    state.apply(A.END_TURN)
    in_main(state)
    give(state, 1, brick=1, lumber=1)
    state.apply({"type": "build_road", "edge": path(state, 11, 16)[0]})
    assert state.longest_road == 1 and state.road_length[:2] == [7, 8]


def test_ck_kn_05_a_deserted_knight_no_longer_breaks_the_road() -> None:
    """CK-KN-05 with the Deserter (CK-PC-P03): seat 0's knight cuts seat 1's 6-road trail and
    takes the Longest Road; seat 1 plays the Deserter, seat 0 gives up that knight, and the
    trail is whole again at once: seat 1 holds the card (6 > 5) before it places its knight."""
    from .progress_helpers import answer, deal, play

    state = blank()
    put(state, 1, cities=[0], roads=path(state, 0, 3, 7, 12, 8, 4, 1))
    put(state, 0, cities=[27], roads=path(state, 27, 21, 16, 22, 17, 12))
    state._update_longest_road(holder_dropped=False)
    in_main(state)
    give(state, 0, wool=1, ore=1)
    state.apply({"type": "build_knight", "vertex": 12})
    assert state.road_length[:2] == [5, 3] and state.longest_road == 0
    state.apply(A.END_TURN)
    in_main(state)
    assert state.turn_player == 1
    deal(state, 1, "Deserter")
    play(state, "Deserter", seat=0)
    answer(state, "choose_vertex", vertex=12)
    assert state.ck_knight_owner[12] == -1
    assert state.road_length[:2] == [5, 6] and state.longest_road == 1
