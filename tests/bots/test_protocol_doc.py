"""docs/protocol.md stays true: its schemas accept what the runner sends, and its worked
examples replay exactly against the engines."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bots import protocol
from bots.limits import TimeControl
from games import registry
from games.common.api import CHANCE
from tests.bots.protocol_examples import DOC, EXAMPLES, read_examples

TEXT = DOC.read_text()
SCHEMAS = {
    m.group(1): json.loads(m.group(2))
    for m in re.finditer(r"```json schema:(\w+)\n(.*?)\n```", TEXT, re.S)
}
_TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "null": type(None),
}


def violations(value: Any, schema: dict[str, Any], where: str = "$") -> list[str]:
    """The subset of JSON Schema the document uses: type, const, enum, required, properties,
    additionalProperties, items, minimum, oneOf."""
    errors: list[str] = []
    if "oneOf" in schema:
        matches = [s for s in schema["oneOf"] if not violations(value, s, where)]
        if len(matches) != 1:
            errors.append(f"{where}: matches {len(matches)} of oneOf")
    if "type" in schema:
        expected = _TYPES[schema["type"]]
        if isinstance(value, bool) and schema["type"] in ("integer", "number"):
            return [f"{where}: bool is not {schema['type']}"]
        if not isinstance(value, expected):
            return [f"{where}: {type(value).__name__} is not {schema['type']}"]
    if "const" in schema and value != schema["const"]:
        errors.append(f"{where}: {value!r} != {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{where}: {value!r} not in {schema['enum']}")
    if "minimum" in schema and isinstance(value, int | float) and value < schema["minimum"]:
        errors.append(f"{where}: {value} < {schema['minimum']}")
    if isinstance(value, dict):
        errors += [
            f"{where}: missing {key}" for key in schema.get("required", []) if key not in value
        ]
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                errors += violations(item, properties[key], f"{where}.{key}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{where}: unexpected key {key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            errors += violations(item, schema["items"], f"{where}[{i}]")
    return errors


def test_document_has_a_schema_for_every_message() -> None:
    assert set(SCHEMAS) == {"start", "act", "answer", "end"}


def test_validator_rejects_what_it_should() -> None:
    assert violations({"type": "act"}, SCHEMAS["act"])
    assert violations({"action": True}, SCHEMAS["answer"])
    assert violations("3", SCHEMAS["answer"])
    assert not violations(3, SCHEMAS["answer"])
    assert not violations({"action": {"type": "end_turn"}}, SCHEMAS["answer"])


def test_runner_messages_match_the_schemas() -> None:
    start = protocol.start_message(
        game="catan", engine_version="1", seat=2, num_players=4, options={"masters": True},
        time_control=TimeControl().to_dict(), bot_seed=protocol.bot_seed(1, 2),
        static={"hex_coords": []},
    )  # fmt: skip
    act = protocol.act_message(
        step=0, observation={}, legal_actions=[{"type": "roll"}], clock={"move_cpu_s": 1.0,
        "bank_cpu_s": 2.5, "game_wall_s": 299.5},
    )  # fmt: skip
    end = protocol.end_message(
        result={"ranking": [1, 0], "scores": [10, 3], "reason": "victory", "forfeits": {}},
        observation={},
        you={"seat": 0, "rank": 2},
    )
    for name, message in (("start", start), ("act", act), ("end", end)):
        assert violations(message, SCHEMAS[name]) == [], name


def test_document_has_a_worked_example_for_every_game() -> None:
    assert sorted(meta["game"] for meta, _ in read_examples(TEXT)) == sorted(EXAMPLES)


@pytest.mark.parametrize("game_id", sorted(EXAMPLES))
def test_worked_example_replays_against_the_engine(game_id: str) -> None:
    if game_id not in registry.GAMES:
        pytest.skip(f"the {game_id} engine is not merged")
    ((meta, lines),) = [e for e in read_examples(TEXT) if e[0]["game"] == game_id]
    sent = [json.loads(line[2:]) for line in lines if line.startswith("> {")]
    answers = [json.loads(line[2:]) for line in lines if line.startswith("< ")]
    start, acts, end = sent[0], sent[1:-1], sent[-1]
    for message, name in [(start, "start"), (end, "end"), *((a, "act") for a in acts)]:
        assert violations(message, SCHEMAS[name]) == [], name
    assert all(violations(a, SCHEMAS["answer"]) == [] for a in answers)
    assert len(answers) == len(acts) > 0
    assert (start["game"], start["seat"], start["num_players"]) == (
        game_id, meta["seat"], meta["num_players"]
    )  # fmt: skip

    game = registry.get_game(game_id)
    assert start.get("static") == json.loads(json.dumps(game.static_info(meta["options"])))
    state = game.new_game(
        num_players=meta["num_players"], seed=meta["seed"], options=meta["options"]
    )
    pending = list(zip(acts, answers, strict=True))
    step = 0
    for action in meta["actions"]:
        seat = state.current_player()
        if seat != meta["seat"]:
            step += seat != CHANCE  # steps count every seat's decisions
        else:
            act, answer = pending.pop(0)
            assert act["step"] == step
            assert act["observation"] == json.loads(json.dumps(state.observation(seat)))
            assert act["legal_actions"] == json.loads(json.dumps(state.legal_actions()))
            assert act["legal_actions"][answer["action"]] == action
            step += 1
        state.apply(action)
    assert pending == [], "the example shows acts its action list does not reach"
    assert end["you"]["rank"] == end["result"]["ranking"].index(meta["seat"]) + 1
