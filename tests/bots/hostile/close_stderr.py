"""Hostile: close stderr (a naive runner then spins on its EOF), then never answer."""

import os
import time

import arena_bot


def attack(turn):
    os.close(2)
    time.sleep(3600)


arena_bot.run(attack)
