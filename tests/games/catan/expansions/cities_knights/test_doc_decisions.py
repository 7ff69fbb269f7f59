"""Every Cities & Knights decision is worked in docs/scenarios/cities_and_knights.md ("Every
decision, worked"): each abridged ``act`` message is what the engine sends at that point of the
seeded random game its comment names, the heuristic example bot answers as the page shows, and
the engine takes the answer. The page's blocks come from
``python -m tests.tools.ck_worked_decisions``."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

from games.catan import GAME
from tests.games.catan.expansions.worked_decisions import DOCS, play_random, shown_within
from tests.tools.ck_worked_decisions import (
    OPTIONS,
    decision_kinds,
    example_kind,
    example_kinds,
    kind_of,
)

from .test_bots import load_heuristic

TEXT = (DOCS / "cities_and_knights.md").read_text()
EXAMPLE = re.compile(r"<!-- ck-decision (\{.*?\}) -->\n```text\n> (.*?)\n< (.*?)\n```", re.S)
EXAMPLES = [(json.loads(m), json.loads(a), json.loads(b)) for m, a, b in EXAMPLE.findall(TEXT)]


def test_every_decision_kind_of_the_engine_is_worked_on_the_page() -> None:
    """A new phase or progress step without a worked example fails here."""
    shown = [example_kind(act["observation"]) for _, act, _ in EXAMPLES]
    assert len(shown) == len(set(shown))
    assert set(shown) == example_kinds()
    assert {kind_of(act["observation"]) for _, act, _ in EXAMPLES} == decision_kinds()
    assert {"ck_pillage", "ck_retreat", "give_card", "deserter_remove"} <= decision_kinds()


IDS = [example_kind(act["observation"]) for _, act, _ in EXAMPLES]


@pytest.mark.parametrize(("meta", "act", "answer"), EXAMPLES, ids=IDS)
def test_worked_decision_replays_and_the_heuristic_answers_it(
    meta: dict, act: dict, answer: dict
) -> None:
    state, decisions = play_random(meta["players"], meta["seed"], OPTIONS, meta["applied"])
    seat = act["observation"]["seat"]
    assert state.current_player() == seat and act["step"] == decisions
    observation = json.loads(json.dumps(state.observation(seat)))
    shown_within(act["observation"], observation)
    legal = json.loads(json.dumps(state.legal_actions()))
    assert len(legal) == meta["legal"]
    assert all(a in legal for a in act["legal_actions"])
    arena_bot, bot = load_heuristic()
    match = SimpleNamespace(static=GAME.static_info(dict(OPTIONS)))
    turn = arena_bot.Turn(match, decisions, observation, legal, {})
    assert legal[bot.decide(turn)] == answer["action"]
    before = json.dumps(state.to_dict(), sort_keys=True)
    state.apply(answer["action"])
    assert json.dumps(state.to_dict(), sort_keys=True) != before
