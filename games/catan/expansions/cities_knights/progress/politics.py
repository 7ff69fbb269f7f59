"""Politics progress cards' effects (reference/expansions/cities-and-knights.md §11).

One pair of functions per card (see progress/__init__.py): playable_<slug>(state, seat)
and play_<slug>(state, seat, action). None yet: a card without them is never offered.
"""

from __future__ import annotations
