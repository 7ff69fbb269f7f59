"""Test bot: the same CPU work for every decision, reporting its wall and CPU time to stderr.

A line ``work WALL_MS CPU_MS`` per decision: their ratio is how much of a CPU the bot got while
it worked (1.0 on an idle core), whatever the machine's speed.
"""

import json
import sys
import time

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":
        wall, cpu = time.perf_counter(), time.process_time()
        total = sum(i * i for i in range(150_000))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        sys.stderr.write(f"work {wall * 1000:.2f} {cpu * 1000:.2f} {total % 7}\n")
        print(json.dumps({"action": len(message["legal_actions"]) - 1}), flush=True)
    elif message["type"] == "end":
        break
