"""The Four Islands (``{"seafarers": "four_islands"}``; maps SF-MAP-4I3, SF-MAP-4I4).

A seat's founding settlements make its home islands (one or two); its first settlement on each
other island earns 2 special VP. No desert, no gold; robber on the 12, pirate on the marked sea
hex (the layout's ``sites``).

Rules: SF-4I-01..04.
"""

from __future__ import annotations

from games.catan.expansions.seafarers.scenarios import Scenario


class FourIslands(Scenario):
    name = "four_islands"
    title = "The Four Islands"
    targets = {3: 13, 4: 13}  # SF-4I-01
    layouts = {3: "seafarers_four_islands_3", 4: "seafarers_four_islands_4"}
    setup_zones = None  # SF-4I-02: any island
    island_svp = 2  # SF-4I-03
    foreign = "not_home"


SCENARIO = FourIslands()
