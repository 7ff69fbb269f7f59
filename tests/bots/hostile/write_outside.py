"""Hostile: write outside the scratch directory (its own code, the SDK, system dirs)."""

import os

import arena_bot

TARGETS = [
    "/bot/main.py",
    "/bot/new.py",
    "/sdk/arena_bot.py",
    "/usr/evil",
    "/evil",
    "/etc/evil",
    "/var/tmp/evil",
    "/dev/shm/evil",
    "/proc/evil",
    "/work/evil",
    "/root/evil",
]


def attack(turn):
    wrote = []
    for path in TARGETS:
        try:
            with open(path, "a") as f:
                f.write("pwned")
            wrote.append(path)
        except OSError as exc:
            arena_bot.log(f"{path}: errno={exc.errno}")
    # The scratch directory is writable, as promised.
    with open(os.path.join(os.environ["HOME"], "notes.txt"), "w") as f:
        f.write("mine")
    if wrote:
        arena_bot.log(f"ATTACK-SUCCEEDED wrote {wrote}")
        return 0
    raise RuntimeError("attack blocked")


arena_bot.run(attack)
