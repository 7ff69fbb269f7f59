"""A bot template: copy this file, fill in ``decide``, and test it locally exactly as the
server runs it:

    python manage.py play --game cardgame my_bot.py bots/examples/cardgame/random_bot.py --games 50

The rules of the exchange are in docs/protocol.md; ``arena_bot`` (the SDK) is on the path
inside the sandbox. A bot may be this single file, or a .zip with main.py and helper modules.
"""

from __future__ import annotations

import arena_bot


def on_start(match: arena_bot.Match) -> None:
    """Once per game: which game, your seat, the options, the clock, the board (``static``)."""
    arena_bot.log(f"playing {match.game} as seat {match.seat} of {match.num_players}")


def decide(turn: arena_bot.Turn) -> int | arena_bot.Action:
    """Return the index of one of ``turn.legal_actions`` (or the action object itself).

    ``turn.observation`` is what your seat sees; wrap it for convenience with
    ``arena_bot.CardGameView(turn.observation)`` or
    ``arena_bot.CatanView(turn.observation, turn.match.static)``. ``turn.clock`` says how much
    time is left (CPU: ``move_cpu_s`` free for this move, ``bank_cpu_s`` for the game; wall:
    ``game_wall_s`` for the game); ``turn.match.memory`` keeps anything you like between turns.
    """
    return 0


def on_end(match: arena_bot.Match, end: arena_bot.End) -> None:
    arena_bot.log(f"finished with rank {end.rank}: {end.result['reason']}")


if __name__ == "__main__":
    arena_bot.run(decide, on_start=on_start, on_end=on_end)
