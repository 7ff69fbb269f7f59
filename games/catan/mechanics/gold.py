"""Gold coins: a supply beside the hand, shared by The Rivers of Catan, Barbarian Attack and the
Traders & Barbarians main scenario (one module, owned by the Rivers plug-in's engineer).

What every scenario with gold has (the sources agree word for word on these):

* Gold is kept apart from the resource cards: it is never counted for the 7-card limit, never
  discarded, never robbed, never taken by Monopoly (RI-GU-04, BA-TU-02, TB-TU-02/03). The core's
  hand, discard, robbery and Monopoly rules only ever see ``state.hand``, so this holds by
  construction; the tests play it.
* Up to **twice per turn**, the player whose turn it is pays **2 gold** for 1 resource of his
  choice from the bank; gold may be spent the turn it is received (RI-GU-01, BA-TU-02, TB-TU-03).
  Action ``{"type": "exchange_gold", "resource": r}``.
* The bank **sells** gold: 4 identical resources for 1 gold, 3 with a generic (3:1) harbour; a
  2:1 harbour gives no better rate (RI-GU-03, A-RI-03, BA-TU-02, TB-TU-03). Action
  ``{"type": "buy_gold", "give": r, "rate": 4 | 3}``; a trade, so with the strict trade-then-build
  option it is offered only before building, as maritime trade is.
* Gold trades freely between players (RI-GU-02, BA-TU-02, TB-TU-03): a domestic proposal may put
  ``"gold": n`` on either side (see ``games/catan/trade.py``, the ``gold`` key of a proposal).

How a plug-in uses it: inherit :class:`GoldCoins` (it brings the two ``apply_`` methods; the
core's dispatch takes a method shared by several plug-ins once), add :data:`FIELDS` to its
``stored_fields``, and call :func:`init` (``init`` hook), :func:`start_turn`, :func:`add_actions`,
:func:`observe` and :func:`view` from its hooks. Its own rules pay gold with :func:`gain` and take
it with :func:`spend`; both keep the supply and log a public ``gold`` event.

State fields (public: coins lie open on the table, and the Rivers' Wealthiest/Poor Settler tiles
are judged by everyone): ``gold`` (per seat), ``gold_supply`` (coins left beside the board) and
``gold_exchanges`` (exchanges made this turn).

Where the sources are silent: the 40 coins (15 x 5 + 25 x 1 = 100 gold; RI-CO-04, BA-CO-04,
TB-CO-07) are a limit, as the bank's cards are: gold owed when the supply is empty is not paid
(the part that is left is). Exchanges and gold purchases are made in the main phase (after the
roll), as trades are.

Rules: RI-GU-01..04, RI-CO-04, BA-TU-02, TB-TU-03 (the gold parts).
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import RESOURCE_INDEX, RESOURCES

Action = dict[str, Any]

FIELDS = ("gold", "gold_supply", "gold_exchanges")
"""The state fields of the gold mechanic (a plug-in adds them to its ``stored_fields``)."""

SUPPLY = 100
"""Gold in the box: 15 coins of 5 and 25 of 1 (RI-CO-04, BA-CO-04, TB-CO-07)."""
EXCHANGE_PRICE = 2
"""Gold paid for one resource card (RI-GU-01)."""
EXCHANGES_PER_TURN = 2
"""Exchanges a player may make in his turn (RI-GU-01)."""
BANK_RATE, HARBOR_RATE = 4, 3
"""Resources the bank takes for 1 gold, without and with a generic harbour (RI-GU-03)."""

EXCHANGE = tuple({"type": "exchange_gold", "resource": r} for r in RESOURCES)
"""``EXCHANGE[r]``: pay 2 gold for one ``r``."""
BUY = tuple(
    {rate: {"type": "buy_gold", "give": r, "rate": rate} for rate in (4, 3)} for r in RESOURCES
)
"""``BUY[r][rate]``: give ``rate`` cards of ``r`` to the bank for 1 gold."""


def init(state: Any, start: int = 0) -> None:
    """Every seat starts with ``start`` gold (Rivers: 0; T&B main: 5, TB-SU)."""
    state.gold = [start] * state.n
    state.gold_supply = SUPPLY - start * state.n
    state.gold_exchanges = 0


def start_turn(state: Any, p: int) -> None:
    """A new turn: the two exchanges are available again (RI-GU-01)."""
    state.gold_exchanges = 0


def gain(state: Any, p: int, amount: int, reason: str) -> int:
    """Pay ``p`` up to ``amount`` gold from the supply; returns what was paid (the supply may be
    short). Logs ``{"type": "gold", "seat", "amount", "reason", "total"}``."""
    paid = min(amount, state.gold_supply)
    if paid <= 0:
        return 0
    state.gold[p] += paid
    state.gold_supply -= paid
    _changed(state, p, paid, reason)
    return paid


def spend(state: Any, p: int, amount: int, reason: str) -> None:
    """``p`` returns ``amount`` gold to the supply (the caller checked he holds it)."""
    if not 0 < amount <= state.gold[p]:
        raise ValueError(f"seat {p} cannot pay {amount} gold (holds {state.gold[p]})")
    state.gold[p] -= amount
    state.gold_supply += amount
    _changed(state, p, -amount, reason)


def transfer(state: Any, payer: int, payee: int, amount: int, reason: str) -> None:
    """``payer`` gives ``amount`` gold to ``payee`` (a trade, a toll)."""
    if not 0 < amount <= state.gold[payer]:
        raise ValueError(f"seat {payer} cannot pay {amount} gold (holds {state.gold[payer]})")
    state.gold[payer] -= amount
    state.gold[payee] += amount
    _changed(state, payer, -amount, reason)
    _changed(state, payee, amount, reason)


def _changed(state: Any, p: int, amount: int, reason: str) -> None:
    state.vp_dirty = True  # gold may carry victory points (Rivers: Wealthiest/Poor Settler)
    state.events.append(
        {
            "type": "gold",
            "seat": p,
            "amount": amount,
            "reason": reason,
            "total": state.gold[p],
            "visible_to": "all",
        }
    )


def gold_rate(state: Any, p: int) -> int:
    """Resources ``p`` gives the bank for 1 gold: 3 with a generic harbour, else 4 (RI-GU-03;
    a 2:1 harbour does not help, A-RI-03). A generic harbour makes every rate at most 3."""
    return HARBOR_RATE if max(state.rates[p]) <= HARBOR_RATE else BANK_RATE


def add_actions(state: Any, p: int, legal: list[Action]) -> None:
    """The gold actions of the turn player in his main phase (call from the ``actions`` hook)."""
    if state.phase != "main" or p != state.turn_player:
        return
    bank = state.bank
    if state.gold[p] >= EXCHANGE_PRICE and state.gold_exchanges < EXCHANGES_PER_TURN:
        legal.extend(EXCHANGE[r] for r in range(5) if bank[r])
    if state.gold_supply and (state.trade_after_build or not state.built_this_turn):
        rate = gold_rate(state, p)
        hand = state.hand[p]
        legal.extend(BUY[r][rate] for r in range(5) if hand[r] >= rate)


def observe(state: Any, seat: int, obs: dict[str, Any]) -> None:
    """``obs["gold"]``: every seat's gold, the supply, the turn player's exchanges left."""
    obs["gold"] = {
        "seats": list(state.gold),
        "supply": state.gold_supply,
        "exchanges_left": EXCHANGES_PER_TURN - state.gold_exchanges,
        "exchange_price": EXCHANGE_PRICE,
        "buy_rate": gold_rate(state, seat),
    }


def view(state: Any, view: dict[str, Any]) -> None:
    """The spectators' ``view["gold"]`` (all public)."""
    view["gold"] = {"seats": list(state.gold), "supply": state.gold_supply}


class GoldCoins:
    """Mixin of a plug-in (:class:`games.catan.hooks.Expansion`) that plays with gold: its two
    actions. Several plug-ins may inherit it; the core dispatches the shared method once."""

    def apply_exchange_gold(self, state: Any, action: Action) -> None:
        """RI-GU-01: 2 gold -> 1 resource of choice from the bank, at most twice per turn."""
        p = state.actor
        r = RESOURCE_INDEX[action["resource"]]
        spend(state, p, EXCHANGE_PRICE, "exchange")
        state.gold_exchanges += 1
        state.bank[r] -= 1
        state.hand[p][r] += 1
        state.events.append(
            {
                "type": "exchange_gold",
                "seat": p,
                "resource": action["resource"],
                "gold": EXCHANGE_PRICE,
                "visible_to": "all",
            }
        )

    def apply_buy_gold(self, state: Any, action: Action) -> None:
        """RI-GU-03: 4 identical resources (3 with a generic harbour) -> 1 gold."""
        p = state.actor
        r, rate = RESOURCE_INDEX[action["give"]], action["rate"]
        state.hand[p][r] -= rate
        state.bank[r] += rate
        state.events.append(
            {
                "type": "buy_gold",
                "seat": p,
                "give": action["give"],
                "rate": rate,
                "visible_to": "all",
            }
        )
        gain(state, p, 1, "bank")


def _gold_sentence(told: Any) -> str | None:
    amount, reason = told.event["amount"], told.event["reason"]
    if reason in TOLD_ELSEWHERE:
        return None  # the exchange, purchase or trade event says it
    verb = "receives" if amount > 0 else "pays"
    return f"{told.words['who']} {verb} {abs(amount)} gold ({REASONS.get(reason, reason)})."


TOLD_ELSEWHERE = frozenset({"exchange", "bank", "trade"})
"""Gold moves that their own event words (``exchange_gold``, ``buy_gold``, ``trade``)."""

REASONS = {
    "exchange": "2 gold for a resource",
    "bank": "bought from the bank",
    "trade": "a trade",
}
"""Words of the reasons of ``gold`` events; a plug-in adds its own (``REASONS[...] = ...``)."""

SENTENCES: dict[str, Any] = {
    "gold": _gold_sentence,
    "exchange_gold": "{who} pays {gold} gold for 1 {resource}.",
    "buy_gold": "{who} gives {rate} {give} to the bank for 1 gold.",
}
"""The gold events in words: a plug-in puts these very objects into its ``sentences`` (the
narration accepts the same sentence from several plug-ins)."""
