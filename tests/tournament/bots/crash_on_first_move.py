"""Test bot: writes to its log, then dies on its first decision (a crash forfeit)."""

import json
import sys

for line in sys.stdin:
    if json.loads(line)["type"] == "act":
        print("about to crash", file=sys.stderr, flush=True)
        sys.exit(3)
