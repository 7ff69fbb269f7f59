"""The robber or the pirate, moved on a 7 (after the discards) or by a knight.

The player chooses: the robber to another land hex (the core's ``move_robber``, which robs a
building's owner) or the pirate to another sea hex (``move_pirate``), then steals one random card
from one player with a ship on a side of the pirate's hex (the core's victim choice and steal).
The pirate blocks ships only (``ships.pirate_sides``).

Rules: SF-PI-01..05, SF-DC-02.
"""

from __future__ import annotations

from typing import Any

from games.catan import actions as A
from games.catan.expansions.seafarers import sea

Action = dict[str, Any]

MOVE_PIRATE: dict[int, Action] = {}


def move_pirate_action(h: int) -> Action:
    action = MOVE_PIRATE.get(h)
    if action is None:
        action = MOVE_PIRATE[h] = {"type": "move_pirate", "hex": h}
    return action


def legal_move_thief(state: Any, scenario: Any) -> list[Action]:
    """SF-PI-01: the robber to another land hex (desert per option), or the pirate to another
    sea hex; from beside the board every such hex (SF-PI-05). A new list, kept on the state
    (``sf_thief_moves``) per place of the robber and the pirate: it depends on nothing else but
    the terrains, and these change only with a discovery, which rebuilds the sea tables and
    empties it (the ``rebuild`` hook)."""
    key = (state.robber, state.pirate)
    found = state.sf_thief_moves.get(key)
    if found is None:
        found = state.sf_thief_moves[key] = _thief_moves(state, scenario)
    return list(found)


def _thief_moves(state: Any, scenario: Any) -> list[Action]:
    pool = state.sf_thief_pool
    if pool is None:
        pool = state.sf_thief_pool = _thief_pool(state, scenario)
    (robber_at, robber_moves), (pirate_at, pirate_moves) = pool
    # Every move but the one to the hex the piece stands on: slices of the kept lists (the
    # piece's own hex found by a dict), not a pass over every hex.
    i = robber_at.get(state.robber)
    legal = robber_moves[:] if i is None else robber_moves[:i] + robber_moves[i + 1 :]
    i = pirate_at.get(state.pirate)
    if i is None:
        legal.extend(pirate_moves)
    else:
        legal.extend(pirate_moves[:i])
        legal.extend(pirate_moves[i + 1 :])
    return legal


Pool = tuple[dict[int, int], list[Action]]
"""Where a piece may go: hex -> index in the move list, and the moves in hex order."""


def _thief_pool(state: Any, scenario: Any) -> tuple[Pool, Pool]:
    """Every hex the robber may take and every hex the pirate may take, with their actions, in
    hex order (wherever they stand now): one pass over the terrains, kept on the state
    (``sf_thief_pool``) until a discovery rebuilds the sea tables (the ``rebuild`` hook)."""
    terrains = state.terrains
    robber_hexes: list[int] = []
    pirate_hexes: list[int] = []
    if scenario.robber:
        desert_ok = state.options["robber_may_enter_desert"]
        barred = state.board.robber_barred | scenario.robber_barred(state.board)
        not_land = sea.NOT_LAND
        robber_hexes = [
            h
            for h, t in enumerate(terrains)
            if t not in not_land and (desert_ok or t != "desert") and h not in barred
        ]
    if scenario.pirate:
        pirate_hexes = [h for h, t in enumerate(terrains) if t == "sea"]
    return (
        ({h: i for i, h in enumerate(robber_hexes)}, [A.MOVE_ROBBER[h] for h in robber_hexes]),
        (
            {h: i for i, h in enumerate(pirate_hexes)},
            [move_pirate_action(h) for h in pirate_hexes],
        ),
    )


def move_pirate(state: Any, action: Action) -> None:
    """SF-PI-01/02: move, then steal from one player with a ship beside the hex (his choice)."""
    p, h = state.actor, action["hex"]
    state.pirate = h
    state.spot_cache.clear()
    state.events.append({"type": "move_pirate", "seat": p, "hex": h, "visible_to": "all"})
    so, n = state.ship_owner, state.n
    owners = set()  # (a loop: a comprehension would make ``state``, ``p``, ``so`` cells)
    for e in state.sf_hex_sides[h]:
        q = so[e]
        if 0 <= q < n and q != p:
            owners.add(q)
    victims = sorted(owners)
    if len(victims) > 1:
        state.robber_victims = victims
        state._set_phase("choose_victim", p)
    elif victims:
        state._rob(victims[0])
    else:
        state.finish_robber()
