"""Rolling a 7: discards, moving the robber, robbing an adjacent opponent.

Rules: BG-ROBBER-01..09, BG-KNIGHT-01, A-BG-06, A-BG-07, A-BG-12.
"""

from __future__ import annotations

from typing import Any

from games.catan import actions as A
from games.catan.constants import DISCARD_LIMIT, RESOURCE_INDEX, RESOURCES
from games.common.api import CHANCE

Action = dict[str, Any]


class RobberRules:
    """Mixin of :class:`games.catan.state.CatanState` for the robber."""

    def start_seven(self) -> None:
        """BG-ROBBER-01: nobody produces; an expansion's ``seven`` hook may take over first
        (Masters: Siegfried's reaction)."""
        if self.plugged:
            for hook in self.hooks.seven:
                if hook(self):
                    return
        self.begin_discards()

    def begin_discards(self) -> None:
        """BG-ROBBER-02: everyone above 7 cards discards half, rounded down, roller included."""
        self.discards = []
        for i in range(self.n):
            seat = (self.turn_player + i) % self.n
            if self.discard_exempt(seat):
                continue
            held = sum(self.hand[seat])
            if held > DISCARD_LIMIT:
                self.discards.append([seat, held // 2])
        self.continue_seven()

    def continue_seven(self) -> None:
        if self.discards:
            self._set_phase("discard", self.discards[0][0])
        else:
            self.start_robber_move()

    def _legal_discard(self) -> list[Action]:
        h = self.hand[self.actor]
        return [A.DISCARD[r] for r in range(5) if h[r]]

    def _apply_discard(self, action: Action) -> None:
        seat = self.actor
        r = RESOURCE_INDEX[action["resource"]]
        self.hand[seat][r] -= 1
        self.bank[r] += 1
        self.events.append(
            {"type": "discard", "seat": seat, "resource": action["resource"], "visible_to": "all"}
        )
        entry = self.discards[0]
        entry[1] -= 1
        if entry[1] == 0:
            self.discards.pop(0)
        self.continue_seven()

    def start_robber_move(self) -> None:
        """The roller moves the robber, unless an expansion's ``robber_move`` hook takes over
        (Barbarian Attack has no robber: the roller steals from a player of his choice)."""
        if self.plugged:
            for hook in self.hooks.robber_move:
                if hook(self):
                    return
        self._set_phase("move_robber", self.turn_player)

    def robber_targets(self) -> list[int]:
        """Any other land hex; the desert only if the option allows (BG-ROBBER-04, A-BG-06).
        From beside the board (``robber == -1``, mechanics/robber_off.py) every such hex; a
        scenario's hex that yields no resource but is no desert (the Fishermen's lake) is land."""
        return self._robber_hexes(self.robber)

    def _robber_hexes(self, robber: int) -> list[int]:
        desert_ok = self.options["robber_may_enter_desert"]
        terrains = self.terrains
        barred = self.board.robber_barred  # a layout's hexes the robber never enters (oasis)
        return [
            h
            for h in range(self.board.num_hexes)
            if h != robber and (desert_ok or terrains[h] != "desert") and h not in barred
        ]

    def _legal_move_robber(self) -> list[Action]:
        robber = self.robber
        kept = self.robber_moves
        moves = kept.get(robber)
        if moves is None:  # depends only on the robber's hex for a given board and options
            # Every hex it may enter from beside the board (the moves from -1), found once a
            # board; from a hex, the same moves less the one to where it stands.
            moves = kept.get(-1)
            if moves is None:
                moves = kept[-1] = [A.MOVE_ROBBER[h] for h in self._robber_hexes(-1)]
            if robber != -1:
                moves = kept[robber] = moves.copy()
                here = A.MOVE_ROBBER[robber]
                if here in moves:  # (not when it stands where it may not go: desert, oasis)
                    moves.remove(here)
        return moves  # legal_actions() hands out copies only

    def _apply_move_robber(self, action: Action) -> None:
        """BG-ROBBER-04/05/08: move, then rob one opponent with a building there (A-BG-07)."""
        p = self.actor
        h = action["hex"]
        self.robber = h
        self.events.append({"type": "move_robber", "seat": p, "hex": h, "visible_to": "all"})
        vo = self.vertex_owner
        corners = self.board.hex_vertices[h]
        n = self.n  # only seats hold cards: a neutral colour (owner >= n) is never robbed
        # (a loop: a comprehension reading ``vo``, ``n`` and ``p`` makes cells of them per call)
        victims = []
        for v in corners:
            owner = vo[v]
            if 0 <= owner < n and owner != p and owner not in victims:
                victims.append(owner)
        victims.sort()
        if len(victims) > 1:
            self.robber_victims = victims
            self._set_phase("choose_victim", p)
        elif victims:
            self._rob(victims[0])
        else:
            self.finish_robber()

    def _legal_choose_victim(self) -> list[Action]:
        return [A.ROB[s] for s in self.robber_victims]

    def _apply_rob(self, action: Action) -> None:
        self._rob(action["seat"])

    def _rob(self, victim: int) -> None:
        if self.plugged:
            for hook in self.hooks.rob:
                if hook(self, victim):
                    return  # the plug-in steals (Cities & Knights: commodities too)
        if sum(self.hand[victim]) == 0:
            self.events.append(
                {
                    "type": "steal",
                    "seat": self.turn_player,
                    "victim": victim,
                    "resource": None,
                    "visible_to": "all",
                }
            )
            self.finish_robber()
            return
        self.victim = victim
        self._set_phase("steal", CHANCE)

    def _outcomes_steal(self) -> list[tuple[Action, float]]:
        """BG-ROBBER-05/07: one random resource card of the victim's hidden hand."""
        h = self.hand[self.victim]
        total = sum(h)
        return [(A.STEAL[r], h[r] / total) for r in range(5) if h[r]]

    def _chance_steal(self, action: Action) -> None:
        thief, victim = self.turn_player, self.victim
        self.pass_card(
            victim, thief, action["resource"], {"type": "steal", "seat": thief, "victim": victim}
        )
        self.victim = -1
        self.finish_robber()

    def pass_card(self, giver: int, taker: int, resource: str, event: dict[str, Any]) -> None:
        """One ``resource`` card from ``giver``'s hand to ``taker``'s: the robber's steal, Catan
        for Two's Forced Trade (both ways). ``event`` (``type``, ``seat``: the one acting, and the
        other party's field) is logged with the card, seen by those two only (the acting seat
        first); the other seats get a copy with the card hidden."""
        r = RESOURCE_INDEX[resource]
        self.hand[giver][r] -= 1
        self.hand[taker][r] += 1
        actor = event["seat"]
        self.emit_secret(
            {**event, "resource": RESOURCES[r]},
            [actor, giver if actor == taker else taker],
            {"resource": "hidden"},
        )

    def finish_robber(self) -> None:
        """BG-ROBBER-06: the turn continues where it was (main phase, or before the roll)."""
        self.robber_victims = []
        if self.plugged:
            for hook in self.hooks.robber_done:
                if hook(self):
                    return  # the expansion goes on (Catan for Two: the second roll)
        self.resume_turn()
