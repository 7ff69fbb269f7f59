"""Hostile: reach PostgreSQL and Redis on the host's loopback (and anything over IPv6)."""

import socket

import arena_bot


def attack(turn):
    results = []
    for family, host, port in [
        (socket.AF_INET, "127.0.0.1", 5432),
        (socket.AF_INET, "127.0.0.1", 6379),
        (socket.AF_INET6, "::1", 6379),
    ]:
        try:
            with socket.socket(family, socket.SOCK_STREAM) as s:
                s.settimeout(1)
                s.connect((host, port))
            results.append(f"ATTACK-SUCCEEDED connected to {host}:{port}")
        except OSError as exc:
            results.append(f"{host}:{port} errno={exc.errno}")
    arena_bot.log("\n".join(results))
    if any("SUCCEEDED" in r for r in results):
        return 0
    raise RuntimeError("attack blocked")


arena_bot.run(attack)
