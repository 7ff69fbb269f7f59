"""A forfeit's evidence beside the stderr it may repeat."""

from __future__ import annotations

from bots.outcome import STDERR_TAIL_LABEL, evidence_beyond_stderr

STDERR = "starting\nTraceback (most recent call last):\nValueError: ünïcode\n"


def test_a_crashs_stderr_tail_repeats_the_stderr() -> None:
    tail = STDERR[-30:].strip()
    assert evidence_beyond_stderr(f"{STDERR_TAIL_LABEL}{tail}", STDERR) == ""


def test_a_tail_cut_inside_a_character_still_counts_as_the_stderr() -> None:
    cut = STDERR.encode()[-9:].decode("utf-8", errors="replace")  # starts inside "ü" or "ï"
    assert cut.startswith("\ufffd")
    assert evidence_beyond_stderr(f"{STDERR_TAIL_LABEL}{cut.strip()}", STDERR) == ""


def test_evidence_the_stderr_does_not_hold_is_kept() -> None:
    assert evidence_beyond_stderr('{"act": 1', STDERR) == '{"act": 1'
    other = f"{STDERR_TAIL_LABEL}a different ending"
    assert evidence_beyond_stderr(other, STDERR) == other
    assert evidence_beyond_stderr("", STDERR) == ""
