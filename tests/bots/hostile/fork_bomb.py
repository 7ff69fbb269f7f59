"""Hostile: fork bomb; every process keeps forking and spinning."""

import contextlib
import os

import arena_bot


def attack(turn):
    while True:
        with contextlib.suppress(OSError):
            os.fork()


arena_bot.run(attack)
