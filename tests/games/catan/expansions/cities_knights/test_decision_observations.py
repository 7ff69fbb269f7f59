"""Cities & Knights: every pending decision shows in the observations what it is about (issue
15): a bot decides from its observation alone, never from the event log. The facts are public
(everyone saw the displacement, the card's first choice...), so every seat sees them alike; each
position is reached through legal_actions()/apply()."""

from __future__ import annotations

from typing import Any

from games.catan.expansions.cities_knights import knights

from .helpers import blank, knight_facing_knight, put, roll
from .helpers import give as give_cards
from .progress_helpers import answer, deal, give, main_phase, play
from .test_improvements import FOREST_3_CORNER, HILLS_6_CORNER, improve, main_with

CITY, ROUTE = 9, (9, 14, 19, 24)  # as in test_knights: seat 0's roads round the desert


def seen_by_all(state: Any, key: str) -> Any:
    """``cities_and_knights[key]`` as every seat sees it (the same for all; None if absent)."""
    seen = [state.observation(s)["cities_and_knights"].get(key) for s in range(state.n)]
    assert all(x == seen[0] for x in seen), seen
    return seen[0]


def pending_seen_by_all(state: Any) -> dict[str, Any]:
    """The public part of ``progress_pending``: the same for every seat."""
    private = ("to", "cards_left", "progress_cards", "hand")
    views = [state.observation(s)["cities_and_knights"]["progress_pending"] for s in range(state.n)]
    public = [{k: v for k, v in view.items() if k not in private} for view in views]
    assert all(x == public[0] for x in public), public
    return public[0]


def test_ck_kn_06_every_seat_sees_the_knight_that_must_retreat() -> None:
    """CK-KN-06: the displaced knight is off the board while its owner chooses where it goes;
    every observation names it (where from, whose, strength, status) until it has retreated."""
    state = knight_facing_knight(strong=(3, 1), weak=(2, 0))
    assert seen_by_all(state, "retreating_knight") is None
    state.apply({"type": "displace_knight", "from": 14, "to": 24})
    assert state.phase == "ck_retreat" and state.current_player() == 1
    assert seen_by_all(state, "retreating_knight") == {
        "from": 24,
        "owner": 1,
        "strength": 2,
        "active": False,
        "acted": False,
    }
    on_24 = [k for k in seen_by_all(state, "knights") if k["vertex"] == 24]
    assert on_24 == [
        {"vertex": 24, "owner": 0, "strength": 3, "active": False, "acted": True}
    ]  # the displacer stands there now: the retreating one is only in retreating_knight
    state.apply(state.legal_actions()[0])
    assert state.phase == "main" and seen_by_all(state, "retreating_knight") is None


def test_ck_kn_06_the_retreating_knights_status_is_its_own() -> None:
    """An active knight retreats active (CK-KN-06): the observation says so."""
    state = knight_facing_knight(strong=(2, 1), weak=(1, 1))
    state.apply({"type": "displace_knight", "from": 14, "to": 24})
    seen = seen_by_all(state, "retreating_knight")
    assert (seen["strength"], seen["active"]) == (1, True)


def test_ck_ci_04_every_seat_sees_which_metropolis_is_placed() -> None:
    """CK-CI-04: while the first to politics 4 chooses the city, the track is in the
    observation (a seat at level 4 in several tracks could not tell otherwise)."""
    state = main_with(cities=(HILLS_6_CORNER, FOREST_3_CORNER), coin=4)
    state.ck_levels[0][1] = 3
    state.ck_levels[0][0] = 4  # trade 4 too, its metropolis held by nobody yet
    assert seen_by_all(state, "pending_metropolis") is None
    improve(state, "politics")
    assert state.phase == "ck_metropolis"
    assert seen_by_all(state, "pending_metropolis") == "politics"
    state.apply({"type": "place_metropolis", "vertex": FOREST_3_CORNER})
    assert seen_by_all(state, "pending_metropolis") is None


def test_ck_pc_p03_deserter_placement_shows_the_strength_and_status() -> None:
    """CK-PC-P03: the player places a knight of the deserter's strength and status."""
    state = main_phase()
    p = state.turn_player
    q = (p + 1) % state.n
    v = next(v for v in sorted(state.road_vertices[q]) if knights.empty(state, v))
    knights._put(state, v, q, 2, 1, 0)
    state.touch()
    deal(state, p, "Deserter")
    play(state, "Deserter", seat=q)
    assert pending_seen_by_all(state)["actor"] == q  # the seat named chooses his knight
    answer(state, "choose_vertex", vertex=v)
    seen = pending_seen_by_all(state)
    assert seen["step"] == "deserter_place"
    assert (seen["strength"], seen["active"]) == (2, True)


def test_ck_pc_s04_inventor_second_token_shows_the_first() -> None:
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Inventor")
    first = next(a["hex"] for a in state.legal_actions() if a.get("card") == "Inventor")
    play(state, "Inventor", hex=first)
    assert pending_seen_by_all(state)["first_hex"] == first


def test_ck_pc_s10_smith_second_knight_shows_the_first() -> None:
    state = main_phase()
    p = state.turn_player
    built = []
    for _ in range(2):
        give(state, p, wool=1, ore=1)
        spot = next(a for a in state.legal_actions() if a["type"] == "build_knight")
        state.apply(spot)
        built.append(spot["vertex"])
    deal(state, p, "Smith")
    play(state, "Smith", vertex=built[0])
    assert pending_seen_by_all(state)["promoted"] == built[0]


def test_ck_pc_p04_diplomat_relay_shows_the_lifted_road() -> None:
    from games.catan.expansions.cities_knights.progress.politics import open_roads

    state = main_phase()
    p = state.turn_player
    road = next(e for e in open_roads(state) if state.edge_owner[e] == p)
    deal(state, p, "Diplomat")
    play(state, "Diplomat", edge=road)
    assert pending_seen_by_all(state)["lifted_edge"] == road


def test_ck_pc_s09_road_building_shows_the_roads_left() -> None:
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Road Building")
    play(state, "Road Building")
    assert pending_seen_by_all(state)["left"] == 2
    answer(state, "choose_edge", edge=state.legal_actions()[0]["edge"])
    assert pending_seen_by_all(state)["left"] == 1


def test_ck_pc_t01_commercial_harbor_shows_the_seats_already_offered() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = (p + 1) % state.n, (p + 2) % state.n
    give(state, p, brick=2)
    give(state, q, cloth=1)
    give(state, r, paper=1)
    deal(state, p, "Commercial Harbor")
    play(state, "Commercial Harbor")
    assert pending_seen_by_all(state)["offered"] == []
    answer(state, "offer_resource", seat=r, resource="brick")
    answer(state, "give_card", card="paper")
    seen = pending_seen_by_all(state)
    assert seen["step"] == "harbor_offer" and seen["offered"] == [r]
    assert {a["seat"] for a in state.legal_actions() if a["type"] == "offer_resource"} == {q}


def test_ck_pc_t02_master_merchant_shows_the_cards_left_to_take() -> None:
    state = main_phase()
    p = state.turn_player
    q = (p + 1) % state.n
    state.ck_progress_vp[q].append("Printer")
    give(state, q, lumber=1, coin=2)
    deal(state, p, "Master Merchant")
    play(state, "Master Merchant", seat=q)
    assert pending_seen_by_all(state)["left"] == 2
    answer(state, "pick_card", card="coin")
    assert pending_seen_by_all(state)["left"] == 1


def test_ck_se_01_the_discard_count_is_in_every_observation() -> None:
    """CK-SE-01: 9 cards (commodities count) at a 7: 4 to discard, one a decision; the count
    still due is in ``pending`` as in the base game, for every seat, until the last one."""
    state = blank()
    put(state, 0, cities=[0])
    give_cards(state, 0, brick=3, grain=4, paper=2)
    roll(state, "trade", 3, 4)
    due = []
    while state.phase == "ck_discard":
        due.append(seen_pending(state)["discard"])
        state.apply(state.legal_actions()[0])
    assert due == [{"seat": 0, "remaining": n} for n in (4, 3, 2, 1)]
    assert state.observation(0)["pending"] is None


def seen_pending(state: Any) -> dict[str, Any]:
    seen = [state.observation(s)["pending"] for s in range(state.n)]
    assert all(x == seen[0] for x in seen), seen
    return seen[0]
