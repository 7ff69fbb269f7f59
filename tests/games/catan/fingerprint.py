"""Fingerprints of seeded random board games: proof that an engine change left the base game alone.

A fingerprint hashes, for each game, every legal list, every chance node's outcomes, the acting
seat's observation at every decision (every seat's every 53 steps), the final ``to_dict()`` and the
result; and, once, ``static_info`` of the base options (only the keys it had before boards became
values). Recorded on main before the board refactor (``data/fingerprints.json``); checked by
``test_base_unchanged.py``.

Usage: ``python -m tests.games.catan.fingerprint [--record]`` prints (or records) all configs.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from games.catan import GAME
from games.common.api import CHANCE, TERMINAL

DATA = Path(__file__).parent / "data" / "fingerprints.json"

STATIC_KEYS = (
    "hex_coords",
    "hex_vertices",
    "vertex_points",
    "vertex_hexes",
    "vertex_neighbors",
    "vertex_edges",
    "edge_vertices",
    "harbor_edges",
    "harbor_vertices",
)
"""What ``static_info`` held before boards became values; later keys are additions."""

CONFIGS: dict[str, tuple[int, dict[str, Any]]] = {
    "2p": (2, {"allow_two_players": True, "layout": "variable"}),
    "3p": (3, {"layout": "variable"}),
    "4p": (4, {"layout": "variable"}),
    "2p+masters": (2, {"allow_two_players": True, "layout": "variable", "masters": True}),
    "3p+masters": (3, {"layout": "variable", "masters": True}),
    "4p+masters": (4, {"layout": "variable", "masters": True}),
    "3p-beginner": (3, {"layout": "beginner", "placement": "beginner"}),
    "4p-beginner+masters": (4, {"masters": True}),
    "4p-no-trade": (4, {"layout": "variable", "trade_proposals_per_turn": 0}),
}
GAMES_PER_CONFIG = {"full": 34, "quick": 2}
"""``full``: 9 configs x 34 = 306 games (the 2/3/4-player, with and without Masters rows: 204);
``quick``: the first games of each config, run by the ordinary test suite."""


def _digest(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()


def game_fingerprint(num_players: int, seed: int, options: dict[str, Any]) -> str:
    """The hash of one seeded random game (see the module docstring)."""
    h = hashlib.sha256()
    state = GAME.new_game(num_players, seed, options)
    rng = random.Random(seed * 7919 + 1)
    chance_rng = random.Random(seed * 104729 + 3)
    step = 0
    while True:
        actor = state.current_player()
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            h.update(_digest([state.chance_kind(), state.chance_outcomes()]))
            action = state.sample_chance(chance_rng)
        else:
            legal = state.legal_actions()
            h.update(_digest(legal))
            h.update(_digest(state.observation(actor)))
            action = legal[int(rng.random() * len(legal))]
        state.apply(action)
        step += 1
        if step % 53 == 0:
            h.update(_digest([state.observation(s) for s in range(num_players)]))
    h.update(_digest(state.to_dict()))
    h.update(_digest(state.result()))
    return h.hexdigest()


def static_fingerprint() -> str:
    static = GAME.static_info(dict(GAME.default_options))
    return hashlib.sha256(_digest({k: static[k] for k in STATIC_KEYS})).hexdigest()


def config_fingerprint(name: str, games: int) -> str:
    """One hash over the first ``games`` games of a config (seeds 0..games-1)."""
    num_players, options = CONFIGS[name]
    h = hashlib.sha256()
    for seed in range(games):
        h.update(game_fingerprint(num_players, seed, options).encode())
    return h.hexdigest()


def all_fingerprints() -> dict[str, Any]:
    return {
        "static": static_fingerprint(),
        **{
            f"{size}:{name}": config_fingerprint(name, games)
            for size, games in GAMES_PER_CONFIG.items()
            for name in CONFIGS
        },
    }


if __name__ == "__main__":
    found = all_fingerprints()
    print(json.dumps(found, indent=1))
    if "--record" in sys.argv:
        DATA.parent.mkdir(exist_ok=True)
        DATA.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
