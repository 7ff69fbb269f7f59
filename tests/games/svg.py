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


def covered_tokens(root: ET.Element) -> list[tuple[str, str]]:
    """(harbour, hex) pairs of a board picture where a harbour's token overlaps a number token
    (radii 13 and 15; both drawn in the same frame, so their coordinates compare as they are)."""
    harbours = []
    for group in by_class(root, "harbor"):
        circle = next(group.iter(f"{SVG}circle"))
        centre = float(circle.get("cx")), float(circle.get("cy"))
        harbours.append((group.get("data-harbor"), *centre))
    covered = []
    for token in by_class(root, "token"):
        tx, ty = float(token.get("x")), float(token.get("y")) - 4  # the text sits 4 below
        for harbour, hx, hy in harbours:
            if (hx - tx) ** 2 + (hy - ty) ** 2 < (13 + 15) ** 2:
                covered.append((harbour, token.get("data-hex")))
    return covered
