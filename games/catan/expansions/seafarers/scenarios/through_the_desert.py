"""Through the Desert (``{"seafarers": "through_the_desert"}``; maps SF-MAP-TD3, SF-MAP-TD4).

Three deserts cut the big island into the main part (``@home``, founding only there) and a strip
(``@strip``); the strip and each small island are foreign areas, the first settlement of a seat
in each earning 2 special VP. Robber on the top desert (A-SF-09), pirate on the marked sea hex.

Rules: SF-TD-01..04.
"""

from __future__ import annotations

from games.catan.expansions.seafarers.scenarios import Scenario


class ThroughTheDesert(Scenario):
    name = "through_the_desert"
    title = "Through the Desert"
    targets = {3: 14, 4: 14}  # SF-TD-01
    layouts = {3: "seafarers_through_the_desert_3", 4: "seafarers_through_the_desert_4"}
    setup_zones = ("home",)  # SF-TD-02
    island_svp = 2  # SF-TD-03
    foreign = "outside_setup_zones"


SCENARIO = ThroughTheDesert()
