"""Test bot: always the first legal action, written against the raw protocol (no SDK)."""

import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":
        print(json.dumps({"action": 0}), flush=True)
    elif message["type"] == "end":
        break
