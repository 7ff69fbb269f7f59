"""Logging filters of the site's console log."""

from __future__ import annotations

import logging


class RefusalsWithoutTraceback(logging.Filter):
    """A refused request (4xx) is logged as its one line, without the exception's traceback.

    Django logs a ``403`` from ``PermissionDenied`` (or a ``400`` from ``SuspiciousOperation``)
    with the exception attached, which prints a traceback for a visitor who merely followed a
    link they may not see: noise that buries real faults. ``5xx`` keep their tracebacks.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if status is not None and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
