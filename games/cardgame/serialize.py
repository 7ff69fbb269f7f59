"""``to_dict`` / ``from_dict``: the complete state as plain JSON data, checked on the way in.

Rules: CG-COMP-01 (all 120 cards accounted for exactly once), CG-RES-01 (0..3 per region).
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from games.cardgame.cards import CARDS
from games.cardgame.constants import ALL_STACKS, validate_options
from games.cardgame.domain import Domain

FORMAT = "cardgame-state-1"
PHASES = ("setup", "pre_roll", "main", "refill")
CARD_HOLDING_TASKS = ("place_start", "place_regions", "scout_pick")
"""Tasks that hold cards taken out of a stack but not yet laid down."""


def state_to_dict(state: Any) -> dict[str, Any]:
    from games.cardgame import VERSION

    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": state.seed,
        "options": dict(state.options),
        "phase": state.phase,
        "active": state.active,
        "first_player": state.first_player,
        "turn": state.turn,
        "turns_taken": list(state.turns_taken),
        "domains": [d.to_dict() for d in state.domains],
        "stacks": {k: list(v) for k, v in state.stacks.items()},
        "pool": list(state.pool),
        "removed": list(state.removed),
        "tokens": dict(state.tokens),
        "tasks": copy.deepcopy(state.tasks),
        "attack": copy.deepcopy(state.attack),
        "alchemist": state.alchemist,
        "proposals": state.proposals,
        "drew": state.drew,
        "last_roll": copy.deepcopy(state.last_roll),
        "outcome": copy.deepcopy(state.outcome),
        "events": [dict(e) for e in state.events],
    }


def all_cards(state: Any) -> list[str]:
    """Every card in every zone (a correct state lists each of the 120 exactly once)."""
    out: list[str] = []
    for dom in state.domains:
        out += dom.all_cards()
    for stack in state.stacks.values():
        out += stack
    out += state.pool + state.removed
    for task in state.tasks:
        if task["t"] in CARD_HOLDING_TASKS:
            out += task["cards"]
    return out


def state_from_dict(data: dict[str, Any]) -> Any:
    """Rebuild a state from :func:`state_to_dict` output.

    Raises:
        ValueError: anything malformed or inconsistent (the message names the problem).
    """
    from games.cardgame import VERSION
    from games.cardgame.state import AUTO_TASKS, CHANCE_TASKS, TASK_LEGAL, CardGameState

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a cardgame state (format must be {FORMAT!r})")
    if data.get("version") != VERSION:
        raise ValueError(f"state of engine version {data.get('version')!r}, this is {VERSION}")
    try:
        state = CardGameState(data["seed"], validate_options(data["options"]))
        if data["phase"] not in PHASES:
            raise ValueError(f"unknown phase {data['phase']!r}")
        state.phase = data["phase"]
        for key in ("active", "first_player"):
            if data[key] not in (0, 1):
                raise ValueError(f"{key} must be 0 or 1")
        state.active = data["active"]
        state.first_player = data["first_player"]
        state.turn = _int(data["turn"], "turn")
        state.turns_taken = [_int(n, "turns_taken") for n in data["turns_taken"]]
        if len(data["domains"]) != 2 or len(state.turns_taken) != 2:
            raise ValueError("exactly two domains")
        state.domains = [Domain.from_dict(d) for d in data["domains"]]
        if set(data["stacks"]) != set(ALL_STACKS):
            raise ValueError(f"stacks must be exactly {sorted(ALL_STACKS)}")
        state.stacks = {k: list(data["stacks"][k]) for k in ALL_STACKS}
        state.pool = list(data["pool"])
        state.removed = list(data["removed"])
        tokens = data["tokens"]
        if set(tokens) != {"knight", "windmill"} or not all(
            v in (None, 0, 1) for v in tokens.values()
        ):
            raise ValueError("tokens must be {'knight': seat|None, 'windmill': seat|None}")
        state.tokens = dict(tokens)
        tasks = copy.deepcopy(data["tasks"])
        known = set(TASK_LEGAL) | set(AUTO_TASKS) | CHANCE_TASKS
        for task in tasks:
            if not isinstance(task, dict) or task.get("t") not in known:
                raise ValueError(f"unknown task {task!r}")
            if "seat" in task and task["seat"] not in (0, 1):
                raise ValueError(f"task {task['t']} has a bad seat")
        state.tasks = tasks
        state.attack = copy.deepcopy(data["attack"])
        state.alchemist = data["alchemist"]
        if state.alchemist not in (None, 1, 2, 3, 4, 5, 6):
            raise ValueError("alchemist must be None or 1..6")
        state.proposals = _int(data["proposals"], "proposals")
        state.drew = bool(data["drew"])
        state.last_roll = copy.deepcopy(data["last_roll"])
        state.outcome = copy.deepcopy(data["outcome"])
        state.events = [dict(e) for e in data["events"]]
        counts = Counter(all_cards(state))
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"malformed cardgame state: {exc!r}") from None
    unknown = [c for c in counts if c not in CARDS]
    if unknown:
        raise ValueError(f"unknown cards {unknown[:5]}")
    if len(counts) != len(CARDS) or any(n != 1 for n in counts.values()):
        dupes = [c for c, n in counts.items() if n != 1]
        missing = [c for c in CARDS if c not in counts]
        raise ValueError(
            f"every card must be in exactly one place (CG-COMP-01): duplicated {dupes[:5]}, "
            f"missing {missing[:5]}"
        )
    return state


def _int(value: Any, name: str) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{name} must be a non-negative int")
    return value
