"""docs/protocol.md's worked decisions of the Catan for Two pairs stay true: each abridged act
message is what the engine sends at that point of the seeded random game its comment names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.games.catan.expansions.worked_decisions import play_random, shown_within

TEXT = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
EXAMPLE = re.compile(r"<!-- c2-pair (\{.*?\}) -->\n```text\n> (.*?)\n< (.*?)\n```", re.S)
EXAMPLES = [(json.loads(m), json.loads(a), json.loads(b)) for m, a, b in EXAMPLE.findall(TEXT)]
PAIR_ACTIONS = {
    "c2_place_camel",
    "robber_to_swamp",
    "robber_aside",
    "move_foreign_knight",
    "keep_foreign_knight",
    "c2_move_barbarian",
    "c2_move_tb_barbarian",
}


def test_every_pair_and_every_pair_action_has_a_worked_decision() -> None:
    scenarios = {meta["scenario"] for meta, _, _ in EXAMPLES}
    assert scenarios == {
        "fishermen",
        "rivers",
        "caravans",
        "barbarian_attack",
        "traders_barbarians",
    }
    shown = {a["type"] for _, act, _ in EXAMPLES for a in act["legal_actions"]}
    assert shown >= PAIR_ACTIONS


@pytest.mark.parametrize(("meta", "act", "answer"), EXAMPLES, ids=lambda v: str(v)[:40])
def test_worked_decision_replays_against_the_engine(meta: dict, act: dict, answer: dict) -> None:
    options = {"catan_for_two": True, "scenario": meta["scenario"]}
    state, decisions = play_random(2, meta["seed"], options, meta["applied"])
    seat = act["observation"]["seat"]
    assert state.current_player() == seat and act["step"] == decisions
    shown_within(act["observation"], json.loads(json.dumps(state.observation(seat))))
    legal = json.loads(json.dumps(state.legal_actions()))
    assert len(legal) == meta["legal"]
    assert all(a in legal for a in act["legal_actions"])
    assert answer["action"] in act["legal_actions"]
