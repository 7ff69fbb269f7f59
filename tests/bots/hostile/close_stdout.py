"""Hostile: close stdout, then keep running."""

import os
import time

import arena_bot


def attack(turn):
    os.close(1)
    time.sleep(3600)


arena_bot.run(attack)
