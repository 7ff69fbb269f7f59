"""Test bot: a uniformly random legal action, from a stream seeded by the start message."""

import json
import random
import sys

rng = random.Random(0)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        rng.seed(message.get("seed", 0) * 10 + message["seat"])
    elif message["type"] == "act":
        print(json.dumps({"action": rng.randrange(len(message["legal_actions"]))}), flush=True)
    elif message["type"] == "end":
        break
