"""The 120 cards: loaded from ``data/cards.json`` and validated once at import.

Every card copy gets an instance id: the type id, plus ``#n`` when the type has several copies
(``spy#2``). All rule code looks cards up in :data:`CARDS` by instance id.

Rules: CG-COMP-01, CG-COMP-04, CG-SETUP-01, CG-SETUP-06, CG-SETUP-07, CG-SETUP-08.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.cardgame.constants import BUILD_RESOURCES, RESOURCES

DATA_FILE = Path(__file__).with_name("data") / "cards.json"

EXPECTED_COUNTS = {
    "start_A": 9,
    "start_B": 9,
    "territory_road": 7,
    "territory_settlement": 5,
    "territory_city": 7,
    "territory_region": 11,
    "action_yellow": 20,
    "event_blue": 10,
    "development_green": 17,
    "development_green_knight": 9,
    "development_red": 16,
}
KINDS = ("road", "settlement", "city", "region", "action", "event", "green", "red")
ROLES = ("building", "knight", "fleet")


@dataclass(frozen=True)
class Card:
    """One card type's static facts (shared by its copies)."""

    type: str
    kind: str
    category: str
    cost: dict[str, int] = field(default_factory=dict)
    vp: int = 0
    strength: int = 0
    tournament: int = 0
    trade: int = 0
    role: str = ""
    resource: str = ""
    number: int = 0
    doubles: str = ""
    fleet_resource: str = ""
    owner: str = ""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(f"cards.json: {message}")


def load_cards(path: Path = DATA_FILE) -> tuple[dict[str, Card], list[str]]:
    """Read and validate the card file; return (instance id → card, instance ids in file order).

    Raises:
        ValueError: wrong total or category counts, unknown kind/resource, bad cost or number.
    """
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    entries = raw.get("cards")
    _check(isinstance(entries, list), "missing 'cards' list")
    counts: dict[str, int] = {}
    cards: dict[str, Card] = {}
    order: list[str] = []
    for entry in entries:
        type_id = entry["id"]
        _check(entry.get("kind") in KINDS, f"{type_id}: unknown kind {entry.get('kind')!r}")
        _check(bool(entry.get("source")), f"{type_id}: every card names its source")
        count = entry["count"]
        _check(isinstance(count, int) and count >= 1, f"{type_id}: bad count {count!r}")
        cost = entry.get("cost", {})
        for resource, amount in cost.items():
            _check(resource in BUILD_RESOURCES, f"{type_id}: cost in {resource!r} (CG-COMP-03)")
            _check(isinstance(amount, int) and amount > 0, f"{type_id}: bad cost {amount!r}")
        kind = entry["kind"]
        if kind in ("green", "red"):
            _check(entry.get("role") in ROLES, f"{type_id}: development card needs a role")
            _check(bool(cost), f"{type_id}: development card without a cost")
        if kind == "region":
            _check(entry.get("resource") in RESOURCES, f"{type_id}: bad region resource")
            _check(entry.get("number") in range(1, 7), f"{type_id}: region number not 1..6")
        card = Card(
            type=type_id,
            kind=kind,
            category=entry["category"],
            cost=dict(cost),
            vp=entry.get("vp", 0),
            strength=entry.get("strength", 0),
            tournament=entry.get("tournament", 0),
            trade=entry.get("trade", 0),
            role=entry.get("role", ""),
            resource=entry.get("resource", ""),
            number=entry.get("number", 0),
            doubles=entry.get("doubles", ""),
            fleet_resource=entry.get("fleet_resource", ""),
            owner=entry.get("owner", ""),
        )
        counts[card.category] = counts.get(card.category, 0) + count
        for copy in range(1, count + 1):
            instance = type_id if count == 1 else f"{type_id}#{copy}"
            _check(instance not in cards, f"duplicate card id {instance}")
            cards[instance] = card
            order.append(instance)
    _check(len(cards) == 120, f"expected 120 cards, found {len(cards)} (CG-COMP-01)")
    _check(counts == EXPECTED_COUNTS, f"category counts {counts} != {EXPECTED_COUNTS}")
    return cards, order


CARDS, CARD_ORDER = load_cards()


def cards_where(predicate: Any) -> list[str]:
    """Instance ids (file order) of the cards whose type satisfies ``predicate``."""
    return [cid for cid in CARD_ORDER if predicate(CARDS[cid])]


DEV_CARDS = cards_where(lambda c: c.kind in ("action", "green", "red"))
EVENT_CARDS = cards_where(lambda c: c.kind == "event")
STACK_REGIONS = cards_where(lambda c: c.kind == "region" and not c.owner)
ROAD_CARDS = cards_where(lambda c: c.kind == "road" and not c.owner)
SETTLEMENT_CARDS = cards_where(lambda c: c.kind == "settlement" and not c.owner)
CITY_CARDS = cards_where(lambda c: c.kind == "city")
START_CARDS = {
    seat: cards_where(lambda c, owner=owner: c.owner == owner)
    for seat, owner in ((0, "A"), (1, "B"))
}


def card_type(card_id: str) -> str:
    """The type id of an instance id (``spy#2`` → ``spy``)."""
    return CARDS[card_id].type
