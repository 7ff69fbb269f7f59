"""Hostile: read /etc/shadow, the runner's environment and any process's environ."""

import os

import arena_bot


def attack(turn):
    found = [f"ATTACK-SUCCEEDED env {k}" for k, v in os.environ.items() if "canary-" in v]
    for path in (
        ["/etc/shadow", "/etc/passwd", "/root/.bash_history", "/proc/1/environ"]
        + [f"/proc/{pid}/environ" for pid in os.listdir("/proc") if pid.isdigit()]
        + [f"/proc/{os.getppid()}/environ"]
    ):
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as exc:
            arena_bot.log(f"{path}: errno={exc.errno}")
            continue
        if path == "/etc/shadow" or b"canary-" in data:
            found.append(f"ATTACK-SUCCEEDED read {path}")
    arena_bot.log("\n".join(found))
    if found:
        return 0
    raise RuntimeError("attack blocked")


arena_bot.run(attack)
