"""The event log of a game (what replays, spectators and narration read) is well formed."""

from __future__ import annotations

import pytest

from games.catan import narrate
from tests.games.event_log import check_event_log


@pytest.mark.parametrize("options", [{}, {"masters": True}], ids=["base", "masters"])
def test_every_event_is_addressed_and_told_in_full(options: dict) -> None:
    """Every event names its type and who may see it (``"all"`` or seats), and reads as a full
    sentence naming its player: no field a sentence needs is missing or renamed."""
    nameless = frozenset({"board", "production"})
    check_event_log("catan", 4, seed=5, options=options, narrate=narrate, nameless=nameless)
