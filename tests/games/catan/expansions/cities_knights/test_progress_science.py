"""Science progress cards, each played through legal_actions()/apply() (CK-PC-S01..S10)."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.expansions.cities_knights.progress.science import UNSWAPPABLE, harvest_hexes
from games.common.api import CHANCE

from .progress_helpers import answer, deal, founded, give, hand, main_phase, play, plays


def cities(state, p):
    return [v for v, o in enumerate(state.vertex_owner) if o == p and state.vertex_level[v] == 2]


def settlements(state, p):
    return [v for v, o in enumerate(state.vertex_owner) if o == p and state.vertex_level[v] == 1]


def test_ck_pc_s01_alchemist_chooses_the_dice_before_the_roll() -> None:
    state = founded()
    p = state.turn_player
    deal(state, p, "Alchemist")
    assert len(plays(state, "Alchemist")) == 36  # every pair, the 7 too
    play(state, "Alchemist", yellow=4, red=2)
    assert state.current_player() == CHANCE
    assert {o["event"] for o, _ in state.chance_outcomes()} == {
        "ship",
        "trade",
        "politics",
        "science",
    }
    state.apply({"type": "alchemist_event", "event": "trade"})
    assert state.dice == [4, 2]
    assert state.rolled and state.phase == "main"
    production = [e for e in state.events if e["type"] == "production"]
    assert production and production[-1]["total"] == 6
    assert "Alchemist" not in state.ck_progress[p]


def test_ck_pc_s01_alchemist_only_before_the_roll() -> None:
    state = main_phase()
    deal(state, state.turn_player, "Alchemist")
    assert plays(state, "Alchemist") == []


def test_ck_pc_s02_crane_makes_one_improvement_cheaper() -> None:
    state = main_phase()
    p = state.turn_player
    give(state, p, paper=2)
    deal(state, p, "Crane")
    play(state, "Crane")
    answer(state, "improve_city", track="science")  # level 1 for nothing
    assert state.ck_levels[p][2] == 1
    assert hand(state, p) == {"paper": 2}
    answer(state, "improve_city", track="science")  # level 2: the full price again
    assert state.ck_levels[p][2] == 2
    assert hand(state, p) == {}


def test_ck_pc_s02_crane_needs_an_improvement_in_reach() -> None:
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Crane")
    state.ck_levels[p] = [1, 1, 1]  # each level 2 costs 2, 1 with the crane: none in hand
    state.touch()
    assert plays(state, "Crane") == []
    give(state, p, paper=1)
    assert plays(state, "Crane")


def test_ck_pc_s03_engineer_builds_a_free_wall() -> None:
    state = main_phase()
    p = state.turn_player
    city = cities(state, p)[0]
    deal(state, p, "Engineer")
    play(state, "Engineer", vertex=city)
    assert state.ck_walls[city] == 1
    assert hand(state, p) == {}
    assert state.phase == "main"


def test_ck_pc_s04_inventor_swaps_two_tokens_never_6_8_2_12() -> None:
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Inventor")
    offered = {a["hex"] for a in plays(state, "Inventor")}
    assert offered and not {h for h in offered if state.numbers[h] in (0, 2, 6, 8, 12)}
    a = min(offered)
    b = next(h for h in sorted(offered) if state.numbers[h] != state.numbers[a])
    na, nb = state.numbers[a], state.numbers[b]
    play(state, "Inventor", hex=a)
    assert state.phase == "ck_progress" and state.current_player() == p
    assert all(state.numbers[x["hex"]] != na for x in state.legal_actions())
    answer(state, "choose_hex", hex=b)
    assert (state.numbers[a], state.numbers[b]) == (nb, na)
    assert a in state.number_hexes[nb] and b in state.number_hexes[na]  # production follows
    assert state.phase == "main"


def test_ck_pc_s04_inventor_needs_two_numbers_among_the_swappable_tokens() -> None:
    """CK-PC-S04: with every swappable token of one number no token has a partner (not
    playable, CK-PC-04); one token of another number gives every token a partner."""
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Inventor")
    swappable = [h for h, number in enumerate(state.numbers) if number not in UNSWAPPABLE]
    for h in swappable:
        state.numbers[h] = 5
    state.touch()
    assert plays(state, "Inventor") == []
    state.numbers[swappable[-1]] = 9
    state.touch()
    assert [a["hex"] for a in plays(state, "Inventor")] == swappable


def harvest_case(card: str, terrain: str, resource: str) -> None:
    for seed in range(1, 30):
        state = main_phase(seed=seed)
        p = state.turn_player
        hexes = harvest_hexes(state, p, terrain)
        deal(state, p, card)
        if not hexes:
            assert plays(state, card) == []  # CK-PC-04: nothing to harvest
            continue
        play(state, card)
        assert hand(state, p) == {resource: 2 * len(hexes)}
        return
    raise AssertionError("no seed with a matching hex")


def test_ck_pc_s05_irrigation_two_grain_per_fields_hex() -> None:
    harvest_case("Irrigation", "fields", "grain")


def test_ck_pc_s07_mining_two_ore_per_mountains_hex() -> None:
    harvest_case("Mining", "mountains", "ore")


def test_ck_pc_s05_s07_nothing_to_harvest_not_playable() -> None:
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Mining")
    deal(state, p, "Irrigation")
    for h, terrain in enumerate(state.terrains):  # an island of hills: no fields, no mountains
        if terrain in ("fields", "mountains"):
            state.terrains[h] = "hills"
    state.touch()
    assert plays(state, "Mining") == [] and plays(state, "Irrigation") == []


def test_ck_pc_s06_medicine_city_for_two_ore_one_grain() -> None:
    state = main_phase()
    p = state.turn_player
    town = settlements(state, p)[0]
    deal(state, p, "Medicine")
    give(state, p, ore=2)
    assert plays(state, "Medicine") == []  # the grain is missing
    give(state, p, grain=1, lumber=1)
    cities_left = state.cities_left[p]
    play(state, "Medicine", vertex=town)
    assert state.vertex_level[town] == 2
    assert state.cities_left[p] == cities_left - 1
    assert hand(state, p) == {"lumber": 1}


def test_ck_pc_s06_medicine_upgrades_a_fallen_city_first() -> None:
    """A-CK-09: a pillaged city lying as a settlement (no piece left) is the next upgraded."""
    state = main_phase()
    p = state.turn_player
    fallen = cities(state, p)[0]
    state.vertex_level[fallen] = 1  # pillaged with no settlement piece left
    state.cities_left[p] += 1
    state.ck_fallen.append(fallen)
    deal(state, p, "Medicine")
    give(state, p, ore=2, grain=1)
    assert [a["vertex"] for a in plays(state, "Medicine")] == [fallen]
    play(state, "Medicine", vertex=fallen)
    assert state.vertex_level[fallen] == 2 and fallen not in state.ck_fallen


def test_ck_pc_s08_printer_is_a_vp_revealed_when_drawn() -> None:
    state = founded()
    p = state.turn_player
    vp = state.total_vp(p)
    state.ck_levels[p][2] = 1  # the Abbey: a science gate with red 1-2 draws
    state.apply(A.ROLL)
    state.apply({"type": "ck_dice", "event": "science", "die1": 6, "die2": 2})
    assert state.current_player() == CHANCE and state.phase == "ck_draw"
    state.apply({"type": "draw_progress", "track": "science", "card": "Printer"})
    assert state.ck_progress_vp[p] == ["Printer"] and "Printer" not in state.ck_progress[p]
    assert state.total_vp(p) == vp + 1
    shown = [e for e in state.events if e["type"] == "progress_vp"]
    assert shown[-1]["visible_to"] == "all"
    assert plays(state, "Printer") == []


def test_ck_pc_s09_road_building_two_free_roads() -> None:
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Road Building")
    roads = state.roads_left[p]
    play(state, "Road Building")
    assert state.phase == "ck_progress" and state.current_player() == p
    first = state.legal_actions()[0]["edge"]
    answer(state, "choose_edge", edge=first)
    second = state.legal_actions()[0]["edge"]
    answer(state, "choose_edge", edge=second)
    assert state.edge_owner[first] == state.edge_owner[second] == p
    assert state.roads_left[p] == roads - 2
    assert hand(state, p) == {} and state.phase == "main"


def test_ck_pc_s09_road_building_not_through_an_opponents_knight() -> None:
    """CK-KN-05: a free road cannot leave an intersection an opponent's knight holds."""
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Road Building")
    play(state, "Road Building")
    offered = {a["edge"] for a in state.legal_actions()}
    board, eo = state.board, state.edge_owner

    def reached_only_through(v, e):  # road e joins p's network at v alone
        (w,) = [x for x in board.edge_vertices[e] if x != v]
        return state.vertex_owner[w] != p and not any(eo[f] == p for f in board.vertex_edges[w])

    v, e = next(
        (v, e)
        for v in sorted(state.road_vertices[p])
        if state.vertex_owner[v] == -1
        for e in board.vertex_edges[v]
        if e in offered and reached_only_through(v, e)
    )
    state.ck_knight_owner[v], state.ck_knight_strength[v] = (p + 1) % state.n, 1
    state.touch()
    assert e not in {a["edge"] for a in state.legal_actions()}


def build_knight(state, p):
    give(state, p, wool=1, ore=1)
    spot = next(a for a in state.legal_actions() if a["type"] == "build_knight")
    state.apply(spot)
    return spot["vertex"]


def test_ck_pc_s10_smith_promotes_two_knights_for_free() -> None:
    state = main_phase()
    p = state.turn_player
    first, second = build_knight(state, p), build_knight(state, p)
    deal(state, p, "Smith")
    play(state, "Smith", vertex=first)
    assert state.phase == "ck_progress"
    assert {"type": "progress_done"} in state.legal_actions()
    answer(state, "choose_vertex", vertex=second)
    assert state.ck_knight_strength[first] == state.ck_knight_strength[second] == 2
    assert hand(state, p) == {} and state.phase == "main"


def test_ck_pc_s10_smith_no_mighty_without_the_fortress() -> None:
    state = main_phase()
    p = state.turn_player
    knight = build_knight(state, p)
    state.ck_knight_strength[knight] = 2
    deal(state, p, "Smith")
    assert plays(state, "Smith") == []
    state.ck_levels[p][1] = 3  # the Fortress
    state.touch()
    play(state, "Smith", vertex=knight)
    assert state.ck_knight_strength[knight] == 3
    assert state.phase == "main"  # no second knight to promote: the card is over
