"""Per-game settings of a match: the clock (:class:`TimeControl`) and the sandbox caps.

Both are plain dataclasses so a tournament can store them as JSON and override any field; the
defaults suit a server running a few matches at once on small machines.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True)
class TimeControl:
    """The clock of each seat, counted in CPU seconds of the bot's whole process tree.

    CPU time (not wall time) is what a bot is charged, so a busy machine does not make bots lose.
    Each decision may use ``move_cpu_s`` for free; anything above is drawn from the seat's
    ``bank_cpu_s`` for the whole game, and a seat whose bank runs dry forfeits on time. The two
    wall-clock limits catch bots that sleep or block without using CPU: ``wall_backstop_s`` per
    decision, and ``game_wall_s`` for all the seat's decisions together, so that a bot answering
    just inside the backstop cannot hold a worker's slot for hours.
    """

    move_cpu_s: float = 1.0
    bank_cpu_s: float = 10.0
    wall_backstop_s: float = 30.0
    """Longest wall time one decision may take, whatever its CPU use."""
    startup_wall_s: float = 10.0
    """Wall time the bot gets, on top of its first decision, to start (imports, loading)."""
    game_wall_s: float = 300.0
    """Wall time the runner may spend waiting for this seat's answers over the whole game.

    The longest games have about 2,000 decisions per seat (random play of the card game; Catan
    with four players about 1,000), so 300 s allows 150 ms a decision on average even there:
    some 500 times what the example bots take (0.3 ms), while single long thinks up to the
    per-decision limits stay possible. It equals the CPU one bot process may use in a whole game
    (``SandboxLimits.cpu_game_s``): a bot that computes rather than waits meets that cap first,
    unless the machine is so busy that its wall time runs far ahead of its CPU time. However
    slowly a bot answers, one game then holds a worker's slot for at most about seats × 300 s."""

    def __post_init__(self) -> None:
        # A negative or zero clock would forfeit every bot on time, an infinite one would let
        # a bot hold a worker for ever: refused wherever a clock comes from (admin, CLI, API).
        for field in fields(self):
            _check_number(self, field.name, allow_zero=field.name == "bank_cpu_s")

    def to_dict(self) -> dict[str, float]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TimeControl:
        return _from_dict(cls, data)


@dataclass(frozen=True)
class SandboxLimits:
    """Resource caps of one bot process tree for one game."""

    memory_bytes: int = 512 * 1024 * 1024
    """Address space per process (RLIMIT_AS) and the memory cgroup cap of the tree."""
    cpu_game_s: int = 300
    """RLIMIT_CPU per process: a hard backstop behind the time bank."""
    processes: int = 32
    """RLIMIT_NPROC of the slot's user id (threads count) and the pids cgroup cap."""
    file_bytes: int = 16 * 1024 * 1024
    """Largest file the bot may write (RLIMIT_FSIZE)."""
    scratch_bytes: int = 32 * 1024 * 1024
    """Size of the bot's private scratch directory (a tmpfs)."""
    open_files: int = 64
    cpu_cores: float = 1.0
    """CPU the bot's tree may use at once, in cores (the slot cgroup's quota, ``cpu.max`` or
    ``cpu.cfs_quota_us``; 0 for none). With every slot's weight equal, a bot that spins
    children between its turns takes at most this much from the seat that is thinking."""
    line_bytes: int = 1024 * 1024
    """Longest answer line; a longer one is an output-limit forfeit."""
    output_bytes: int = 16 * 1024 * 1024
    """Total stdout a bot may write in one game."""
    stderr_bytes: int = 64 * 1024
    """How much of the bot's stderr is kept for its owner (the rest is read and dropped)."""

    def __post_init__(self) -> None:
        for field in fields(self):
            # Sizes and counts are whole; the CPU quota may be a fraction of a core, or 0 (none).
            _check_number(
                self, field.name, whole=field.type == "int", allow_zero=field.name == "cpu_cores"
            )

    def to_dict(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> SandboxLimits:
        return _from_dict(cls, data)


def _check_number(
    settings: Any, name: str, *, allow_zero: bool = False, whole: bool = False
) -> None:
    """Refuse a setting that is not a finite number above zero (or zero, where it may be)."""
    value = getattr(settings, name)
    kinds = int if whole else int | float
    fits = isinstance(value, kinds) and not isinstance(value, bool) and math.isfinite(value)
    if not (fits and (value > 0 or (allow_zero and value == 0))):
        least = "0 or more" if allow_zero else "more than 0"
        kind = "a whole number" if whole else "a number"
        raise ValueError(f"{type(settings).__name__} {name} must be {kind} {least}, not {value!r}")


def _from_dict(cls: Any, data: dict[str, Any] | None) -> Any:
    data = dict(data or {})
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"unknown {cls.__name__} settings: {', '.join(unknown)}")
    return cls(**data)
