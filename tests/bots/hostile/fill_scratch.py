"""Hostile: fill the scratch directory (and so the disk under it)."""

import os

import arena_bot


def attack(turn):
    written = 0
    chunk = b"x" * (1 << 20)
    try:
        for n in range(10_000):  # 10 GB if nothing stops it
            with open(os.path.join(os.environ["HOME"], f"fill-{n}"), "wb") as f:
                for _ in range(4):
                    f.write(chunk)
                    f.flush()
                    written += len(chunk)
    except OSError as exc:
        arena_bot.log(f"stopped after {written} bytes: errno={exc.errno}")
        raise RuntimeError("attack blocked") from None
    arena_bot.log(f"ATTACK-SUCCEEDED wrote {written} bytes")
    return 0


arena_bot.run(attack)
