"""Fuzzed answers against both engines: whatever a bot sends is applied legally or is its forfeit.

Property (issue 12, item 1): for every answer line a bot can write, at positions from random
games of the card game and the board game (base, Masters, a Seafarers map, Cities & Knights,
Catan for Two with Traders & Barbarians), ``runner.take_answer``
either applies a legal action (from the list, or an open trade proposal the engine accepts) or
raises ``BotFault`` with ``protocol_error`` / ``illegal_action`` and leaves the state as it was.
Never a ``PlatformError``, never another exception, never an engine crash on a made-up object
(``EngineCrashOnAnswer``: the runner survives it, but it is an engine bug this test must not
find), and the fault's texts are storable (no NUL, no lone surrogate).
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots.outcome import ILLEGAL_ACTION, PROTOCOL_ERROR
from bots.protocol import BotFault
from bots.runner import EngineCrashOnAnswer, take_answer
from games.common.chance import ChanceStreams
from games.errors import IllegalAction
from games.registry import GAMES
from tests.bots.conftest import storable

EXAMPLES = int(os.environ.get("ANSWER_FUZZ_EXAMPLES", "150"))
"""Examples per game and property (a longer run: ``ANSWER_FUZZ_EXAMPLES=3000``)."""
CONFIGS = [
    ("cardgame", 2, {}),
    ("catan", 3, {}),
    ("catan", 4, {"masters": True}),
    ("catan", 3, {"seafarers": "pirate_islands"}),
    ("catan", 4, {"cities_and_knights": True}),
    ("catan", 2, {"catan_for_two": True, "scenario": "traders_barbarians"}),
]
POSITIONS_PER_GAME = 40


@cache
def positions(config: int) -> list[dict[str, Any]]:
    """Decision points of random games of ``CONFIGS[config]``, as ``to_dict()`` snapshots.

    Spread over the games' whole length (every k-th decision), so set-up, main phases with
    trades, robber, discards and the Masters' decisions are all among them.
    """
    name, players, options = CONFIGS[config]
    game = GAMES[name]
    found: list[dict[str, Any]] = []
    for seed in range(3):
        state = game.new_game(num_players=players, seed=seed, options=options)
        streams, rng = ChanceStreams(seed), random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            if state.current_player() < 0:
                state.apply(streams.sample(state))
                continue
            decisions += 1
            legal = state.legal_actions()
            trades = any(a["type"] == "propose_trade" for a in legal)
            if decisions % 37 == 5 or (decisions % 7 == 0 and trades):
                found.append(state.to_dict())
            state.apply(rng.choice(legal))
    rng = random.Random(config)
    return rng.sample(found, min(POSITIONS_PER_GAME, len(found)))


NASTY_TEXT = st.sampled_from(
    ["", "\x00", "\ud800", "\udfff", "é", "🂡", "ore", "wool", "type", "a" * 5000, "\u202e", "NaN"]
) | st.text(max_size=20)
NUMBERS = st.one_of(
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.sampled_from([0, 1, -1, 2**63, -(2**63) - 1, 10**300, 53, 71, 18]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
)
JSON_VALUES = st.recursive(
    NUMBERS | NASTY_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(NASTY_TEXT, inner, max_size=4),
    max_leaves=12,
)


def _dumps(value: Any) -> bytes:
    # allow_nan: a bot may write NaN and Infinity; ensure_ascii carries lone surrogates as \\ud800.
    return json.dumps(value, allow_nan=True).encode()


@st.composite
def answer_lines(draw: st.DrawFn, legal: list[dict[str, Any]]) -> bytes:
    """One answer line: raw bytes, deep nesting, an index, or a (mutated) action object."""
    kind = draw(st.integers(0, 7))
    if kind == 0:
        return draw(st.binary(max_size=64))
    if kind == 1:
        depth = draw(st.sampled_from([10, 900, 2000, 100_000]))
        opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ('{"action":', "}")]))
        tail = closer * depth if draw(st.booleans()) else ""
        return (opener * depth + "1" + tail).encode()
    if kind == 2:
        index = draw(NUMBERS | st.integers(-2, len(legal) + 1))
        wrapped = draw(st.booleans())
        return _dumps({"action": index} if wrapped else index)
    if kind == 3:
        return _dumps(draw(JSON_VALUES))
    action: dict[str, Any] = dict(draw(st.sampled_from(legal)))
    if kind == 4:  # one field replaced by anything
        key = draw(st.sampled_from(sorted(action)))
        action[key] = draw(JSON_VALUES)
    elif kind == 5:  # a field added, or one dropped
        if draw(st.booleans()) and len(action) > 1:
            del action[draw(st.sampled_from(sorted(k for k in action if k != "type")))]
        else:
            action[draw(NASTY_TEXT)] = draw(JSON_VALUES)
    elif kind == 6:  # an open trade proposal with any sides
        action = {"type": "propose_trade", "give": draw(JSON_VALUES), "get": draw(JSON_VALUES)}
        if draw(st.booleans()):
            resources = st.sampled_from(["lumber", "brick", "wool", "grain", "ore", "gold"])
            counts = st.dictionaries(resources, NUMBERS, min_size=1, max_size=3)
            action["give"], action["get"] = draw(counts), draw(counts)
    # kind 7: a legal action itself, as an object (equal, maybe with 1.0 for 1)
    elif draw(st.booleans()):
        action = {k: float(v) if type(v) is int else v for k, v in action.items()}
    return _dumps({"action": action})


def config_id(name: str, players: int, options: dict[str, Any]) -> str:
    """``catan-3p-pirate_islands``: the game, the seats and each option's value (or name)."""
    words = [value if isinstance(value, str) else key for key, value in options.items()]
    return "-".join([name, f"{players}p", *words])


IN_EVERY_GAME = pytest.mark.parametrize(
    "config", range(len(CONFIGS)), ids=[config_id(*c) for c in CONFIGS]
)
FUZZED = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def draw_position(config: int, data: Any) -> tuple[dict[str, Any], Any, list[dict[str, Any]]]:
    """A position of ``CONFIGS[config]``: its snapshot, a fresh state of it and its legal list."""
    snapshot = data.draw(st.sampled_from(positions(config)))
    state = GAMES[CONFIGS[config][0]].from_dict(snapshot)
    return snapshot, state, state.legal_actions()


@IN_EVERY_GAME
@FUZZED
@given(data=st.data())
def test_every_answer_is_applied_legally_or_is_the_bots_forfeit(config: int, data: Any) -> None:
    snapshot, state, legal = draw_position(config, data)
    line = data.draw(answer_lines(legal))
    try:
        action = take_answer(state, line, legal)
    except EngineCrashOnAnswer as crash:
        pytest.fail(f"the engine crashed on {line[:300]!r}: {crash.evidence}")
    except BotFault as fault:
        assert fault.reason in (PROTOCOL_ERROR, ILLEGAL_ACTION)
        assert storable(fault.detail) and storable(fault.evidence)
        assert state.to_dict() == snapshot, "a refused answer changed the state"
        return
    # Applied: an action from the list (the engine's own object), or a proposal it accepted.
    assert any(action is a for a in legal) or action["type"] == "propose_trade"
    json.dumps(state.to_dict(), allow_nan=False)  # still a storable, replayable state


@IN_EVERY_GAME
@FUZZED
@given(data=st.data())
def test_engines_refuse_any_made_up_object_with_illegal_action(config: int, data: Any) -> None:
    """The engines' own input checks, without the protocol's shape check in front: any
    JSON-like object raises only ``IllegalAction`` (or ``ValueError``) and changes nothing."""
    snapshot, state, legal = draw_position(config, data)
    try:
        answer = json.loads(data.draw(answer_lines(legal)))
    except (ValueError, RecursionError):
        return
    action = answer.get("action") if isinstance(answer, dict) else answer
    if not isinstance(action, dict) or action in legal:
        return
    try:
        state.apply(action)
    except (IllegalAction, ValueError):
        assert state.to_dict() == snapshot, "a refused action changed the state"
        return
    assert action["type"] == "propose_trade"
