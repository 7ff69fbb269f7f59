"""The event log of a game (what replays, spectators and narration read) is well formed."""

from __future__ import annotations

from games.cardgame import narrate
from tests.games.event_log import check_event_log


def test_every_event_is_addressed_and_told_in_full() -> None:
    """Every event names its type and who may see it (``"all"`` or seats), and reads as a full
    sentence naming its player: no field a sentence needs is missing or renamed."""
    nameless = frozenset({"shuffle", "first_roll", "event_card", "token"})
    check_event_log("cardgame", 2, seed=5, options={}, narrate=narrate, nameless=nameless)
