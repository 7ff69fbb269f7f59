"""The card game state: the engine API of contracts §1 on top of a queue of pending tasks.

Every compound step of the rules (a payment, an event card, an attack, a search) is expanded into
small *tasks* at the front of ``self.tasks``. A task is either a chance node, a decision of one
seat (``current_player()`` is that seat), or automatic (resolved by :meth:`_advance` without
input). When no task is pending the active player decides according to ``self.phase``
(``pre_roll``, ``main``, ``refill``).

Rules: CG-TURN-01..07 (the flow), CG-TOK-01..05 (tokens re-evaluated after every step),
CG-WIN-01, A-CG-13 (victory).
"""

from __future__ import annotations

import random
from typing import Any

from games.cardgame.cards import CARDS
from games.cardgame.constants import ACTION_VP_COMBINED, ACTION_VP_EACH, DEV_STACKS
from games.cardgame.domain import Domain
from games.common.api import CHANCE, TERMINAL
from games.common.chance import draw
from games.errors import IllegalAction

Action = dict[str, Any]


class CardGameState:
    """One position of the two-player card game, mutated in place by :meth:`apply`."""

    def __init__(self, seed: int, options: dict[str, Any]) -> None:
        self.seed = seed
        self.options = options
        self.domains: list[Domain] = [Domain(), Domain()]
        self.stacks: dict[str, list[str]] = {}  # top of a stack = last element
        self.pool: list[str] = []  # cards being shuffled into a stack, one chance node each
        self.removed: list[str] = []  # played action cards (CG-ACT-06)
        self.tokens: dict[str, int | None] = {"knight": None, "windmill": None}
        self.phase = "setup"
        self.active = 0
        self.first_player = 0
        self.turn = 0
        self.turns_taken = [0, 0]
        self.tasks: list[dict[str, Any]] = []
        self.attack: dict[str, Any] | None = None
        self.alchemist: int | None = None
        self.proposals = 0
        self.drew = False
        self.last_roll: dict[str, Any] | None = None
        self.outcome: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self._legal: list[Action] | None = None
        self._token_stats: tuple[dict[str, int], ...] | None = None

    # --- contract API ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        if self.tasks:
            task = self.tasks[0]
            return CHANCE if task["t"] in CHANCE_TASKS else task["seat"]
        return self.active

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def result(self) -> dict[str, Any]:
        """``{"ranking", "scores", "reason"}`` once terminal.

        Raises:
            ValueError: the game is not over.
        """
        if self.outcome is None:
            raise ValueError("the game is not over")
        return {
            "ranking": list(self.outcome["ranking"]),
            "scores": list(self.outcome["scores"]),
            "reason": self.outcome["reason"],
        }

    def chance_kind(self) -> str:
        if not self.tasks or self.tasks[0]["t"] not in CHANCE_TASKS:
            raise ValueError("not a chance node")
        return CHANCE_KIND[self.tasks[0]["t"]](self, self.tasks[0])

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.outcome is not None or not self.tasks or self.tasks[0]["t"] not in CHANCE_TASKS:
            raise ValueError("not a chance node")
        return CHANCE_OUTCOMES[self.tasks[0]["t"]](self, self.tasks[0])

    def sample_chance(self, rng: random.Random) -> Action:
        return draw(self.chance_outcomes(), rng)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            player = self.current_player()
            if player < 0:
                self._legal = []
            elif self.tasks:
                self._legal = TASK_LEGAL[self.tasks[0]["t"]](self, self.tasks[0])
            else:
                self._legal = PHASE_LEGAL[self.phase](self)
        # Copies, so a caller editing an action cannot change the cached list apply() checks.
        return [
            {k: dict(v) if type(v) is dict else v for k, v in a.items()}
            if a["type"] == "propose_trade"
            else dict(a)
            for a in self._legal
        ]

    def apply(self, action: Action) -> None:
        """Apply a decision or a chance outcome after checking it is legal here.

        Raises:
            IllegalAction: the game is over, the action is malformed or not legal now; the message
                names the seat and the rule.
        """
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(f"an action is a dict with a string 'type', got {action!r}")
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalAction(f"{action['type']}: the game is over (CG-WIN-01)")
        if player == CHANCE:
            task = self.tasks[0]
            if not any(action == outcome for outcome, _p in self.chance_outcomes()):
                raise IllegalAction(f"chance: {action!r} is not an outcome of {task['t']}")
            CHANCE_APPLY[task["t"]](self, task, action)
        else:
            legal = self._legal if self._legal is not None else self.legal_actions()
            assert self._legal is not None
            if action not in self._legal:
                from games.cardgame.illegal import check_open_action

                check_open_action(self, player, action, legal)
            if self.tasks:
                TASK_APPLY[self.tasks[0]["t"]](self, self.tasks[0], action)
            else:
                PHASE_APPLY[action["type"]](self, action)
        self._legal = None
        self._advance()

    def observation(self, seat: int) -> dict[str, Any]:
        from games.cardgame.observation import observe

        return observe(self, seat)

    def to_dict(self) -> dict[str, Any]:
        from games.cardgame.serialize import state_to_dict

        return state_to_dict(self)

    # --- helpers used by the rule modules -------------------------------------------------
    def other(self, seat: int) -> int:
        return 1 - seat

    def push(self, *tasks: dict[str, Any]) -> None:
        """Insert tasks at the front of the queue, in the given order."""
        self.tasks[0:0] = list(tasks)

    def pop_task(self) -> dict[str, Any]:
        return self.tasks.pop(0)

    def log(self, event_type: str, visible_to: Any = "all", **fields: Any) -> None:
        event = {"type": event_type, "visible_to": visible_to}
        event.update(fields)
        self.events.append(event)

    def vp(self, seat: int) -> int:
        """VP from the domain plus the tokens held (CG-WIN-02)."""
        bonus = (self.tokens["knight"] == seat) + (self.tokens["windmill"] == seat)
        return self.domains[seat].base_vp() + bonus

    def actions_allowed(self) -> bool:
        """The VP lock on action cards (CG-ACT-02, option ``action_threshold``)."""
        a, b = self.vp(0), self.vp(1)
        if self.options["action_threshold"] == "combined_7":
            return a + b >= ACTION_VP_COMBINED
        return a >= ACTION_VP_EACH and b >= ACTION_VP_EACH

    def hand_cards_of_type(self, seat: int, card_type: str) -> list[str]:
        return [c for c in self.domains[seat].hand if CARDS[c].type == card_type]

    def nonempty_dev_stacks(self) -> list[str]:
        return [k for k in DEV_STACKS if self.stacks[k]]

    def update_tokens(self) -> None:
        """Give each token to the strict leader, or to nobody on a tie (CG-TOK-01..05, A-CG-23)."""
        d0, d1 = self.domains
        s0_stats, s1_stats = d0.stats(), d1.stats()
        previous = self._token_stats
        if previous is not None and previous[0] is s0_stats and previous[1] is s1_stats:
            return  # no card laid or removed since the last evaluation
        self._token_stats = (s0_stats, s1_stats)
        s0, s1 = d0.strength(), d1.strength()
        knight = 0 if s0 > s1 else 1 if s1 > s0 else None
        t0, t1 = d0.trade(), d1.trade()
        leader = 0 if t0 > t1 else 1 if t1 > t0 else None
        windmill = leader if leader is not None and self.domains[leader].has_city() else None
        for name, holder in (("knight", knight), ("windmill", windmill)):
            if self.tokens[name] != holder:
                self.tokens[name] = holder
                self.log("token", token=name, holder=holder)

    def finish(self, reason: str, winner: int | None) -> None:
        scores = [self.vp(0), self.vp(1)]
        if winner is None:
            ranking = sorted((0, 1), key=lambda s: (-scores[s], s))
        else:
            ranking = [winner, self.other(winner)]
        self.outcome = {"ranking": ranking, "scores": scores, "reason": reason}
        self.tasks = []
        self.log("game_over", reason=reason, winner=winner, scores=scores)

    def check_victory(self) -> bool:
        """The active player wins at the target during his own turn (CG-WIN-01, A-CG-13)."""
        if self.phase != "setup" and self.vp(self.active) >= self.options["vp_target"]:
            self.finish("victory", self.active)
            return True
        return False

    def _advance(self) -> None:
        """Resolve automatic tasks and forced single choices until a real decision or chance."""
        while self.outcome is None:
            self.update_tokens()
            if not self.tasks:
                self.check_victory()
                return
            task = self.tasks[0]
            kind = task["t"]
            if kind in AUTO_TASKS:
                AUTO_TASKS[kind](self, task)
                continue
            if kind in CHANCE_TASKS:
                return
            skip = TASK_SKIP.get(kind)
            if skip is not None and skip(self, task):
                self.tasks.pop(0)
                continue
            forced = TASK_FORCED.get(kind)
            if forced is not None:
                legal = TASK_LEGAL[kind](self, task)
                if len(legal) == 1 and forced(self, task):
                    TASK_APPLY[kind](self, task, legal[0])
                    continue
            return


# Registries filled by the rule modules (imported at the bottom so they can import this one).
CHANCE_TASKS: set[str] = set()
CHANCE_KIND: dict[str, Any] = {}
CHANCE_OUTCOMES: dict[str, Any] = {}
CHANCE_APPLY: dict[str, Any] = {}
TASK_LEGAL: dict[str, Any] = {}
TASK_APPLY: dict[str, Any] = {}
TASK_SKIP: dict[str, Any] = {}
TASK_FORCED: dict[str, Any] = {}
AUTO_TASKS: dict[str, Any] = {}
PHASE_LEGAL: dict[str, Any] = {}
PHASE_APPLY: dict[str, Any] = {}


def register_chance(kind: str, stream: Any, outcomes: Any, apply: Any) -> None:
    CHANCE_TASKS.add(kind)
    CHANCE_KIND[kind] = stream
    CHANCE_OUTCOMES[kind] = outcomes
    CHANCE_APPLY[kind] = apply


def register_task(kind: str, legal: Any, apply: Any, skip: Any = None, forced: Any = None) -> None:
    """A decision task: ``legal(state, task)``, ``apply(state, task, action)``.

    ``skip(state, task)`` drops the task when it has nothing to decide; ``forced(state, task)``
    says a single legal choice may be applied without asking (only where the choice carries no
    information, such as paying from the only region that holds the resource).
    """
    TASK_LEGAL[kind] = legal
    TASK_APPLY[kind] = apply
    if skip is not None:
        TASK_SKIP[kind] = skip
    if forced is not None:
        TASK_FORCED[kind] = forced


import games.cardgame.main_phase  # noqa: E402  (fills the registries)
import games.cardgame.tasks  # noqa: E402
import games.cardgame.turn  # noqa: E402, F401
