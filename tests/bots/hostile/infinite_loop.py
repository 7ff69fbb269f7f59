"""Hostile: never answer, burning CPU."""

import arena_bot


def attack(turn):
    while True:
        pass


arena_bot.run(attack)
