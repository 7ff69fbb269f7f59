"""The Fishermen of Catan (``{"scenario": "fishermen"}``, 3-4 players) as a plug-in.

The first scenario of Traders & Barbarians: a lake instead of the desert, six fishing grounds
on the frame, fish tokens drawn from a face-down supply and spent on small favours, the old boot
(its holder needs one point more), the robber beside the board until the first 7 or knight.
Rules by topic: ``grounds`` (where fish come from), ``supply`` (the tokens), ``spending`` (what
fish buy, the boot), ``views`` (observation, picture, words); boards in ``layouts/``, numbers in
``fish.json``; readings where the sources are silent in ``README.md``.

Rules: FI-CO-01..05, FI-SU-01..06, FI-PR-01..06, FI-HO-01..03, FI-SP-01..04, FI-BO-01..03,
FI-VP-01, A-FI-01..05 (reference/expansions/fishermen.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.catan.expansions.fishermen import grounds, spending, supply, views
from games.catan.hooks import Expansion

Action = dict[str, Any]


class Fishermen(Expansion):
    name = "fishermen"
    option = "scenario"
    values = ("fishermen",)
    players = (3, 4)
    combines_with = ("catan_for_two",)  # C2-FI-01 (catan_for_two/with_fishermen.py)
    stored_fields = (
        "fish_grounds",
        "fish_supply",
        "fish_spent",
        "fish_held",
        "fish_boot",
        "fish_queue",
        "fish_then",
    )
    chance_kinds: ClassVar[dict[str, str]] = {
        "fishing_grounds": "board",
        "fish_draw": "deck:fish",
    }
    sentences = views.SENTENCES

    def validate(self, options: dict[str, Any], num_players: int) -> None:
        super().validate(options, num_players)
        if options.get("placement") != "founding":
            raise ValueError(
                "fishermen is founded in snake order: option placement must be 'founding'"
            )

    def layout(self, options: dict[str, Any]) -> str:
        return "fishermen"  # FI-SU-01: the lake inside the island; the `layout` option is moot

    # hooks --------------------------------------------------------------------
    def init(self, state: Any) -> None:
        supply.init_supply(state)
        state.fish_grounds = []

    board_laid = staticmethod(grounds.start_laying)  # FI-SU-03
    founding_done = staticmethod(grounds.founding_fish)  # FI-SU-06
    produced = staticmethod(grounds.produce_fish)  # FI-PR-01, FI-PR-02
    actions = staticmethod(spending.add_fish_actions)  # FI-SP-02, FI-BO-03
    target = staticmethod(spending.boot_target)  # FI-BO-02
    observe = staticmethod(views.observe)
    view = staticmethod(views.view)
    hand_view = staticmethod(views.hand_view)

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        return views.draw_board(view, geometry)

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        return views.seat_words(view, seat)

    # phases, decisions and chance nodes ---------------------------------------------
    def outcomes_fishing_grounds(self, state: Any) -> list[tuple[Action, float]]:
        return grounds.ground_outcomes(state)

    def chance_fishing_grounds(self, state: Any, action: Action) -> None:
        grounds.lay_ground(state, action)

    def outcomes_fish_draw(self, state: Any) -> list[tuple[Action, float]]:
        return supply.draw_outcomes(state)

    def chance_fish_draw(self, state: Any, action: Action) -> None:
        supply.draw(state, action)

    def legal_fish_full(self, state: Any) -> list[Action]:
        return supply.full_choices(state)

    def apply_swap_fish(self, state: Any, action: Action) -> None:
        supply.swap(state, action)

    def apply_pass_fish(self, state: Any, action: Action) -> None:
        supply.pass_draw(state)

    def apply_fish_for(self, state: Any, action: Action) -> None:
        spending.apply_fish_for(state, action)

    def apply_give_boot(self, state: Any, action: Action) -> None:
        spending.apply_give_boot(state, action)


EXPANSION = Fishermen()
