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
    legal: list[Action] = []
    terrains = state.terrains
    if scenario.robber:
        desert_ok = state.options["robber_may_enter_desert"]
        barred = state.board.robber_barred
        legal.extend(
            A.MOVE_ROBBER[h]
            for h, t in enumerate(terrains)
            if h != state.robber
            and sea.is_land(t)
            and (desert_ok or t != "desert")
            and h not in barred
        )
    if scenario.pirate:
        legal.extend(
            move_pirate_action(h)
            for h, t in enumerate(terrains)
            if t == "sea" and h != state.pirate
        )
    return legal


def move_pirate(state: Any, action: Action) -> None:
    """SF-PI-01/02: move, then steal from one player with a ship beside the hex (his choice)."""
    p, h = state.actor, action["hex"]
    state.pirate = h
    state.spot_cache.clear()
    state.events.append({"type": "move_pirate", "seat": p, "hex": h, "visible_to": "all"})
    so = state.ship_owner
    victims = sorted({so[e] for e in state.sf_hex_sides[h] if 0 <= so[e] < state.n and so[e] != p})
    if len(victims) > 1:
        state.robber_victims = victims
        state._set_phase("choose_victim", p)
    elif victims:
        state._rob(victims[0])
    else:
        state.finish_robber()
