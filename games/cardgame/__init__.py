"""The two-player Catan card game (seed 000): a pure-Python engine following contracts §1.

Modules: ``constants`` (vocabulary, options), ``cards`` (the 120 cards from ``data/cards.json``,
validated at import), ``domain`` (one player's row of cards and its geometry), ``state`` (the
API and the task queue), ``tasks`` / ``turn`` / ``main_phase`` (the rules), ``observation``,
``serialize``, ``illegal`` (error messages), ``game`` (the ``Game`` object).

Geometry (see ``domain.py``): settlements and cities on even columns, roads on odd columns,
regions at ``(col, side)`` with odd ``col`` and ``side`` +1 (above) / -1 (below), development
slots at ``(col, row)`` with ``row`` ±1 (settlement or city) and ±2 (city only).

Decisions. ``observation(seat)["decision"]`` names what is being decided; every action is a
flat dict with a ``"type"``:

- phase ``pre_roll``: ``roll_dice`` | ``play_card{card}`` (Alchemist)
- phase ``main``: ``end_actions`` | ``play_card{card}`` | ``build_road{end}`` |
  ``build_settlement{end}`` (end ``"left"``/``"right"``) | ``build_city{col}`` | ``build{card}`` |
  ``bank_trade{give, get}`` | ``propose_trade{give: {res: n}, get: {res: n}}`` (open-ended: any
  valid proposal is accepted by ``apply``; the 1-for-1 proposals are listed in ``legal_actions``)
- phase ``refill``: ``end_turn`` | ``draw_free{stack}`` | ``draw_paid{stack}`` |
  ``exchange{card, stack}``
- ``place_start``: ``place_start_region{card, col, side}``; ``pick_stack``: ``choose_stack{stack}``;
  ``search``/``spy``/``scout_pick``: ``take_card{card}``; ``pay``/``pay_any``: ``pay{col, side}``;
  ``gain``: ``gain{col, side}``; ``steal``: ``steal{col, side}`` | ``stop``; ``give``:
  ``give{col, side}``; ``discard``/``duel``: ``put_under{card, stack}``; ``alchemist_number``:
  ``choose_number{number}``; ``slot``: ``choose_slot{col, row}``; ``scout_offer``: ``no_scout`` |
  ``play_card{card}``; ``place_regions``: ``place_region{card, side}``; ``trade_answer``:
  ``accept_trade`` | ``reject_trade``; ``defend``: ``no_defence`` | ``play_card{card}``;
  ``target``/``riot``: ``choose_target{col, row}``; ``builder``: ``builder_skip`` |
  ``builder_return{card, stack}``; ``exchange_draw``: ``draw_free{stack}`` | ``draw_paid{stack}``.

Chance (``chance_kind()``): ``deal{card}`` (``deck:development``, ``deck:regions``,
``deck:events``: one node per card of a shuffle), ``first_roll{rolls}`` and
``roll{event, production}`` (``dice``), ``attack_roll{roll}`` (``attack``).
"""

from __future__ import annotations

VERSION = "1.1.0"
"""Bumped whenever a rule changes, so recorded games name the rules they were played under.

Changelog:

* 1.1.0: the Merchant is playable only when the player holds a resource of his own to exchange
  (CG-CARD-MERCHANT-02, issue 11); a game where a player without resources played it does not
  replay under 1.1.0.
* 1.0.0: first release.
"""

from games.cardgame.game import CardGame  # noqa: E402

GAME = CardGame(VERSION)

__all__ = ["GAME", "VERSION", "CardGame"]
