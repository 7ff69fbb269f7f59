"""Replay files: one finished game as a JSON document anyone can keep, share and check.

The site offers every finished match as one (the match page and ``/api/matches/<id>/replay``),
the local runner writes one per game, and ``manage.py play --replay FILE`` re-simulates one and
checks it. ``docs/replay-format.md`` describes the format for readers in any language.

A game is its seed plus the list of applied actions and chance outcomes (the engine contract),
so the file carries those, the setting the game was started with, who sat where and how it
ended; a digest of the final state lets a reader confirm that re-simulating it with this engine
reaches exactly the stored end. Everything else (events, pictures, each seat's view) follows
from re-simulation and is left out, which keeps a file at a few tens of kilobytes.

Files come from anywhere (an upload to the viewer, a file handed around), so :func:`parse`
trusts nothing: every field is checked for its type before an engine sees it, and re-simulation
reports what fails instead of raising.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

FORMAT = "catan-arena-replay"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 8 * 1024 * 1024
"""Larger than any real game's file (a random card game of 2,267 actions makes 100 KB)."""
MAX_ACTIONS = 100_000


class ReplayFileError(ValueError):
    """The file is not a replay this code can read; the message says what is wrong."""


def state_digest(state_dict: Mapping[str, Any]) -> str:
    """The SHA-256 of a state's ``to_dict()`` in canonical JSON (sorted keys, no spaces)."""
    canonical = json.dumps(state_dict, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def build(
    *,
    game: str,
    engine_version: str,
    num_players: int,
    seed: int,
    options: Mapping[str, Any],
    actions: Sequence[Mapping[str, Any]],
    reason: str,
    ranks: Sequence[int],
    scores: Sequence[float],
    forfeits: Sequence[str | None],
    seats: Sequence[Mapping[str, Any]],
    final_state: Mapping[str, Any] | None = None,
    source: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A replay file's document. ``seats[i]`` describes who sat at seat ``i`` (at least a
    ``name``); ``source`` says where the game was played (the site's match id and address, or
    the local runner)."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game,
        "engine_version": engine_version,
        "num_players": num_players,
        "seed": seed,
        "options": dict(options),
        "seats": [{"seat": index, **dict(seat)} for index, seat in enumerate(seats)],
        "actions": [dict(action) for action in actions],
        "result": {
            "reason": reason,
            "ranks": list(ranks),
            "scores": [float(score) for score in scores],
            "forfeits": [forfeit or None for forfeit in forfeits],
        },
    }
    if final_state is not None:
        document["final_state_sha256"] = state_digest(final_state)
    if source is not None:
        document["source"] = dict(source)
    return document


def dumps(document: Mapping[str, Any]) -> str:
    """The file's text: compact JSON, one line."""
    return json.dumps(document, separators=(",", ":"), allow_nan=False)


def parse(data: bytes | str) -> dict[str, Any]:
    """Read and check a replay file's text.

    Raises:
        ReplayFileError: it is too large, not JSON, not this format, or a field has the wrong
            type; the message names the field.
    """
    if len(data) > MAX_FILE_BYTES:
        raise ReplayFileError(f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    try:
        document = json.loads(data)
    except (ValueError, RecursionError) as exc:  # RecursionError: deeply nested arrays
        raise ReplayFileError(f"the file is not JSON ({type(exc).__name__})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ReplayFileError(f'this is not a replay file (no "format": "{FORMAT}")')
    if document.get("format_version") != FORMAT_VERSION:
        raise ReplayFileError(
            f"format_version {document.get('format_version')!r} is not one this site reads "
            f"({FORMAT_VERSION})"
        )
    _expect(document, "game", str)
    _expect(document, "engine_version", str)
    _expect(document, "num_players", int)
    _expect(document, "seed", int)
    _expect(document, "options", dict)
    actions = _expect(document, "actions", list)
    if len(actions) > MAX_ACTIONS:
        raise ReplayFileError(f"actions: more than {MAX_ACTIONS}")
    if not all(isinstance(action, dict) for action in actions):
        raise ReplayFileError("actions: every action must be an object")
    seats = _expect(document, "seats", list)
    if len(seats) != document["num_players"] or not all(isinstance(s, dict) for s in seats):
        raise ReplayFileError("seats: one object per player")
    result = _expect(document, "result", dict)
    for name, fits in RESULT_FIELDS.items():
        values = _expect(result, name, list, where="result.")
        if len(values) != document["num_players"] or not all(map(fits, values)):
            raise ReplayFileError(f"result.{name}: one {fits.__doc__} per player")
    if "final_state_sha256" in document:
        _expect(document, "final_state_sha256", str)
    return document


def _rank(value: Any) -> bool:
    """whole number"""
    return isinstance(value, int) and not isinstance(value, bool)


def _score(value: Any) -> bool:
    """number"""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _forfeit(value: Any) -> bool:
    """reason or null"""
    return value is None or isinstance(value, str)


RESULT_FIELDS = {"ranks": _rank, "scores": _score, "forfeits": _forfeit}


def _expect(document: dict[str, Any], name: str, kind: type, where: str = "") -> Any:
    value = document.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ReplayFileError(f"{where}{name}: expected {kind.__name__}, found {value!r:.60}")
    return value


@dataclass
class Verdict:
    """What re-simulating a replay file found; ``ok`` when nothing."""

    actions_applied: int = 0
    problems: list[str] = field(default_factory=list)
    terminal: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(document: Mapping[str, Any], game: Any) -> Verdict:
    """Re-simulate ``document`` (from :func:`parse`) with ``game`` and compare the end.

    Every action must be legal where it is applied; the final state must have the stored
    digest (when the file has one); a game that ended without a forfeit must end in the
    engine's own ranking and scores. A game stopped by a forfeit ends where the forfeit
    stopped it, so only the digest says it was replayed exactly.
    """
    verdict = Verdict()
    if document["engine_version"] != getattr(game, "version", document["engine_version"]):
        verdict.problems.append(
            f"engine version: the file was played with {document['engine_version']}, "
            f"this engine is {game.version}"
        )
    try:
        state = game.new_game(
            num_players=document["num_players"], seed=document["seed"], options=document["options"]
        )
        for action in document["actions"]:
            state.apply(action)
            verdict.actions_applied += 1
    except Exception as exc:  # any fault of the file's content is a finding, not a crash
        verdict.problems.append(
            f"action {verdict.actions_applied + 1} cannot be applied: {type(exc).__name__}: "
            f"{str(exc)[:200]}"
        )
        return verdict
    verdict.terminal = state.is_terminal()
    stored_digest = document.get("final_state_sha256")
    if stored_digest is not None and state_digest(state.to_dict()) != stored_digest:
        verdict.problems.append("the final state differs from the one the file was made from")
    result = document["result"]
    if any(result["forfeits"]):
        return verdict
    if not verdict.terminal:
        verdict.problems.append("the game is not over after the last action, and nobody forfeited")
        return verdict
    ended = state.result()
    ranking = sorted(range(document["num_players"]), key=lambda s: (result["ranks"][s], s))
    if list(ended["ranking"]) != ranking:
        verdict.problems.append(f"ranking: the engine says {ended['ranking']}, the file {ranking}")
    if [float(score) for score in ended["scores"]] != [float(s) for s in result["scores"]]:
        verdict.problems.append(
            f"scores: the engine says {ended['scores']}, the file {result['scores']}"
        )
    return verdict
