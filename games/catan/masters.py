"""The Masters expansion (option ``{"masters": true}``).

Each seat always has one master (side A or B). A master is used at most once per turn, never in
the turn it was received (a master received by swapping waits for its owner's next own turn,
even for Siegfried and Marianne); after use its owner flips it (side A only) or swaps it for a
different master of the reserve. Both sides carry the same ability (A-MA-01).

Actions (all enumerated in legal lists):

* ``use_master_idle``: declare a use without effect (A-MA-02), then flip/swap.
* ``use_jean`` ``{resource}``: that resource trades 2:1 with the bank for the rest of the turn.
* ``use_william`` ``{replace, with}``: the next road costs the other base card + ``with``.
* ``use_louis`` ``{edge}``: lift that road (one end free of own pieces) and relay it elsewhere.
* ``use_kandamir`` ``{replace, with}`` (or without both keys): buy a development card, draw 3
  (chance), ``keep_development`` ``{card}`` keeps one, the others return to the deck.
* ``use_vincent`` ``{knight: "hand"|"hand_new"|"played", build: "settlement"|"city"}``: discard
  a knight (from the hand one held before this turn, or one bought this turn, or a played one)
  and build at the reduced cost.
* ``use_robbers_bride``: robber to the desert, take one card of the freed hex's resource.
* ``use_negotiant`` ``{resource, seats}``: each chosen opponent holding the resource gives one;
  the owner pays each back with ``give_resource`` ``{resource}``.
* ``use_hildegard`` ``{seat}``: look at a richer (visible VP) opponent's hand, then
  ``take_card`` ``{resource}`` or ``take_nothing``.
* Reactions in any turn: ``use_siegfried`` (more than 7 cards: no discard) or ``take_resource``
  choices after ``use_siegfried``/``use_marianne``; ``decline_master``.
* After use: ``flip_master`` or ``swap_master`` ``{master}``.

Rules: MA-REQ-01, MA-COMP-01, MA-SETUP-01..06, MA-USE-01..11, MA-VINCENT-01..03, MA-JEAN-01,
MA-SIEGFRIED-01..02, MA-CANDAMIR-01..02, MA-LOUIS-01..03, MA-MARIANNE-01..03, MA-BRIDE-01..04,
MA-NEGOT-01..02, MA-WILLIAM-01, MA-HILDEGARD-01..02.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.catan.board import load_data
from games.catan.constants import (
    BRICK,
    DEV_CARDS,
    DEV_INDEX,
    DISCARD_LIMIT,
    GRAIN,
    KNIGHT,
    LUMBER,
    ORE,
    RESOURCE_INDEX,
    RESOURCES,
    WOOL,
)
from games.common.api import CHANCE

Action = dict[str, Any]

USE_IDLE: Action = {"type": "use_master_idle"}
DECLINE: Action = {"type": "decline_master"}
FLIP: Action = {"type": "flip_master"}
USE_SIEGFRIED: Action = {"type": "use_siegfried"}
USE_BRIDE: Action = {"type": "use_robbers_bride"}
TAKE_NOTHING: Action = {"type": "take_nothing"}
USE_KANDAMIR_PLAIN: Action = {"type": "use_kandamir"}
SWAP = {
    name: {"type": "swap_master", "master": name}
    for name in load_data("masters")["stack"] + load_data("masters")["reserve"]
}
USE_JEAN = tuple({"type": "use_jean", "resource": r} for r in RESOURCES)
TAKE_CARD = tuple({"type": "take_card", "resource": r} for r in RESOURCES)
GIVE_RESOURCE = tuple({"type": "give_resource", "resource": r} for r in RESOURCES)
KEEP_DEVELOPMENT = tuple({"type": "keep_development", "card": c} for c in DEV_CARDS)

ROAD_BASE = ((LUMBER, BRICK), (BRICK, LUMBER))  # (replaced, kept)
DEV_BASE = (ORE, WOOL, GRAIN)
VINCENT_SETTLEMENT_COST = (1, 1, 0, 0, 0)  # MA-VINCENT-01
VINCENT_CITY_COST = (0, 0, 0, 1, 2)  # MA-VINCENT-02
MASTER_BUILD_PHASES = ("william_road", "louis_road", "vincent_build")


def _cost(pairs: dict[int, int]) -> tuple[int, ...]:
    cost = [0] * 5
    for r, c in pairs.items():
        cost[r] += c
    return tuple(cost)


class MastersRules:
    """Mixin of :class:`games.catan.state.CatanState` for the Masters expansion."""

    # ------------------------------------------------------------------ set-up and storage
    def init_masters(self) -> None:
        """MA-SETUP-01..03: numbered stack A1 on top, the rest in the reserve, side A up."""
        self.masters_on = bool(self.options["masters"])
        data = load_data("masters")
        self.master_stack = list(data["stack"]) if self.masters_on else []
        self.master_reserve = list(data["reserve"]) if self.masters_on else []
        self.master_of = [None] * self.n
        self.master_side = ["A"] * self.n
        self.master_ready = [True] * self.n
        self.master_used_turn = [-1] * self.n
        self.master_return = "resume"
        self.master_owner = -1
        self.cost_override = None
        self.jean_resource = -1
        self.siegfried_exempt = -1
        self.kandamir_cards = None
        self.louis_edge = -1
        self.vincent_build = ""
        self.negotiant_debts = []
        self.hildegard_target = -1

    _FIELDS = (
        "master_stack",
        "master_reserve",
        "master_of",
        "master_side",
        "master_ready",
        "master_used_turn",
        "master_return",
        "master_owner",
        "cost_override",
        "jean_resource",
        "siegfried_exempt",
        "kandamir_cards",
        "louis_edge",
        "vincent_build",
        "negotiant_debts",
        "hildegard_target",
    )

    def masters_to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self._FIELDS}
        data["cost_override"] = list(self.cost_override) if self.cost_override else None
        return {"masters_state": {k: _copy(v) for k, v in data.items()}}

    def masters_from_dict(self, data: dict[str, Any]) -> None:
        self.masters_on = bool(self.options["masters"])
        stored = data["masters_state"]
        for name in self._FIELDS:
            setattr(self, name, _copy(stored[name]))
        if self.cost_override is not None:
            self.cost_override = tuple(self.cost_override)

    def deal_first_master(self, p: int) -> None:
        """MA-SETUP-04: after his second settlement and road a player takes the top master."""
        if self.masters_on and self.master_stack:
            self.master_of[p] = self.master_stack.pop(0)
            self.master_side[p] = "A"
            self.master_ready[p] = True  # A-MA-03: set-up is not a turn
            self.events.append(
                {
                    "type": "receive_master",
                    "seat": p,
                    "master": self.master_of[p],
                    "visible_to": "all",
                }
            )

    def finish_master_setup(self) -> None:
        """MA-SETUP-05: the masters left in the stack join the reserve."""
        if self.masters_on:
            self.master_reserve.extend(self.master_stack)
            self.master_stack = []

    def start_turn_masters(self, p: int) -> None:
        """Called only with Masters on (without it these fields never change)."""
        self.jean_resource = -1
        self.cost_override = None
        self.master_ready[p] = True  # a swapped-in master works from the next own turn

    # ------------------------------------------------------------------ availability
    def master_usable(self, p: int, name: str) -> bool:
        """MA-USE-07/08: owned, not received this turn, not used yet this turn."""
        return (
            self.masters_on
            and self.master_of[p] == name
            and self.master_ready[p]
            and self.master_used_turn[p] != self.turn
        )

    def add_master_actions(self, p: int, legal: list[Action]) -> None:
        """Own-turn uses (MA-USE-02); Bride also before the roll, the rest after it.

        Called only with Masters on."""
        name = self.master_of[p]
        if not self.master_usable(p, name):
            return
        legal.append(USE_IDLE)
        if name == "robbers_bride":
            if (
                self.hex_resource[self.robber] >= 0  # A-MA-05
                and "desert" in self.terrains
                and self._bride_phase()
            ):
                legal.append(USE_BRIDE)
            return
        if self.phase != "main":
            return
        getattr(self, "_offer_" + name, _no_offer)(p, legal)

    def _bride_phase(self) -> bool:
        """MA-BRIDE-01: before the roll or in the trade phase. With strict phases the trade
        phase ends at the first build; with combined trade and build it lasts the turn."""
        return (
            self.phase == "pre_roll"
            or self.options["combined_trade_build"]
            or not self.built_this_turn
        )

    def _offer_jean(self, p: int, legal: list[Action]) -> None:
        legal.extend(USE_JEAN)

    def _offer_william(self, p: int, legal: list[Action]) -> None:
        h = self.hand[p]
        if not self.roads_left[p] or not self.road_spots(p):
            return
        for replaced, kept in ROAD_BASE:
            if not h[kept]:
                continue
            for r in range(5):
                if r != replaced and h[r] >= 1 + (r == kept):
                    legal.append(
                        {
                            "type": "use_william",
                            "replace": RESOURCES[replaced],
                            "with": RESOURCES[r],
                        }
                    )

    def _offer_louis(self, p: int, legal: list[Action]) -> None:
        for e in self.movable_roads(p):
            legal.append({"type": "use_louis", "edge": e})

    def movable_roads(self, p: int) -> list[int]:
        """MA-LOUIS-02: own roads with one end touching no other own piece, that can go
        somewhere else (A-MA-09)."""
        eo, vo = self.edge_owner, self.vertex_owner
        movable = []
        for e, owner in enumerate(eo):
            if owner != p:
                continue
            if not any(
                vo[v] != p and all(eo[f] != p for f in self.board.vertex_edges[v] if f != e)
                for v in self.board.edge_vertices[e]
            ):
                continue
            eo[e] = -1
            spots = [f for f in self._spots_without(p, e) if f != e]
            eo[e] = p
            if spots:
                movable.append(e)
        return movable

    def _spots_without(self, p: int, removed: int) -> list[int]:
        """Road spots of ``p`` while road ``removed`` is lifted off the board."""
        eo, vo = self.edge_owner, self.vertex_owner
        network = {v for e, o in enumerate(eo) if o == p for v in self.board.edge_vertices[e]}
        network |= {v for v, o in enumerate(vo) if o == p}
        spots = set()
        for v in network:
            if vo[v] != -1 and vo[v] != p:
                continue
            for f in self.board.vertex_edges[v]:
                if eo[f] == -1 and f != removed:
                    spots.add(f)
        return sorted(spots)

    def _offer_kandamir(self, p: int, legal: list[Action]) -> None:
        h = self.hand[p]
        if not any(self.dev_deck):
            return
        if h[ORE] and h[WOOL] and h[GRAIN]:
            legal.append(USE_KANDAMIR_PLAIN)
        for replaced in DEV_BASE:
            rest = [r for r in DEV_BASE if r != replaced]
            for r in range(5):
                if r == replaced:
                    continue
                need = [0] * 5
                for x in rest:
                    need[x] += 1
                need[r] += 1
                if all(h[x] >= need[x] for x in range(5)):
                    legal.append(
                        {
                            "type": "use_kandamir",
                            "replace": RESOURCES[replaced],
                            "with": RESOURCES[r],
                        }
                    )

    def _offer_vincent(self, p: int, legal: list[Action]) -> None:
        """MA-VINCENT-01: the player chooses the knight: from the hand one held before this turn
        (``hand``) or one bought this turn (``hand_new``), or a played one (``played``)."""
        h = self.hand[p]
        sources = []
        if self.dev_hand[p][KNIGHT] > self.dev_new[p][KNIGHT]:
            sources.append("hand")
        if self.dev_new[p][KNIGHT]:
            sources.append("hand_new")
        if self.knights[p]:
            sources.append("played")
        can_settle = (
            h[LUMBER] and h[BRICK] and self.settlements_left[p] and self.settlement_spots(p)
        )
        can_city = h[ORE] >= 2 and h[GRAIN] >= 1 and self.cities_left[p] and self.city_spots(p)
        for source in sources:
            if can_settle:
                legal.append({"type": "use_vincent", "knight": source, "build": "settlement"})
            if can_city:
                legal.append({"type": "use_vincent", "knight": source, "build": "city"})

    def _offer_negotiant(self, p: int, legal: list[Action]) -> None:
        held = sum(self.hand[p])
        opponents = [q for q in range(self.n) if q != p]
        groups = [[q] for q in opponents] + [list(c) for c in combinations(opponents, 2)]
        for r in RESOURCES:
            for seats in groups:
                if len(seats) <= held:  # A-MA-06: he must be able to pay each back
                    legal.append({"type": "use_negotiant", "resource": r, "seats": seats})

    def _offer_hildegard(self, p: int, legal: list[Action]) -> None:
        mine = self.public_vp(p)
        for q in range(self.n):
            if q != p and self.public_vp(q) > mine:  # MA-HILDEGARD-01, A-MA-07
                legal.append({"type": "use_hildegard", "seat": q})

    def _offer_siegfried(self, p: int, legal: list[Action]) -> None:
        """Siegfried acts only on a 7 (a reaction)."""

    def _offer_marianne(self, p: int, legal: list[Action]) -> None:
        """Marianne acts only after production (a reaction)."""

    # ------------------------------------------------------------------ use and after-use
    def _mark_used(self, p: int, kind: str, **details: Any) -> None:
        self.master_used_turn[p] = self.turn
        self.master_owner = p
        self.events.append(
            {
                "type": "use_master",
                "seat": p,
                "master": self.master_of[p],
                "use": kind,
                **details,
                "visible_to": "all",
            }
        )

    def enter_master_after(self) -> None:
        """MA-USE-04/05/10: flip (side A) or swap."""
        self._set_phase("master_after", self.master_owner)

    def _legal_master_after(self) -> list[Action]:
        p = self.master_owner
        legal = [FLIP] if self.master_side[p] == "A" else []
        legal.extend(SWAP[name] for name in self.master_reserve)
        return legal

    def _apply_flip_master(self, action: Action) -> None:
        p = self.master_owner
        self.master_side[p] = "B"
        self.events.append(
            {"type": "flip_master", "seat": p, "master": self.master_of[p], "visible_to": "all"}
        )
        self._after_master_done()

    def _apply_swap_master(self, action: Action) -> None:
        """MA-USE-06: return it (side A up) and take another from the reserve, side A."""
        p = self.master_owner
        old, new = self.master_of[p], action["master"]
        self.master_reserve.remove(new)
        self.master_reserve.append(old)
        self.master_of[p] = new
        self.master_side[p] = "A"
        self.master_ready[p] = False  # MA-USE-07, A-MA-03
        self.events.append(
            {"type": "swap_master", "seat": p, "returned": old, "master": new, "visible_to": "all"}
        )
        self._after_master_done()

    def _after_master_done(self) -> None:
        back = self.master_return
        self.master_return = "resume"
        self.master_owner = -1
        if back == "seven":
            self.begin_discards()
        elif back == "production":
            self.to_main()
        else:
            self.resume_turn()

    def _apply_use_master_idle(self, action: Action) -> None:
        """MA-USE-03, A-MA-02: a use without effect, to flip or swap."""
        self._mark_used(self.actor, "idle")
        self.master_return = "resume"
        self.enter_master_after()

    def _apply_decline_master(self, action: Action) -> None:
        back = self.master_return
        self.master_return = "resume"
        if back == "seven":
            self.begin_discards()
        else:
            self.to_main()

    # ------------------------------------------------------------------ Siegfried (on a 7)
    def seven_reactions(self) -> bool:
        """MA-SIEGFRIED-01/02: the owner, in any turn, may react to a 7 first."""
        self.siegfried_exempt = -1
        if not self.masters_on:
            return False
        for p in range(self.n):
            if self.master_usable(p, "siegfried"):
                if sum(self.hand[p]) <= DISCARD_LIMIT and not any(self.bank):
                    return False
                self.master_return = "seven"
                self._set_phase("siegfried", p)
                return True
        return False

    def _legal_siegfried(self) -> list[Action]:
        p = self.actor
        if sum(self.hand[p]) > DISCARD_LIMIT:
            return [USE_SIEGFRIED, DECLINE]
        return self._bank_picks(USE_SIEGFRIED_TAKE)

    def _apply_use_siegfried(self, action: Action) -> None:
        p = self.actor
        self._mark_used(p, "keep_cards")
        self.siegfried_exempt = p
        self.enter_master_after()

    def _apply_use_siegfried_take(self, action: Action) -> None:
        """MA-SIEGFRIED-02: the card comes instead of the discard, so the owner, who held 7 or
        fewer, is not counted again once it is in his hand."""
        self.siegfried_exempt = self.actor
        self._take_from_bank(action)

    def discard_exempt(self, seat: int) -> bool:
        return seat == self.siegfried_exempt

    # ------------------------------------------------------------------ Marianne (production)
    def production_reactions(self) -> bool:
        """MA-MARIANNE-01/03: an owner who got nothing from the roll may take a card, first.

        True if a reaction is pending (else the turn goes on to the main phase)."""
        for p in range(self.n):
            if self.master_usable(p, "marianne") and p not in self.last_gainers and any(self.bank):
                self.master_return = "production"
                self._set_phase("marianne", p)
                return True
        return False

    def _legal_marianne(self) -> list[Action]:
        return self._bank_picks(USE_MARIANNE_TAKE)

    def _apply_use_marianne(self, action: Action) -> None:
        self._take_from_bank(action)

    # ------------------------------------------------------------------ reactions' card
    def _bank_picks(self, take: tuple[Action, ...]) -> list[Action]:
        """A reacting master's choice: one card of any resource the bank holds, or decline."""
        bank = self.bank
        return [take[r] for r in range(5) if bank[r]] + [DECLINE]

    def _take_from_bank(self, action: Action) -> None:
        """Siegfried's or Marianne's use: the owner takes the named card from the bank."""
        p = self.actor
        r = RESOURCE_INDEX[action["resource"]]
        self._mark_used(p, "take", resource=action["resource"])
        self.bank[r] -= 1
        self.hand[p][r] += 1
        self.enter_master_after()

    # ------------------------------------------------------------------ Jean
    def _apply_use_jean(self, action: Action) -> None:
        p = self.actor
        self._mark_used(p, "name", resource=action["resource"])
        self.jean_resource = RESOURCE_INDEX[action["resource"]]
        self.enter_master_after()

    # ------------------------------------------------------------------ William
    def _apply_use_william(self, action: Action) -> None:
        """MA-WILLIAM-01: lumber or brick of the next road replaced by any other resource."""
        p = self.actor
        replaced = RESOURCE_INDEX[action["replace"]]
        kept = BRICK if replaced == LUMBER else LUMBER
        self._mark_used(p, "road", replace=action["replace"], paid_with=action["with"])
        self.cost_override = _cost({kept: 1, RESOURCE_INDEX[action["with"]]: 1})
        self._set_phase("william_road", p)

    def _legal_william_road(self) -> list[Action]:
        from games.catan import actions as A

        return [A.BUILD_ROAD[e] for e in self.road_spots(self.actor)]

    # ------------------------------------------------------------------ Louis
    def _apply_use_louis(self, action: Action) -> None:
        """MA-LOUIS-01/02, A-MA-09: lift the road; it must be relaid elsewhere, for free."""
        p = self.actor
        e = action["edge"]
        self._mark_used(p, "move_road", edge=e)
        self.edge_owner[e] = -1
        self.roads_left[p] += 1
        self._rebuild_derived()  # network tables; Longest Road waits for the relay
        self.louis_edge = e
        self.cost_override = (0, 0, 0, 0, 0)
        self._set_phase("louis_road", p)

    def _legal_louis_road(self) -> list[Action]:
        from games.catan import actions as A

        return [A.BUILD_ROAD[e] for e in self.road_spots(self.actor) if e != self.louis_edge]

    def judge_relaid_road(self, p: int, e: int) -> None:
        """A-MA-09, BG-LR-05/08: Longest Road is judged once the move is complete, from the
        lengths before the road was lifted (never while it is off the board). Only the mover's
        roads changed, so only a holder who moved his own road can have dropped."""
        eo = self.edge_owner
        eo[e], eo[self.louis_edge] = -1, p
        before = self.trail_length(p)
        eo[e], eo[self.louis_edge] = p, -1
        self.road_length[p] = self.trail_length(p)
        dropped = self.longest_road == p and self.road_length[p] < before
        self._update_longest_road(holder_dropped=dropped)

    # ------------------------------------------------------------------ Vincent
    def _apply_use_vincent(self, action: Action) -> None:
        """MA-VINCENT-01..03, A-MA-04: a knight leaves the game; one cheaper building."""
        p = self.actor
        if action["knight"] == "hand":
            self.dev_hand[p][KNIGHT] -= 1
        elif action["knight"] == "hand_new":
            self.dev_hand[p][KNIGHT] -= 1
            self.dev_new[p][KNIGHT] -= 1
        else:
            self.knights[p] -= 1
            self.update_largest_army()
        self.dev_spent[KNIGHT] += 1
        self._mark_used(p, "discount", knight=action["knight"], build=action["build"])
        self.vincent_build = action["build"]
        if action["build"] == "settlement":
            self.cost_override = VINCENT_SETTLEMENT_COST
        else:
            self.cost_override = VINCENT_CITY_COST
        self._set_phase("vincent_build", p)

    def _legal_vincent_build(self) -> list[Action]:
        from games.catan import actions as A

        p = self.actor
        if self.vincent_build == "settlement":
            return [A.BUILD_SETTLEMENT[v] for v in self.settlement_spots(p)]
        return [A.BUILD_CITY[v] for v in self.city_spots(p)]

    def after_build(self, p: int) -> None:
        """One-shot master discounts end with the build; then flip or swap."""
        if self.phase in MASTER_BUILD_PHASES:
            self.cost_override = None
            self.louis_edge = -1
            self.vincent_build = ""
            self.master_return = "resume"
            self.enter_master_after()

    # ------------------------------------------------------------------ Kandamir
    def _apply_use_kandamir(self, action: Action) -> None:
        """MA-CANDAMIR-01/02: cheaper card, draw three, keep one."""
        p = self.actor
        cost = {ORE: 1, WOOL: 1, GRAIN: 1}
        if "replace" in action:
            cost[RESOURCE_INDEX[action["replace"]]] -= 1
            with_r = RESOURCE_INDEX[action["with"]]
            cost[with_r] = cost.get(with_r, 0) + 1
        self._mark_used(p, "buy", replace=action.get("replace"), paid_with=action.get("with"))
        self.pay(p, _cost(cost))
        self.built_this_turn = True
        self.kandamir_cards = []
        self.draws_left = min(3, sum(self.dev_deck))
        self._set_phase("draw_development", CHANCE)

    def kandamir_drew(self, c: int) -> None:
        self.dev_drawn[c] += 1
        self.kandamir_cards.append(c)
        self.draws_left -= 1
        if self.draws_left > 0 and any(self.dev_deck):
            return
        self.draws_left = 0
        p = self.turn_player
        self.emit_secret(
            {
                "type": "kandamir_draw",
                "seat": p,
                "cards": [DEV_CARDS[x] for x in self.kandamir_cards],
            },
            [p],
            {"cards": ["hidden"] * len(self.kandamir_cards)},
        )
        self._set_phase("kandamir_keep", p)

    def _legal_kandamir_keep(self) -> list[Action]:
        return [KEEP_DEVELOPMENT[c] for c in sorted(set(self.kandamir_cards))]

    def _apply_keep_development(self, action: Action) -> None:
        p = self.actor
        c = DEV_INDEX[action["card"]]
        returned = list(self.kandamir_cards)
        returned.remove(c)
        self.dev_drawn[c] -= 1
        for x in returned:
            self.dev_drawn[x] -= 1
            self.dev_deck[x] += 1  # returned and shuffled: later draws are by count
        self.kandamir_cards = None
        self.draw_development_card(p, c)
        self.master_return = "resume"
        self.enter_master_after()

    # ------------------------------------------------------------------ Robber's Bride
    def _apply_use_robbers_bride(self, action: Action) -> None:
        """MA-BRIDE-01..04: robber to the desert, a card of the freed hex, nobody robbed."""
        p = self.actor
        freed = self.robber
        r = self.hex_resource[freed]
        self.robber = self.terrains.index("desert")
        got = None
        if self.bank[r]:
            self.bank[r] -= 1
            self.hand[p][r] += 1
            got = RESOURCES[r]
        self._mark_used(p, "robber_to_desert", freed=freed, resource=got)
        self.master_return = "resume"
        self.enter_master_after()

    # ------------------------------------------------------------------ Negotiant
    def _apply_use_negotiant(self, action: Action) -> None:
        """MA-NEGOT-01/02: each chosen opponent with the resource gives one and is paid back."""
        p = self.actor
        r = RESOURCE_INDEX[action["resource"]]
        gave = []
        for q in action["seats"]:
            if self.hand[q][r]:
                self.hand[q][r] -= 1
                self.hand[p][r] += 1
                gave.append(q)
        self._mark_used(
            p, "exchange", resource=action["resource"], seats=list(action["seats"]), gave=gave
        )
        self.negotiant_debts = list(gave)  # paid off one by one; the logged list stays whole
        self._next_negotiant_payment()

    def _next_negotiant_payment(self) -> None:
        if self.negotiant_debts:
            self._set_phase("negotiant_pay", self.master_owner)
        else:
            self.master_return = "resume"
            self.enter_master_after()

    def _legal_negotiant_pay(self) -> list[Action]:
        h = self.hand[self.actor]
        return [GIVE_RESOURCE[r] for r in range(5) if h[r]]

    def _apply_give_resource(self, action: Action) -> None:
        p = self.actor
        q = self.negotiant_debts.pop(0)
        r = RESOURCE_INDEX[action["resource"]]
        self.hand[p][r] -= 1
        self.hand[q][r] += 1
        self.emit_secret(
            {"type": "negotiant_payment", "seat": p, "to": q, "resource": action["resource"]},
            [p, q],
            {"resource": "hidden"},
        )
        self._next_negotiant_payment()

    # ------------------------------------------------------------------ Hildegard
    def _apply_use_hildegard(self, action: Action) -> None:
        """MA-HILDEGARD-01/02: look at the richer opponent's hand; take one card or none."""
        p = self.actor
        self._mark_used(p, "look", target=action["seat"])
        self.hildegard_target = action["seat"]
        self.emit_secret(
            {
                "type": "hildegard_look",
                "seat": p,
                "target": action["seat"],
                "hand": _named(self.hand[action["seat"]]),
            },
            [p, action["seat"]],
            {"hand": "hidden"},
        )
        self._set_phase("hildegard_take", p)

    def _legal_hildegard_take(self) -> list[Action]:
        h = self.hand[self.hildegard_target]
        return [TAKE_CARD[r] for r in range(5) if h[r]] + [TAKE_NOTHING]

    def _apply_take_card(self, action: Action) -> None:
        p, q = self.actor, self.hildegard_target
        r = RESOURCE_INDEX[action["resource"]]
        self.hand[q][r] -= 1
        self.hand[p][r] += 1
        self.emit_secret(
            {"type": "hildegard_take", "seat": p, "target": q, "resource": action["resource"]},
            [p, q],
            {"resource": "hidden"},
        )
        self.hildegard_target = -1
        self.master_return = "resume"
        self.enter_master_after()

    def _apply_take_nothing(self, action: Action) -> None:
        self.hildegard_target = -1
        self.master_return = "resume"
        self.enter_master_after()

    # ------------------------------------------------------------------ views
    def masters_observation(self, seat: int) -> dict[str, Any] | None:
        if not self.masters_on:
            return None
        obs: dict[str, Any] = {
            "players": [
                {
                    "master": self.master_of[p],
                    "side": self.master_side[p],
                    "ready": self.master_ready[p],
                    "used_this_turn": self.master_used_turn[p] == self.turn,
                }
                for p in range(self.n)
            ],
            "stack": list(self.master_stack),
            "reserve": list(self.master_reserve),
            "jean_resource": RESOURCES[self.jean_resource] if self.jean_resource >= 0 else None,
        }
        if seat == self.turn_player and self.kandamir_cards:
            obs["drawn"] = [DEV_CARDS[c] for c in self.kandamir_cards]
        if seat == self.actor and self.phase == "hildegard_take":
            obs["looking_at"] = {
                "seat": self.hildegard_target,
                "resources": _named(self.hand[self.hildegard_target]),
            }
        return obs


USE_SIEGFRIED_TAKE = tuple({"type": "use_siegfried_take", "resource": r} for r in RESOURCES)
USE_MARIANNE_TAKE = tuple({"type": "use_marianne", "resource": r} for r in RESOURCES)


def _no_offer(p: int, legal: list[Action]) -> None:
    return None


def _named(counts: list[int]) -> dict[str, int]:
    return {RESOURCES[r]: c for r, c in enumerate(counts) if c}


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, tuple):
        return [_copy(v) for v in value]
    return value


__all__ = ["MastersRules"]
