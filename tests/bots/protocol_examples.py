"""Recording the worked examples of ``docs/protocol.md`` from real games (and reading them back).

``python -m tests.bots.protocol_examples`` prints fresh examples to paste into the document;
``test_protocol_doc.py`` replays the ones in the document against the engines.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from bots import protocol
from bots.botproc import Clock
from bots.limits import TimeControl
from bots.runner import static_info
from games.common.chance import ChanceStreams
from games.registry import get_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
EXAMPLES = {"cardgame": (3, 2), "catan": (4, 3)}  # game: (seed, players)


def record(game_id: str, seed: int, players: int, acts: int = 3) -> tuple[dict, list[str]]:
    """Seat 0's first ``acts`` decisions and its ``end`` message; others play at random."""
    game = get_game(game_id)
    state = game.new_game(num_players=players, seed=seed, options={})
    chance = ChanceStreams(seed)
    rng = random.Random(seed)
    start = protocol.start_message(
        game=game_id,
        engine_version=game.version,
        seat=0,
        num_players=players,
        options={},
        time_control=TimeControl().to_dict(),
        bot_seed=protocol.bot_seed(seed, 0),
        static=static_info(game, {}),
    )
    lines = ["> " + json.dumps(start, separators=(",", ":"))]
    actions: list[dict[str, Any]] = []
    shown = 0
    step = 0
    recording = True
    while not state.is_terminal():
        seat = state.current_player()
        if seat < 0:
            action = chance.sample(state)
        else:
            legal = state.legal_actions()
            index = rng.randrange(len(legal))
            action = legal[index]
            if seat == 0 and shown < acts:
                act = protocol.act_message(
                    step=step,
                    observation=state.observation(0),
                    legal_actions=legal,
                    clock=Clock(TimeControl()).to_dict(),
                )
                lines.append("> " + json.dumps(act, separators=(",", ":")))
                lines.append("< " + json.dumps({"action": index}))
                shown += 1
            step += 1
        state.apply(action)
        if recording:
            actions.append(action)
            recording = shown < acts  # stop after the answer to the last act shown
    result = state.result()
    lines.append("> …")
    end = protocol.end_message(
        result=result,
        observation=state.observation(0),
        you={"seat": 0, "rank": result["ranking"].index(0) + 1},
    )
    lines.append("> " + json.dumps(end, separators=(",", ":")))
    meta = {"game": game_id, "seed": seed, "num_players": players, "options": {}, "seat": 0}
    meta["actions"] = actions
    return meta, lines


def render(game_id: str) -> str:
    seed, players = EXAMPLES[game_id]
    meta, lines = record(game_id, seed, players)
    return (
        f"<!-- replay: {json.dumps(meta, separators=(',', ':'))} -->\n"
        + "```text\n"
        + "\n".join(lines)
        + "\n```\n"
    )


_EXAMPLE = re.compile(r"<!-- replay: (\{.*?\}) -->\n```text\n(.*?)\n```", re.S)


def read_examples(text: str) -> list[tuple[dict, list[str]]]:
    return [(json.loads(m.group(1)), m.group(2).splitlines()) for m in _EXAMPLE.finditer(text)]


if __name__ == "__main__":
    for name in EXAMPLES:
        print(render(name))
