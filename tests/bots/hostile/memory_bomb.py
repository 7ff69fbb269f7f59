"""Hostile: allocate and touch 4 GB."""

import arena_bot


def attack(turn):
    hoard = []
    for _ in range(64):
        hoard.append(bytearray(64 * 1024 * 1024))  # zero-filled, so every page is touched
    arena_bot.log("ATTACK-SUCCEEDED allocated 4 GB")
    return 0


arena_bot.run(attack)
