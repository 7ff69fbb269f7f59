"""``{{ svg|readable_width }}``: how wide a picture must be drawn for its smallest words to be
12 px high, for a phone, where the picture then scrolls sideways in its own box.

Read from the SVG itself (its ``viewBox`` width and the smallest ``font-size``), so a picture
module can change its layout or sizes without the stylesheet knowing.
"""

from __future__ import annotations

import math
import re

from django import template

register = template.Library()

READABLE_PX = 12.0
VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)')
FONT_SIZE = re.compile(r'font-size="([\d.]+)"')


@register.filter
def readable_width(svg: str) -> str:
    """A CSS length, e.g. ``1087px``; ``100%`` for a picture without a viewBox or text."""
    width = VIEWBOX.search(svg or "")
    sizes = [float(size) for size in FONT_SIZE.findall(svg or "") if float(size) > 0]
    if width is None or not sizes:
        return "100%"
    return f"{math.ceil(float(width.group(1)) * READABLE_PX / min(sizes))}px"
