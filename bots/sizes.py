"""Byte counts as people read them (KiB, MiB), for every message that names a size or a limit.

One formatter keeps the help text ("at most 1 MiB") and the errors ("the file is 1.07 MiB; the
limit is 1 MiB") in the same units, so an author can compare them at a glance.
"""

from __future__ import annotations

KIB = 1024
MIB = 1024 * KIB
_UNITS = ((MIB, "MiB", 2), (KIB, "KiB", 1))
"""Each unit with the decimals it is shown with, largest first."""


def format_size(size: int) -> str:
    """``size`` bytes in the largest unit it reaches: "900 bytes", "1.5 KiB", "1.07 MiB"."""
    for unit, name, decimals in _UNITS:
        if size >= unit:
            number = f"{size / unit:.{decimals}f}".rstrip("0").rstrip(".")
            return f"{number} {name}"
    return "1 byte" if size == 1 else f"{size} bytes"


def size_over_limit(size: int, limit: int) -> str:
    """``size`` and ``limit`` in words, e.g. "1.07 MiB; the limit is 1 MiB".

    The size stays distinguishable from the limit even where rounding would print both alike:
    then it says how much over ("1 MiB + 1 byte; the limit is 1 MiB").
    """
    shown, allowed = format_size(size), format_size(limit)
    if shown == allowed and size != limit:
        shown = f"{allowed} + {format_size(size - limit)}"
    return f"{shown}; the limit is {allowed}"
