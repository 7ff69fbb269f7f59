"""One player's domain: the centre row, the regions around it, the development slots, the hand.

Geometry (CG-SETUP-04, M-CG-13): the centre row is a run of columns that grows left and right.
Settlements and cities sit on even columns, roads on odd columns. Regions sit on odd columns,
one above (side +1) and one below (side -1) the centre row, so the region above a road is shared
by the two settlements beside it. A settlement at column ``c`` touches the four regions
``(c-1, ±1)`` and ``(c+1, ±1)``. Development slots are ``(c, row)``: a settlement has rows
+1 and -1 (directly above and below it), a city also +2 and -2 (the outer slots). A card in a
slot on side ``s`` acts on the regions ``(c-1, s)`` and ``(c+1, s)`` (CG-EXP-04, CG-EXP-05).

Rules: CG-SETUP-02, CG-SETUP-03, CG-SETUP-04, CG-EXP-01, CG-EXP-02, CG-EXP-04, CG-EXP-05.
"""

from __future__ import annotations

from typing import Any

from games.cardgame.cards import CARDS
from games.cardgame.constants import BASE_HAND_LIMIT, MAX_STORE, RESOURCES

Position = tuple[int, int]

START_REGION_POSITIONS: tuple[Position, ...] = ((-1, 1), (1, 1), (3, 1), (-1, -1), (1, -1), (3, -1))


class Domain:
    """The cards one player has on the table and in hand, with the derived totals."""

    __slots__ = ("_stats", "centre", "hand", "regions", "slots")

    def __init__(self) -> None:
        self.centre: dict[int, list[Any]] = {}  # col -> [kind, card, settlement card under a city]
        self.regions: dict[Position, list[Any]] = {}  # (col, side) -> [card, amount]
        self.slots: dict[Position, str] = {}  # (col, row) -> development card
        self.hand: list[str] = []
        self._stats: dict[str, int] | None = None

    # --- changes to the laid-out cards (they invalidate the cached totals) ------------------
    def set_centre(self, col: int, kind: str, card: str, under: str | None = None) -> None:
        self.centre[col] = [kind, card, under]
        self._stats = None

    def place(self, position: Position, card: str) -> None:
        self.slots[position] = card
        self._stats = None

    def unplace(self, position: Position) -> str:
        self._stats = None
        return self.slots.pop(position)

    def stats(self) -> dict[str, int]:
        """Totals that only change when a card is laid or removed (cached for speed)."""
        if self._stats is None:
            counts: dict[str, int] = {}
            knights = fleets = strength = tournament = trade = vp = 0
            for card in self.slots.values():
                info = CARDS[card]
                counts[info.type] = counts.get(info.type, 0) + 1
                knights += info.role == "knight"
                fleets += info.role == "fleet"
                strength += info.strength
                tournament += info.tournament
                trade += info.trade
                vp += info.vp
            # A Smithy adds 1 per knight (CG-CARD-SMITHY-01), a Harbor 1 per fleet (HARBOR-01).
            stats = {f"n:{k}": v for k, v in counts.items()}
            stats["strength"] = strength + counts.get("smithy", 0) * knights
            stats["tournament"] = tournament
            stats["trade"] = trade + counts.get("harbor", 0) * fleets
            stats["vp"] = vp + sum(CARDS[entry[1]].vp for entry in self.centre.values())
            stats["city"] = int(any(entry[0] == "city" for entry in self.centre.values()))
            self._stats = stats
        return self._stats

    # --- geometry -------------------------------------------------------------------------
    @property
    def left(self) -> int:
        return min(self.centre)

    @property
    def right(self) -> int:
        return max(self.centre)

    def end_col(self, end: str) -> int:
        return self.left if end == "left" else self.right

    def free_slots(self, card_id: str) -> list[Position]:
        """Empty slots where ``card_id`` may be built (CG-EXP-01, CG-EXP-02, CG-EXP-03)."""
        red = CARDS[card_id].kind == "red"
        out = []
        for col in sorted(self.centre):
            kind = self.centre[col][0]
            if kind == "city":
                rows: tuple[int, ...] = (2, 1, -1, -2)
            elif kind == "settlement" and not red:
                rows = (1, -1)
            else:
                continue
            for row in rows:
                if (col, row) not in self.slots:
                    out.append((col, row))
        return out

    def region_slots(self, position: Position) -> list[str]:
        """Development cards acting on the region at ``position`` (CG-EXP-04, CG-EXP-05)."""
        col, side = position
        out = []
        for c in (col - 1, col + 1):
            for row in (side, 2 * side):
                card = self.slots.get((c, row))
                if card is not None:
                    out.append(card)
        return out

    def region_cities(self, position: Position) -> list[int]:
        col = position[0]
        return [c for c in (col - 1, col + 1) if self.centre.get(c, ("",))[0] == "city"]

    def unit_slots(self) -> list[Position]:
        """Slots holding knights or fleets."""
        return [p for p, c in sorted(self.slots.items()) if CARDS[c].role in ("knight", "fleet")]

    # --- resources ------------------------------------------------------------------------
    def total(self, resource: str) -> int:
        return sum(a for c, a in self.regions.values() if CARDS[c].resource == resource)

    def room(self, resource: str) -> int:
        return sum(MAX_STORE - a for c, a in self.regions.values() if CARDS[c].resource == resource)

    def totals(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for card, amount in self.regions.values():
            res = CARDS[card].resource
            out[res] = out.get(res, 0) + amount
        return out

    def rooms(self) -> dict[str, int]:
        """Free storage per resource (CG-RES-02, CG-RES-05)."""
        out = dict.fromkeys(RESOURCES, 0)
        for card, amount in self.regions.values():
            out[CARDS[card].resource] += MAX_STORE - amount
        return out

    def units(self, include_gold: bool = True) -> int:
        return sum(
            a for c, a in self.regions.values() if include_gold or CARDS[c].resource != "gold"
        )

    def can_afford(self, cost: dict[str, int]) -> bool:
        totals = self.totals()
        return all(totals.get(res, 0) >= n for res, n in cost.items())

    # --- derived totals -------------------------------------------------------------------
    def count_type(self, card_type: str) -> int:
        return self.stats().get(f"n:{card_type}", 0)

    def base_vp(self) -> int:
        """VP from settlements, cities and red cards, without the tokens (CG-WIN-02)."""
        return self.stats()["vp"]

    def strength(self) -> int:
        """Total knight strength, +1 per knight for each Smithy (CG-CARD-SMITHY-01, A-CG-15)."""
        return self.stats()["strength"]

    def tournament(self) -> int:
        return self.stats()["tournament"]

    def trade(self) -> int:
        """Trade symbols; each Harbor adds one per fleet (CG-CARD-HARBOR-01)."""
        return self.stats()["trade"]

    def has_city(self) -> bool:
        return bool(self.stats()["city"])

    def hand_limit(self) -> int:
        """3, +1 per Abbey and per Library (CG-HAND-01, CG-CARD-ABBEY-01, CG-CARD-LIBRARY-01)."""
        return BASE_HAND_LIMIT + self.count_type("abbey") + self.count_type("library")

    def merchant_rate(self, resource: str) -> int:
        """3:1, 2:1 with a fleet, gold 1:1 with a Mint (CG-TRADE-03/04, CG-CARD-MINT-01)."""
        if resource == "gold" and self.count_type("mint"):
            return 1
        return 2 if self.count_type(f"fleet_{resource}") else 3

    # --- serialisation --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "centre": [[col, *self.centre[col]] for col in sorted(self.centre)],
            "regions": [[p[0], p[1], *self.regions[p]] for p in sorted(self.regions)],
            "slots": [[p[0], p[1], self.slots[p]] for p in sorted(self.slots)],
            "hand": list(self.hand),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Domain:
        """Rebuild a domain, checking its geometry.

        Raises:
            ValueError: malformed entries, unknown cards, amounts outside 0..3, bad positions.
        """
        dom = cls()
        for col, kind, card, under in data["centre"]:
            _need(type(col) is int and kind in ("road", "settlement", "city"), "centre entry")
            _need(CARDS[card].kind == kind, f"centre card {card} is not a {kind}")
            _need((col % 2 == 1) == (kind == "road"), f"{kind} at column {col} (CG-SETUP-04)")
            _need(
                (under is None) == (kind != "city")
                and (under is None or CARDS[under].kind == "settlement"),
                "a city lies on a settlement (CG-CITY-01)",
            )
            dom.set_centre(col, kind, card, under)
        cols = sorted(dom.centre)
        _need(bool(cols) and cols == list(range(cols[0], cols[-1] + 1)), "centre row has gaps")
        for col, side, card, amount in data["regions"]:
            _need(CARDS[card].kind == "region" and col % 2 == 1 and side in (1, -1), "region")
            _need(
                type(amount) is int and 0 <= amount <= MAX_STORE, "region amount 0..3 (CG-RES-01)"
            )
            dom.regions[(col, side)] = [card, amount]
        for col, row, card in data["slots"]:
            centre = dom.centre.get(col)
            _need(centre is not None and centre[0] != "road", f"slot at column {col}")
            _need(CARDS[card].kind in ("green", "red"), f"slot card {card}")
            limit = 2 if centre[0] == "city" else 1
            _need(row in (1, -1, 2, -2) and abs(row) <= limit, "slot row (CG-EXP-01/02)")
            _need(CARDS[card].kind == "green" or centre[0] == "city", "red card (CG-EXP-03)")
            dom.place((col, row), card)
        dom.hand = list(data["hand"])
        for card in dom.hand:
            _need(card in CARDS, f"unknown hand card {card}")
        return dom

    def all_cards(self) -> list[str]:
        out = list(self.hand)
        for _kind, card, under in self.centre.values():
            out.append(card)
            if under is not None:
                out.append(under)
        out.extend(entry[0] for entry in self.regions.values())
        out.extend(self.slots.values())
        return out


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(f"bad domain: {message}")
