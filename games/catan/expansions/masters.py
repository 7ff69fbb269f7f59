"""Masters (``{"masters": true}``) as a plug-in: where the core calls its rules.

The rules themselves stay in ``games/catan/masters.py`` (the ``MastersRules`` mixin of the state,
its phases and actions); this module only joins them to the core through the hooks, as every
expansion is joined. Where a mixin method already has a hook's signature it is the hook itself
(a ``staticmethod`` called as ``hook(state, ...)``), so the hot paths pay no extra call.

Rules: MA-SETUP-04, MA-SETUP-05, MA-USE-07, MA-MARIANNE-01, MA-SIEGFRIED-01 (call sites).
"""

from __future__ import annotations

from typing import Any

from games.catan.hooks import Expansion
from games.catan.masters import MastersRules


class Masters(Expansion):
    name = "masters"
    option = "masters"
    players = (2, 3, 4)  # 2 only with allow_two_players, like the base game
    family = False  # mixed into the base game's ladder (option_mix), not a leaderboard of its own

    founding_done = staticmethod(MastersRules.deal_first_master)  # MA-SETUP-04
    setup_done = staticmethod(MastersRules.finish_master_setup)  # MA-SETUP-05
    start_turn = staticmethod(MastersRules.start_turn_masters)
    actions = staticmethod(MastersRules.add_master_actions)
    seven = staticmethod(MastersRules.seven_reactions)  # Siegfried

    def produced(self, state: Any, total: int) -> bool:
        return state.production_reactions()  # Marianne

    def may_progress(self, state: Any, p: int) -> bool:
        """Vincent can discard a played knight (Largest Army may move); Louis can walk a road,
        turn by turn, to any free spot."""
        army = any(state.knights) and state.largest_army != p
        if army and state.total_vp(p) + 2 >= state.victory_target:
            return True
        return bool(state.settlements_left[p]) and not all(state.blocked)

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        obs["masters"] = state.masters_observation(seat)


EXPANSION = Masters()
