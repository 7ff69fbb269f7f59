"""Hostile: answer with an action that is not legal."""

import arena_bot


def attack(turn):
    return {"type": "bank", "points": 99}


arena_bot.run(attack)
