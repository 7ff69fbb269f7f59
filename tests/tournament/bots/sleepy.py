"""Test bot: the first legal action after sleeping a second on every move. It uses almost no CPU
and stays inside every per-move limit: only its game's wall-clock budget stops it."""

import json
import sys
import time

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":
        time.sleep(1.0)
        print(json.dumps({"action": 0}), flush=True)
    elif message["type"] == "end":
        break
