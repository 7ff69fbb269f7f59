"""Hostile: fork a CPU spinner at once (before any message), then play normally, hoping the
child's CPU is not charged to it."""

import os

import arena_bot

if os.fork() == 0:
    while True:
        pass

arena_bot.run(lambda turn: 0)
