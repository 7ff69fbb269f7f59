"""Exact ``to_dict`` / ``from_dict`` of a board game state (JSON-safe, no object identity).

Rules: none (engine contract, ``contracts.md`` §1).
"""

from __future__ import annotations

import json
from typing import Any

FIELDS = (
    "options",
    "seed",
    "n",
    "victory_target",
    "terrains",
    "numbers",
    "harbors",
    "robber",
    "vertex_owner",
    "vertex_level",
    "edge_owner",
    "hand",
    "bank",
    "dev_hand",
    "dev_new",
    "dev_deck",
    "dev_spent",
    "dev_drawn",
    "knights",
    "roads_left",
    "settlements_left",
    "cities_left",
    "longest_road",
    "largest_army",
    "turn_player",
    "turn",
    "rolled",
    "dev_played",
    "built_this_turn",
    "dice",
    "phase",
    "actor",
    "discards",
    "victim",
    "robber_victims",
    "free_roads",
    "free_resources",
    "gain_return",
    "draws_left",
    "draw_keep",
    "trade",
    "proposals",
    "order_contenders",
    "order_rolls",
    "setup_order",
    "setup_index",
    "last_settlement",
    "first_player",
    "result_data",
    "events",
)
"""Every stored field; everything else on a state is a cache rebuilt from these."""

FORMAT = "catan-state/1"


def state_to_dict(state: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT}
    for name in FIELDS:
        data[name] = getattr(state, name)
    data.update(state.masters_to_dict())
    stored = {x.name: {f: getattr(state, f) for f in x.stored_fields} for x in state.hooks.plugins}
    stored = {name: fields for name, fields in stored.items() if fields}
    if stored:  # only with an expansion that stores fields: a base game's state is unchanged
        data["expansions"] = stored
    # One JSON round trip copies everything (no shared lists) and is much faster than deepcopy.
    return json.loads(json.dumps(data))


def state_from_dict(data: Any) -> Any:
    """Rebuild a state; anything malformed raises ``ValueError`` (never another exception)."""
    from games.catan.game import validate_options
    from games.catan.state import CatanState

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a catan state (expected format {FORMAT!r})")
    try:
        data = json.loads(json.dumps(data))  # a private copy; also proves it is plain JSON
        state = CatanState()
        for name in FIELDS:
            setattr(state, name, data[name])
        state.options = validate_options(state.options, state.n)
        state.attach(state.options)
        state.masters_from_dict(data)
        stored = data.get("expansions", {})
        for x in state.hooks.plugins:
            for name in x.stored_fields:
                setattr(state, name, stored[x.name][name])
        _check_shapes(state)
        state._rebuild_derived()
    except ValueError:
        raise
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"malformed catan state: {exc!r}") from exc
    return state


def _check_shapes(state: Any) -> None:
    n = state.n
    if not isinstance(n, int) or not 2 <= n <= 4:
        raise ValueError("n must be 2..4")
    board = state.board
    for name, size in (
        ("vertex_owner", board.num_vertices),
        ("vertex_level", board.num_vertices),
        ("edge_owner", board.num_edges),
        ("numbers", board.num_hexes),
        ("bank", 5),
        ("dev_deck", 5),
    ):
        value = getattr(state, name)
        if not isinstance(value, list) or len(value) != size:
            raise ValueError(f"{name} must be a list of {size}")
    for name in ("hand", "dev_hand", "dev_new"):
        value = getattr(state, name)
        if len(value) != n or any(not isinstance(row, list) or len(row) != 5 for row in value):
            raise ValueError(f"{name} must be {n} lists of 5")
    flat = [
        state.bank,
        state.dev_deck,
        state.dev_spent,
        state.dev_drawn,
        state.numbers,
        state.vertex_level,
        state.knights,
        state.roads_left,
        state.settlements_left,
        state.cities_left,
    ]
    flat += state.hand + state.dev_hand + state.dev_new
    for values in flat:
        if not isinstance(values, list) or any(type(x) is not int or x < 0 for x in values):
            raise ValueError("counts must be lists of non-negative integers")
    for v, owner in enumerate(state.vertex_owner):
        if not isinstance(owner, int) or not -1 <= owner < state.owners:
            raise ValueError(f"vertex_owner[{v}] out of range")
    for e, owner in enumerate(state.edge_owner):
        if not isinstance(owner, int) or not -1 <= owner < state.owners:
            raise ValueError(f"edge_owner[{e}] out of range")
    from games.catan.state import _LEGAL, CHANCE_PHASES

    if not isinstance(state.phase, str) or not isinstance(state.actor, int):
        raise ValueError("bad phase/actor")
    if state.phase == "terminal":
        if state.actor != -2 or not isinstance(state.result_data, dict):
            raise ValueError("a terminal state needs actor -2 and a result")
    elif state.phase in CHANCE_PHASES:
        if state.actor != -1:
            raise ValueError(f"phase {state.phase} is a chance node (actor -1)")
    elif state.phase not in _LEGAL or not 0 <= state.actor < n:
        raise ValueError(f"unknown phase {state.phase!r} or actor out of range")
    if not isinstance(state.events, list):
        raise ValueError("events must be a list")
