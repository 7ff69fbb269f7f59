"""Pictures and words shared by the special scenarios: harbours laid during the game.

``draw_harbours`` draws the view's ``placed_harbours`` exactly as the core draws printed ones
(``picture._harbours``, given those harbours' intersections in place of the printed ones).
"""

from __future__ import annotations

from typing import Any


def draw_harbours(view: dict[str, Any], geometry: Any) -> list[str]:
    """SVG of the harbours laid so far (New World, the Forgotten Tribe's gifts)."""
    placed = view.get("placed_harbours") or []
    if not placed:
        return []
    from games.catan import picture  # drawn only for a picture, never in play

    sides = [h["vertices"] for h in placed]
    return picture._harbours(
        geometry, sides, [h["type"] for h in placed], view["board"]["terrains"]
    )


def _harbour_words(kind: str) -> str:
    return "a 3:1 harbour" if kind == "any" else f"a 2:1 {kind} harbour"


HARBOUR_SENTENCES: dict[str, Any] = {
    "number_tokens": "The number tokens are laid, no two red numbers side by side.",
    "place_harbour": lambda told: (
        f"{told.words['who']} lays {_harbour_words(told.event['harbour'])} {told.words['edge']}."
    ),
}
