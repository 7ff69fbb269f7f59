"""The card game's vocabulary: resources, stacks, event-die faces, phases and options.

Rules: CG-COMP-01, CG-COMP-02, CG-EV-01.
"""

from __future__ import annotations

from typing import Any

RESOURCES: tuple[str, ...] = ("grain", "ore", "wool", "lumber", "brick", "gold")
"""CG-COMP-02: one resource per region type (Fields … Hills, Gold field)."""

BUILD_RESOURCES: tuple[str, ...] = ("grain", "ore", "wool", "lumber", "brick")
"""CG-COMP-03: gold never pays a building cost."""

UP = 1
DOWN = -1
SIDES: tuple[int, int] = (UP, DOWN)
SIDE_NAMES = {UP: "up", DOWN: "down"}

DEV_STACKS: tuple[str, ...] = ("dev0", "dev1", "dev2", "dev3", "dev4")
TERRITORY_STACKS: tuple[str, ...] = ("road", "settlement", "city", "region")
EVENT_STACK = "event"
ALL_STACKS: tuple[str, ...] = TERRITORY_STACKS + DEV_STACKS + (EVENT_STACK,)
DEV_STACK_SIZES: tuple[int, ...] = (13, 13, 12, 12, 12)
"""CG-SETUP-07: 62 development cards in five roughly equal stacks."""

EVENT_FACES: tuple[tuple[str, int], ...] = (
    ("tournament", 1),
    ("trade", 1),
    ("brigands", 1),
    ("plenty", 1),
    ("event", 2),
)
"""Event-die faces and how many of the six faces carry each (rulings: "?" on two faces)."""

START_HAND = 3
BASE_HAND_LIMIT = 3
MAX_STORE = 3
BRIGAND_THRESHOLD = 7
ACTION_VP_EACH = 3
ACTION_VP_COMBINED = 7
MAX_TURNS = 3000
"""Safety net only: a game reaching this many turns ends as ``turn_cap`` (counted by tests)."""

DEFAULT_OPTIONS: dict[str, Any] = {
    "vp_target": 12,
    "action_threshold": "each_3",
    "brigand_exemption": False,
    "civil_war_chooser": "owner",
    "spy_takes": "any",
    "robbers_steal": 2,
    "robbers_backfire": "swap",
    "gold_pays_draw": False,
    "max_trade_proposals": 3,
}
"""Rulings for the card game: the first value is the default reading (rulings.md)."""

OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "action_threshold": ("each_3", "combined_7"),
    "brigand_exemption": (False, True),
    "civil_war_chooser": ("owner", "opponent"),
    "spy_takes": ("any", "unit_or_action"),
    "robbers_backfire": ("swap", "none"),
    "gold_pays_draw": (False, True),
}
OPTION_RANGES: dict[str, tuple[int, int]] = {
    "vp_target": (3, 12),
    "robbers_steal": (1, 3),
    "max_trade_proposals": (0, 10),
}


def validate_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Return the full option dict: defaults overlaid with ``options``.

    Raises:
        ValueError: an unknown key, or a value outside the allowed choices or range.
    """
    merged = dict(DEFAULT_OPTIONS)
    if options is None:
        return merged
    if not isinstance(options, dict):
        raise ValueError("options must be a dict")
    for key, value in options.items():
        if key not in DEFAULT_OPTIONS:
            raise ValueError(f"unknown cardgame option {key!r} (known: {sorted(DEFAULT_OPTIONS)})")
        if key in OPTION_CHOICES:
            if type(value) is not type(DEFAULT_OPTIONS[key]) or value not in OPTION_CHOICES[key]:
                raise ValueError(
                    f"option {key!r} must be one of {OPTION_CHOICES[key]}, got {value!r}"
                )
        else:
            low, high = OPTION_RANGES[key]
            if type(value) is not int or not low <= value <= high:
                raise ValueError(f"option {key!r} must be an int in {low}..{high}, got {value!r}")
        merged[key] = value
    return merged
