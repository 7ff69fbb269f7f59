"""The Forgotten Tribe (SF-FT-01..07): 13 VP, the tribe's islands never settled and never robbed,
the gifts laid at set-up and taken by a ship on their path, harbour gifts laid beside the taker's
coast or held, no printed harbours (whole random games and the conformance replay:
test_special_games.py)."""

from __future__ import annotations

import json
import random
from collections import Counter

from games.catan import GAME
from games.catan.constants import DEV_COUNTS, DEV_INDEX, RESOURCE_INDEX
from games.catan.expansions.seafarers.scenarios import SCENARIOS, forgotten_tribe
from tests.games.catan.expansions.seafarers.special_play import (
    assert_won_on_reaching,
    at_main,
    give,
    play,
    ship_beside,
)

OPTIONS = {"seafarers": "forgotten_tribe"}


def gift(state, kind: str) -> list:
    """The first gift of ``kind`` still lying on its path."""
    return next(g for g in state.ft_gifts if g[1] == kind and g[3] == -1)


def free_coastal_corner(state) -> int:
    """A land corner that takes a settlement and has a coastal side touching no harbour."""
    harbours = forgotten_tribe.placed_harbours
    taken = harbours.harbour_vertices(state)
    for v in range(state.board.num_vertices):
        if state.blocked[v] or not state.sf_land_vertex[v]:
            continue
        for e in state.board.vertex_edges[v]:
            if harbours.is_coast(state, e) and not taken & set(state.board.edge_vertices[e]):
                return v
    raise AssertionError("no free coastal corner")


def build_ship_onto(state, p: int, edge: int) -> None:
    ship_beside(state, p, edge)
    give(state, p, lumber=1, wool=1)
    state.apply({"type": "build_ship", "edge": edge})


def test_sf_ft_01_thirteen_victory_points_win() -> None:
    assert SCENARIOS["forgotten_tribe"].vp_target(3) == SCENARIOS["forgotten_tribe"].vp_target(4)
    assert SCENARIOS["forgotten_tribe"].vp_target(4) == 13
    state, log = play(OPTIONS, 4, 2)
    result = state.result()
    assert result["reason"] == "victory"
    assert_won_on_reaching(13, OPTIONS, 4, 2, state, log)


def test_sf_ft_02_nobody_settles_the_tribe_islands_which_have_no_numbers() -> None:
    state = GAME.new_game(4, 3, OPTIONS)
    rng = random.Random(3)
    while state.phase != "setup_settlement":
        state.apply(state.sample_chance(rng))
    tribe = forgotten_tribe.tribe_vertices(state.board)
    offered = {a["vertex"] for a in state.legal_actions()}
    assert offered and not offered & tribe
    zone = state.board.sites["zones"]["tribe"]
    assert all(state.numbers[h] == 0 for h in zone)
    main = {
        v
        for h, t in enumerate(state.terrains)
        if t != "sea" and h not in zone
        for v in state.board.hex_vertices[h]
    }
    assert offered <= main
    # Later too: a ship reaching a tribe coast gives no settlement spot there.
    state = at_main(OPTIONS, 4, 3)
    p = state.actor
    target = gift(state, "vp")[0]
    build_ship_onto(state, p, target)
    give(state, p, lumber=1, brick=1, wool=1, grain=1)
    built = {a["vertex"] for a in state.legal_actions() if a["type"] == "build_settlement"}
    assert not built & tribe


def test_sf_ft_03_gifts_lie_on_the_marked_paths_after_set_up() -> None:
    state = GAME.new_game(3, 5, OPTIONS)
    phases = []
    while state.phase not in ("order_roll",):
        phases.append(state.phase)
        state.apply(state.chance_outcomes()[-1][0])
    assert "ft_harbour_gifts" in phases and "ft_card_gifts" in phases
    kinds = Counter(g[1] for g in state.ft_gifts)
    assert kinds == {"vp": 8, "harbour": 6, "development": 4}
    assert all(g[2] == 1 for g in state.ft_gifts if g[1] == "vp")
    tiles = Counter(g[2] for g in state.ft_gifts if g[1] == "harbour")
    assert tiles == Counter({"any": 1, "lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1})
    cards = Counter(g[2] for g in state.ft_gifts if g[1] == "development")
    assert sum(cards.values()) == 4
    for card, count in cards.items():  # the revealed cards left the deck
        assert state.dev_deck[DEV_INDEX[card]] == DEV_COUNTS[DEV_INDEX[card]] - count
    sides = [
        state.board.edge_of_pair[
            (
                state.board.hex_vertices[m["hex"]][m["side"]],
                state.board.hex_vertices[m["hex"]][(m["side"] + 1) % 6],
            )
        ]
        for key in ("vp_spots", "harbor_spots", "devcard_spots")
        for m in state.board.sites[key]
    ]
    assert [g[0] for g in state.ft_gifts] == sides
    seen = state.observation(0)["forgotten_tribe"]["gifts"]
    assert [g["value"] for g in seen] == [g[2] for g in state.ft_gifts]  # face up for all


def test_sf_ft_04_a_ship_built_onto_a_chit_path_takes_one_victory_point() -> None:
    state = at_main(OPTIONS, 4, 7)
    p = state.actor
    before = state.public_vp(p)
    chit = gift(state, "vp")
    build_ship_onto(state, p, chit[0])
    assert chit[3] == p and state.ft_chits[p] == 1
    assert state.public_vp(p) == before + 1
    assert any(e["type"] == "tribe_gift" and e["seat"] == p for e in state.events)


def test_sf_ft_04_a_development_gift_is_held_like_a_bought_card() -> None:
    """The card joins the hand as new: never played in the turn it was taken."""
    plays = {
        "knight": "play_knight",
        "road_building": "play_road_building",
        "year_of_plenty": "play_year_of_plenty",
        "monopoly": "play_monopoly",
    }
    for seed in range(8, 40):
        state = at_main(OPTIONS, 4, seed)
        p = state.actor
        card = gift(state, "development")
        c = DEV_INDEX[card[2]]
        if card[2] in plays and not state.dev_hand[p][c] and not state.dev_played:
            break
    held, new = state.dev_hand[p][c], state.dev_new[p][c]
    build_ship_onto(state, p, card[0])
    assert card[3] == p
    assert state.dev_hand[p][c] == held + 1 and state.dev_new[p][c] == new + 1
    assert plays[card[2]] not in {a["type"] for a in state.legal_actions()}


def test_sf_ft_04_a_ship_moved_onto_a_gift_path_takes_it_once() -> None:
    state = at_main(OPTIONS, 4, 9)
    p = state.actor
    chit = gift(state, "vp")
    beside = ship_beside(state, p, chit[0])
    mover = ship_beside(state, p, beside, avoid=(chit[0],))
    moves = [
        a
        for a in state.legal_actions()
        if a["type"] == "move_ship" and a["to"] == chit[0] and a["from"] == mover
    ]
    assert moves, "the open end of a two-ship line may sail onto the gift path"
    state.apply(moves[0])
    assert chit[3] == p and state.ft_chits[p] == 1
    # Taken once: the chit is gone, a second ship on that path later gives nothing.
    chits = state.ft_chits[p]
    forgotten_tribe.take_gift(state, p, chit[0])
    assert state.ft_chits[p] == chits


def test_sf_ft_05_a_harbour_gift_is_laid_at_once_beside_the_takers_coast() -> None:
    state = at_main(OPTIONS, 4, 11)
    p = state.actor
    tile = gift(state, "harbour")
    kind = tile[2]
    build_ship_onto(state, p, tile[0])
    assert state.phase == "ft_harbour" and state.actor == p
    legal = state.legal_actions()
    assert legal and {a["type"] for a in legal} == {"place_gift_harbour"}
    ev, vo = state.board.edge_vertices, state.vertex_owner
    for a in legal:
        assert p in (vo[ev[a["edge"]][0]], vo[ev[a["edge"]][1]])
    state.apply(legal[0])
    assert state.phase == "main" and state.actor == p
    assert state.placed_harbours == [[legal[0]["edge"], kind]]
    rates = state.rates[p]
    if kind == "any":
        assert max(rates) <= 3
    else:
        assert rates[RESOURCE_INDEX[kind]] == 2
    again = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.rates[p] == rates


def test_sf_ft_05_without_a_free_side_the_harbour_waits_for_the_next_coastal_building() -> None:
    state = at_main(OPTIONS, 4, 12)
    p = state.actor
    # Fill every side beside p's buildings with harbours, so no side is free.
    while True:
        free = forgotten_tribe.placed_harbours.free_sides(state, owner=p)
        if not free:
            break
        forgotten_tribe.placed_harbours.place(state, free[0], "any")
    tile = gift(state, "harbour")
    build_ship_onto(state, p, tile[0])
    assert state.phase == "main" and state.ft_waiting[p] == [tile[2]]
    # A new coastal settlement with a free side: the held harbour is laid at once.
    spot = free_coastal_corner(state)
    state.road_vertices[p].add(spot)  # reached by a ship line
    state.touch()
    give(state, p, lumber=1, brick=1, wool=1, grain=1)
    state.apply({"type": "build_settlement", "vertex": spot})
    assert state.phase == "ft_harbour" and state.actor == p
    state.apply(state.legal_actions()[0])
    assert state.ft_waiting[p] == [] and state.phase == "main"


def test_sf_ft_06_the_main_island_has_no_printed_harbours() -> None:
    state = at_main(OPTIONS, 3, 13)
    assert state.harbors == [] and state.board.harbor_edges == ()
    assert state.rates == [[4] * 5 for _ in range(3)]


def test_sf_ft_07_robber_starts_on_a_tribe_desert_and_never_goes_back() -> None:
    state = at_main(OPTIONS, 4, 14)
    tribe = forgotten_tribe.tribe_hexes(state.board)
    assert state.robber in tribe and state.terrains[state.robber] == "desert"
    assert state.pirate == state.board.sites["pirate"]
    state._set_phase("move_thief", state.turn_player)
    legal = state.legal_actions()
    robber_hexes = {a["hex"] for a in legal if a["type"] == "move_robber"}
    assert robber_hexes and not robber_hexes & tribe
    assert any(a["type"] == "move_pirate" for a in legal)
    # Moved off, it is offered every other land hex outside the tribe's islands, never theirs.
    to = min(robber_hexes)
    state.apply({"type": "move_robber", "hex": to})
    state._set_phase("move_thief", state.turn_player)
    land = {h for h, t in enumerate(state.terrains) if t not in ("sea", "fog")}
    offered = {a["hex"] for a in state.legal_actions() if a["type"] == "move_robber"}
    assert offered == land - tribe - {to}
