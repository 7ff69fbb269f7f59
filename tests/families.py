"""A stand-in game family for tests: a plug-in that turns on with ``{"scenario": "stand_in"}``
and changes no rule, registered for one test in place of the real scenarios, so a test of the
families machinery sees exactly the base game and one cheap family."""

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
    """Register :class:`StandIn` in place of the real families' plug-ins (variants such as Masters
    stay) for one test; its family's id."""
    plugins = (*(x for x in expansions.registry() if x.family is False), StandIn())
    monkeypatch.setattr(expansions, "registry", lambda: plugins)
    return STAND_IN
