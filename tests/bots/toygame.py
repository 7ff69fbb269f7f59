"""A tiny game implementing the engine API, so the runner is tested without the real engines.

Each turn a die is rolled (chance stream ``"dice"``), then the seat to move banks 1..roll points
or passes. The first to ``target`` points wins; ``max_turns`` ends a game of passers.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from games.common.api import CHANCE, TERMINAL
from games.common.chance import uniform
from games.errors import IllegalAction


class ToyState:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.events: list[dict[str, Any]] = data.setdefault("events", [])

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)

    def is_terminal(self) -> bool:
        d = self.data
        return max(d["scores"]) >= d["options"]["target"] or d["turns"] >= d["options"]["max_turns"]

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.data["roll"] is None else self.data["turn"]

    def chance_kind(self) -> str:
        return "dice"

    def chance_outcomes(self) -> list[tuple[dict[str, Any], float]]:
        return [({"type": "roll", "value": v}, 1 / 3) for v in (1, 2, 3)]

    def sample_chance(self, rng: random.Random) -> dict[str, Any]:
        return uniform([o for o, _ in self.chance_outcomes()], rng)

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.current_player() < 0:
            return []
        roll = self.data["roll"]
        return [{"type": "bank", "points": k} for k in range(1, roll + 1)] + [{"type": "pass"}]

    def apply(self, action: dict[str, Any]) -> None:
        d = self.data
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalAction("the game is over")
        if player == CHANCE:
            if action not in [o for o, _ in self.chance_outcomes()]:
                raise IllegalAction(f"not a roll: {action!r}")
            d["roll"] = action["value"]
            self.events.append({"type": "roll", "value": action["value"], "visible_to": "all"})
            return
        if action not in self.legal_actions():
            raise IllegalAction(f"seat {player}: {action!r} is not legal (TOY-01)")
        if action["type"] == "bank":
            d["scores"][player] += action["points"]
        self.events.append({"type": action["type"], "seat": player, "visible_to": "all"})
        d["roll"] = None
        d["turn"] = (player + 1) % d["num_players"]
        d["turns"] += 1

    def observation(self, seat: int) -> dict[str, Any]:
        d = self.data
        return {"seat": seat, "scores": list(d["scores"]), "roll": d["roll"], "turn": d["turn"]}

    def result(self) -> dict[str, Any]:
        scores = self.data["scores"]
        ranking = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        return {"ranking": ranking, "scores": list(scores), "reason": "target reached"}


class ToyGame:
    name = "toy"
    title = "Toy game"
    version = "1"
    min_players = 2
    max_players = 4
    default_options = {"target": 15, "max_turns": 200}

    def new_game(
        self, num_players: int, seed: int, options: dict[str, Any] | None = None
    ) -> ToyState:
        merged = dict(self.default_options)
        for key, value in (options or {}).items():
            if key not in merged:
                raise ValueError(f"unknown option {key!r}")
            merged[key] = value
        return ToyState(
            {
                "num_players": num_players,
                "options": merged,
                "scores": [0] * num_players,
                "turn": 0,
                "turns": 0,
                "roll": None,
                "events": [],
            }
        )

    def static_info(self, options: dict[str, Any]) -> None:
        return None

    def from_dict(self, data: dict[str, Any]) -> ToyState:
        return ToyState(copy.deepcopy(data))


TOY = ToyGame()
