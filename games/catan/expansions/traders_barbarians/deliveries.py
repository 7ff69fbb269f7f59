"""Commodity tokens: drawn on reaching a plaza, delivered where they are needed for 1 VP and
gold.

Rules: TB-SU-04, TB-DL-01..04, TB-TH-05.
"""

from __future__ import annotations

from typing import Any

from games.catan.mechanics import gold
from games.common.api import CHANCE

from .data import trade_hexes

Action = dict[str, Any]

_DRAWS: dict[str, Action] = {}


def draw_action(commodity: str) -> Action:
    action = _DRAWS.get(commodity)
    if action is None:
        action = _DRAWS[commodity] = {"type": "commodity", "commodity": commodity}
    return action


class DeliveryRules:
    """Mixin of the plug-in: arriving on a plaza and the ``tb_draw_commodity`` chance node."""

    def arrive(self, state: Any, p: int, name: str) -> None:
        """TB-DL-01..03: with no cargo, draw the top token of this trade hex's stack; with
        cargo this hex accepts, deliver it (1 VP, the active card's gold) and draw a new one."""
        cargo = state.tb_cargo[p]
        if cargo is not None:
            if cargo not in trade_hexes()[name].accepts:
                return  # TB-DL-02: carried on to where it is needed
            state.tb_cargo[p] = None
            state.tb_delivered[p] += 1
            state.vp_dirty = True
            paid = self.card(state, p).gold
            state.events.append(
                {
                    "type": "delivery",
                    "seat": p,
                    "commodity": cargo,
                    "trade_hex": name,
                    "visible_to": "all",
                }
            )
            gold.gain(state, p, paid, "delivery")
        if any(state.tb_stacks[name].values()):  # TB-DL-04: an empty stack gives nothing
            state._set_phase("tb_draw_commodity", CHANCE)

    def outcomes_tb_draw_commodity(self, state: Any) -> list[tuple[Action, float]]:
        """TB-SU-04: the stack is shuffled face down: each token is equally likely."""
        stack = state.tb_stacks[self.plaza_at(state, state.tb_wagons[state.turn_player])]
        total = sum(stack.values())
        return [(draw_action(c), n / total) for c, n in sorted(stack.items()) if n]

    def chance_tb_draw_commodity(self, state: Any, action: Action) -> None:
        """TB-DL-01/02: the token is turned face up; it is the seat's one cargo."""
        p = state.turn_player
        name = self.plaza_at(state, state.tb_wagons[p])
        commodity = action["commodity"]
        state.tb_stacks[name][commodity] -= 1
        state.tb_cargo[p] = commodity
        state.events.append(
            {
                "type": "load_commodity",
                "seat": p,
                "commodity": commodity,
                "trade_hex": name,
                "visible_to": "all",
            }
        )
        state._set_phase("tb_wagon", p)
