"""Hostile: read the service's files, list other bots' code, leave files that outlive the match.

The targets are in ``targets.json`` beside this file (the test writes them: a fake service's
database, media, ``var/`` and settings, world-readable, and the real checkout's). Also reports
what the root of its world holds.
"""

import json
import os

import arena_bot

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "targets.json")) as f:
    TARGETS = json.load(f)


def attack(turn):
    done = []
    for path in TARGETS["read"]:
        try:
            with open(path, "rb") as f:
                f.read(100)
            done.append(f"read {path}")
        except OSError as exc:
            arena_bot.log(f"read {path}: errno={exc.errno}")
    for path in TARGETS["list"]:
        try:
            done.append(f"listed {path}: {os.listdir(path)[:5]}")
        except OSError as exc:
            arena_bot.log(f"list {path}: errno={exc.errno}")
    for path in TARGETS["write"]:
        try:
            with open(path, "w") as f:
                f.write("left behind")
            done.append(f"wrote {path}")
        except OSError as exc:
            arena_bot.log(f"write {path}: errno={exc.errno}")
    with open(TARGETS["scratch"], "w") as f:  # allowed: its own scratch, gone at the end
        f.write("mine")
    arena_bot.log("wrote its scratch")
    arena_bot.log(f"root holds {sorted(os.listdir('/'))}")
    if done:
        arena_bot.log(f"ATTACK-SUCCEEDED {done}")
        return 0
    raise RuntimeError("attack blocked")


arena_bot.run(attack)
