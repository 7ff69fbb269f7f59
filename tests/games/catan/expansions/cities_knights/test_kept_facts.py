"""What the plug-in keeps between decisions for speed equals what it would compute afresh.

Seeded random C&K games; after every step (decisions and chance outcomes) each kept fact is read
through its cache, then compared with a computation from the board and the hands. A cache that
is not dropped when what it reads changes (a knight placed or lifted without dropping its
seat's kept list, a VP change that does not move ``state.vp_changes`` (no ``vp_dirty``), a city
pillaged without dropping the production owed, a deck's outcomes kept past the draw, a main list
kept past a change of hands or pieces) returns the earlier value at the next step and fails
here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.catan.expansions.cities_knights import cards, flow, improvements, knights, trading
from games.catan.expansions.cities_knights.core_actions import DEVELOPMENT_ACTIONS
from games.catan.expansions.cities_knights.progress import politics, science, table, trade
from games.common import chance
from games.common.api import CHANCE, TERMINAL

from .helpers import ck_game

STEPS = 6000
"""Steps per game: well into the game (knights marching, cities, Defenders, VP cards)."""


def _fresh_knights(state: Any, p: int) -> list[int]:
    return [v for v, o in enumerate(state.ck_knight_owner) if o == p]


def _fresh_rank_counts(state: Any, p: int) -> list[int]:
    strengths, owners = state.ck_knight_strength, state.ck_knight_owner
    ranks = [s for s, o in zip(strengths, owners, strict=True) if o == p]
    return [0, ranks.count(1), ranks.count(2), ranks.count(3)]


def _fresh_road_spots(state: Any, p: int) -> list[int]:
    """Free paths touching ``p``'s network at an intersection no opponent's building or knight
    holds (BG-ROAD-01..03, CK-KN-05)."""
    vo, ko, eo = state.vertex_owner, state.ck_knight_owner, state.edge_owner
    net = state.network[p]
    return [
        e
        for e, (a, b) in enumerate(state.board.edge_vertices)
        if eo[e] == -1 and any(x in net and vo[x] in (-1, p) and ko[x] in (-1, p) for x in (a, b))
    ]


TERRAINS = ("hills", "forest", "pasture", "fields", "mountains")


def _fresh_harvest(state: Any, p: int, terrain: str) -> list[int]:
    vo, terrains = state.vertex_owner, state.terrains
    return sorted(
        {
            h
            for v, owner in enumerate(vo)
            if owner == p
            for h in state.board.vertex_hexes[v]
            if terrains[h] == terrain
        }
    )


def _fresh_merchant_hexes(state: Any, p: int) -> list[int]:
    """CK-ME-01: resource hexes next to a building of ``p``, less the one where ``p``'s
    merchant stands."""
    vo, resources = state.vertex_owner, state.hex_resource
    hexes = {
        h
        for v, owner in enumerate(vo)
        if owner == p
        for h in state.board.vertex_hexes[v]
        if resources[h] >= 0
    }
    if state.ck_merchant[1] == p:
        hexes.discard(state.ck_merchant[0])
    return sorted(hexes)


def _fresh_intrigue(state: Any, p: int) -> list[dict[str, Any]]:
    ko, mine = state.ck_knight_owner, state.road_vertices[p]
    return [
        {"type": "play_progress", "card": "Intrigue", "vertex": v}
        for v, owner in enumerate(ko)
        if owner not in (-1, p) and v in mine
    ]


MEMOS = ()
"""The plug-in's memos on the state the main list reads (none now: the seat VP, kept for
``state.vp_changes``, lives in the core's slot ``vp_known``, emptied apart; the main list
itself is the core's ``kept_main``)."""


def _fresh_main_list(state: Any) -> list[dict[str, Any]]:
    """The main list built with every cache it reads emptied (then put back as found, so the
    other checks still read what play left there)."""
    kept, spots, income = state.kept_main, dict(state.spot_cache), dict(state.income)
    facts, known = dict(state.kept), state.vp_known
    state.kept.clear()
    state.vp_known = None
    memos = {name: state.__dict__.pop(name) for name in MEMOS if name in state.__dict__}
    state.kept_main = None
    state.spot_cache.clear()
    state.income.clear()
    try:
        return state._legal_main()
    finally:
        state.kept_main = kept
        state.spot_cache.clear()
        state.spot_cache.update(spots)
        state.income.clear()
        state.income.update(income)
        state.kept.clear()
        state.kept.update(facts)
        state.vp_known = known
        state.__dict__.update(memos)


def _check(state: Any) -> None:
    for p in range(state.n):
        assert knights.knights_of(state, p) == _fresh_knights(state, p)
        # the ranks each seat's knights hold, kept (CK-KN-01's tokens, CK-KN-03, the Smith)
        assert knights.rank_counts(state, p) == _fresh_rank_counts(state, p)
        assert improvements.cities_of(state, p) == improvements.cities_afresh(state, p)
        for terrain in TERRAINS:
            assert science.harvest_hexes(state, p, terrain) == _fresh_harvest(state, p, terrain)
        assert politics.playable_intrigue(state, p) == _fresh_intrigue(state, p)
        assert trade.merchant_hexes(state, p) == _fresh_merchant_hexes(state, p)
        assert table.road_spots(state, p) == _fresh_road_spots(state, p)
        for v in knights.knights_of(state, p):  # one search may have served several knights
            assert knights.reach(state, p, v) == knights._search(state, p, v, None)
    if state.phase == "ck_retreat":  # from the intersection an opponent's knight took
        w, q = state.ck_displaced[0], state.ck_displaced[1]
        assert knights.reach(state, q, w) == knights._search(state, q, w, None)
    assert table.seat_vp(state) == [state.total_vp(p) for p in range(state.n)]
    for total in range(2, 13):
        hexes = state.number_hexes.get(total, ())
        assert flow.owed_for(state, total) == flow.owed_afresh(state, hexes)
    if state.phase in ("pre_roll", "main") and state.actor >= 0:
        # CK-CO-11: the plug-in filters no development card out: the core never offers one
        assert not DEVELOPMENT_ACTIONS.intersection(a["type"] for a in state.legal_actions())
    if state.phase == "main":
        # the main list the core keeps across the trade talk (``keeps_main_list``), with the
        # builds the plug-in allowed once per placement of pieces (``build_actions``), against
        # one built with no cache
        assert state.legal_actions() == _fresh_main_list(state)
    # Longest Road lengths: exact unless owed (``judge_roads``, ``lift_road``), an owed one
    # within its bounds, the holder's never owed
    owed = state.lengths_owed
    assert state.longest_road not in owed
    for q in range(state.n):
        fresh = state.trail_length(q)
        if q in owed:
            assert owed[q][0] <= fresh <= owed[q][1]
        else:
            assert state._road_length[q] == fresh
    # each deck's counts kept across draws (``cards.deck_counts``; read as kept, not renewed)
    # against a fresh count, when the kept entry still claims the deck (same list and length)
    for track, entry in getattr(state, "_ck_deck_counts", {}).items():
        deck = state.ck_decks[track]
        if entry[0] is deck and entry[1] == len(deck):
            assert entry[2] == {c: deck.count(c) for c in sorted(set(deck))}
            assert list(entry[2]) == sorted(entry[2])  # the outcomes' order, by card
    if state.phase == "ck_draw":  # asked twice (sampled, then checked by ``apply``)
        track = state.ck_queue[0][2]
        deck = state.ck_decks[track] or state.ck_under[track]
        fresh = cards.count_outcomes(track, deck)
        assert cards.draw_outcomes(state, track) == cards._draw_outcomes(state, track) == fresh


def _random_step(state: Any, rng: random.Random, chance_rng: random.Random) -> Any:
    """One seeded random step of ``state`` (a chance outcome, or a random legal action of the
    seat to move), applied; the action, or None once the game is over."""
    actor = state.current_player()
    if actor == TERMINAL:
        return None
    if actor == CHANCE:
        action = state.sample_chance(chance_rng)
    else:
        legal = state.legal_actions()
        action = legal[int(rng.random() * len(legal))]
    state.apply(action)
    return action


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_kept_knights_and_seat_vp_follow_every_step(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(seed), random.Random(seed + 1)
    moved = vp_changed = turns = 0
    last_knights, last_vp = None, None
    for _ in range(STEPS):
        if _random_step(state, rng, chance_rng) is None:
            break
        if state.phase == "pre_roll" and not state.rolled:
            # ``never_stuck``: the check the core skips at a turn's start would say False
            assert not state._nobody_can_win()
            turns += 1
        _check(state)
        now_knights = list(state.ck_knight_owner)
        moved += last_knights is not None and now_knights != last_knights
        now_vp = table.seat_vp(state)
        vp_changed += last_vp is not None and now_vp != last_vp
        last_knights, last_vp = now_knights, list(now_vp)
    assert moved > 5 and vp_changed > 5 and turns > 50  # knights moved, VP changed


def test_seat_vp_kept_until_a_vp_may_change() -> None:
    """The seat VP list is the same object while ``vp_changes`` stands still (across steps that
    move hands and the version, and across turns' starts, which ask for the victory check
    without moving the stamp), and a VP edited by hand shows after ``touch()``."""
    state = GAME.new_game(4, 3, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(3), random.Random(4)
    kept = renewed = across_turns = 0
    last, last_stamp, last_version, last_turn = None, None, None, None
    for _ in range(STEPS):
        if _random_step(state, rng, chance_rng) is None:
            break
        vps = table.seat_vp(state)
        assert vps == [state.total_vp(p) for p in range(state.n)]
        if state.vp_changes == last_stamp:
            assert vps is last
            kept += state.version != last_version
            across_turns += state.turn != last_turn
        else:
            renewed += 1
        last, last_stamp, last_version, last_turn = vps, state.vp_changes, state.version, state.turn
    assert kept > 100 and renewed > 10 and across_turns > 50
    p = state.turn_player
    before = table.seat_vp(state)[p]
    state.ck_defenders[p] += 1  # by hand: no ``vp_dirty``
    state.touch()
    assert table.seat_vp(state)[p] == before + 1


def test_seat_vp_renewed_when_a_step_that_ends_the_turn_moves_a_vp() -> None:
    """A VP change raised (``vp_dirty = True``) in the step that also starts the next turn
    moves the stamp: the turn's start, which only asks for the victory check, must not
    overwrite it."""
    state = GAME.new_game(4, 3, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(3), random.Random(4)
    while A.END_TURN not in state.legal_actions() or state.turn < 5:
        assert _random_step(state, rng, chance_rng) is not None
    p = state.turn_player
    before = list(table.seat_vp(state))
    state.ck_defenders[p] += 1  # as the barbarians' Defender would, with the flag a rule raises
    state.vp_dirty = True
    state.apply(A.END_TURN)
    assert state.turn_player != p and not state.is_terminal()
    assert table.seat_vp(state)[p] == before[p] + 1


def _before_a_plain_turn_end(seed: int = 3) -> Any:
    """A seeded C&K game on a main list offering the turn's end, from turn 5, with the seat VP
    kept for the current stamp and a progress hand within the limit (the turn passes at once)."""
    state = GAME.new_game(4, seed, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(seed), random.Random(seed + 1)
    while (
        A.END_TURN not in state.legal_actions()
        or state.turn < 5
        or cards.over_limit(state, state.turn_player)
    ):
        assert _random_step(state, rng, chance_rng) is not None
    table.seat_vp(state)
    return state


def test_victory_check_at_a_turn_start_reads_the_kept_seat_vp(monkeypatch: Any) -> None:
    """BG-WIN-01 at a turn's start with no VP moved: the check reads every seat's VP kept for
    the stamp (``vp_known``, C&K's seat VP) and counts no VP again; the game goes on."""
    state = _before_a_plain_turn_end()
    counted = []
    total_vp = type(state).total_vp
    monkeypatch.setattr(type(state), "total_vp", lambda s, p: counted.append(p) or total_vp(s, p))
    state.apply(A.END_TURN)
    assert state.phase == "pre_roll" and not state.is_terminal()
    assert counted == []


def test_a_seat_at_the_target_wins_at_his_turn_start_though_its_vp_was_kept() -> None:
    """BG-WIN-01, CK-VP-01: a seat brought to the target on another's turn (with the flag a rule
    raises) wins at his own turn's start: the kept seat VP of the old stamp is not read."""
    state = _before_a_plain_turn_end()
    p = state.turn_player
    q = (p + 1) % state.n
    state.ck_defenders[q] += state.victory_target - state.total_vp(q)  # as a Defender would
    state.vp_dirty = True
    state.apply(A.END_TURN)
    assert state.is_terminal()
    result = state.result()
    assert result["reason"] == "victory" and result["ranking"][0] == q


def test_knight_lists_kept_across_roads_and_buildings() -> None:
    """Each seat's ``knights_of`` list is the same object across the core's builds of roads,
    settlements and cities (which empty ``spot_cache``; the core's own ``kept`` stays); a knight
    placed, lifted or moved gives a new list (checked by ``_check`` after every step), and a
    knight put by hand shows after ``touch()``."""
    state = GAME.new_game(4, 5, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(5), random.Random(6)
    kept_across_pieces = 0
    for _ in range(STEPS):
        if state.current_player() == TERMINAL:
            break
        before = [knights.knights_of(state, p) for p in range(state.n)]
        as_given = [list(mine) for mine in before]
        owners = list(state.ck_knight_owner)
        pieces = (list(state.edge_owner), list(state.vertex_owner))
        action = _random_step(state, rng, chance_rng)
        _check(state)
        assert before == as_given  # a list once given never changes (its holder may loop on it)
        placed = pieces != (state.edge_owner, state.vertex_owner)
        if action["type"] in CORE_BUILDS and placed and owners == state.ck_knight_owner:
            for p in range(state.n):
                assert knights.knights_of(state, p) is before[p]
                kept_across_pieces += 1
    assert kept_across_pieces > 100
    p = state.turn_player
    free = next(v for v, o in enumerate(state.ck_knight_owner) if o == -1)
    state.ck_knight_owner[free], state.ck_knight_strength[free] = p, 1  # by hand: no ``_put``
    state.touch()
    assert free in knights.knights_of(state, p)


PLACING = frozenset(
    (
        "place_road",
        "build_road",
        "build_knight",
        "march_knight",
        "displace_knight",
        "retreat_knight",
    )
)
"""The actions that place, lift or move a road or knight without ``touch()``."""


def test_hexes_beside_buildings_kept_across_roads_and_knights() -> None:
    """The hexes beside each seat's buildings (Irrigation's and Mining's ``harvest_hexes``, the
    Merchant's ``merchant_hexes``) are the same kept lists across roads and knights placed,
    lifted or moved (which empty ``spot_cache``), and follow every settlement (``_check`` after
    every step compares them with hexes from the board). (A card that lifts a road calls
    ``touch()``, which empties every kept fact: those steps are not counted.)"""
    state = GAME.new_game(4, 5, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(5), random.Random(6)
    kept_across = 0
    for _ in range(STEPS):
        if state.current_player() == TERMINAL:
            break
        before = [[science.harvest_hexes(state, p, t) for t in TERRAINS] for p in range(state.n)]
        trade.merchant_hexes(state, 0)
        merchant = state.kept[table.MERCHANT_KEY[0]]
        pieces = (list(state.edge_owner), list(state.ck_knight_owner))
        buildings = list(state.vertex_owner)
        action = _random_step(state, rng, chance_rng)
        if action is None:
            break
        _check(state)
        moved = pieces != (state.edge_owner, state.ck_knight_owner)
        if moved and buildings == state.vertex_owner and action["type"] in PLACING:
            for p in range(state.n):
                for t, hexes in zip(TERRAINS, before[p], strict=True):
                    assert science.harvest_hexes(state, p, t) is hexes
            assert state.kept[table.MERCHANT_KEY[0]] is merchant
            kept_across += 1
    assert kept_across > 50


def test_one_knight_search_serves_the_knights_on_its_way() -> None:
    """A knight's search (``reach``) is kept for every knight of the seat it passes, so a seat
    with several knights on one network searches once after each march or build; each kept
    answer equals that knight's own search (``_check``), and a main list whose proposals closed
    (the turn's last proposal) equals one built afresh."""
    state = GAME.new_game(4, 2, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(2), random.Random(3)
    searches = [0]
    search = knights._search

    def counted(*args: Any) -> Any:
        searches[0] += 1
        return search(*args)

    served = closed = 0
    knights._search = counted
    try:
        for _ in range(STEPS):
            if _random_step(state, rng, chance_rng) is None:
                break
            if state.phase == "main" and state.proposals == state.proposal_limit:
                kept = state.kept_main
                closed += kept is not None and kept[0] == state.version and kept[2]
                assert state.legal_actions() == _fresh_main_list(state)
            for p in range(state.n):  # each seat's knights asked with no search kept
                spots = dict(state.spot_cache)
                for key in spots:
                    if type(key) is tuple and key[0] == "ck_reach":
                        del state.spot_cache[key]
                before = searches[0]
                for v in knights.knights_of(state, p):
                    assert knights.reach(state, p, v) == search(state, p, v, None)
                    served += 1
                served -= searches[0] - before
                state.spot_cache.clear()
                state.spot_cache.update(spots)
    finally:
        knights._search = search
    assert served > 100 and closed > 20


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (4, 0), (4, 1)])
def test_ck_kn_05_owed_road_lengths_never_change_the_longest_road(players: int, seed: int) -> None:
    """CK-KN-05, BG-LR-05..07: a seat's Longest Road count owed after a knight came or left or
    a road was lifted (not made at once) gives the same game as counting at every step: the
    same holder after every step, the same steps and the same log; and counts were owed."""
    options = {"layout": "variable", "cities_and_knights": True}
    lazy, eager = GAME.new_game(players, seed, options), GAME.new_game(players, seed, options)
    rngs = [(random.Random(seed), random.Random(seed + 1)) for _ in range(2)]
    owed_steps = 0
    for _ in range(STEPS):
        action = _random_step(lazy, *rngs[0])
        assert _random_step(eager, *rngs[1]) == action
        if action is None:
            break
        owed_steps += bool(lazy.lengths_owed)
        eager.settle_lengths()  # (as reading the lengths would: every owed count made now)
        assert not eager.lengths_owed
        assert lazy.longest_road == eager.longest_road
    assert lazy.events == eager.events
    assert owed_steps > 20


CORE_BUILDS = ("build_road", "build_settlement", "build_city", "place_road", "place_settlement")
"""The core's placements (they empty ``spot_cache``)."""


class _Fixed:
    """An ``rng`` whose one ``random()`` is ``x``."""

    def __init__(self, x: float) -> None:
        self.x = x

    def random(self) -> float:
        return self.x


def test_ck_tu_01_dice_drawn_by_bisection_as_by_the_scan() -> None:
    """CK-TU-01: ``sample_chance`` of the three dice (``fixed_draws``: bisection over the running
    sums) picks the outcome ``chance.draw`` picks from ``chance_outcomes()``, at every running
    sum, just below and above it, and for random draws."""
    state = ck_game()
    state.apply(A.ROLL)
    outcomes = state.chance_outcomes()
    sums, total = [], 0.0
    for _, probability in outcomes:
        total += probability
        sums.append(total)
    xs = [0.0, 0.999999999] + [y + d for y in sums for d in (-1e-12, 0.0, 1e-12) if 0 <= y + d < 1]
    xs += [random.Random(i).random() for i in range(500)]
    for x in xs:
        assert state.sample_chance(_Fixed(x)) is chance.draw(outcomes, _Fixed(x))


def test_deck_counts_kept_across_draws() -> None:
    """A draw takes its card off the kept counts (``cards.draw``): the next draw from that deck
    finds them current (the same entry, not counted afresh), and equal to a fresh count."""
    state = GAME.new_game(3, 1, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(1), random.Random(2)
    kept_draws = 0
    for _ in range(STEPS):
        before = state.phase == "ck_draw"
        if before:
            track = state.ck_queue[0][2]
            entry = getattr(state, "_ck_deck_counts", {}).get(track)
            stood = entry is not None and entry[0] is state.ck_decks[track]
            stood = stood and entry[1] == len(state.ck_decks[track])
            kept_draws += stood
            if stood:
                deck = state.ck_decks[track]
                assert entry[2] == {c: deck.count(c) for c in sorted(set(deck))}
        if _random_step(state, rng, chance_rng) is None:
            break
    assert kept_draws > 20


def test_deck_counts_renewed_when_a_deck_changes_outside_a_draw() -> None:
    """A deck changed by hand (a card dealt out of it in place, or a new list) is counted
    afresh: the kept counts claim only the same list at the same length."""
    state = GAME.new_game(3, 0, {"layout": "variable", "cities_and_knights": True})
    deck = state.ck_decks["science"]
    assert cards.draw_outcomes(state, "science") == cards.count_outcomes("science", deck)
    deck.remove(deck[0])  # (as the tests' ``deal`` does)
    state.touch()
    assert cards.draw_outcomes(state, "science") == cards.count_outcomes("science", deck)
    state.ck_decks["science"] = ["Printer"]
    state.touch()
    assert cards.draw_outcomes(state, "science") == [(cards.DRAWS["science", "Printer"], 1.0)]


def _rules_knight_part(state: Any, p: int) -> list[dict[str, Any]]:
    """CK-KN-01..03, CK-KN-06, CK-SE-03 from the board and the hand, plain loops over every
    intersection: the knights' part of ``p``'s main list."""
    owner, strength = state.ck_knight_owner, state.ck_knight_strength
    active, flags = state.ck_knight_active, state.ck_knight_flags
    mine = [v for v in range(len(owner)) if owner[v] == p]
    hand, found = state.hand[p], []
    if hand[2] >= 1 and hand[4] >= 1:  # wool and ore
        basic = [v for v in mine if strength[v] == 1]
        if len(basic) < 2:
            found += [
                {"type": "build_knight", "vertex": v}
                for v in sorted(state.road_vertices[p])
                if state.vertex_owner[v] == -1 and owner[v] == -1
            ]
        ranks = [strength[v] for v in mine]
        for v in mine:
            if flags[v] & 4:  # promoted this turn
                continue
            if (strength[v] == 1 and ranks.count(2) < 2) or (
                strength[v] == 2 and ranks.count(3) < 2 and state.ck_levels[p][1] >= 3
            ):
                found.append({"type": "promote_knight", "vertex": v})
    if hand[3] >= 1:  # grain
        found += [{"type": "activate_knight", "vertex": v} for v in mine if not active[v]]
    corners = state.board.hex_vertices[state.robber] if state.ck_attacks else ()
    for v in mine:
        if not active[v] or flags[v] & 3:  # inactive, or acted or activated this turn
            continue
        empties, rivals = knights._search(state, p, v, None)
        found += [{"type": "march_knight", "from": v, "to": w} for w in empties]
        found += [
            {"type": "displace_knight", "from": v, "to": w}
            for w in rivals
            if strength[w] < strength[v]
        ]
        if v in corners:
            found.append({"type": "chase_robber", "vertex": v})
    return found


def _rules_bank_part(state: Any, p: int) -> list[dict[str, Any]]:
    """CK-TR-02..04, CK-ME-01, CK-PC-T04: for each kind held at its rate (and at least two),
    every other kind the bank holds; resource for resource only where the core's
    ``maritime_trade`` has another rate."""
    names = cards.CARD_NAMES
    held = [*state.hand[p], *state.ck_commodities[p]]
    stock = [*state.bank, *state.ck_commodity_bank]
    needs = trading.rates_of(state, p)
    found = []
    for i, give in enumerate(names):
        if held[i] < 2 or held[i] < needs[i]:
            continue
        for j, get in enumerate(names):
            if j == i or not stock[j]:
                continue
            if i < 5 and j < 5 and state.rates[p][i] == needs[i]:
                continue  # the core's maritime_trade
            found.append({"type": "bank_trade", "give": give, "get": get})
    return found


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (4, 1), (4, 5)])
def test_main_lists_knight_and_bank_parts_as_the_rules_after_every_step(
    players: int, seed: int
) -> None:
    """The knights' part and the bank trades of every main list in a random game (as the
    plug-in makes them, from its kept facts), against the rules computed with plain loops over
    every intersection and kind (docs/PERFORMANCE.md, ck-speed32)."""
    state = GAME.new_game(players, seed, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(seed), random.Random(seed + 1)
    acting = activating = trading_lists = 0
    for _ in range(STEPS):
        if _random_step(state, rng, chance_rng) is None:
            break
        if state.phase != "main":
            continue
        p = state.actor
        part: list[dict[str, Any]] = []
        knights.add_knight_actions(state, p, part)
        assert part == _rules_knight_part(state, p)
        acting += any(a["type"] == "march_knight" for a in part)
        activating += any(a["type"] == "activate_knight" for a in part)
        part = []
        trading.add_bank_trades(state, p, part)
        assert part == _rules_bank_part(state, p)
        trading_lists += bool(part)
    assert acting > 20 and activating > 20 and trading_lists > 20


def test_bank_trades_leave_out_the_kinds_the_bank_lacks() -> None:
    """CK-TR-02: random play never empties a kind of the bank while a trade is offered (seeds
    0-5), so the short bank's branch of ``add_bank_trades`` is checked here: mid-game, each kind
    a trade would take is emptied from the bank in turn, and the bank part is compared with
    the rules' (the kind is gone from it, the others stay)."""
    state = GAME.new_game(4, 1, {"layout": "variable", "cities_and_knights": True})
    rng, chance_rng = random.Random(1), random.Random(2)
    checked = set()
    for _ in range(STEPS):
        assert _random_step(state, rng, chance_rng) is not None
        if state.phase != "main" or not _rules_bank_part(state, state.actor):
            continue
        p = state.actor
        for i, kind in enumerate(cards.CARD_NAMES):
            bank, j = (state.bank, i) if i < 5 else (state.ck_commodity_bank, i - 5)
            if not bank[j] or not any(a["get"] == kind for a in _rules_bank_part(state, p)):
                continue
            held, bank[j] = bank[j], 0
            state.touch()
            try:
                part: list[dict[str, Any]] = []
                trading.add_bank_trades(state, p, part)
                assert part == _rules_bank_part(state, p)
                assert part and all(a["get"] != kind for a in part)
            finally:
                bank[j] = held
                state.touch()
            checked.add(kind)
        if len(checked) >= 6:
            break
    assert len(checked) >= 6  # resources and commodities taken out of the bank
