"""A reusable random-game loop with the engine invariants checked after every step."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from games.catan import GAME
from games.catan.constants import (
    CARDS_PER_RESOURCE,
    DEV_COUNTS,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
)
from games.catan.longest_road import longest_route, longest_trail
from games.common.api import CHANCE, TERMINAL


def check_invariants(state: Any) -> None:
    """Conservation, piece limits, distance rule, VP and special-card consistency (issue 4)."""
    n = state.n
    for r in range(5):
        assert state.bank[r] + sum(state.hand[p][r] for p in range(n)) == CARDS_PER_RESOURCE
        assert state.bank[r] >= 0 and all(state.hand[p][r] >= 0 for p in range(n))
    if "deck_left" in vars(state):  # a scenario deck replaces the base deck (scenario_deck)
        _check_scenario_deck(state)
    for c in range(5 if "deck_left" not in vars(state) else 0):
        in_hands = sum(state.dev_hand[p][c] for p in range(n))
        on_table = sum(state.knights) if c == 0 else 0
        total = state.dev_deck[c] + in_hands + on_table + state.dev_spent[c] + state.dev_drawn[c]
        assert total == DEV_COUNTS[c], (c, total)
    board = (tuple(state.vertex_owner), tuple(state.vertex_level), tuple(state.edge_owner))
    if state.__dict__.get("_checked_board") != board:
        _check_board(state)  # only when a piece moved: the costly part of the check
        state.__dict__["_checked_board"] = board
    for p in range(n):
        assert min(state.settlements_left[p], state.cities_left[p], state.roads_left[p]) >= 0
        vp = (MAX_SETTLEMENTS - state.settlements_left[p]) + 2 * (MAX_CITIES - state.cities_left[p])
        vp += 2 * (state.longest_road == p) + 2 * (state.largest_army == p)
        vp += sum(hook(state, p) for hook in state.hooks.vp)  # expansions' VP sources
        assert vp == state.public_vp(p)
    lr = state.longest_road
    if lr != -1 and state.phase != "louis_road":  # A-MA-09: judged once the road is relaid
        assert state.road_length[lr] >= LONGEST_ROAD_MIN
        assert state.road_length[lr] == max(state.road_length)
    la = state.largest_army
    if la != -1:
        assert state.knights[la] >= LARGEST_ARMY_MIN
        assert state.knights[la] == max(state.knights)
    assert state.proposals <= state.options["trade_proposals_per_turn"]
    if state.masters_on and state.turn:
        owned = [m for m in state.master_of if m is not None]
        assert len(owned) == n, "MA-USE-01: one master each"
        everyone = owned + state.master_reserve + state.master_stack
        assert len(set(everyone)) == len(everyone) == 10


def _check_scenario_deck(state: Any) -> None:
    """Every card of a scenario deck is in the deck, a hand or the discards; the base deck is
    empty (games/catan/mechanics/scenario_deck.py)."""
    from games.catan.mechanics.scenario_deck import deck_owner

    assert not any(state.dev_deck) and not any(map(any, state.dev_hand))
    deck = deck_owner(state).deck
    for i, count in enumerate(deck.counts):
        held = sum(hand[i] for hand in state.deck_hand)
        # A knight played from a kept hand (T&B) stays face up before its owner.
        laid = sum(state.knights) if deck.cards[i] == "knight" else 0
        assert state.deck_left[i] + state.deck_discards[i] + held + laid == count, deck.cards[i]


def standing_fortress(state: Any, p: int) -> int:
    """1 while seat ``p``'s Pirate Islands fortress stands: one of its five settlement pieces,
    out of the supply but not on the board and no point yet (SF-PR-02); else 0."""
    chits = getattr(state, "pi_chits", None)
    return 1 if chits and chits[p] else 0


def _check_board(state: Any) -> None:
    """Piece counts match the supplies, distance rule, connected roads, trail lengths."""
    for p in range(state.n):
        settlements = sum(
            1 for v, o in enumerate(state.vertex_owner) if o == p and state.vertex_level[v] == 1
        )
        cities = sum(
            1 for v, o in enumerate(state.vertex_owner) if o == p and state.vertex_level[v] == 2
        )
        # Cities & Knights (A-CK-09): a city pillaged with no settlement piece left lies on
        # its side as a settlement beyond the five.
        fallen = sum(1 for v in getattr(state, "ck_fallen", ()) if state.vertex_owner[v] == p)
        fortress = standing_fortress(state, p)
        assert settlements + fortress + state.settlements_left[p] == MAX_SETTLEMENTS + fallen
        assert cities + state.cities_left[p] == MAX_CITIES
        other_pieces = state.board.sites.get("bridge_sites", ())  # Rivers: bridges, not roads
        roads = sum(1 for e, o in enumerate(state.edge_owner) if o == p and e not in other_pieces)
        assert roads + state.roads_left[p] == MAX_ROADS
        assert state.road_length[p] == _trail(state, p)
    if hasattr(state, "ship_owner"):  # Seafarers: ships beside the roads (a slot: not in vars())
        _check_ships(state)
    for v, o in enumerate(state.vertex_owner):
        if o != -1:
            assert all(state.vertex_owner[w] == -1 for w in state.board.vertex_neighbors[v]), (
                "distance rule"
            )
    for e, o in enumerate(state.edge_owner):
        if o != -1:
            a, b = state.board.edge_vertices[e]
            assert (
                state.vertex_owner[a] == o
                or state.vertex_owner[b] == o
                or any(
                    state.edge_owner[f] == o and f != e
                    for v in (a, b)
                    for f in state.board.vertex_edges[v]
                )
            ), "road not connected"


def _trail(state: Any, p: int) -> int:
    """The trail length the engine should hold: a plug-in's (Seafarers: roads and ships,
    ``longest_route``) or the roads' own."""
    if hasattr(state, "ship_owner"):  # Seafarers (a slot: not in vars())
        from games.catan.expansions.seafarers import scenario_of

        if not scenario_of(state).longest_route:
            return 0
        return longest_route(state.board, p, state.edge_owner, state.vertex_owner, state.ship_owner)
    return longest_trail(state.board, p, state.edge_owner, state.trail_owners(), state.path_weight)


def _check_ships(state: Any) -> None:
    """Ship counts match the supply; every ship is on a ship path, no road beside it on the
    same path, and joins its owner's building or another of his ships."""
    b = state.board
    for p in range(state.n):
        ships = sum(1 for o in state.ship_owner if o == p)
        on_wonders = sum(1 for o in getattr(state, "wo_owner", None) or () if o == p)
        assert ships + on_wonders + state.ships_left[p] == 15  # Wonders: a ship marks a claim
    for e, o in enumerate(state.ship_owner):
        if o == -1:
            continue
        assert state.sf_ship_path[e] and state.edge_owner[e] == -1
        assert any(
            state.vertex_owner[v] == o
            or any(state.ship_owner[f] == o and f != e for f in b.vertex_edges[v])
            for v in b.edge_vertices[e]
        ), "ship not connected"


def random_game(
    num_players: int,
    seed: int,
    options: dict[str, Any],
    check: bool = True,
    roundtrip_every: int = 0,
    observe_every: int = 0,
    after_decision: Callable[[Any, dict[str, Any]], None] | None = None,
) -> tuple[Any, list[dict[str, Any]], int]:
    """Play one random game; returns (final state, applied actions, decisions).
    ``after_decision(state, action)`` runs after each applied decision (not chance)."""
    state = GAME.new_game(num_players, seed, options)
    rng = random.Random(seed * 7919 + 1)
    chance_rng = random.Random(seed * 104729 + 3)
    log: list[dict[str, Any]] = []
    decisions = 0
    step = 0
    while True:
        actor = state.current_player()
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            action = state.sample_chance(chance_rng)
        else:
            legal = state.legal_actions()
            assert legal, f"no legal action in phase {state.phase}"
            action = legal[int(rng.random() * len(legal))]
            decisions += 1
        state.apply(action)
        log.append(action)
        if after_decision is not None and actor != CHANCE:
            after_decision(state, action)
        step += 1
        if check:
            check_invariants(state)
        if roundtrip_every and step % roundtrip_every == 0:
            data = state.to_dict()
            text = json.dumps(data, sort_keys=True)
            state = GAME.from_dict(json.loads(text))
            assert json.dumps(state.to_dict(), sort_keys=True) == text
        if observe_every and step % observe_every == 0:
            for seat in range(num_players):
                check_observation(state, seat)
    check_invariants(state)
    return state, log, decisions


def check_observation(state: Any, seat: int) -> None:
    """The observation is JSON, shows only counts of others' hands, and the seat's own hand."""
    obs = state.observation(seat)
    json.dumps(obs)
    assert sum(obs["you"]["resources"].values()) == sum(state.hand[seat])
    for p, info in enumerate(obs["players"]):
        assert info["resource_cards"] == sum(state.hand[p])
        assert set(info) >= {"resource_cards", "development_cards", "public_vp"}
        assert "resources" not in info and "development" not in info
    assert "hand" not in obs and "dev_hand" not in obs and "dev_deck" not in obs
