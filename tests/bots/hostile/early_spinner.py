"""Hostile: fork a CPU spinner at once (before any message), then answer slowly without using
CPU itself, hoping only the main process is timed."""

import os
import time

import arena_bot

if os.fork() == 0:
    while True:
        pass


def answer_late(turn):
    time.sleep(1.5)  # the spinner burns a core meanwhile
    return 0


arena_bot.run(answer_late)
