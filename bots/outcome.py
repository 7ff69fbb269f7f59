"""What a finished match reports: the runner's output and the match service's input.

The runner (``bots.runner``) turns every fault of a bot into a :class:`SeatResult` with a
forfeit reason; nothing a bot does raises past it. Faults of the platform (an engine exception,
a sandbox that cannot start) raise :class:`PlatformError` instead, so they are never scored.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# Forfeit reasons, stored as short strings on match participants.
TIMEOUT = "timeout"
CRASH = "crash"
PROTOCOL_ERROR = "protocol_error"
ILLEGAL_ACTION = "illegal_action"
OUTPUT_LIMIT = "output_limit"
MEMORY_LIMIT = "memory_limit"
FORFEIT_REASONS = (TIMEOUT, CRASH, PROTOCOL_ERROR, ILLEGAL_ACTION, OUTPUT_LIMIT, MEMORY_LIMIT)


STDERR_TAIL_LABEL = "stderr ends: "
"""How a crash's evidence begins: the end of the bot's stderr follows it."""


def evidence_beyond_stderr(evidence: str, stderr: str) -> str:
    """``evidence``, or "" when it only repeats text of ``stderr`` (a crash's stderr tail).

    A page that shows the whole stderr need not show its last lines twice; evidence the stderr
    does not hold (a bad answer line, an illegal action) is kept.
    """
    if not evidence.startswith(STDERR_TAIL_LABEL):
        return evidence
    # The tail was cut from bytes: a character split at its start decodes as U+FFFD.
    tail = evidence.removeprefix(STDERR_TAIL_LABEL).lstrip("\ufffd").strip()
    return "" if tail in stderr else evidence


def storable_text(text: str, limit: int | None = None) -> str:
    """``text`` as every database stores it: no NUL character (PostgreSQL's text refuses it)
    and no lone surrogate (not UTF-8), each shown escaped; cut to ``limit`` characters.

    A bot chooses the bytes of its stderr and the strings in its answers: kept raw, one NUL
    in them would make writing the result fail, a platform error that voids the bot's loss.
    """
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    if "\x00" in text:
        text = text.replace("\x00", "\\x00")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


class PlatformError(RuntimeError):
    """The platform failed (engine bug, sandbox failure): the match must not be scored.

    ``after_answer_of`` is the seat whose answer was the last thing before the failure, when a
    bot had answered: a platform error that keeps following one bot's answers is staff's lead
    to an engine bug that bot found (``tournament.execution`` names it in the error reason).
    """

    after_answer_of: int | None = None


@dataclass
class SeatResult:
    """One seat's part of a finished match."""

    seat: int
    rank: int
    """1 is the winner; forfeiting seats rank last."""
    score: float
    """Victory points at the end."""
    forfeit: str | None = None
    """One of :data:`FORFEIT_REASONS`, or ``None``."""
    forfeit_detail: str = ""
    """Why it forfeited, in the platform's words: public."""
    forfeit_evidence: str = ""
    """What the bot wrote that shows the fault: for its owner only, like ``stderr``."""
    stderr: str = ""
    """The bot's log, capped."""
    move_times_ms: list[float] = field(default_factory=list)
    """CPU time per decision, in milliseconds."""


@dataclass
class MatchOutcome:
    """A finished match: enough to score it and to replay it."""

    game: str
    engine_version: str
    num_players: int
    seed: int
    options: dict[str, Any]
    seats: list[SeatResult]
    reason: str
    """The engine's end reason, or why the game stopped early."""
    actions: list[dict[str, Any]]
    """Every applied decision and chance outcome, in order (``games.common.replay``)."""
    events: list[dict[str, Any]]
    final_state: dict[str, Any]

    @property
    def ranking(self) -> list[int]:
        """Seats, best first."""
        return [s.seat for s in sorted(self.seats, key=lambda s: (s.rank, s.seat))]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
