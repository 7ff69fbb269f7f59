"""Find a worked example of every Cities & Knights decision in seeded random games; not a test.

A decision kind is a phase in which a seat chooses (``ck_discard``, ``ck_pillage``...) or, in the
progress cards' phase ``ck_progress``, the pending step (``give_card``, ``spy_take``...). For
each kind this plays seeded random games (the replay of ``test_doc_decisions.py``: the seed's
``random.Random`` picks decisions, ``ChanceStreams`` the chance outcomes) and prints, for the
first occurrence, the block docs/scenarios/cities_and_knights.md shows: the hidden comment
(players, seed, actions applied, size of the legal list), the abridged ``act`` message and the
heuristic example bot's answer.

Usage: ``python -m tests.tools.ck_worked_decisions [FIRST_SEED LAST_SEED]``.
"""

from __future__ import annotations

import json
import random
import sys
from types import SimpleNamespace
from typing import Any

from games.catan import GAME
from games.catan.expansions.cities_knights import EXPANSION
from games.catan.expansions.cities_knights.progress.steps import STEPS
from games.common.api import CHANCE, TERMINAL
from games.common.chance import ChanceStreams

OPTIONS = {"cities_and_knights": True}
PROGRESS_PHASE = "ck_progress"
SHOWN_ACTIONS = 8
"""The legal actions quoted at most (the comment gives the list's size)."""
SHOWN_CK_KEYS = {
    "ck_discard": ("my_commodities",),
    "ck_progress_discard": ("my_progress_cards",),
    "ck_aqueduct": ("levels",),
    "ck_pillage": ("barbarian_strength", "knight_strength", "cities_on_board", "walls"),
    "ck_defender_deck": ("levels", "knight_strength"),
    "ck_metropolis": ("levels", "metropolises", "pending_metropolis"),
    "ck_retreat": ("knights", "retreating_knight"),
    "deserter_remove": ("knights",),
    "give_card": ("my_commodities",),
    "harbor_offer": ("commodities",),
}
"""Beside ``progress_pending``, the keys of ``cities_and_knights`` each kind's example shows."""


HAND_OVER_CARDS = ("Saboteur", "Wedding", "Commercial Harbor")
"""The cards whose ``give_card`` step is shown each: to the bank, to the player, a commodity."""


def decision_kinds() -> set[str]:
    """Every C&K decision kind the engine has: the plug-in's phases with a legal list, the
    progress phase replaced by its steps."""
    phases = {name[len("legal_") :] for name in dir(EXPANSION) if name.startswith("legal_ck_")}
    return (phases - {PROGRESS_PHASE}) | set(STEPS)


def kind_of(observation: dict[str, Any]) -> str | None:
    """The decision kind an observation of the deciding seat shows (None: not a C&K one)."""
    phase = observation["phase"]
    if not phase.startswith("ck_"):
        return None
    if phase == PROGRESS_PHASE:
        return observation["cities_and_knights"]["progress_pending"]["step"]
    return phase


def example_kind(observation: dict[str, Any]) -> str | None:
    """:func:`kind_of`, the hand-over step told apart by card (``give_card:Wedding``)."""
    kind = kind_of(observation)
    if kind == "give_card":
        return f"{kind}:{observation['cities_and_knights']['progress_pending']['card']}"
    return kind


def example_kinds() -> set[str]:
    return (decision_kinds() - {"give_card"}) | {f"give_card:{c}" for c in HAND_OVER_CARDS}


def abridged(kind: str, observation: dict[str, Any]) -> dict[str, Any]:
    ck = observation["cities_and_knights"]
    shown = {key: ck[key] for key in SHOWN_CK_KEYS.get(kind, ())}
    if "progress_pending" in ck:
        shown["progress_pending"] = ck["progress_pending"]
    head = ("seat", "phase", "current_player", "turn", "turn_player")
    pending = {"pending": observation["pending"]} if observation["pending"] else {}
    return {
        **{key: observation[key] for key in head},
        **pending,  # the 7's discard: how many cards are still due
        "you": {"resources": observation["you"]["resources"]},
        "cities_and_knights": shown,
    }


def heuristic():
    from tests.games.catan.expansions.cities_knights.test_bots import load_heuristic

    return load_heuristic()


def find(players: int, seed: int, wanted: set[str], bot) -> dict[str, str]:
    arena_bot, module = bot
    match = SimpleNamespace(static=GAME.static_info(dict(OPTIONS)))
    state = GAME.new_game(players, seed, dict(OPTIONS))
    streams, rng = ChanceStreams(seed), random.Random(seed)
    found: dict[str, str] = {}
    applied = decisions = 0
    while state.current_player() != TERMINAL and applied < 200_000 and wanted - set(found):
        seat = state.current_player()
        kind = example_kind(state.observation(seat)) if seat >= 0 else None
        if kind == "ck_retreat" and state.events[-1]["type"] != "displace_knight":
            kind = None  # the knight a displacement sends back (the Intrigue's retreats alike)
        if kind in wanted and kind not in found and len(state.legal_actions()) >= 2:
            observation = json.loads(json.dumps(state.observation(seat)))
            legal = json.loads(json.dumps(state.legal_actions()))
            turn = arena_bot.Turn(match, decisions, observation, legal, {})
            answer = legal[module.decide(turn)]
            shown = legal[:SHOWN_ACTIONS]
            if answer not in shown:
                shown[-1] = answer
            meta = {"players": players, "seed": seed, "applied": applied, "legal": len(legal)}
            act = {
                "type": "act",
                "step": decisions,
                "observation": abridged(kind.split(":")[0], observation),
                "legal_actions": shown,
            }
            found[kind] = (
                f"<!-- ck-decision {json.dumps(meta)} -->\n```text\n"
                f"> {json.dumps(act, separators=(',', ':'))}\n"
                f"< {json.dumps({'action': answer})}\n```"
            )
        if state.current_player() == CHANCE:
            state.apply(streams.sample(state))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            decisions += 1
        applied += 1
    return found


def main(first: int = 1, last: int = 40) -> None:
    wanted = example_kinds()
    bot = heuristic()
    found: dict[str, str] = {}
    for seed in range(first, last + 1):
        for players in (3, 4):
            for kind, block in find(players, seed, wanted - set(found), bot).items():
                found[kind] = block
        if set(found) == wanted:
            break
    for kind in sorted(found):
        print(f"### {kind}\n\n{found[kind]}\n")
    print("missing:", sorted(wanted - set(found)), file=sys.stderr)


if __name__ == "__main__":
    main(*map(int, sys.argv[1:3]))
