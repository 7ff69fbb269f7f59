"""Heading for New Shores (``{"seafarers": "new_shores"}``; maps SF-MAP-NS3, SF-MAP-NS4).

Founding on the main island only; the first settlement of a seat on each small island earns 2
special VP; robber and pirate both in play (the robber on the desert, or on the hills 12 of a
small island for 3 players: the layout's ``sites``). Everything else is the general rules.

Rules: SF-NS-01..04.
"""

from __future__ import annotations

from games.catan.expansions.seafarers.scenarios import Scenario


class NewShores(Scenario):
    name = "new_shores"
    title = "Heading for New Shores"
    targets = {3: 14, 4: 14}  # SF-NS-01
    layouts = {3: "seafarers_new_shores_3", 4: "seafarers_new_shores_4"}
    setup_zones = ("main",)  # SF-NS-02
    island_svp = 2  # SF-NS-03
    foreign = "outside_setup_zones"


SCENARIO = NewShores()
