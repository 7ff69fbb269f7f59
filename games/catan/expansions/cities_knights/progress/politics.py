"""Politics progress cards (blue, 18): what each does when played.

Cards that act on other players hand the decision to the seat that must choose: the Deserter's
victim picks the knight he loses, the Intrigue's victim where his knight retreats, every
Saboteur or Wedding seat the cards it gives up.

Rules: CK-PC-P01, P03..P09 (P02 Constitution is a victory point card), A-CK-05, A-CK-06.
"""

from __future__ import annotations

from typing import Any

from games.common.api import CHANCE

from . import steps, table
from .steps import BANK, DONE, KEY, PLAYS, Pending, finish, next_step, opponents, step

Action = dict[str, Any]


# ---------------------------------------------------------------------- Bishop
def playable_bishop(state: Any, p: int) -> list[Action]:
    """CK-PC-P01, CK-SE-02: where the robber goes (normal rules); not before the first
    barbarian attack."""
    if not table.robber_active(state):
        return []
    return [PLAYS["Bishop", "hex", h] for h in state.robber_targets()]


def play_bishop(state: Any, p: int, action: Action) -> bool:
    """CK-PC-P01: move the robber, then steal 1 random card (resource or commodity) from
    every player with a building next to its new hex, clockwise from the player's left: one
    chance node (kind ``steal``) per victim who holds a card."""
    h = action["hex"]
    state.robber = h
    state.events.append({"type": "move_robber", "seat": p, "hex": h, "visible_to": "all"})
    owners = table.building_owners(state, h)
    state.ck_effects[KEY] = {
        "card": "Bishop",
        "player": p,
        "step": "bishop_steal",
        "actor": CHANCE,
        "victims": [q for q in opponents(state, p) if q in owners],
    }
    next_bishop_steal(state)
    return True


def next_bishop_steal(state: Any) -> None:
    """One chance node (kind ``steal``) per victim holding a card, clockwise from the player."""
    pending = state.ck_effects[KEY]
    victims = pending["victims"]
    while victims and not table.hand_size(state, victims[0]):
        victims.pop(0)
    if not victims:
        finish(state)
        return
    state._set_phase("ck_bishop_steal", CHANCE)


def bishop_steal_outcomes(state: Any) -> list[tuple[Action, float]]:
    return table.steal_outcomes(state, state.ck_effects[KEY]["victims"][0])


def bishop_steal(state: Any, action: Action) -> None:
    pending = state.ck_effects[KEY]
    victim = pending["victims"].pop(0)
    p = pending["player"]
    good = action["card"]
    table.move(state, victim, p, good)
    state.emit_secret(
        {"type": "steal", "seat": p, "victim": victim, "resource": good, "for": "Bishop"},
        [p, victim],
        {"resource": "hidden"},
    )
    next_bishop_steal(state)


# ---------------------------------------------------------------------- Deserter
def _deserter_candidates(state: Any, p: int) -> list[int]:
    # (loops, not comprehensions: one reading a local makes a cell of it at every call)
    candidates = []
    for q in opponents(state, p):
        if table.knights_of(state, q):
            candidates.append(q)
    return candidates


def playable_deserter(state: Any, p: int) -> list[Action]:
    return [PLAYS["Deserter", "seat", q] for q in _deserter_candidates(state, p)]


def play_deserter(state: Any, p: int, action: Action) -> bool:
    """CK-PC-P03: the chosen opponent removes one of his knights (his choice)."""
    steps.ask(state, "Deserter", p, "deserter_remove", action["seat"])
    return True


def _legal_deserter_remove(state: Any, pending: Pending) -> list[Action]:
    return [
        {"type": "choose_vertex", "vertex": v} for v in table.knights_of(state, pending["actor"])
    ]


@step("deserter_remove", _legal_deserter_remove)
def _deserter_remove(state: Any, pending: Pending, action: Action) -> None:
    """CK-PC-P03, A-CK-06: the player may then place one of his own knights of the same
    strength (a basic one if he has none of that strength left), same status."""
    victim, p = pending["actor"], pending["player"]
    level, active = table.remove_knight(state, victim, action["vertex"])
    state.events.append(
        {
            "type": "deserter_removes",
            "seat": p,
            "victim": victim,
            "vertex": action["vertex"],
            "level": level,
            "visible_to": "all",
        }
    )
    replacement = level if table.knights_in_supply(state, p, level) else 1
    if not table.knights_in_supply(state, p, replacement) or not table.knight_spots(state, p):
        finish(state)
        return
    next_step(state, "deserter_place", p, level=replacement, active=active)


def _legal_deserter_place(state: Any, pending: Pending) -> list[Action]:
    spots = table.knight_spots(state, pending["player"])
    return [{"type": "choose_vertex", "vertex": v} for v in spots] + [DONE]


@step("deserter_place", _legal_deserter_place)
def _deserter_place(state: Any, pending: Pending, action: Action) -> None:
    if action["type"] != DONE["type"]:
        table.place_knight(
            state, pending["player"], action["vertex"], pending["level"], pending["active"]
        )
    finish(state)


# ---------------------------------------------------------------------- Diplomat
def open_roads(state: Any) -> list[int]:
    """CK-PC-P04: roads with an end where nothing else of their colour touches (no road,
    building or knight of that colour). Kept in the core's ``spot_cache`` (cleared whenever a
    road, building or knight is placed or lifted: all the test reads); read only."""
    found = state.spot_cache.get("ck_open_roads")
    if found is None:
        found = state.spot_cache["ck_open_roads"] = _open_roads(state)
    return found


def _open_roads(state: Any) -> list[int]:
    eo, vo, ko = state.edge_owner, state.vertex_owner, state.ck_knight_owner
    vertex_edges = state.board.vertex_edges
    edge_vertices = state.board.edge_vertices
    found = []
    for e, owner in enumerate(eo):
        if owner < 0:
            continue
        for v in edge_vertices[e]:
            # the owner's building, or on an empty intersection his knight, closes this end
            # (read in place, no call: this runs for every end of every road)
            o = vo[v]
            if o == owner or (o == -1 and ko[v] == owner):
                continue
            # (a loop, not ``any`` over a generator: this runs for every end of every road
            # each time a piece is placed while a seat holds the Diplomat)
            for f in vertex_edges[v]:
                if eo[f] == owner and f != e:
                    break  # another road of that colour touches this end
            else:
                found.append(e)
                break
    return found


def playable_diplomat(state: Any, p: int) -> list[Action]:
    return [PLAYS["Diplomat", "edge", e] for e in open_roads(state)]


def play_diplomat(state: Any, p: int, action: Action) -> bool:
    """CK-PC-P04: remove an open road; an opponent's goes back to him, your own you may
    rebuild elsewhere for free (``choose_edge``) or keep in your supply (``progress_done``)."""
    e = action["edge"]
    owner = state.edge_owner[e]
    table.lift_road(state, e)
    state.events.append(
        {"type": "remove_road", "seat": p, "victim": owner, "edge": e, "visible_to": "all"}
    )
    if owner != p or not [f for f in table.road_spots(state, p) if f != e]:
        return False
    steps.ask(state, "Diplomat", p, "diplomat_relay", p, lifted=e)
    return True


def _legal_diplomat_relay(state: Any, pending: Pending) -> list[Action]:
    p, lifted = pending["player"], pending["lifted"]
    return [
        {"type": "choose_edge", "edge": e} for e in table.road_spots(state, p) if e != lifted
    ] + [DONE]


@step("diplomat_relay", _legal_diplomat_relay)
def _diplomat_relay(state: Any, pending: Pending, action: Action) -> None:
    if action["type"] != DONE["type"]:
        table.put_free_road(state, pending["player"], action["edge"])
    finish(state)


# ---------------------------------------------------------------------- Intrigue
def _intrigue_targets(state: Any, p: int) -> list[int]:
    """Opponents' knights on intersections that p's roads reach (A-CK-05: no free knight)."""
    # (loops, not comprehensions: one reading a local makes a cell of it at every call)
    reach, targets = state.road_vertices[p], []
    for q in opponents(state, p):
        for v in table.knights_of(state, q):
            if v in reach:
                targets.append(v)
    return targets


def playable_intrigue(state: Any, p: int) -> list[Action]:
    """Read only (shared): kept in the core's ``spot_cache``, cleared whenever a road, building
    or knight is placed or lifted (all the targets read: roads and knights)."""
    key = ("ck_intrigue", p)
    found = state.spot_cache.get(key)
    if found is None:
        found = state.spot_cache[key] = [
            PLAYS["Intrigue", "vertex", v] for v in sorted(_intrigue_targets(state, p))
        ]
    return found


def play_intrigue(state: Any, p: int, action: Action) -> bool:
    """CK-PC-P05: displace an opponent's knight next to your roads without a knight of
    yours; its owner retreats it as after a displacement (his decision)."""
    return table.displace_knight(state, p, action["vertex"])


# ---------------------------------------------------------------------- Saboteur
def _sabotaged(state: Any, p: int) -> list[list[int]]:
    """CK-PC-P06's victims, clockwise from ``p``'s left, each with the cards he discards."""
    vps = table.seat_vp(state)
    mine = vps[p]
    if mine == max(vps) and vps.count(mine) == 1:
        return []  # nobody has as many VP (most calls of the finder: the sole leader's)
    queue = []
    for q in opponents(state, p):
        if vps[q] >= mine:
            half = table.hand_size(state, q) // 2
            if half:
                queue.append([q, half])
    return queue


def playable_saboteur(state: Any, p: int) -> list[Action]:
    return [PLAYS["Saboteur"]] if _sabotaged(state, p) else []


def play_saboteur(state: Any, p: int, action: Action) -> bool:
    """CK-PC-P06: every other player with at least as many VP as you discards half his cards
    (rounded down), each card his own choice (``give_card``), clockwise from your left."""
    steps.hand_over(state, "Saboteur", p, _sabotaged(state, p), BANK)
    return True


# ---------------------------------------------------------------------- Spy
def _spy_candidates(state: Any, p: int) -> list[int]:
    # (loops, not comprehensions: one reading a local makes a cell of it at every call)
    candidates = []
    for q in opponents(state, p):
        if table.progress_hand(state, q):
            candidates.append(q)
    return candidates


def playable_spy(state: Any, p: int) -> list[Action]:
    return [PLAYS["Spy", "seat", q] for q in _spy_candidates(state, p)]


def play_spy(state: Any, p: int, action: Action) -> bool:
    """CK-PC-P07: look at another player's progress cards (shown in ``pending``) and take
    one (``pick_card``; never a VP card: those lie face up, outside the hand)."""
    steps.ask(state, "Spy", p, "spy_take", p, target=action["seat"])
    return True


def _legal_spy_take(state: Any, pending: Pending) -> list[Action]:
    hand = table.progress_hand(state, pending["target"])
    return [{"type": "pick_card", "card": name} for name in sorted(hand)]


@step("spy_take", _legal_spy_take)
def _spy_take(state: Any, pending: Pending, action: Action) -> None:
    p, q, name = pending["player"], pending["target"], action["card"]
    table.move_progress(state, q, p, name)
    state.emit_secret(
        {"type": "spy_take", "seat": p, "victim": q, "card": name}, [p, q], {"card": "hidden"}
    )
    finish(state)


# ---------------------------------------------------------------------- Warlord
def playable_warlord(state: Any, p: int) -> list[Action]:
    return [PLAYS["Warlord"]] if table.inactive_knights(state, p) else []


def play_warlord(state: Any, p: int, action: Action) -> bool:
    """CK-PC-P08: activate all your knights for free."""
    knights = table.inactive_knights(state, p)
    for v in knights:
        table.activate_free(state, p, v)
    state.events.append({"type": "warlord", "seat": p, "vertices": knights, "visible_to": "all"})
    return False


# ---------------------------------------------------------------------- Wedding
def _wedding_givers(state: Any, p: int) -> list[list[int]]:
    return [[q, 2] for q in steps.richer_holding(state, p)]


def playable_wedding(state: Any, p: int) -> list[Action]:
    return [PLAYS["Wedding"]] if steps.richer_holding(state, p) else []


def play_wedding(state: Any, p: int, action: Action) -> bool:
    """CK-PC-P09: every player with more VP than you gives you 2 cards of his choice (1 if he
    has only 1; ``give_card``), clockwise from your left."""
    steps.hand_over(state, "Wedding", p, _wedding_givers(state, p), p)
    return True
