"""Hostile to throughput: every answer is legal but comes just inside the per-decision wall-clock
backstop, after a sleep that uses no CPU. Logs the clock of each ``act`` on stderr."""

import json
import sys
import time

backstop_s = 0.0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        backstop_s = message["time_control"]["wall_backstop_s"]
    elif message["type"] == "act":
        print("clock " + json.dumps(message["clock"]), file=sys.stderr, flush=True)
        time.sleep(0.8 * backstop_s)
        print(json.dumps({"action": 0}), flush=True)
    elif message["type"] == "end":
        break
