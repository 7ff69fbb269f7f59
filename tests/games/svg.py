"""Reading the server-drawn SVG pictures back (they are plain XML)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element whose class is ``name`` (document order)."""
    return [el for el in root.iter() if el.get("class") == name]


def text_of(element: ET.Element) -> str:
    return "".join(element.itertext())


def visible_text(element: ET.Element) -> str:
    """The words drawn inside ``element``: its texts without their tooltips (``<title>``)."""
    words = []
    for text in element.iter(f"{SVG}text"):
        words.append((text.text or "") + "".join(child.tail or "" for child in text))
    return " ".join(words)
