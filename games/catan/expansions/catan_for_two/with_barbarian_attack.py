"""Catan for Two with Barbarian Attack (``{"catan_for_two": true, "scenario":
"barbarian_attack"}``, 2 players): the glue of the pair.

* The foreign knight (C2-BA-01) is a knight of the first neutral colour (owner 2) in the
  scenario's ``ba_knight``: it goes on the first free castle path (in id order) as soon as the
  first real knight is placed; at the end of a turn, after the player's own knight moves, he
  may march it up to 3 paths (phase ``foreign_knight``: ``move_foreign_knight`` {to} or
  ``keep_foreign_knight``); it counts in battles, takes no prisoner (the real players involved
  share them) and is never lost; a victory it took part in rolls no loss die: a fixed 3 is used.
* A settlement built in the turn brings the player's landing, then the neutral settlement it
  owes, then the neutral's landing (C2-BA-02); a city brings one landing and no neutral piece;
  a neutral road (no settlement fitted) brings none.
* The token action "move a barbarian" (C2-BA-03) replaces the robber's (there is no robber):
  ``c2_move_barbarian`` {from, to}, one barbarian from a coastal hex to another coastal hex with
  fewer than 3 (conquest and liberation as with Treason, BA-DC-04/06). A knight lost after a
  victory pays its owner 2 gold and 1 trade token instead of 3 gold.

Rules: C2-BA-01, C2-BA-02, C2-BA-03.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.catan.expansions.barbarian_attack import EXPANSION as BA
from games.catan.expansions.barbarian_attack import barbarians as B
from games.catan.expansions.barbarian_attack import knights as K
from games.catan.expansions.catan_for_two import EXPANSION as C2
from games.catan.expansions.catan_for_two.data import COMBINED
from games.catan.hooks import Combination
from games.catan.mechanics import gold

Action = dict[str, Any]
RULES = COMBINED["barbarian_attack"]
FOREIGN: int = RULES["foreign_knight_owner"]
KEEP: Action = {"type": "keep_foreign_knight"}


@cache
def move_foreign(to: int) -> Action:
    return {"type": "move_foreign_knight", "to": to}


@cache
def move_barbarian(a: int, b: int) -> Action:
    return {"type": "c2_move_barbarian", "from": a, "to": b}


def foreign_path(state: Any) -> int:
    """The path of the foreign knight, -1 before the first real knight."""
    return state.ba_knight.index(FOREIGN) if FOREIGN in state.ba_knight else -1


class WithBarbarianAttack(Combination):
    name = "catan_for_two+barbarian_attack"
    pair = ("catan_for_two", "barbarian_attack")
    replaces = {"catan_for_two": ("actions", "built"), "barbarian_attack": ("built",)}
    wraps = (
        "apply_place_knight",
        "apply_finish_turn",
        "apply_end_knight_moves",
        "outcomes_battle_losses",
        "chance_battle_losses",
        "chance_barbarian_landing",
        "apply_neutral_settlement",
    )
    stored_fields = ("c2_ba_owed",)
    sentences = {
        "foreign_knight": "The foreign knight comes to the castle {edge}.",
        "move_foreign_knight": "{who} marches the foreign knight {edge} to path {path}.",
        "c2_move_barbarian": "{who} moves a barbarian from hex {from_hex} to {hex}.",
    }

    def init(self, state: Any) -> None:
        state.c2_ba_owed = False  # a neutral settlement owed once the landing is over

    # ------------------------------------------------------------------ C2-BA-02
    def built(self, state: Any, p: int, piece: str, where: int) -> None:
        """Founding pieces and roads as Catan for Two alone (BA lands nothing for them); a
        city: the landing only (C2-NB-03); a settlement: tokens, landing, neutral, landing."""
        if not state.turn or piece == "road":
            C2.built(state, p, piece, where)
        elif piece == "city":
            BA.built(state, p, piece, where)
        else:
            C2.earn(state, p, C2.settlement_tokens(state, where), "settlement")
            state.c2_ba_owed = True
            if state.ba_supply > 0:
                B.start_landing(state)
            else:
                self.after_landing(state)

    def after_landing(self, state: Any) -> None:
        if state.c2_ba_owed:
            state.c2_ba_owed = False
            C2.demand_neutral_piece(state, state.turn_player, "settlement")

    def chance_barbarian_landing(self, state: Any, action: Action) -> None:
        BA.chance_barbarian_landing(state, action)
        if state.phase != "barbarian_landing":
            self.after_landing(state)

    def apply_neutral_settlement(self, state: Any, action: Action) -> None:
        """C2-BA-02: the neutral settlement's own landing, after the player's."""
        C2.apply_neutral_settlement(state, action)
        if state.turn and state.ba_supply > 0:
            B.start_landing(state)

    # ------------------------------------------------------------------ C2-BA-01
    def apply_place_knight(self, state: Any, action: Action) -> None:
        BA.apply_place_knight(state, action)
        if foreign_path(state) == -1:
            free = [e for e in K.castle_edges(state) if state.ba_knight[e] == -1]
            if free:
                state.ba_knight[free[0]] = FOREIGN
                state.events.append(
                    {"type": "foreign_knight", "edge": free[0], "visible_to": "all"}
                )

    def apply_finish_turn(self, state: Any, action: Action) -> None:
        if state.turn_player not in state.ba_knight and foreign_path(state) != -1:
            state.ba_moved, state.ba_spurred = [], []
            state._set_phase("foreign_knight", state.turn_player)
        else:
            BA.apply_finish_turn(state, action)

    def apply_end_knight_moves(self, state: Any, action: Action) -> None:
        if foreign_path(state) != -1:
            state._set_phase("foreign_knight", state.turn_player)
        else:
            BA.apply_end_knight_moves(state, action)

    def legal_foreign_knight(self, state: Any) -> list[Action]:
        e = foreign_path(state)
        owner = state.ba_knight
        moves = K._moves(state.board, e, RULES["foreign_knight_range"])
        return [KEEP, *(move_foreign(f) for f, _ in moves if owner[f] == -1)]

    def apply_keep_foreign_knight(self, state: Any, action: Action) -> None:
        K.start_battles(state)

    def apply_move_foreign_knight(self, state: Any, action: Action) -> None:
        e, to = foreign_path(state), action["to"]
        state.ba_knight[e] = -1
        state.ba_knight[to] = FOREIGN
        state.events.append(
            {
                "type": "move_foreign_knight",
                "seat": state.actor,
                "edge": e,
                "path": to,
                "visible_to": "all",
            }
        )
        K.start_battles(state)

    def outcomes_battle_losses(self, state: Any) -> list[tuple[Action, float]]:
        """A victory the foreign knight took part in: a fixed 3 instead of the loss roll."""
        if any(state.ba_knight[e] == FOREIGN for e in state.ba_battle["edges"]):
            return [(K.LOSS[RULES["foreign_loss_die"] - 1], 1.0)]
        return BA.outcomes_battle_losses(state)

    def chance_battle_losses(self, state: Any, action: Action) -> None:
        K.losses(state, action["die"], pay=self.pay_lost_knight)

    @staticmethod
    def pay_lost_knight(state: Any, p: int) -> None:
        """C2-BA-03: 2 gold and 1 trade token for a lost knight."""
        gold.gain(state, p, RULES["lost_knight_gold"], "knight_lost")
        C2.earn(state, p, RULES["lost_knight_tokens"], "lost_knight")

    # ------------------------------------------------------------------ C2-BA-03
    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        C2.token_actions(state, p, legal, self.barbarian_moves)

    def barbarian_moves(self, state: Any) -> list[Action]:
        ring = B.coastal(state)
        bars = state.ba_barbarians
        targets = [h for h in ring if bars[h] < B.CONQUER_AT]
        return [move_barbarian(a, b) for a in ring if bars[a] for b in targets if a != b]

    def apply_c2_move_barbarian(self, state: Any, action: Action) -> None:
        a, b = action["from"], action["to"]
        C2.pay_tokens(state, state.actor, "move_barbarian")
        B.take_barbarian(state, a)
        state.ba_supply += 1  # back to the supply, from where it lands on ``b``
        B.put_barbarian(state, b)
        state.events.append(
            {
                "type": "c2_move_barbarian",
                "seat": state.actor,
                "from_hex": a,
                "hex": b,
                "visible_to": "all",
            }
        )


GLUE = WithBarbarianAttack()
