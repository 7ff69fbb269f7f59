"""``{{ n|size }}``: a byte count in the units the upload rules speak (``bots.sizes``)."""

from __future__ import annotations

from django import template

from bots.sizes import format_size

register = template.Library()


@register.filter
def size(value: int) -> str:
    return format_size(int(value))
