"""Politics progress cards, each played through legal_actions()/apply() (CK-PC-P01..P09);
the cards acting on other players ask those seats to decide."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.expansions.cities_knights import knights
from games.catan.expansions.cities_knights.progress.politics import open_roads
from games.common.api import CHANCE

from .progress_helpers import answer, deal, give, hand, main_phase, play, plays


def others(state):
    p = state.turn_player
    return [(p + i) % state.n for i in range(1, state.n)]


def put_knight(state, p, strength=1, active=0, near=None):
    """A knight of ``p`` on an empty intersection of ``near``'s roads (default: his own)."""
    owner = p if near is None else near
    v = next(v for v in sorted(state.road_vertices[owner]) if knights.empty(state, v))
    knights._put(state, v, p, strength, active, 0)
    state.touch()
    return v


def test_ck_pc_p01_bishop_steals_from_every_player_at_the_hex() -> None:
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Bishop")
    assert plays(state, "Bishop") == []  # CK-SE-02: not before the first attack
    state.ck_attacks = 1
    for q in others(state):
        give(state, q, brick=1, cloth=1)
    state.touch()
    target = next(
        h
        for h in range(len(state.numbers))
        if h != state.robber
        and len({state.vertex_owner[v] for v in state.board.hex_vertices[h]} - {-1, p}) >= 1
    )
    victims = sorted({state.vertex_owner[v] for v in state.board.hex_vertices[target]} - {-1, p})
    play(state, "Bishop", hex=target)
    assert state.robber == target
    for victim in victims:
        assert state.current_player() == CHANCE and state.chance_kind() == "steal"
        outcomes = [o for o, _ in state.chance_outcomes()]
        assert {o["card"] for o in outcomes} == {"brick", "cloth"}
        state.apply(outcomes[0])
        assert sum(hand(state, victim).values()) == 1
    assert sum(hand(state, p).values()) == len(victims)
    assert state.phase == "main"


def test_ck_pc_p01_bishop_steal_is_told_to_thief_and_victim_the_card_to_them_only() -> None:
    """The log of each Bishop steal (CK-PC-P01, a steal as BG-ROBBER-04..08): the thief's seat,
    the victim and the card for those two, the card hidden from the rest of the table."""
    state = main_phase()
    p = state.turn_player
    deal(state, p, "Bishop")
    state.ck_attacks = 1
    for q in others(state):
        give(state, q, cloth=1)
    state.touch()
    target = next(
        h
        for h in range(len(state.numbers))
        if h != state.robber
        and len({state.vertex_owner[v] for v in state.board.hex_vertices[h]} - {-1, p}) == 1
    )
    (victim,) = {state.vertex_owner[v] for v in state.board.hex_vertices[target]} - {-1, p}
    play(state, "Bishop", hex=target)
    state.apply(next(o for o, _ in state.chance_outcomes()))
    told = [e for e in state.events if e["type"] == "steal" and e.get("for") == "Bishop"]
    rest = [s for s in range(state.n) if s not in (p, victim)]
    assert told == [
        {"type": "steal", "seat": p, "victim": victim, "resource": "cloth", "for": "Bishop",
         "visible_to": [p, victim]},
        {"type": "steal", "seat": p, "victim": victim, "resource": "hidden", "for": "Bishop",
         "visible_to": rest},
    ]  # fmt: skip


def test_ck_pc_p02_constitution_is_a_vp_card_never_played() -> None:
    state = main_phase()
    p = state.turn_player
    vp = state.total_vp(p)
    state.ck_progress_vp[p].append("Constitution")
    assert state.total_vp(p) == vp + 1
    assert plays(state, "Constitution") == []


def test_ck_pc_p03_deserter_victim_chooses_player_places_same_strength() -> None:
    state = main_phase()
    p = state.turn_player
    q = others(state)[0]
    weak = put_knight(state, q, strength=1)
    strong = put_knight(state, q, strength=2, active=1)
    deal(state, p, "Deserter")
    assert [a["seat"] for a in plays(state, "Deserter")] == [q]
    play(state, "Deserter", seat=q)
    assert state.current_player() == q  # the victim chooses which knight he loses
    assert {a["vertex"] for a in state.legal_actions()} == {weak, strong}
    answer(state, "choose_vertex", vertex=strong)
    assert state.ck_knight_owner[strong] == -1
    assert state.current_player() == p
    spot = state.legal_actions()[0]["vertex"]
    answer(state, "choose_vertex", vertex=spot)
    assert state.ck_knight_owner[spot] == p
    assert (state.ck_knight_strength[spot], state.ck_knight_active[spot]) == (2, 1)
    assert state.phase == "main"


def test_ck_pc_p04_diplomat_removes_an_open_road() -> None:
    state = main_phase()
    p = state.turn_player
    q = others(state)[0]
    road = next(e for e in open_roads(state) if state.edge_owner[e] == q)
    left = state.roads_left[q]
    deal(state, p, "Diplomat")
    play(state, "Diplomat", edge=road)
    assert state.edge_owner[road] == -1 and state.roads_left[q] == left + 1
    assert state.phase == "main"


def test_ck_pc_p04_diplomat_own_road_relaid_for_free() -> None:
    state = main_phase()
    p = state.turn_player
    road = next(e for e in open_roads(state) if state.edge_owner[e] == p)
    deal(state, p, "Diplomat")
    play(state, "Diplomat", edge=road)
    assert state.current_player() == p and state.phase == "ck_progress"
    new = next(a["edge"] for a in state.legal_actions() if a["type"] == "choose_edge")
    assert new != road
    answer(state, "choose_edge", edge=new)
    assert state.edge_owner[new] == p and state.edge_owner[road] == -1
    assert hand(state, p) == {} and state.phase == "main"


def test_ck_pc_p04_a_road_closed_at_both_ends_is_not_open() -> None:
    state = main_phase()
    for e in open_roads(state):
        owner = state.edge_owner[e]
        ends = state.board.edge_vertices[e]
        assert any(
            state.vertex_owner[v] != owner
            and not any(state.edge_owner[f] == owner for f in state.board.vertex_edges[v] if f != e)
            for v in ends
        )


def test_ck_pc_p04_a_road_continued_by_another_of_its_colour_is_not_open() -> None:
    """CK-PC-P04: a founding road (its settlement at one end) continued at its other end by a
    road of the same colour has no open end any more; the new road has one."""
    state = main_phase()
    p = state.turn_player
    ends = state.board.edge_vertices
    first = next(
        e
        for e in open_roads(state)
        if state.edge_owner[e] == p and any(state.vertex_owner[v] == p for v in ends[e])
    )
    free = next(v for v in ends[first] if state.vertex_owner[v] == -1)
    road = next(f for f in state.board.vertex_edges[free] if state.edge_owner[f] == -1)
    state._put_road(p, road)
    state.touch()
    assert first not in open_roads(state) and road in open_roads(state)
    deal(state, p, "Diplomat")
    offered = {a["edge"] for a in plays(state, "Diplomat")}
    assert road in offered and first not in offered


def _open_by_the_rule(state) -> list[int]:
    """CK-PC-P04 read plainly: a road with an end where nothing else of its colour touches (no
    other road, no building and no knight of that colour on the intersection)."""
    eo, vo, ko = state.edge_owner, state.vertex_owner, state.ck_knight_owner
    board = state.board
    return [
        e
        for e, owner in enumerate(eo)
        if owner >= 0
        and any(
            vo[v] != owner
            and ko[v] != owner
            and not any(eo[f] == owner for f in board.vertex_edges[v] if f != e)
            for v in board.edge_vertices[e]
        )
    ]


def test_ck_pc_p04_a_knight_closes_its_own_colour_s_road_end_only() -> None:
    """CK-PC-P04: the owner's knight on a road's only open end closes it (the road is no longer
    open); an opponent's knight on such an end leaves it open. Placed knights, then the
    Diplomat's list against the rule read plainly."""
    state = main_phase()
    p = state.turn_player
    q = others(state)[0]
    eo, board = state.edge_owner, state.board

    def single_open_end(owner: int) -> tuple[int, int]:
        """A road of ``owner`` open at one end only, an empty intersection (and that end)."""
        for e in open_roads(state):
            if eo[e] != owner:
                continue
            free = [
                v
                for v in board.edge_vertices[e]
                if state.vertex_owner[v] != owner
                and state.ck_knight_owner[v] != owner
                and not any(eo[f] == owner for f in board.vertex_edges[v] if f != e)
            ]
            if len(free) == 1 and knights.empty(state, free[0]):
                return e, free[0]
        raise AssertionError("no road open at one empty end only")

    own_road, own_end = single_open_end(q)
    knights._put(state, own_end, q, 1, 0, 0)
    state.touch()
    assert own_road not in open_roads(state)
    rival_road, rival_end = single_open_end(p)
    knights._put(state, rival_end, q, 1, 0, 0)
    state.touch()
    assert rival_road in open_roads(state)
    assert open_roads(state) == _open_by_the_rule(state)
    deal(state, p, "Diplomat")
    offered = {a["edge"] for a in plays(state, "Diplomat")}
    assert own_road not in offered and rival_road in offered


def test_ck_pc_p05_intrigue_knight_with_nowhere_to_go_returns_to_supply() -> None:
    state = main_phase()
    p = state.turn_player
    q = others(state)[0]
    v = put_knight(state, q, strength=3, near=p)  # on p's road, away from q's roads
    deal(state, p, "Intrigue")
    play(state, "Intrigue", vertex=v)
    assert state.ck_knight_owner[v] == -1
    assert q not in state.ck_knight_owner  # back in his supply
    assert state.phase == "main"


def test_ck_pc_p05_intrigue_knight_retreats_where_its_owner_chooses() -> None:
    state = main_phase()
    p = state.turn_player
    q = others(state)[0]
    board = state.board
    v, e, w = next(
        (v, e, w)
        for v in sorted(state.road_vertices[p])
        if state.vertex_owner[v] == -1
        for e in board.vertex_edges[v]
        if state.edge_owner[e] == -1
        for w in board.edge_vertices[e]
        if w != v and state.vertex_owner[w] == -1 and state.ck_knight_owner[w] == -1
    )
    state._put_road(q, e)  # q's road leads from v to the empty w
    knights._put(state, v, q, 1, 1, 0)
    state.touch()
    deal(state, p, "Intrigue")
    play(state, "Intrigue", vertex=v)
    assert state.phase == "ck_retreat" and state.current_player() == q
    assert {"type": "retreat_knight", "to": w} in state.legal_actions()
    state.apply({"type": "retreat_knight", "to": w})
    assert state.ck_knight_owner[v] == -1 and state.ck_knight_owner[w] == q
    assert state.ck_knight_active[w] == 1  # status kept
    assert state.phase == "main" and state.current_player() == p


def test_ck_pc_p06_saboteur_each_richer_player_discards_half_his_choice() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = others(state)
    give(state, q, brick=3, coin=2)  # 5 cards: discards 2
    give(state, r, ore=1)  # 1 card: half of it is nothing
    deal(state, p, "Saboteur")
    play(state, "Saboteur")
    assert state.current_player() == q
    assert {a["card"] for a in state.legal_actions()} == {"brick", "coin"}
    answer(state, "give_card", card="coin")
    answer(state, "give_card", card="coin")
    assert hand(state, q) == {"brick": 3} and hand(state, r) == {"ore": 1}
    assert state.phase == "main"


def test_ck_pc_p06_saboteur_spares_players_with_fewer_vp() -> None:
    state = main_phase()
    p = state.turn_player
    q = others(state)[0]
    state.ck_progress_vp[p].append("Printer")  # p is ahead of both
    give(state, q, brick=4)
    deal(state, p, "Saboteur")
    assert plays(state, "Saboteur") == []


def test_ck_pc_p06_saboteur_strikes_the_richer_player_though_another_is_poorer() -> None:
    """p alone at his VP, neither first nor last: the richer player discards, the poorer not."""
    state = main_phase()
    p = state.turn_player
    q, r = others(state)
    state.ck_progress_vp[p].append("Printer")  # p: 1 VP ahead of r
    state.ck_progress_vp[q].extend(["Printer", "Constitution"])  # q: 1 VP ahead of p
    state.touch()
    give(state, q, brick=2)
    give(state, r, ore=4)
    deal(state, p, "Saboteur")
    play(state, "Saboteur")
    assert state.current_player() == q
    answer(state, "give_card", card="brick")
    assert hand(state, q) == {"brick": 1} and hand(state, r) == {"ore": 4}
    assert state.phase == "main"


def test_ck_pc_p07_spy_looks_and_takes_one_card() -> None:
    state = main_phase()
    p = state.turn_player
    q = others(state)[0]
    deal(state, q, "Warlord")
    deal(state, q, "Bishop")
    deal(state, p, "Spy")
    play(state, "Spy", seat=q)
    seen = state.observation(p)["cities_and_knights"]["progress_pending"]
    assert seen["progress_cards"] == ["Bishop", "Warlord"]
    hidden = state.observation(q)["cities_and_knights"]["progress_pending"]
    assert "progress_cards" not in hidden
    answer(state, "pick_card", card="Warlord")
    assert state.ck_progress[p] == ["Warlord"] and state.ck_progress[q] == ["Bishop"]
    assert state.phase == "main"


def test_ck_pc_p08_warlord_activates_every_knight() -> None:
    state = main_phase()
    p = state.turn_player
    a, b = put_knight(state, p), put_knight(state, p, strength=2)
    deal(state, p, "Warlord")
    play(state, "Warlord")
    assert state.ck_knight_active[a] == state.ck_knight_active[b] == 1
    assert hand(state, p) == {} and state.phase == "main"
    assert not any(x["type"] == "march_knight" and x["from"] == a for x in state.legal_actions())


def test_ck_pc_p09_wedding_richer_players_give_two_cards_of_their_choice() -> None:
    state = main_phase()
    p = state.turn_player
    q, r = others(state)
    state.ck_progress_vp[q].append("Printer")  # q has more VP than p; r has as many
    give(state, q, wool=1, paper=2)
    give(state, r, ore=3)
    deal(state, p, "Wedding")
    play(state, "Wedding")
    assert state.current_player() == q
    answer(state, "give_card", card="paper")
    answer(state, "give_card", card="wool")
    assert hand(state, p) == {"paper": 1, "wool": 1}
    assert hand(state, q) == {"paper": 1} and hand(state, r) == {"ore": 3}
    assert state.phase == "main"
    seen = [e for e in state.events if e["type"] == "give_card"]
    assert any(e["card"] == "hidden" and r in e["visible_to"] for e in seen)


def test_ck_pc_02_cards_only_on_your_turn_after_the_roll() -> None:
    state = main_phase()
    p = state.turn_player
    q = others(state)[0]
    deal(state, q, "Warlord")
    put_knight(state, q)
    assert all(a["type"] != "play_progress" for a in state.legal_actions())
    state.apply(A.END_TURN)
    assert state.turn_player == q and not state.rolled
    assert plays(state, "Warlord") == []
    assert p != q
