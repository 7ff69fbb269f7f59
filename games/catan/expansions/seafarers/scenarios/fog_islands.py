"""The Fog Islands (``{"seafarers": "fog_islands"}``; maps SF-MAP-FI3, SF-MAP-FI4).

Founding on the home islands (``@home``); the fog places (terrain ``fog``) are discovered by the
general rules' fog mechanic (``seafarers/fog.py``: a chance draw from the layout's hidden
``fog_stack``, 1 resource to the discoverer); no special VP. Robber on the 12, pirate on the
marked sea hex.

Rules: SF-FI-01..05.
"""

from __future__ import annotations

from games.catan.expansions.seafarers.scenarios import Scenario


class FogIslands(Scenario):
    name = "fog_islands"
    title = "The Fog Islands"
    targets = {3: 12, 4: 12}  # SF-FI-01
    layouts = {3: "seafarers_fog_islands_3", 4: "seafarers_fog_islands_4"}
    setup_zones = ("home",)  # SF-FI-02
    island_svp = 0  # SF-FI-01: no special VP


SCENARIO = FogIslands()
