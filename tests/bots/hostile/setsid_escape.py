"""Hostile: double-fork a sleeper into its own session, then hang without using CPU."""

import os
import time

import arena_bot


def attack(turn):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.closerange(0, 3)
            time.sleep(3600)
        os._exit(0)
    time.sleep(3600)


arena_bot.run(attack)
