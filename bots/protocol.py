"""The bot protocol, version 1: JSON lines over stdin/stdout (``docs/protocol.md``).

The runner sends ``start`` once, ``act`` for every decision of the seat, and ``end``; the bot
answers each ``act`` with one line. This module builds the messages and reads the answers;
it knows nothing about processes.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from bots.outcome import ILLEGAL_ACTION, PROTOCOL_ERROR, storable_text

PROTOCOL_VERSION = 1


class BotFault(Exception):
    """A bot broke the rules of the match; ``reason`` is one of ``bots.outcome``'s reasons.

    ``detail`` is the platform's own words and is public (spectators see it beside the forfeit).
    ``evidence`` is what the bot itself wrote that shows the fault (the end of its stderr, its
    answer line, the action it sent): a bot's output may hold its owner's secrets, so it goes
    only where its stderr goes, to its owner and staff.
    """

    def __init__(self, reason: str, detail: str, evidence: str = "") -> None:
        detail, evidence = storable_text(detail, 500), storable_text(evidence, 4000)
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail
        self.evidence = evidence


# Messages are trees of fresh dicts (no cycles), so the cycle check is skipped: it halves the
# encoding time of a typical act message.
_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def encode(message: dict[str, Any]) -> bytes:
    """One protocol line: compact, ASCII-only JSON and a newline."""
    return _ENCODER.encode(message).encode("ascii") + b"\n"


def bot_seed(match_seed: int, seat: int) -> int:
    """A seed for the bot's own random choices in seat ``seat`` of the match.

    The same for every replay of the match, so a bot that draws its randomness from it plays
    the same game again (``play --seed`` reproduces runs). It is a one-way hash: nothing about
    the match seed, and so about the dice and the decks, can be learned from it (match seeds
    are 62 random bits on the server).
    """
    digest = hashlib.sha256(f"catan-arena bot seed {match_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def start_message(
    *,
    game: str,
    engine_version: str,
    seat: int,
    num_players: int,
    options: dict[str, Any],
    time_control: dict[str, float],
    bot_seed: int,
    static: dict[str, Any] | None = None,
) -> dict[str, Any]:
    message: dict[str, Any] = {
        "type": "start",
        "protocol": PROTOCOL_VERSION,
        "game": game,
        "engine_version": engine_version,
        "seat": seat,
        "num_players": num_players,
        "options": options,
        "time_control": time_control,
        "bot_seed": bot_seed,
    }
    if static is not None:
        message["static"] = static
    return message


def act_message(
    *,
    step: int,
    observation: dict[str, Any],
    legal_actions: list[dict[str, Any]],
    clock: dict[str, float],
) -> dict[str, Any]:
    return {
        "type": "act",
        "step": step,
        "observation": observation,
        "legal_actions": legal_actions,
        "clock": clock,
    }


def end_message(
    *, result: dict[str, Any], observation: dict[str, Any], you: dict[str, Any]
) -> dict[str, Any]:
    return {"type": "end", "result": result, "observation": observation, "you": you}


MAX_ACTION_DEPTH = 4
"""How deeply an action object may nest (the engines' own actions nest 2 deep: a trade's
``give`` dict); anything deeper is no action of any game, refused before an engine sees it."""
MAX_ACTION_INT = 2**63
"""Numbers in an action stay within 64 bits, like every number an engine sends."""


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


# json.loads accepts NaN and Infinity by default; they are no JSON and no action of any game.
_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


def parse_answer(line: bytes, legal_actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Read one answer line and return the action it names.

    Accepted: ``{"action": INDEX}``, ``{"action": {...}}``, or a bare ``INDEX``. An object equal
    to a legal action is returned as the engine's own object; another is returned as it is
    (trade proposals are open-ended), for the engine to decide, once its shape is one an action
    can have: a string ``type``, values that are JSON scalars or containers at most
    :data:`MAX_ACTION_DEPTH` deep, integers within 64 bits.

    Raises:
        BotFault: not JSON (NaN and nesting too deep for the parser included), not one of those
            shapes, or an index out of range. Nothing else, whatever the line holds.
    """
    text = line.strip()
    try:
        answer = _DECODER.decode(text.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BotFault(PROTOCOL_ERROR, "answer is not JSON", _preview(text)) from None
    if isinstance(answer, dict):
        if "action" not in answer:
            raise BotFault(PROTOCOL_ERROR, 'answer has no "action" key', _preview(text))
        answer = answer["action"]
    if isinstance(answer, bool) or not isinstance(answer, int | dict):
        raise BotFault(PROTOCOL_ERROR, "action must be an index or an object", _preview(text))
    if isinstance(answer, int):
        if not 0 <= answer < len(legal_actions):
            shown = answer if abs(answer) < 10**9 else "beyond any list"
            raise BotFault(
                ILLEGAL_ACTION,
                f"index {shown} is out of range (there are {len(legal_actions)} legal actions)",
            )
        return legal_actions[answer]
    problem = _shape_problem(answer)
    if problem is not None:
        raise BotFault(PROTOCOL_ERROR, f"action object {problem}", _preview(text))
    for legal in legal_actions:
        # Equal is not identical: 1.0 == 1 == true. The engine and the replay get its own.
        if legal == answer:
            return legal
    return answer


def _shape_problem(action: dict[str, Any]) -> str | None:
    """Why ``action`` (a parsed JSON object) cannot be an action of any game, or None."""
    if not isinstance(action.get("type"), str):
        return 'has no string "type"'
    pending: list[tuple[Any, int]] = [(action, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict | list):
            if depth > MAX_ACTION_DEPTH:
                return f"nests deeper than {MAX_ACTION_DEPTH} levels"
            items = value.values() if isinstance(value, dict) else value
            pending.extend((item, depth + 1) for item in items)
        elif isinstance(value, int) and not isinstance(value, bool):
            if not -MAX_ACTION_INT <= value < MAX_ACTION_INT:
                return "holds a number beyond 64 bits"
        elif isinstance(value, float) and not math.isfinite(value):
            return "holds a number too large for a float"  # 1e400: JSON, but infinite here
    return None


def preview_action(action: Any, limit: int = 300) -> str:
    """An action object as evidence: its repr, cut to ``limit`` characters."""
    text = repr(action)
    return text[:limit] + ("…" if len(text) > limit else "")


def _preview(raw: bytes, limit: int = 120) -> str:
    text = raw[:limit].decode("utf-8", errors="replace")
    return repr(text) + ("…" if len(raw) > limit else "")
