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


@register.filter
def options_of(options: dict, game_id: str) -> str:
    """``{{ match.options|options_of:match.game }}``: what the match played differently from the
    game's defaults, in words ("masters, victory points 3"); "" for the defaults."""
    game = registry.GAMES.get(str(game_id))
    defaults = getattr(game, "default_options", {}) if game else {}
    words = []
    for name, value in sorted((options or {}).items()):
        if defaults.get(name) == value:
            continue
        label = str(name).replace("_", " ")
        if value is True:
            words.append(label)
        elif value is False:
            words.append(f"no {label}")
        else:
            words.append(f"{label} {value}")
    return ", ".join(words)
