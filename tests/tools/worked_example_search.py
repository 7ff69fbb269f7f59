"""Search a stand-in board and dice for seed 003's worked example (turns 1-16); not a test.

The almanac's board picture is not in the seeds, so ``tests/games/catan/test_worked_example.py``
plays the example on a stand-in board. Whether a board carries the story is a question of
resource flows: each turn's named actions need cards that earlier rolls must have paid, and
several story details forbid cards (nobody holds grain in turn 13, white's hand is empty after
his city in turn 16). This tool models only hands: production per roll from the tiles and the
buildings standing at that turn, the story's spends and trades, and the story's conditions on
the hands after each roll (:func:`turn`). It searches the free rolls depth-first
(:func:`solve`), and boards by hill climbing over tile swaps and founding orders
(``python -m tests.tools.worked_example_search climb SEED SECONDS ORANGE_A ORANGE_B``).
A design it finds must then be played through the engine (the test), which checks what the model
leaves out: road and settlement legality, the bank, the legal lists.

Findings (2026-11-26, issue 11), with the founding of the test (red 17/14, blue 16/41, white
8/28, orange 37/18) and the numbers of the spiral from hex 7:

* Red needs grain for his turn-2 card and holds no brick then; his grain comes from fields 10,
  which blue shares (BG-EX-04/05), so the 10 that pays red pays blue too. Blue may hold exactly one
  grain when he settles in turn 11 (nobody holds grain in turns 13 and 15), so his second founding
  settlement must not touch fields 10, and then it must not touch hills either (blue lacks brick in
  turn 3): his brick has to come from the hex beside his first settlement.
* Orange needs lumber, brick, wool, one grain and three ore in turn 13 from two settlements, one
  of them (18) on the desert: the base founding cannot pay him brick at all.
* White must hold exactly 5 wool, 1 ore and 1 grain after the roll of turn 16, so no roll of his
  forest or hills numbers may come in turns 13-16.

No board was found that carries turns 1-16 with those settlements; climbing over tiles, founding
orders and orange's second settlement (40, 35, 39, 25) reached turn 13 at best (blue still holding
a grain). A variant of the climb that also moved orange's two settlements, red's second (on
pasture 12), blue's second and white's second (on hills 9) reached turn 13 as well in 15 minutes
of two niced processes on the loaded machine. The next step is a constructive design (choose each
seat's income so the rolls of turns 1-6 can serve red's, white's and orange's needs at once:
red needs a 10, an 11, a 9 and one card more by turn 6, white two grain and a brick beyond his
founding) rather than more climbing.
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
TEST_TERRAINS = (  # the board of test_worked_example.py (hex id order)
    "pasture", "fields", "mountains", "fields", "mountains", "forest", "pasture", "forest",
    "hills", "desert", "forest", "fields", "fields", "hills", "mountains", "pasture", "forest",
    "pasture", "hills",
)  # fmt: skip
NUMBERS = (8, 4, 11, 10, 11, 3, 12, 5, 9, 0, 6, 9, 2, 4, 5, 10, 6, 3, 8)  # spiral from hex 7
VARIABLE_HEXES = (1, 2, 4, 5, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18)  # not named by the story
Hands = list[list[int]]


@cache
def vertex_hexes() -> tuple[tuple[int, ...], ...]:
    from games.catan.board import board

    return tuple(tuple(h) for h in board("base_variable").vertex_hexes)


class Design:
    """Tiles, the founding (which settlement of each seat comes second, so pays) and the
    settlement orange builds in turn 13."""

    def __init__(self, terrains: Any, orange: tuple[int, int], second: tuple, x13: int | None):
        self.terrains = terrains
        self.second = second
        self.builds = [  # (first turn whose roll it collects on, vertex, seat, level)
            (1, orange[0], ORANGE, 1), (1, orange[1], ORANGE, 1), (1, 17, RED, 1),
            (1, 14, RED, 1), (1, 41, BLUE, 1), (1, 16, BLUE, 1), (1, 8, WHITE, 1),
            (1, 28, WHITE, 1), (7, 17, RED, 2), (9, 0, WHITE, 1), (12, 27, BLUE, 1),
        ]  # fmt: skip
        if x13 is not None:
            self.builds.append((14, x13, ORANGE, 1))
        self._paid: dict[tuple[int, int], Hands] = {}

    def paid(self, turn: int, roll: int) -> Hands:
        """What a roll pays each seat in ``turn`` (the robber on the desert, then from turn 8
        on fields 10)."""
        key = (turn, roll)
        if key not in self._paid:
            robber = 9 if turn < 8 else 3
            out = [[0] * 5 for _ in range(4)]
            for first, v, seat, level in self.builds:
                for h in vertex_hexes()[v] if first <= turn else ():
                    r = RESOURCE[self.terrains[h]]
                    if NUMBERS[h] == roll and h != robber and r is not None:
                        out[seat][r] += level
            self._paid[key] = out
        return self._paid[key]

    def founding(self) -> Hands:
        hands = [[0] * 5 for _ in range(4)]
        for seat, v in enumerate(self.second):
            for h in vertex_hexes()[v]:
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


def turn(design: Design, number: int, hands: Hands, roll: int) -> Hands | None:
    """The hands after turn ``number`` of the story with this roll, or None where the story's
    conditions fail (each condition quotes the turn it comes from)."""
    h = [list(x) for x in hands]
    if number == 8:  # the knight before the roll takes red's only card
        if sum(h[RED]) != 1:
            return None
        r = h[RED].index(1)
        h[RED][r], h[WHITE][r] = 0, h[WHITE][r] + 1
    if roll != 7:
        h = [
            [a + b for a, b in zip(x, y, strict=True)]
            for x, y in zip(h, design.paid(number, roll), strict=True)
        ]
    o, r, b, w = h
    if number == 1:  # orange builds nothing
        if _road(o) or _settlement(o) or _city(o) or _card(o):
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
    elif number == 4:  # white builds a road and buys a card
        if not (_road(w) and _card(w)):
            return None
        _pay(w, L, B, W, G, ORE)
    elif number == 5:  # orange buys a card
        if not _card(o):
            return None
        _pay(o, W, G, ORE)
    elif number == 6:  # lumber + brick for white's grain, Invention, city; one card left
        if r[ORE] < 2 or not _road(r) or not w[G]:
            return None
        _pay(r, L, B)
        w[L], w[B], w[G] = w[L] + 1, w[B] + 1, w[G] - 1
        r[ORE], r[G] = r[ORE] + 1, r[G] + 2
        _pay(r, ORE, ORE, ORE, G, G)
        if sum(r) != 1:
            return None
    elif number == 7:  # nobody discards; blue takes a lumber from white
        if any(sum(x) > 7 for x in h) or not w[L]:
            return None
        w[L], b[L] = w[L] - 1, b[L] + 1
    elif number == 8:  # white settles
        if not _settlement(w):
            return None
        _pay(w, L, B, W, G)
    elif number == 10:  # red cannot build
        if _road(r) or _settlement(r) or _city(r) or _card(r):
            return None
    elif number == 11:  # 4 lumber, one from orange for an ore, 4:1 for wool, a settlement
        if not (b[L] == 4 and b[B] and b[G] and b[ORE] and o[L]):
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
    elif number == 15:  # blue has wool and ore, no grain; builds a road
        if not (b[G] == 0 and b[W] and b[ORE] and _road(b)):
            return None
        _pay(b, L, B)
    elif number == 16:  # white: 5 wool, 1 ore, 1 grain; red's ore; 2:1 twice; a city
        if w != [0, 0, 5, 1, 1] or not r[ORE]:
            return None
        r[ORE], r[W], w[ORE], w[W] = r[ORE] - 1, r[W] + 1, w[ORE] + 1, w[W] - 1
        w[W], w[ORE], w[G] = w[W] - 4, w[ORE] + 1, w[G] + 1
        _pay(w, ORE, ORE, ORE, G, G)
    return h


def solve(design: Design, limit: int = 1) -> list[list[int]]:
    """Up to ``limit`` roll sequences (turns 1-16) that carry the story on this design."""
    found: list[list[int]] = []

    def go(number: int, hands: Hands, rolls: list[int]) -> bool:
        if number == 17:
            found.append(list(rolls))
            return len(found) >= limit
        for roll in (STORY_ROLLS[number],) if number in STORY_ROLLS else ROLLS:
            after = turn(design, number, hands, roll)
            if after is not None and go(number + 1, after, [*rolls, roll]):
                return True
        return False

    go(1, design.founding(), [])
    return found


def deepest(design: Design) -> int:
    """The first turn no roll sequence gets through (17: the whole story)."""
    best = 0

    def go(number: int, hands: Hands) -> bool:
        nonlocal best
        best = max(best, number)
        if number == 17:
            return True
        for roll in (STORY_ROLLS[number],) if number in STORY_ROLLS else ROLLS:
            after = turn(design, number, hands, roll)
            if after is not None and go(number + 1, after):
                return True
        return False

    go(1, design.founding())
    return best


def orange_spots(orange: tuple[int, int]) -> list[int]:
    """Where orange may settle in turn 13: three roads from a settlement of his (one of the
    founding, two of Road Building), the distance rule kept."""
    from games.catan.board import board

    geometry = board("base_variable")
    near = [
        {u for e in geometry.vertex_edges[v] for u in geometry.edge_vertices[e]} for v in range(54)
    ]
    taken = {17, 14, 16, 41, 8, 28, 0, 27, *orange}
    reach: set[int] = set()
    for start in orange:
        front = {start}
        for _ in range(3):
            front = {u for v in front for u in near[v]}
            reach |= front
    return sorted(v for v in reach if v not in taken and not (near[v] & taken))


def climb(seed: int, seconds: float, orange: tuple[int, int]) -> None:
    """Hill climbing over tile swaps and founding orders; prints each restart's best."""
    rng = random.Random(seed)
    choices = (orange, (14, 17), (16, 41), (28, 8))
    spots = orange_spots(orange)

    def score(terrains: list[str], second: tuple) -> int:
        depth = deepest(Design(terrains, orange, second, None))
        if depth < 14:
            return depth
        return max(deepest(Design(terrains, orange, second, x)) for x in spots)

    start = time.time()
    while time.time() - start < seconds:
        terrains = list(TEST_TERRAINS)
        shuffled = [terrains[h] for h in VARIABLE_HEXES]
        rng.shuffle(shuffled)
        terrains = [*terrains]
        for h, t in zip(VARIABLE_HEXES, shuffled, strict=True):
            terrains[h] = t
        second = tuple(rng.choice(c) for c in choices)
        best, stall = score(terrains, second), 0
        while stall < 200 and best < 17 and time.time() - start < seconds:
            t2, s2 = list(terrains), list(second)
            if rng.random() < 0.85:
                a, b = rng.sample(VARIABLE_HEXES, 2)
                t2[a], t2[b] = t2[b], t2[a]
            else:
                i = rng.randrange(4)
                s2[i] = choices[i][1] if s2[i] == choices[i][0] else choices[i][0]
            now = score(t2, tuple(s2))
            stall = 0 if now > best else stall + 1
            if now >= best:
                terrains, second, best = t2, tuple(s2), now
        print(best, second, [(h, terrains[h]) for h in VARIABLE_HEXES], flush=True)
        if best == 17:
            for x in spots:
                rolls = solve(Design(terrains, orange, second, x))
                if rolls:
                    print("FOUND", x, rolls[0], flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["climb"]:
        climb(int(sys.argv[2]), float(sys.argv[3]), (int(sys.argv[4]), int(sys.argv[5])))
    else:
        design = Design(TEST_TERRAINS, (37, 18), (18, 14, 16, 28), 30)
        print("the test's board: the story stops in turn", deepest(design))
