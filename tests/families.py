"""A stand-in game family for tests, while no scenario plug-in is merged: a plug-in that turns
on with ``{"scenario": "stand_in"}`` and changes no rule, registered for one test."""

from __future__ import annotations

import pytest

from games.catan import expansions
from games.catan.hooks import Expansion

STAND_IN = "stand_in"


class StandIn(Expansion):
    name = STAND_IN
    option = "scenario"
    values = (STAND_IN,)
    family_title = "Stand-in scenario"


def register_stand_in(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register :class:`StandIn` beside the real plug-ins for one test; its family's id."""
    plugins = (*expansions.registry(), StandIn())
    monkeypatch.setattr(expansions, "registry", lambda: plugins)
    return STAND_IN
