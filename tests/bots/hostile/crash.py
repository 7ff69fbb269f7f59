"""Hostile: die with an exception on the first decision."""

import arena_bot


def attack(turn):
    raise ZeroDivisionError("bot bug")


arena_bot.run(attack)
