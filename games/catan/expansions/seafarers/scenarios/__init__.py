"""The Seafarers scenarios: one module per map name, each defining ``SCENARIO``.

:data:`SCENARIOS` maps a map name (the value of the option ``{"seafarers": MAP}``) to its scenario,
found here as plug-ins the way ``games/catan/expansions`` finds expansions: adding a scenario is
adding a module, never editing another. Only the scenarios found here are playable; the other
names of ``expansions.PLANNED["seafarers"]`` stay "not playable yet".

The Seafarers expansion (``seafarers/__init__.py``) owns the general rules (sea, ships, the pirate,
gold fields, fog discovery, Longest Trade Route, island markers, §1-§9 of the checklist) and calls
the current map's scenario **after** its own rules, hook by hook. A scenario's hooks have the same
names and signatures as :class:`games.catan.hooks.Expansion`'s (``init(state)``,
``setup_done(state)``, ``start_turn(state, p)``, ``built(state, p, piece, where)``,
``end_turn(state, p)``, ``actions(state, p, legal)``, ``produced(state, total)``,
``vp(state, p)``, ``hidden_vp(state, p)``, ``target(state, p, base)``, ``observe(state, seat,
obs)``, ``view(state, view)``, ``rebuild(state)``, ``may_progress(state, p)``, ``robber_done``,
... every name of ``hooks.HOOKS``; ``static(options, static)``; ``draw_board(view, geometry)``,
``seat_words(view, seat)`` and ``sentences`` for the picture and the words), plus methods named
``legal_<phase>``, ``apply_<action>``, ``outcomes_<phase>`` / ``chance_<phase>`` (with
``chance_kinds``) that the expansion hands to the core's dispatch tables, and ``stored_fields``
saved with the expansion's own; and the Seafarers' own hooks ``rolled(state, total)``,
``thief_moves(state, legal)`` and ``open_to_ships(state, p, spots)`` (which of the free ship
paths by the general rules, SF-SH-01..03, the map lets ``p``'s ships take: Pirate Islands keeps
them to the seat's lane; a map without it opens every one, with no call). A hook a scenario does
not define is not called; a hook that may
return True (a decision of its own is pending) is asked only when the general rules did not
already take over.

Besides hooks, a scenario is data the general rules read (class attributes below): the VP
target, the layout per player count, where founding settlements may stand and which islands earn
special victory points.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, ClassVar


class Scenario:
    """One Seafarers scenario (a map name): data and the hooks it needs."""

    name: ClassVar[str] = ""
    """The map name: the option value ``{"seafarers": name}``."""
    title: ClassVar[str] = ""
    """What people read (the family title: "Seafarers: <title>")."""
    players: ClassVar[tuple[int, ...]] = (3, 4)
    """Player counts it is played with."""
    targets: ClassVar[dict[int, int]] = {}
    """Player count -> victory points to win (SF-GE-07), read by :meth:`vp_target`."""
    layouts: ClassVar[dict[int, str]] = {}
    """Player count -> layout name (``seafarers/layouts/<name>.json``), read by :meth:`layout`."""
    setup_zones: ClassVar[tuple[str, ...] | None] = None
    """Zone tags of the layout (``sites["zones"]``) whose hexes take founding settlements; None:
    any land (SF-GE-01). A founding settlement needs at least one hex of these zones."""
    island_svp: ClassVar[int] = 0
    """Special VP for a seat's first settlement on each foreign island (SF-GE-06; 0: none)."""
    foreign: ClassVar[str] = "outside_setup_zones"
    """Which islands are foreign for the island markers: ``"outside_setup_zones"`` (every area
    without a setup-zone hex: New Shores, Through the Desert) or ``"not_home"`` (every area where
    the seat placed no founding settlement: Four Islands, New World)."""
    longest_route: ClassVar[bool] = True
    """False: no Longest Trade Route card (Cloth for Catan, Pirate Islands)."""
    robber: ClassVar[bool] = True
    """False: no robber (Pirate Islands)."""
    pirate: ClassVar[bool] = True
    """False: no pirate (Wonders of Catan)."""
    ships_move: ClassVar[bool] = True
    """False: ships are never moved (Pirate Islands, SF-PR-06): no move list is made."""
    ships_progress: ClassVar[bool] = True
    """False: a free ship path alone does not keep the game from ending as ``no_progress``;
    the map's own ``may_progress`` judges whether a ship still brings a seat nearer a win
    (Pirate Islands: the lane leads only to a fortress the seat may still be able to take)."""
    stored_fields: ClassVar[tuple[str, ...]] = ()
    """State attributes the scenario owns (saved in ``to_dict`` with the expansion's own)."""
    chance_kinds: ClassVar[dict[str, str]] = {}
    """Its chance phases -> ``chance_kind()`` names."""
    sentences: ClassVar[dict[str, Any]] = {}
    """Its events in words (as ``narrate.SENTENCES``)."""

    def vp_target(self, players: int) -> int:
        """Victory points to win with ``players`` players."""
        return self.targets[players]

    def layout(self, players: int) -> str:
        """The layout name of the map for ``players`` players."""
        return self.layouts[players]

    def robber_barred(self, board: Any) -> frozenset[int]:
        """Hexes the robber never enters on this map, besides the layout's own: left out when
        the thieves' moves are first listed (kept until a discovery), so no list is filtered
        per 7 as the ``thief_moves`` hook does (which remains for moves that change in play)."""
        return frozenset()


def _discover() -> dict[str, Scenario]:
    found: dict[str, Scenario] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        scenario = getattr(module, "SCENARIO", None)
        if isinstance(scenario, Scenario):
            if scenario.name in found:
                raise RuntimeError(f"Seafarers scenario {scenario.name!r} is defined twice")
            found[scenario.name] = scenario
    return found


SCENARIOS: dict[str, Scenario] = _discover()
"""Map name -> its scenario: every module of this package that defines ``SCENARIO``."""
