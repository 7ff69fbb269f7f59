"""Data migrations that rewrite stored results."""

from __future__ import annotations

import importlib

import pytest

evidence = importlib.import_module("tournament.migrations.0005_participantlog_forfeit_evidence")


@pytest.mark.parametrize(
    ("reason", "old", "public", "private"),
    [
        (
            "crash",
            "stopped reading its stdin: exited with code 1; stderr ends: key=abc",
            "stopped reading its stdin: exited with code 1",
            "stderr ends: key=abc",
        ),
        ("protocol_error", "answer is not JSON: 'hello'", "answer is not JSON", "'hello'"),
        (
            "protocol_error",
            'answer has no "action" key: \'{"x": 1}\'',
            'answer has no "action" key',
            "'{\"x\": 1}'",
        ),
        (
            "illegal_action",
            "{'type': 'TOY-01'}: not a card",
            "answered with an action the rules do not allow",
            "{'type': 'TOY-01'}: not a card",
        ),
        (
            "timeout",
            "used 1.200 s CPU, 1.100 s were left",
            "used 1.200 s CPU, 1.100 s were left",
            "",
        ),
        (
            "crash",
            "closed its stdout: exited with code 1",
            "closed its stdout: exited with code 1",
            "",
        ),
    ],
)
def test_old_public_details_lose_the_bots_own_text(reason, old, public, private) -> None:
    assert evidence.split_detail(reason, old) == (public, private)
