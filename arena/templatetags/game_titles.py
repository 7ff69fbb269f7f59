"""``{{ game|game_title }}``: a game id as people read it ("catan" → "Catan board game").

A builtin of the template engine (``TEMPLATES`` in ``arena/settings.py``), so every page, the
bare error pages included, names games the same way without loading anything; URLs and forms'
values keep the id.
"""

from __future__ import annotations

from django import template

from games import registry

register = template.Library()


@register.filter
def game_title(game_id: str) -> str:
    return registry.game_title(str(game_id))
