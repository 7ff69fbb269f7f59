"""Playing one match between sandboxed bots: the function the workers and the local runner call.

``play_match`` owns the engine state, the chance streams and the bots' clocks. Every fault of a
bot becomes a forfeit; anything wrong with the engine or the sandbox raises ``PlatformError``.
In a 3–4 seat game a forfeiting seat is played on by the fallback policy (a uniformly random
legal action from the seat's own fallback stream) and ranked last, so the others' game goes on;
the match stops early once fewer than two bots are left.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import random
import traceback
from collections.abc import Callable, Sequence
from typing import Any

from bots import protocol, sandbox
from bots.botproc import BotProcess, BotSpec
from bots.limits import SandboxLimits, TimeControl
from bots.outcome import ILLEGAL_ACTION, MatchOutcome, PlatformError, SeatResult
from bots.protocol import BotFault
from games.common.api import CHANCE, TERMINAL, Game, State
from games.common.chance import ChanceStreams
from games.common.replay import final_state_sharing_log
from games.errors import IllegalAction

__all__ = ["BotSpec", "PlatformError", "SandboxLimits", "TimeControl", "play_match"]

MAX_STEPS = 200_000
"""A game longer than this is an engine bug (every engine has a turn limit)."""

_log = logging.getLogger(__name__)

OnStep = Callable[[int, dict[str, Any], State], None]


def static_info(game: Game, options: dict[str, Any]) -> dict[str, Any] | None:
    """What never changes during a game (the board's geometry), sent once in ``start``."""
    return game.static_info(options)


def static_info_for(game: Game, options: dict[str, Any], num_players: int) -> dict[str, Any] | None:
    """:func:`static_info` of a game whose board depends on the player count (Catan with a
    Seafarers map): its ``static_info`` takes ``num_players`` too."""
    if "num_players" in inspect.signature(game.static_info).parameters:
        return game.static_info(options, num_players=num_players)  # type: ignore[call-arg]
    return game.static_info(options)


def play_match(
    game: str | Game,
    bots: Sequence[BotSpec],
    *,
    seed: int,
    options: dict[str, Any] | None,
    time_control: TimeControl | dict[str, Any] | None,
    limits: SandboxLimits | dict[str, Any] | None = None,
    on_step: OnStep | None = None,
) -> MatchOutcome:
    """Play one game of ``game`` between ``bots`` (seat i is ``bots[i]``).

    ``on_step(step, action, state)`` is called after every applied action or chance outcome.

    Raises:
        ValueError: wrong number of bots, or options the engine rejects.
        PlatformError: the engine misbehaved or no sandbox is available
            (``bots.sandbox.SandboxUnavailable``).
    """
    if isinstance(game, str):
        from games.registry import get_game

        game = get_game(game)
    if not isinstance(time_control, TimeControl):
        time_control = TimeControl.from_dict(time_control)
    if not isinstance(limits, SandboxLimits):
        limits = SandboxLimits.from_dict(limits)
    if not game.min_players <= len(bots) <= game.max_players:
        wanted = (
            str(game.min_players)
            if game.min_players == game.max_players
            else f"{game.min_players} to {game.max_players}"
        )
        raise ValueError(f"{game.name} needs {wanted} bots, got {len(bots)}")
    options = dict(options or {})
    state = game.new_game(num_players=len(bots), seed=seed, options=options)
    sandbox.probe()
    return _Match(game, list(bots), seed, options, time_control, limits, on_step, state).play()


class EngineCrashOnAnswer(BotFault):
    """The engine raised something else than ``IllegalAction`` on a made-up action object.

    An engine bug, but the input was the bot's and no legal action: the bot forfeits (a
    platform error would void the match and so its loss), the engine's state is rebuilt, since
    the crash may have left it half changed, and the bug is logged for staff to fix.
    """


def take_answer(state: State, line: bytes, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Apply the action a bot's answer ``line`` names to ``state`` and return it.

    Every fault of the answer raises :class:`BotFault` (``protocol_error``, ``illegal_action``;
    :class:`EngineCrashOnAnswer` when the engine crashed on a made-up object and ``state`` may
    be damaged); an engine that fails on one of its own legal actions raises ``PlatformError``.
    After a ``BotFault`` other than the crash the state is as before (engines check first).
    """
    action = protocol.parse_answer(line, legal)
    try:
        state.apply(action)
    except Exception as exc:
        if action in legal:
            raise PlatformError(
                f"engine failed applying its own legal action {action}: {traceback.format_exc()}"
            ) from exc
        evidence = f"{protocol.preview_action(action)}: {exc}"
        if isinstance(exc, IllegalAction | ValueError):
            raise BotFault(
                ILLEGAL_ACTION, "answered with an action the rules do not allow", evidence
            ) from None
        _log.error("engine crashed on a bot's action %s", evidence, exc_info=True)
        raise EngineCrashOnAnswer(
            ILLEGAL_ACTION, "answered with an action the engine cannot read", evidence
        ) from None
    return action


class _Match:
    def __init__(
        self,
        game: Game,
        bots: list[BotSpec],
        seed: int,
        options: dict[str, Any],
        time_control: TimeControl,
        limits: SandboxLimits,
        on_step: OnStep | None,
        state: State,
    ) -> None:
        self.game = game
        self.specs = bots
        self.seed = seed
        self.options = options
        self.time_control = time_control
        self.limits = limits
        self.on_step = on_step
        self.state = state
        self.num_players = len(bots)
        self.chance = ChanceStreams(seed)
        self.actions: list[dict[str, Any]] = []
        self.procs: list[BotProcess | None] = [None] * self.num_players
        self.forfeits: dict[int, BotFault] = {}
        self.forfeit_order: list[int] = []
        self.last_answer_of: int | None = None
        """The seat whose answer came last: named in a platform error that follows it."""
        self.fallback_rngs = [random.Random(f"{seed}:fallback:{s}") for s in range(len(bots))]

    def play(self) -> MatchOutcome:
        try:
            return self._play()
        except PlatformError as exc:
            if exc.after_answer_of is None:
                exc.after_answer_of = self.last_answer_of
            raise

    def _play(self) -> MatchOutcome:
        self.static = self._engine(
            lambda: static_info_for(self.game, self.options, self.num_players)
        )
        with contextlib.ExitStack() as stack:
            for seat, spec in enumerate(self.specs):
                slot = stack.enter_context(sandbox.acquire_slot())
                proc = BotProcess(slot, spec, self.limits, self.time_control)
                stack.callback(proc.close)
                self.procs[seat] = proc
                try:
                    proc.start()
                except OSError as exc:
                    raise PlatformError(f"cannot start bot {spec.name!r}: {exc}") from exc
            for seat in range(self.num_players):
                self._greet(seat)
            stopped = self._run_until_done()
            result = self._final_result(stopped)
            self._say_goodbye(result)
        return self._outcome(result)

    # -- the loop --------------------------------------------------------------------------

    def _run_until_done(self) -> str | None:
        """Play until the engine ends the game; return why it stopped early, if it did."""
        for step in range(MAX_STEPS):
            if len(self.forfeits) and self.num_players - len(self.forfeits) < 2:
                seat = self.forfeit_order[-1]
                return f"forfeit of seat {seat} ({self.forfeits[seat].reason})"
            player = self._engine(self.state.current_player)
            if player == TERMINAL:
                return None
            if player == CHANCE:
                action = self._engine(lambda: self.chance.sample(self.state))
                self._engine(lambda a=action: self.state.apply(a))
            else:
                action = self._decide(player, step)
                if action is None:
                    continue  # the seat just forfeited: re-check who is left
            self.actions.append(action)
            if self.on_step is not None:
                self.on_step(len(self.actions), action, self.state)
        raise PlatformError(f"{self.game.name} did not end within {MAX_STEPS} steps")

    def _decide(self, seat: int, step: int) -> dict[str, Any] | None:
        """Ask the seat's bot (or the fallback policy) for a decision and apply it."""
        legal = self._engine(self.state.legal_actions)
        if not legal:
            raise PlatformError(
                f"{self.game.name}: seat {seat} must decide but has no legal action"
            )
        if seat in self.forfeits:
            action = self.fallback_rngs[seat].choice(legal)
            self._engine(lambda: self.state.apply(action))
            return action
        proc = self.procs[seat]
        assert proc is not None
        try:
            observation = self._engine(lambda: self.state.observation(seat))
            message = protocol.act_message(
                step=step, observation=observation, legal_actions=legal, clock=proc.clock.to_dict()
            )
            line = proc.request(message)
        except BotFault as fault:
            self._forfeit(seat, fault)
            return None
        self.last_answer_of = seat
        try:
            action = take_answer(self.state, line, legal)
        except BotFault as fault:
            if isinstance(fault, EngineCrashOnAnswer):
                self.state = self._engine(self._rebuild_state)
            self._forfeit(seat, fault)
            return None
        return action

    def _rebuild_state(self) -> State:
        """The state before the last answer, from the seed and the actions (a replay)."""
        state = self.game.new_game(
            num_players=self.num_players, seed=self.seed, options=self.options
        )
        for action in self.actions:
            state.apply(action)
        return state

    def _forfeit(self, seat: int, fault: BotFault) -> None:
        self.forfeits[seat] = fault
        self.forfeit_order.append(seat)
        proc = self.procs[seat]
        if proc is not None:
            proc.kill()

    # -- messages around the game ---------------------------------------------------------

    def _greet(self, seat: int) -> None:
        proc = self.procs[seat]
        assert proc is not None
        message = protocol.start_message(
            game=self.game.name,
            engine_version=self.game.version,
            seat=seat,
            num_players=self.num_players,
            options=self.options,
            time_control=self.time_control.to_dict(),
            bot_seed=protocol.bot_seed(self.seed, seat),
            static=self.static,
        )
        try:
            proc.notify(message)
        except BotFault as fault:
            self._forfeit(seat, fault)

    def _say_goodbye(self, result: dict[str, Any]) -> None:
        ranking: list[int] = result["ranking"]
        for seat, proc in enumerate(self.procs):
            if proc is None or seat in self.forfeits:
                continue
            you = {"seat": seat, "rank": ranking.index(seat) + 1}
            with contextlib.suppress(BotFault, OSError):
                observation = self._engine(lambda s=seat: self.state.observation(s))
                proc.notify(protocol.end_message(result=result, observation=observation, you=you))

    # -- results ---------------------------------------------------------------------------

    def _final_result(self, stopped: str | None) -> dict[str, Any]:
        """The engine's result with forfeiting seats moved to the bottom (latest forfeit first)."""
        if stopped is None:
            result = dict(self._engine(self.state.result))
            engine_ranking = list(result["ranking"])
            scores = [float(s) for s in result["scores"]]
        else:
            result = {"reason": stopped}
            engine_ranking = list(range(self.num_players))
            scores = [0.0] * self.num_players
        survivors = [s for s in engine_ranking if s not in self.forfeits]
        result["ranking"] = survivors + list(reversed(self.forfeit_order))
        result["scores"] = scores
        result["forfeits"] = {str(s): f.reason for s, f in self.forfeits.items()}
        return result

    def _outcome(self, result: dict[str, Any]) -> MatchOutcome:
        ranking = result["ranking"]
        events = list(self.state.events)
        seats = []
        for seat, proc in enumerate(self.procs):
            fault = self.forfeits.get(seat)
            seats.append(
                SeatResult(
                    seat=seat,
                    rank=ranking.index(seat) + 1,
                    score=result["scores"][seat],
                    forfeit=fault.reason if fault else None,
                    forfeit_detail=fault.detail if fault else "",
                    forfeit_evidence=fault.evidence if fault else "",
                    stderr=proc.stderr_text if proc else "",
                    move_times_ms=list(proc.move_times_ms) if proc else [],
                )
            )
        return MatchOutcome(
            game=self.game.name,
            engine_version=self.game.version,
            num_players=self.num_players,
            seed=self.seed,
            options=self.options,
            seats=seats,
            reason=str(result.get("reason", "")),
            actions=self.actions,
            events=events,
            final_state=final_state_sharing_log(self.state, events),
        )

    def _engine(self, call: Callable[[], Any]) -> Any:
        """Run an engine call; its exceptions are platform faults, never a bot's."""
        try:
            return call()
        except BotFault:
            raise
        except Exception as exc:
            raise PlatformError(
                f"{self.game.name} engine failed: {traceback.format_exc()}"
            ) from exc
