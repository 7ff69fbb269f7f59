"""Hostile: fill the machine between its turns with spinning children, each in its own session.

Each child is its own scheduler group (autogroup) unless the slot's cgroup holds them all in
one: then they share one bot's weight and quota, and the opponent keeps its CPU. The bot itself
answers at once; its children's CPU is charged to it (a cheap move each, within its allowance).
"""

import json
import os
import sys

SPINNERS = 16

started = False
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":
        if not started:
            started = True
            for _ in range(SPINNERS):
                if os.fork() == 0:
                    os.setsid()
                    while True:
                        pass
        print(json.dumps({"action": len(message["legal_actions"]) - 1}), flush=True)
    elif message["type"] == "end":
        break
