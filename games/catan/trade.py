"""Maritime trade (4:1, 3:1, 2:1 harbours) and domestic trade between seats.

Domestic trade protocol (rulings.md): in the main phase the active player proposes
``{"type": "propose_trade", "give": {resource: count, …}, "get": {resource: count, …}}``: both
sides non-empty (no gifts), counts are positive ints, no resource on both sides (no like-for-like),
resource cards only, and the proposer must hold what he gives. Every other seat then answers in
seat order after the proposer (``accept_trade`` only if it holds the requested cards, or
``reject_trade``); finally the proposer confirms one accepter (``confirm_trade`` with its seat) or
``cancel_trade``. At most ``trade_proposals_per_turn`` proposals per turn, so no bot can stall.
The legal list offers every one-for-one proposal; any other valid proposal is accepted by apply.
With gold coins (``games/catan/mechanics/gold.py``) either side may also hold ``"gold": n``: gold
trades freely between players (RI-GU-02); the trade then carries ``gold`` = [given, asked].

Rules: BG-TRADE-01..05, BG-MAR-01..05, BG-HARBOR-01..02, BG-TURN-03..04.
"""

from __future__ import annotations

from typing import Any

from games.catan import actions as A
from games.catan.constants import RESOURCE_INDEX, RESOURCES
from games.errors import IllegalAction

COMMODITY_ORDER = ("paper", "cloth", "coin")
"""Cities & Knights' commodities (its ``data.COMMODITIES``), traded like resources there."""
COMMODITIES = frozenset(COMMODITY_ORDER)

Action = dict[str, Any]
PROPOSALS_PER_KIND = len(A.PROPOSE_BY_GIVE[0])
"""The one-for-one proposals offered per resource given: one per other resource (every row of
``PROPOSE_BY_GIVE`` as long)."""


class TradeRules:
    """Mixin of :class:`games.catan.state.CatanState` for trading."""

    def maritime_rate(self, p: int, r: int) -> int:
        """Best bank rate of ``p`` for ``r``; Jean (Masters) makes one resource 2:1 (MA-JEAN-01)."""
        if r == self.jean_resource and p == self.turn_player:
            return 2
        return self.rates[p][r]

    def add_trades(self, p: int, legal: list[Action]) -> None:
        h, bank = self.hand[p], self.bank
        rates = self.rates[p]
        jean = self.jean_resource if p == self.turn_player else -1
        for r, held in enumerate(h):
            if held < 2:
                continue
            rate = 2 if r == jean else rates[r]
            if held >= rate:
                if 0 not in bank:
                    legal.extend(A.MARITIME_BY_GIVE[r][rate])
                else:
                    legal.extend(
                        a for a in A.MARITIME_BY_GIVE[r][rate] if bank[RESOURCE_INDEX[a["get"]]]
                    )
        if self.proposals < self.proposal_limit:
            for r in range(5):
                if h[r]:
                    legal.extend(A.PROPOSE_BY_GIVE[r])

    def without_proposals(self, p: int, legal: list[Action]) -> list[Action]:
        """``legal``, a list :meth:`add_trades` filled for ``p`` with proposals (the hand unchanged
        since), without them (a new list; ``legal`` itself if it has none). They are one block,
        the last of :meth:`add_trades`' additions: each held resource's ``PROPOSE_BY_GIVE`` row
        (:data:`PROPOSALS_PER_KIND` actions), in resource order; so the block is found from its
        first action and the number of kinds held, and two slices make the list, not a test of
        every action (a kept main list loses its proposals so at each turn's last proposal)."""
        h = self.hand[p]
        held = 5 - h.count(0)  # (a hand holds no negative count)
        if not held:
            return legal  # an empty hand: no proposal offered
        r = 0
        while not h[r]:
            r += 1
        try:
            start = legal.index(A.PROPOSE_BY_GIVE[r][0])
        except ValueError:
            return legal  # none offered (no trade after a build, BG-TURN-04)
        return legal[:start] + legal[start + PROPOSALS_PER_KIND * held :]

    def _apply_maritime_trade(self, action: Action) -> None:
        """BG-MAR-01..05: only the active player; best rate he owns; bank pays one card."""
        p = self.actor
        give, get = RESOURCE_INDEX[action["give"]], RESOURCE_INDEX[action["get"]]
        rate = action["rate"]
        self.hand[p][give] -= rate
        self.bank[give] += rate
        self.hand[p][get] += 1
        self.bank[get] -= 1
        self.events.append(
            {
                "type": "maritime_trade",
                "seat": p,
                "give": action["give"],
                "rate": rate,
                "get": action["get"],
                "visible_to": "all",
            }
        )

    # ------------------------------------------------------------------ domestic trade
    def validate_proposal(self, p: int, action: Action) -> None:
        """Check an open-ended proposal against the schema and the rules (raises IllegalAction)."""
        prefix = f"seat {p}: propose_trade"
        if self.phase != "main":
            raise IllegalAction(f"{prefix}: only in your main phase after the roll (BG-TRADE-01)")
        if not self.options["combined_trade_build"] and self.built_this_turn:
            raise IllegalAction(f"{prefix}: no trading after building (BG-TURN-04)")
        if self.proposals >= self.options["trade_proposals_per_turn"]:
            raise IllegalAction(f"{prefix}: proposal limit for this turn reached")
        if set(action) != {"type", "give", "get"}:
            raise IllegalAction(f"{prefix}: keys must be exactly type, give, get")
        gold = self.gold_of_proposal(prefix, action)
        give = _counts(prefix, "give", _cards(action["give"]))
        get = _counts(prefix, "get", _cards(action["get"]))
        goods = self.commodities_of_proposal(prefix, action)
        if not (any(give) or gold[0] or any(goods[0])) or not (
            any(get) or gold[1] or any(goods[1])
        ):
            raise IllegalAction(f"{prefix}: each side must give at least one card (BG-TRADE-03)")
        if any(give[r] and get[r] for r in range(5)):
            raise IllegalAction(f"{prefix}: the same resource on both sides (A-BG-15)")
        h = self.hand[p]
        if any(give[r] > h[r] for r in range(5)):
            raise IllegalAction(f"{prefix}: you do not hold the cards you offer")
        if gold[0] and gold[0] > self.gold[p]:
            raise IllegalAction(f"{prefix}: you do not hold the gold you offer")
        if any(goods[0]) and any(
            n > m for n, m in zip(goods[0], self.ck_commodities[p], strict=True)
        ):
            raise IllegalAction(f"{prefix}: you do not hold the commodities you offer")

    def commodities_of_proposal(self, prefix: str, action: Action) -> tuple[list[int], list[int]]:
        """Commodities (given, asked) of a proposal: only in a Cities & Knights game (CK-TR-01,
        commodities trade card for card like resources); ``([], [])`` without any."""
        found: list[list[int]] = [[], []]
        for i, side in enumerate(("give", "get")):
            value = action[side]
            if not isinstance(value, dict) or not COMMODITIES.intersection(value):
                continue
            if getattr(self, "ck_commodities", None) is None:
                raise IllegalAction(f"{prefix}: no commodities in this game ({side})")
            counts = [0, 0, 0]
            for k, name in enumerate(COMMODITY_ORDER):
                count = value.get(name, 0)
                if type(count) is not int or count < 0 or (name in value and count < 1):
                    raise IllegalAction(f"{prefix}: {side}[{name!r}] must be a positive integer")
                counts[k] = count
            found[i] = counts
        if found[0] and found[1] and any(a and b for a, b in zip(*found, strict=True)):
            raise IllegalAction(f"{prefix}: the same commodity on both sides (A-BG-15)")
        return found[0], found[1]

    def gold_of_proposal(self, prefix: str, action: Action) -> tuple[int, int]:
        """Gold (given, asked) of a proposal: only in a game with gold coins (RI-GU-02)."""
        gold = [0, 0]
        for i, side in enumerate(("give", "get")):
            value = action[side]
            if isinstance(value, dict) and "gold" in value:
                if getattr(self, "gold", None) is None:
                    raise IllegalAction(f"{prefix}: no gold in this game ({side} has 'gold')")
                count = value["gold"]
                if type(count) is not int or count < 1:
                    raise IllegalAction(f"{prefix}: {side}['gold'] must be a positive integer")
                gold[i] = count
        if gold[0] and gold[1]:
            raise IllegalAction(f"{prefix}: gold on both sides (A-BG-15)")
        return gold[0], gold[1]

    def _apply_propose_trade(self, action: Action) -> None:
        p = self.actor
        one_for_one = A.PROPOSE_INFO.get(id(action))
        if one_for_one is not None:
            give, get = [0] * 5, [0] * 5
            give[one_for_one[0]] = 1
            get[one_for_one[1]] = 1
        else:
            give = _counts("", "give", _cards(action["give"]))
            get = _counts("", "get", _cards(action["get"]))
        self.proposals += 1
        order = [(p + i) % self.n for i in range(1, self.n)]
        self.trade = {"proposer": p, "give": give, "get": get, "pending": order, "accepted": []}
        if one_for_one is None:
            gold = self.gold_of_proposal("", action)
            if any(gold):
                self.trade["gold"] = list(gold)
            goods = self.commodities_of_proposal("", action)
            if any(goods[0]) or any(goods[1]):
                self.trade["commodities"] = [goods[0] or [0, 0, 0], goods[1] or [0, 0, 0]]
        self.events.append(
            {
                "type": "propose_trade",
                "seat": p,
                "give": dict(action["give"]),
                "get": dict(action["get"]),
                "visible_to": "all",
            }
        )
        self._set_phase("trade_answer", order[0])

    def _legal_trade_answer(self) -> list[Action]:
        h, want = self.hand[self.actor], self.trade["get"]
        for r in range(5):
            if h[r] < want[r]:
                return [A.REJECT_TRADE]
        gold = self.trade.get("gold")
        if gold and self.gold[self.actor] < gold[1]:
            return [A.REJECT_TRADE]
        goods = self.trade.get("commodities")
        if goods and any(
            n > m for n, m in zip(goods[1], self.ck_commodities[self.actor], strict=True)
        ):
            return [A.REJECT_TRADE]
        return [A.ACCEPT_TRADE, A.REJECT_TRADE]

    def _answer(self, accepted: bool) -> None:
        seat = self.actor
        trade = self.trade
        trade["pending"].pop(0)
        if accepted:
            trade["accepted"].append(seat)
        self.events.append(
            {
                "type": "accept_trade" if accepted else "reject_trade",
                "seat": seat,
                "visible_to": "all",
            }
        )
        if trade["pending"]:
            self._set_phase("trade_answer", trade["pending"][0])
        elif trade["accepted"]:
            self._set_phase("trade_confirm", trade["proposer"])
        else:
            self.trade = None
            self.to_main()

    def _apply_accept_trade(self, action: Action) -> None:
        self._answer(True)

    def _apply_reject_trade(self, action: Action) -> None:
        self._answer(False)

    def _legal_trade_confirm(self) -> list[Action]:
        return [A.CONFIRM_TRADE[s] for s in self.trade["accepted"]] + [A.CANCEL_TRADE]

    def _apply_confirm_trade(self, action: Action) -> None:
        """BG-TRADE-02: the swap happens only between the active player and one opponent."""
        trade = self.trade
        p, q = trade["proposer"], action["seat"]
        give, get = trade["give"], trade["get"]
        hp, hq = self.hand[p], self.hand[q]
        for r in range(5):
            hp[r] += get[r] - give[r]
            hq[r] += give[r] - get[r]
        event = {
            "type": "trade",
            "seat": p,
            "partner": q,
            "give": _named(give),
            "get": _named(get),
            "visible_to": "all",
        }
        gold = trade.get("gold")
        if gold:  # gold on one side (RI-GU-02)
            if gold[0]:
                event["give"]["gold"] = gold[0]
            else:
                event["get"]["gold"] = gold[1]
        goods = trade.get("commodities")
        if goods:  # Cities & Knights (CK-TR-01)
            cp, cq = self.ck_commodities[p], self.ck_commodities[q]
            for k, name in enumerate(COMMODITY_ORDER):
                cp[k] += goods[1][k] - goods[0][k]
                cq[k] += goods[0][k] - goods[1][k]
                for side, counts in (("give", goods[0]), ("get", goods[1])):
                    if counts[k]:
                        event[side][name] = counts[k]
        self.events.append(event)
        if gold:
            from games.catan.mechanics import gold as coins

            payer, payee = (p, q) if gold[0] else (q, p)
            coins.transfer(self, payer, payee, gold[0] or gold[1], "trade")
        self.trade = None
        self.to_main()

    def _apply_cancel_trade(self, action: Action) -> None:
        self.events.append({"type": "cancel_trade", "seat": self.actor, "visible_to": "all"})
        self.trade = None
        self.to_main()


def _counts(prefix: str, side: str, value: Any) -> list[int]:
    if not isinstance(value, dict):
        raise IllegalAction(f"{prefix}: {side} must be an object resource -> count")
    counts = [0] * 5
    for name, count in value.items():
        if name not in RESOURCE_INDEX:
            raise IllegalAction(f"{prefix}: unknown resource {name!r} in {side}")
        if type(count) is not int or count < 1:
            raise IllegalAction(f"{prefix}: {side}[{name!r}] must be a positive integer")
        counts[RESOURCE_INDEX[name]] = count
    return counts


def _cards(value: Any) -> Any:
    """One side of a proposal without its gold and commodities (checked by
    ``gold_of_proposal`` and ``commodities_of_proposal``)."""
    if isinstance(value, dict) and ("gold" in value or COMMODITIES.intersection(value)):
        return {k: v for k, v in value.items() if k != "gold" and k not in COMMODITIES}
    return value


def _named(counts: list[int]) -> dict[str, int]:
    return {RESOURCES[r]: c for r, c in enumerate(counts) if c}
