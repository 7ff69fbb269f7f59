"""The Masters expansion (option ``{"masters": true}``).

Rules: MA-REQ-01, MA-COMP-01, MA-SETUP-01..06, MA-USE-01..11 and the ten masters (§3.2).
"""

from __future__ import annotations

from typing import Any

Action = dict[str, Any]


class MastersRules:
    """Mixin of :class:`games.catan.state.CatanState` for the Masters expansion."""

    def init_masters(self) -> None:
        self.masters_on = bool(self.options["masters"])

    def masters_to_dict(self) -> dict[str, Any]:
        return {}

    def masters_from_dict(self, data: dict[str, Any]) -> None:
        self.masters_on = bool(self.options["masters"])

    def deal_first_master(self, p: int) -> None:
        pass

    def finish_master_setup(self) -> None:
        pass

    def start_turn_masters(self) -> None:
        pass

    def add_master_actions(self, p: int, legal: list[Action]) -> None:
        pass

    def discard_exempt(self, seat: int) -> bool:
        return False

    def seven_reactions(self) -> None:
        self.continue_seven()

    def after_production(self, total: int) -> None:
        self.to_main()

    def masters_observation(self, seat: int) -> dict[str, Any] | None:
        return None
