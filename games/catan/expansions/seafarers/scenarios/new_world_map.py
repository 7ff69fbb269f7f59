"""New World's map, drawn at random as the rule book says (SF-NW-02, SF-NW-03).

The map is laid in three steps, each a chance node or a decision, so a game is deterministic
given its outcomes and every step is in the replay:

1. **Terrains.** The 42 inner places of the frame (SF-MAP-NW) take the 42 shuffled hexes (19 sea,
   5 fields, 4 hills, 4 mountains, 5 pasture, 5 forest). The core lays them: the board layout
   ``new_world_drawn`` (written by :func:`frame_layout`) has that stack and the frame printed
   as sea, so its ``board`` chance nodes draw one place after the other in id order.
2. **Number tokens** (phase ``nw_tokens``, kind ``board``). The rule book lays the 23 tokens at
   random, one per land hex, and draws again when a 6 or an 8 would lie beside another red
   number. Here the four red tokens come first, each on a land hex drawn at random among those
   with no red neighbour; the 19 others follow on the remaining land hexes in id order, each
   drawn from what is left. The result obeys the same constraint, and it cannot get stuck: a
   red token rules out at most 7 of the 23 land hexes, so three leave at least 2 for the fourth.
3. **Harbours** (phases ``nw_harbour_tile``, a ``board`` chance: the next tile of the shuffled
   9; and ``nw_harbour``, the seat's decision). After the first-player roll, in turn order from
   the starting player, each player takes the next tile and lays it on a side between a land hex
   and a sea hex, not touching another harbour, until all 9 lie (SF-NW-03, before the
   founding). The first-player roll is the core's own (``_chance_order_roll``), asked from the
   phase ``nw_order_roll`` so the harbours can come between it and the first settlement.

Every function takes the state; the tables come from ``state.board``.

Rules: SF-NW-02, SF-NW-03 (reference/expansions/seafarers.md §18, §19 SF-MAP-NW).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Final

from games.catan.expansions.seafarers.scenarios import placed_harbours
from games.common.api import CHANCE

Action = dict[str, Any]

HERE = Path(__file__).parent
DATA: Final = json.loads((HERE / "data" / "new_world.json").read_text(encoding="utf-8"))
LAYOUT_NAME: Final = "new_world_drawn"
LAYOUT_PATH: Final = HERE.parent / "layouts" / f"{LAYOUT_NAME}.json"
TRANSCRIBED: Final = HERE.parent / "layouts" / "seafarers_new_world.json"

TOKENS: Final = {int(n): count for n, count in DATA["tokens"].items()}
RED: Final = frozenset(DATA["red_numbers"])
RED_ORDER: Final = tuple(n for n in sorted(TOKENS) if n in RED for _ in range(TOKENS[n]))
"""The red tokens in the order they are laid (6, 6, 8, 8)."""
HARBOURS: Final = dict(DATA["harbours"])

SEA = "sea"


# ---------------------------------------------------------------------------- the layout
def frame_layout() -> dict[str, Any]:
    """The board layout of New World: the transcribed frame (SF-MAP-NW) with its 42 inner
    places as a terrain stack (the data file's) and the frame printed as sea; no numbers (laid
    by :func:`token_outcomes`), no harbours (laid by the players), robber off the board."""
    transcribed = json.loads(TRANSCRIBED.read_text(encoding="utf-8"))
    frame = transcribed["sites"]["frame"]
    return {
        "name": LAYOUT_NAME,
        "title": "Seafarers: New World, the frame with its 42 places drawn at random",
        "source": f"{transcribed['source']}; stack: {DATA['source']}",
        "map_id": transcribed["map_id"],
        "players": transcribed["players"],
        "hexes": transcribed["hexes"],
        "offset_addresses": transcribed["offset_addresses"],
        "terrains": {
            "stack": dict(DATA["terrain_stack"]),
            "fixed": {str(h): SEA for h in frame},
        },
        "numbers": [0] * len(transcribed["hexes"]),
        "harbors": [],
        "robber": None,
        "sites": {"frame": frame, "robber": None, "pirate": None, "zones": {}},
    }


def write_layout() -> None:
    """Rewrite ``layouts/new_world_drawn.json`` (``python -m ...new_world_map``)."""
    text = json.dumps(frame_layout(), indent=1, ensure_ascii=False) + "\n"
    LAYOUT_PATH.write_text(text, encoding="utf-8")


# ---------------------------------------------------------------------------- number tokens
@cache
def token_action(hex_id: int, number: int) -> Action:
    """The chance outcome "token ``number`` lies on hex ``hex_id``" (one shared dict each)."""
    return {"type": "number_token", "hex": hex_id, "number": number}


def land_hexes(state: Any) -> list[int]:
    return [h for h, t in enumerate(state.terrains) if t != SEA]


def tokens_left(state: Any) -> dict[int, int]:
    """Tokens not laid yet, by number (in the data's order)."""
    numbers = state.numbers
    left = {}
    for n, count in TOKENS.items():  # the list's own count: no pass in Python per number
        count -= numbers.count(n)
        if count:
            left[n] = count
    return left


def red_free(state: Any, hex_id: int) -> bool:
    """No red number on a neighbour of ``hex_id``."""
    numbers = state.numbers
    return not any(numbers[g] in RED for g in state.board.hex_neighbors[hex_id])


def start_tokens(state: Any) -> bool:
    """The terrains lie; the tokens come next (a ``board_laid`` hook: True, phase taken)."""
    state._set_phase("nw_tokens", CHANCE)
    return True


def token_outcomes(state: Any) -> list[tuple[Action, float]]:
    """SF-NW-02: the next red token on a land hex with no red neighbour (each equally
    likely), or, once the reds lie, the next land hex's token drawn from what is left."""
    numbers, terrains = state.numbers, state.terrains
    reds = []  # the hexes of the red tokens laid, found by the list's own search
    for red in RED:
        h = -1
        while True:
            try:
                h = numbers.index(red, h + 1)
            except ValueError:
                break
            reds.append(h)
    if len(reds) < len(RED_ORDER):
        number = RED_ORDER[len(reds)]
        near_red = set()
        neighbours = state.board.hex_neighbors
        for h in reds:
            near_red.update(neighbours[h])
        spots = []
        for h, t in enumerate(terrains):  # land, no token, no red neighbour (red_free)
            if t != SEA and not numbers[h] and h not in near_red:
                spots.append(h)
        return [(token_action(h, number), 1 / len(spots)) for h in spots]
    hex_id = next(h for h, t in enumerate(terrains) if t != SEA and not numbers[h])
    left = tokens_left(state)
    total = sum(left.values())
    return [(token_action(hex_id, n), c / total) for n, c in left.items()]


def lay_token(state: Any, action: Action) -> None:
    state.numbers[action["hex"]] = action["number"]
    if not tokens_left(state):
        state._rebuild_board_tables()
        state.events.append(
            {"type": "number_tokens", "numbers": list(state.numbers), "visible_to": "all"}
        )
        state.placed_harbours = []
        state.harbour_tile = None
        state.begin_placement()
        if state.phase == "order_roll":  # the founding's first-player roll, then the harbours
            state._set_phase("nw_order_roll", CHANCE)


# ---------------------------------------------------------------------------- harbours
def order_roll_outcomes(state: Any) -> list[tuple[Action, float]]:
    return state._outcomes_order_roll()


def order_roll(state: Any, action: Action) -> None:
    """The core's first-player roll; once a seat starts, the harbours come before the
    founding (SF-NW-03)."""
    state._chance_order_roll(action)
    if state.phase == "setup_settlement":
        state._set_phase("nw_harbour_tile", CHANCE)


@cache
def tile_action(kind: str) -> Action:
    return {"type": "harbour_tile", "harbour": kind}


@cache
def place_action(edge: int) -> Action:
    return {"type": "place_harbour", "edge": edge}


def tiles_left(state: Any) -> dict[str, int]:
    left = dict(HARBOURS)
    for _, kind in state.placed_harbours:
        left[kind] -= 1
    return {k: c for k, c in left.items() if c}


def tile_outcomes(state: Any) -> list[tuple[Action, float]]:
    """SF-NW-03: the next tile of the 9 shuffled harbours (5 × 2:1, 4 × 3:1)."""
    left = tiles_left(state)
    total = sum(left.values())
    return [(tile_action(k), c / total) for k, c in left.items()]


def harbour_seat(state: Any) -> int:
    """Who lays the next harbour: turn order from the starting player, round and round."""
    return (state.first_player + len(state.placed_harbours)) % state.n


def take_tile(state: Any, action: Action) -> None:
    state.harbour_tile = action["harbour"]
    state._set_phase("nw_harbour", harbour_seat(state))


def harbour_choices(state: Any) -> list[Action]:
    """Every side between a land hex and a sea hex that touches no harbour (SF-NW-03)."""
    return [place_action(e) for e in placed_harbours.free_sides(state)]


def place_harbour(state: Any, action: Action) -> None:
    p, kind = state.actor, state.harbour_tile
    placed_harbours.place(state, action["edge"], kind)
    state.harbour_tile = None
    state.events.append(
        {
            "type": "place_harbour",
            "seat": p,
            "edge": action["edge"],
            "harbour": kind,
            "visible_to": "all",
        }
    )
    if tiles_left(state):
        state._set_phase("nw_harbour_tile", CHANCE)
    else:
        state._set_phase("setup_settlement", state.first_player)  # the founding (SF-NW-04)


if __name__ == "__main__":
    write_layout()
