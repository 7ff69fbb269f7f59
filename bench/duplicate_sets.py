"""How many games a set needs to name the better bot at 95 %, with and without duplicate seeds.

Usage::

    python bench/duplicate_sets.py [--game cardgame|catan] [--seeds 300] [--samples 4000]

Plays the example bots in-process (their own ``decide`` code, fed the runner's start and act
messages; no sandbox, so many games fit in minutes) on ``--seeds`` seeds, every seed once per
seat rotation of the bots, exactly as a duplicate set plays them (``tournament/formats/
sets.py``: one seed, seats rotated). Then, for each set size n, it draws sets from that pool
(``--samples`` times) and counts how often the set names the better bot (more games won, then
more total VP, the set's own rule):

- independent seeds: game i of the set on a seed of its own, seats rotating game by game;
- duplicate seeds: n / p seeds, each played in all p seat rotations.

Pairings: the heuristic against the random bot, and the heuristic against a "half" bot (the
heuristic that plays a uniformly random legal action half the time), a closer contest where
the set size matters. At four seats (``--game catan``): one of the first bot against three of
the second. Prints each pairing's single-game win rate, P(named) per set size, and the
smallest set that names the better bot at least 95 % of the time in each mode.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bots" / "sdk"))

import arena_bot  # noqa: E402

from bots import protocol  # noqa: E402
from games.common.api import CHANCE, TERMINAL  # noqa: E402
from games.common.chance import ChanceStreams  # noqa: E402
from games.registry import get_game  # noqa: E402

GAME_SETTINGS = {
    "cardgame": {"players": 2, "options": {}},
    "catan": {"players": 4, "options": {}},
}


def load_bot(game: str, name: str) -> ModuleType:
    path = ROOT / "bots" / "examples" / game / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{game}_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Player:
    """One seat's bot in-process: a fresh ``Match`` per game, its module's ``decide``."""

    def __init__(self, name: str, module: ModuleType, randomness: float = 0.0) -> None:
        self.name, self.module, self.randomness = name, module, randomness
        self.match: arena_bot.Match | None = None
        self.noise = random.Random(0)

    def start(self, message: dict[str, Any]) -> None:
        # A new process per game in the arena: the module's own generator starts afresh too.
        if hasattr(self.module, "rng"):
            self.module.rng.seed(7)
        self.match = arena_bot.Match(
            game=message["game"],
            seat=message["seat"],
            num_players=message["num_players"],
            options=message["options"],
            time_control=message["time_control"],
            engine_version=message["engine_version"],
            static=message.get("static") or {},
            bot_seed=message["bot_seed"],
        )
        self.noise.seed(message["bot_seed"] ^ 0x5EED)
        if hasattr(self.module, "on_start"):
            self.module.on_start(self.match)

    def decide(self, message: dict[str, Any]) -> int | dict[str, Any]:
        legal = message["legal_actions"]
        if self.randomness and self.noise.random() < self.randomness:
            return self.noise.randrange(len(legal))
        assert self.match is not None
        turn = arena_bot.Turn(self.match, message["step"], message["observation"], legal, {})
        return self.module.decide(turn)


def play(game_name: str, seats: list[Player], seed: int) -> tuple[list[int], list[float]]:
    """One game; (ranks, scores) per seat."""
    game = get_game(game_name)
    options = GAME_SETTINGS[game_name]["options"]
    state = game.new_game(num_players=len(seats), seed=seed, options=options)
    static = game.static_info(options)
    for seat, player in enumerate(seats):
        player.start(
            protocol.start_message(
                game=game_name,
                engine_version=game.version,
                seat=seat,
                num_players=len(seats),
                options=options,
                time_control={},
                bot_seed=protocol.bot_seed(seed, seat),
                static=static,
            )
        )
    chance = ChanceStreams(seed)
    step = 0
    while True:
        actor = state.current_player()
        if actor == TERMINAL:
            result = state.result()
            ranking = list(result["ranking"])
            return [ranking.index(s) + 1 for s in range(len(seats))], list(result["scores"])
        if actor == CHANCE:
            state.apply(chance.sample(state))
        else:
            legal = state.legal_actions()
            message = protocol.act_message(
                step=step, observation=state.observation(actor), legal_actions=legal, clock={}
            )
            choice = seats[actor].decide(message)
            state.apply(legal[choice] if isinstance(choice, int) else choice)
        step += 1


Game = tuple[int | None, tuple[float, ...]]
"""One game by entrant (0 is the better bot, 1… its rivals in table order): the winner, or
None, and every entrant's VP."""


def pool(game: str, first: Player, second: Player, seeds: int) -> list[list[Game]]:
    """Per seed, one game per seat rotation (rotation k puts entrant e in seat (e + k) mod p)."""
    players = GAME_SETTINGS[game]["players"]
    entrants = [first] + [second] * (players - 1)
    games = []
    for seed in range(1, seeds + 1):
        rotations = []
        for shift in range(players):
            seat_of = [(entrant + shift) % players for entrant in range(players)]
            seats = [entrants[seat_of.index(seat)] for seat in range(players)]
            ranks, scores = play(game, seats, seed)
            firsts = [e for e in range(players) if ranks[seat_of[e]] == 1]
            rotations.append(
                (
                    firsts[0] if len(firsts) == 1 else None,
                    tuple(float(scores[seat_of[e]]) for e in range(players)),
                )
            )
        games.append(rotations)
    return games


def names_the_better_bot(games: list[Game]) -> bool:
    """The set's rule (``formats/sets.py``): the most games won, then the most total VP; the
    better bot (entrant 0) is named when it stands first alone."""
    players = len(games[0][1])
    key = [
        (sum(winner == e for winner, _ in games), sum(vp[e] for _, vp in games))
        for e in range(players)
    ]
    return all(key[0] > key[e] for e in range(1, players))


def chance_named(
    rotations: list[list[Game]], size: int, duplicate: bool, samples: int, rng: random.Random
) -> float | None:
    players = len(rotations[0])
    if duplicate and size % players:
        return None
    hits = 0
    for _ in range(samples):
        if duplicate:
            chosen = [g for seed in rng.sample(rotations, size // players) for g in seed]
        else:
            seeds = rng.sample(rotations, size)
            chosen = [seed[i % players] for i, seed in enumerate(seeds)]
        hits += names_the_better_bot(chosen)
    return hits / samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="cardgame", choices=sorted(GAME_SETTINGS))
    parser.add_argument("--seeds", type=int, default=300)
    parser.add_argument("--samples", type=int, default=4000)
    parser.add_argument("--max-size", type=int, default=16)
    parser.add_argument(
        "--only", choices=["random", "half"], help="play only this pairing (default: both)"
    )
    args = parser.parse_args()
    heuristic = load_bot(args.game, "heuristic_bot")
    random_bot = load_bot(args.game, "random_bot")
    pairings: list[tuple[str, Callable[[], tuple[Player, Player]]]] = [
        (
            "heuristic vs random",
            lambda: (Player("heuristic", heuristic), Player("random", random_bot)),
        ),
        (
            "heuristic vs half (heuristic, random half the time)",
            lambda: (Player("heuristic", heuristic), Player("half", heuristic, randomness=0.5)),
        ),
    ]
    if args.only:
        pairings = [
            pairing for pairing in pairings if pairing[0].split(" vs ")[1].startswith(args.only)
        ]
    players = GAME_SETTINGS[args.game]["players"]
    print(
        f"{args.game}: {args.seeds} seeds × {players} seat rotations per pairing, "
        f"{args.samples} sampled sets per size"
    )
    for title, make in pairings:
        first, second = make()
        start = time.perf_counter()
        rotations = pool(args.game, first, second, args.seeds)
        seconds = time.perf_counter() - start
        flat = [g for seed in rotations for g in seed]
        print(
            f"\n{title}: {len(flat)} games in {seconds:.1f} s; the first bot wins "
            f"{100 * sum(g[0] == 0 for g in flat) / len(flat):.1f} % of single games"
        )
        rng = random.Random(1)
        needed: dict[bool, int | None] = {False: None, True: None}
        print("set size  independent seeds  duplicate seeds")
        for size in range(1, args.max_size + 1):
            row = []
            for duplicate in (False, True):
                p = chance_named(rotations, size, duplicate, args.samples, rng)
                row.append("—" if p is None else f"{100 * p:5.1f} %")
                if p is not None and p >= 0.95 and needed[duplicate] is None:
                    needed[duplicate] = size
            print(f"{size:8d}  {row[0]:>17}  {row[1]:>15}")
        for duplicate in (False, True):
            label = "duplicate seeds" if duplicate else "independent seeds"
            found = needed[duplicate]
            print(f"  95 % with {label}: {found if found else f'more than {args.max_size}'} games")


if __name__ == "__main__":
    main()
