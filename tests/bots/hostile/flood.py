"""Hostile: print 1 GB to stdout without a newline."""

import sys

import arena_bot


def attack(turn):
    block = "x" * (1 << 20)
    for _ in range(1024):
        sys.stdout.write(block)
    sys.stdout.flush()
    return 0


arena_bot.run(attack)
