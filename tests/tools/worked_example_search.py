"""Design and check a stand-in board for seed 003's worked example (turns 1-16); not a test.

The almanac's board picture is not in the seeds, so ``tests/games/catan/test_worked_example.py``
plays the example on a stand-in board. Whether a board carries the story is a question of
resource flows: each turn's named actions need cards that earlier rolls must have paid, and
several story details forbid cards (nobody holds grain in turn 13, nobody holds wool in turn 7).
This tool models only hands: production per roll from the tiles, the number tokens (the spiral
from a corner) and the buildings standing at that turn, the story's spends and trades, and the
story's conditions on the hands after each roll (:func:`turn`). :func:`solve` searches the free
rolls depth-first (dead states remembered). A design it passes must then be played through the
engine (the test), which checks what the model leaves out: road and settlement legality, the
bank, the legal lists, who may accept a trade.

``python -m tests.tools.worked_example_search`` checks the test's design (:data:`TEST_DESIGN`):
it prints the rolls found and, for each incidental detail the test departs from
(:data:`DETAILS`), whether the board could carry it too. ``... climb SEED SECONDS DETAIL...``
hill-climbs from the test's design over tile swaps and settlement moves, scoring the turn the
story reaches with the named details required as well, to look for a board with fewer departures.

History (issue 11, 2026-11-26). The first stand-in board broke in turn 13 whatever the dice:
blue's founding paid him a grain from fields 10, so the 10 red needed gave him a second one;
orange's settlement was on the desert, with no brick income. Climbing over its tiles and founding
orders never passed turn 13 (an older version of this tool also counted a city as three cards).
The design that carries the story was built from the flows, not found by climbing from scratch:
red's city on fields 10, hills 9 and a forest, his pasture-12 settlement (the one founded second)
on a forest and a mountain, so red's turn-2 card is paid by the founding and one 10;
blue's second settlement away from fields 10 (his one grain is the 10 of turn 2); white's second
settlement on hills 9, fields and mountains (his turn-3 brick, turn-4 grain and ore); orange's
second on hills, mountains and forest. A structured random search over the corner of the tokens,
the tiles left free and the other settlements (a throwaway script on this model, about 10
minutes of one niced process, with the details of :data:`DETAILS` not required) then reached
turn 16, and a short climb with blue's wool and ore in turn 15 not required found the test's
board. The rolls the test plays (3, 10, 2, 9, 3, 5, 7, 8, 3, 10, 9, 4, 8, 5, 8, 8) are
those :func:`solve` finds with ``blue-two-lumber`` and ``blue-seven-cards`` required.
"""

from __future__ import annotations

import random
import sys
import time
from functools import cache
from typing import Any

L, B, W, G, ORE = range(5)  # lumber, brick, wool, grain, ore (the engine order)
ORANGE, RED, BLUE, WHITE = range(4)
ROLLS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
STORY_ROLLS = {7: 7, 10: 10}  # the two rolls the almanac gives
RESOURCE = {"forest": L, "hills": B, "pasture": W, "fields": G, "mountains": ORE, "desert": None}
Hands = list[list[int]]

TEST_DESIGN: dict[str, Any] = {  # the board and buildings of test_worked_example.py
    "corner": 11,
    "terrains": (
        "pasture",
        "forest",
        "pasture",
        "fields",
        "fields",
        "mountains",
        "fields",
        "pasture",
        "forest",
        "desert",
        "hills",
        "forest",
        "pasture",
        "mountains",
        "hills",
        "fields",
        "mountains",
        "forest",
        "hills",
    ),
    "fields_10": 15,
    # seat: (first founding settlement, second founding settlement, later settlement)
    "orange": (22, 40, 30),
    "red": (31, 34, None),  # 31 becomes the city in turn 6
    "blue": (41, 9, 49),
    "white": (8, 19, 0),
}

# Incidental details of the story the test departs from; each can be required by name.
DETAILS = {
    "orange-no-lumber": "turn 1: orange holds one brick and no lumber, so no road",
    "blue-two-lumber": "turn 1: blue holds two lumber",
    "blue-seven-cards": "turn 11: blue holds exactly 4 lumber, brick, grain, ore",
    "blue-wool-ore": "turn 15: blue holds wool and ore (a grain short of a card)",
    "white-empty": "turn 16: white's hand is empty after his city",
}
TEST_DETAILS = frozenset({"blue-two-lumber", "blue-seven-cards"})  # the ones the test keeps


@cache
def geometry() -> Any:
    from games.catan.board import board

    return board("base_variable")


class Design:
    """Tiles, tokens (from a corner), the founding and the settlements of turns 8, 11, 13."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        board = geometry()
        self.terrains = tuple(spec["terrains"])
        self.numbers = board.tokens_from_corner(list(self.terrains), spec["corner"])
        self.desert = self.terrains.index("desert")
        self.fields_10 = spec["fields_10"]
        (o1, o2, o3), (r1, r2, _), (b1, b2, b3), (w1, w2, w3) = (
            spec[k] for k in ("orange", "red", "blue", "white")
        )
        self.second = (o2, r2, b2, w2)
        self.builds = [  # (first turn whose roll it collects on, vertex, seat); a city twice
            *((1, v, seat) for seat, vs in enumerate(((o1, o2), (r1, r2), (b1, b2), (w1, w2)))
              for v in vs),
            (7, r1, RED), (9, w3, WHITE), (12, b3, BLUE), (14, o3, ORANGE),
        ]  # fmt: skip
        self._paid: dict[tuple[int, int], Hands] = {}

    def paid(self, turn: int, roll: int) -> Hands:
        """What a roll pays each seat in ``turn`` (the robber on the desert, then from turn 8
        on fields 10)."""
        key = (turn, roll)
        if key not in self._paid:
            robber = self.desert if turn < 8 else self.fields_10
            out = [[0] * 5 for _ in range(4)]
            for first, v, seat in self.builds:
                for h in geometry().vertex_hexes[v] if first <= turn else ():
                    r = RESOURCE[self.terrains[h]]
                    if self.numbers[h] == roll and h != robber and r is not None:
                        out[seat][r] += 1
            self._paid[key] = out
        return self._paid[key]

    def founding(self) -> Hands:
        hands = [[0] * 5 for _ in range(4)]
        for seat, v in enumerate(self.second):
            for h in geometry().vertex_hexes[v]:
                if RESOURCE[self.terrains[h]] is not None:
                    hands[seat][RESOURCE[self.terrains[h]]] += 1
        return hands


def _road(x: list[int]) -> bool:
    return x[L] >= 1 and x[B] >= 1


def _settlement(x: list[int]) -> bool:
    return _road(x) and x[W] >= 1 and x[G] >= 1


def _city(x: list[int]) -> bool:
    return x[G] >= 2 and x[ORE] >= 3


def _card(x: list[int]) -> bool:
    return x[W] >= 1 and x[G] >= 1 and x[ORE] >= 1


def _pay(x: list[int], *resources: int) -> None:
    for r in resources:
        x[r] -= 1


def turn(
    design: Design, number: int, hands: Hands, roll: int, details: frozenset[str] = frozenset()
) -> Hands | None:
    """The hands after turn ``number`` of the story with this roll, or None where the story's
    conditions fail (each condition quotes the turn it comes from; ``details`` names the
    incidental ones of :data:`DETAILS` to require as well)."""
    h = [list(x) for x in hands]
    if number == 8:  # the knight before the roll takes red's only card, a lumber
        if h[RED] != [1, 0, 0, 0, 0]:
            return None
        h[RED][L], h[WHITE][L] = 0, h[WHITE][L] + 1
    if roll != 7:
        h = [
            [a + b for a, b in zip(x, y, strict=True)]
            for x, y in zip(h, design.paid(number, roll), strict=True)
        ]
    o, r, b, w = h
    if number == 1:  # orange builds nothing; red and blue hold lumber, blue no brick
        if _settlement(o) or _city(o) or _card(o) or not r[L] or not b[L] or b[B]:
            return None
        if "orange-no-lumber" in details and (o[L] or o[B] != 1):
            return None
        if "blue-two-lumber" in details and b[L] < 2:
            return None
    elif number == 2:  # red lacks brick and buys a card
        if r[B] or not _card(r):
            return None
        _pay(r, W, G, ORE)
    elif number == 3:  # blue gives white a wool for a brick and builds a road
        if b[B] or not b[W] or not b[L] or not w[B]:
            return None
        b[W], b[B], w[W], w[B] = b[W] - 1, b[B] + 1, w[W] + 1, w[B] - 1
        _pay(b, L, B)
    elif number == 4:  # white offers grain + ore, builds a road and buys a card
        if not (_road(w) and _card(w)):
            return None
        _pay(w, L, B, W, G, ORE)
    elif number == 5:  # orange could build a road; he buys a card
        if not (_card(o) and _road(o)):
            return None
        _pay(o, W, G, ORE)
    elif number == 6:  # red: 2 ore, lumber + brick for white's grain (white has 2), Invention
        if r != [2, 1, 0, 0, 2] or w[G] < 2:
            return None
        _pay(r, L, B)
        w[L], w[B], w[G] = w[L] + 1, w[B] + 1, w[G] - 1
        r[ORE], r[G] = r[ORE] + 1, r[G] + 2
        _pay(r, ORE, ORE, ORE, G, G)
    elif number == 7:  # nobody discards; blue takes a lumber, has 5 cards; nobody else has wool
        if any(sum(x) > 7 for x in h) or not w[L] or o[W] or r[W] or w[W]:
            return None
        w[L], b[L] = w[L] - 1, b[L] + 1
        if sum(b) != 5 or b[L] < 2:
            return None
    elif number == 8:  # white settles
        if not _settlement(w):
            return None
        _pay(w, L, B, W, G)
    elif number == 10:  # red holds one ore only
        if r != [0, 0, 0, 0, 1]:
            return None
    elif number == 11:  # 4 lumber, one from orange for an ore, 4:1 for wool, a settlement
        if not (b[L] == 4 and not b[W] and b[B] and b[G] == 1 and b[ORE] and o[L]):
            return None
        if "blue-seven-cards" in details and b != [4, 1, 0, 1, 1]:
            return None
        b[L], b[ORE], o[L], o[ORE] = b[L] + 1, b[ORE] - 1, o[L] - 1, o[ORE] + 1
        b[L], b[W] = b[L] - 4, b[W] + 1
        _pay(b, L, B, W, G)
    elif number == 12:  # white builds a road
        if not _road(w):
            return None
        _pay(w, L, B)
    elif number == 13:  # orange one grain short of a city; nobody else has grain; he settles
        if not (o[ORE] >= 3 and o[G] == 1 and o[L] and o[B] and o[W]):
            return None
        if r[G] or b[G] or w[G]:
            return None
        _pay(o, L, B, W, G)
    elif number == 14:  # red builds a road
        if not _road(r):
            return None
        _pay(r, L, B)
    elif number == 15:  # blue has no grain; builds a road
        if b[G] or not _road(b):
            return None
        if "blue-wool-ore" in details and not (b[W] and b[ORE]):
            return None
        _pay(b, L, B)
    elif number == 16:  # white: 5+ wool, 1 ore, 1 grain; red's ore; 2:1 twice; a city
        if w[W] < 5 or w[ORE] != 1 or w[G] != 1 or not r[ORE] or r[G]:
            return None
        if "white-empty" in details and w != [0, 0, 5, 1, 1]:
            return None
        r[ORE], r[W], w[ORE], w[W] = r[ORE] - 1, r[W] + 1, w[ORE] + 1, w[W] - 1
        w[W], w[ORE], w[G] = w[W] - 4, w[ORE] + 1, w[G] + 1
        _pay(w, ORE, ORE, ORE, G, G)
        if not (r[L] and r[B] and r[W]):  # red: a grain short of a settlement
            return None
    return h


def solve(design: Design, details: frozenset[str] = frozenset()) -> tuple[int, list[int]]:
    """The first turn no roll sequence gets through (17: the whole story) and, if the story
    is carried, the rolls of turns 1-16."""
    dead: set[tuple[int, tuple[tuple[int, ...], ...]]] = set()
    rolls: list[int] = []
    best = 0

    def go(number: int, hands: Hands) -> bool:
        nonlocal best
        best = max(best, number)
        if number == 17:
            return True
        key = (number, tuple(map(tuple, hands)))
        if key in dead:
            return False
        for roll in (STORY_ROLLS[number],) if number in STORY_ROLLS else ROLLS:
            after = turn(design, number, hands, roll, details)
            if after is not None:
                rolls.append(roll)
                if go(number + 1, after):
                    return True
                rolls.pop()
        dead.add(key)
        return False

    go(1, design.founding())
    return best, rolls


def _legal(spec: dict[str, Any]) -> bool:
    """The distance rule among all settlements, fields 10 and hills 9 and pasture 8 where the
    story puts them, and later settlements within reach of the roads built before them."""
    board = geometry()
    near = [set(board.vertex_neighbors[v]) for v in range(board.num_vertices)]
    vs = [v for k in ("orange", "red", "blue", "white") for v in spec[k] if v is not None]
    if len(set(vs)) != len(vs) or any(u in near[v] for v in vs for u in vs):
        return False
    terrains = spec["terrains"]
    numbers = board.tokens_from_corner(list(terrains), spec["corner"])
    f10 = spec["fields_10"]
    red_city = spec["red"][0]
    hexes = board.vertex_hexes
    named = {numbers[h]: terrains[h] for h in hexes[red_city]}
    if terrains[f10] != "fields" or numbers[f10] != 10 or f10 not in hexes[red_city]:
        return False
    if named.get(9) != "hills" or terrains[0] != "pasture" or numbers[0] != 8:
        return False

    def two_roads(a: int, b: int) -> bool:
        return any(b in near[u] for u in near[a])

    def three_roads(a: int, b: int) -> bool:
        return any(two_roads(u, b) for u in near[a])

    (o1, o2, o3), (b1, b2, b3), (w1, w2, w3) = spec["orange"], spec["blue"], spec["white"]
    red_second = spec["red"][1]
    if not any(numbers[h] == 12 and terrains[h] == "pasture" for h in hexes[red_second]):
        return False
    if any(0 in hexes[v] for v in vs if v not in (w1, w2, w3)):  # pasture 8: white's only
        return False
    harbours = dict(zip(board.harbor_vertices, board.harbor_types, strict=True))
    blue_rates = {t for pair, t in harbours.items() for v in (b1, b2) if v in pair}
    if blue_rates & {"any", "lumber"}:  # blue trades lumber at 4:1 in turn 11
        return False
    return (
        w3 in (0, 4)
        and (two_roads(w1, w3) or two_roads(w2, w3))
        and (two_roads(b1, b3) or two_roads(b2, b3))
        and (three_roads(o1, o3) or three_roads(o2, o3))
        and f10 in hexes[b1]
    )


def climb(seed: int, seconds: float, details: frozenset[str]) -> None:
    """Hill climbing from the test's design; prints each improvement and any design found."""
    rng = random.Random(seed)
    spec = dict(TEST_DESIGN)
    score, _ = solve(Design(spec), details)
    start = time.time()
    while time.time() - start < seconds and score < 17:
        new = dict(spec)
        if rng.random() < 0.5:
            terrains = list(new["terrains"])
            a, b = rng.sample(range(19), 2)
            terrains[a], terrains[b] = terrains[b], terrains[a]
            new["terrains"] = tuple(terrains)
        else:
            seat = rng.choice(("orange", "red", "blue", "white"))
            spots = list(new[seat])
            i = rng.randrange(len(spots))
            if spots[i] is None or (seat, i) == ("red", 0):
                continue
            spots[i] = rng.randrange(geometry().num_vertices)
            new[seat] = tuple(spots)
        if not _legal(new):
            continue
        now, rolls = solve(Design(new), details)
        if now > score:
            print(now, new, flush=True)
        if now >= score:
            spec, score = new, now
        if score == 17:
            print("FOUND", rolls, spec, flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["climb"]:
        climb(int(sys.argv[2]), float(sys.argv[3]), frozenset(sys.argv[4:]))
    else:
        design = Design(TEST_DESIGN)
        reached, rolls = solve(design, TEST_DETAILS)
        print("the test's board, details", sorted(TEST_DETAILS), "kept: story carried to turn",
              reached - 1, "with rolls", rolls)  # fmt: skip
        for name, text in DETAILS.items():
            if name not in TEST_DETAILS:
                reached, _ = solve(design, TEST_DETAILS | {name})
                print(f"  with {name!r} too ({text}): to turn", reached - 1)
