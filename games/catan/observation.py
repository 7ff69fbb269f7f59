"""What one seat may know: a whitelist of public fields plus that seat's own hidden cards.

The board geometry is static (``GAME.static_info(options)``, the state's ``board``; ids documented
in ``topology.py``) and is not repeated here; hexes, harbours and pieces are sent by id.

Rules: BG-SETUP-09 (hands hidden), BG-DEV-01 (development cards hidden), BG-VP-02.
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import (
    DEV_CARDS,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    RESOURCES,
)


def observe(state: Any, seat: int) -> dict[str, Any]:
    """The observation of ``seat`` (0..n-1); raises ValueError for another seat number."""
    if not isinstance(seat, int) or not 0 <= seat < state.n:
        raise ValueError(f"seat must be 0..{state.n - 1}")
    players = []
    for p in range(state.n):
        players.append(
            {
                "resource_cards": sum(state.hand[p]),
                "development_cards": sum(state.dev_hand[p]),
                "knights_played": state.knights[p],
                "public_vp": state.public_vp(p),
                "roads_left": state.roads_left[p],
                "settlements_left": state.settlements_left[p],
                "cities_left": state.cities_left[p],
                "road_length": state.road_length[p],
            }
        )
    hand = state.hand[seat]
    dev = state.dev_hand[seat]
    own = {
        "resources": {RESOURCES[r]: hand[r] for r in range(5)},
        "development": {DEV_CARDS[c]: dev[c] for c in range(5) if dev[c]},
        "development_new": {
            DEV_CARDS[c]: state.dev_new[seat][c] for c in range(5) if state.dev_new[seat][c]
        },
        "victory_points": state.total_vp(seat),
        "maritime_rates": {RESOURCES[r]: state.maritime_rate(seat, r) for r in range(5)},
    }
    buildings = [
        [v, owner, state.vertex_level[v]]
        for v, owner in enumerate(state.vertex_owner)
        if owner != -1
    ]
    roads = [[e, owner] for e, owner in enumerate(state.edge_owner) if owner != -1]
    trade = None
    if state.trade is not None:
        t = state.trade
        trade = {
            "proposer": t["proposer"],
            "give": {RESOURCES[r]: c for r, c in enumerate(t["give"]) if c},
            "get": {RESOURCES[r]: c for r, c in enumerate(t["get"]) if c},
            "accepted": list(t["accepted"]),
            "pending": list(t["pending"]),
        }
        if "gold" in t:  # gold coins on one side (games/catan/mechanics/gold.py)
            trade["give"]["gold"], trade["get"]["gold"] = t["gold"]
            trade["give"] = {k: v for k, v in trade["give"].items() if v}
            trade["get"] = {k: v for k, v in trade["get"].items() if v}
    obs = {
        "seat": seat,
        "num_players": state.n,
        "phase": state.phase,
        "current_player": state.actor,
        "turn": state.turn,
        "turn_player": state.turn_player,
        "dice": list(state.dice) if state.dice else None,
        "board": {
            "terrains": list(state.terrains),
            "numbers": list(state.numbers),
            "harbors": list(state.harbors),
            "robber": state.robber,
            "buildings": buildings,
            "roads": roads,
        },
        "bank": {RESOURCES[r]: state.bank[r] for r in range(5)},
        "development_deck": sum(state.dev_deck),
        "players": players,
        "longest_road": state.longest_road,
        "largest_army": state.largest_army,
        "you": own,
        "pending": _pending(state, seat),
        "trade": trade,
        "proposals_this_turn": state.proposals,
        "development_played_this_turn": state.dev_played,
        "limits": {"roads": MAX_ROADS, "settlements": MAX_SETTLEMENTS, "cities": MAX_CITIES},
    }
    for hook in state.hooks.observe:
        hook(state, seat, obs)  # expansions add their public and own-seat parts (Masters)
    return obs


def _pending(state: Any, seat: int) -> dict[str, Any] | None:
    """What the deciding seat is being asked (only details that seat may know)."""
    if state.phase == "discard" and state.discards:
        return {"discard": {"seat": state.discards[0][0], "remaining": state.discards[0][1]}}
    if state.phase == "road_building":
        return {"free_roads": state.free_roads}
    if state.phase == "take_resource":
        return {"free_resources": state.free_resources}
    if state.phase == "choose_victim":
        return {"victims": list(state.robber_victims)}
    return None
