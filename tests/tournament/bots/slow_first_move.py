"""Test bot: sleeps on its first decision, long enough to be killed mid-match."""

import json
import sys
import time

first = True
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":
        if first:
            time.sleep(float(message.get("sleep", 8)))
            first = False
        print(json.dumps({"action": 0}), flush=True)
    elif message["type"] == "end":
        break
