"""Hostile: answer with something that is not JSON."""

import sys

import arena_bot

arena_bot.log("about to misbehave")
for line in sys.stdin:
    if '"act"' in line:
        print("let me think... 3", flush=True)
