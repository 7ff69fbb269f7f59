"""Building roads, settlements and cities: legality, placement and bookkeeping.

Rules: BG-BUILD-01..04, BG-PIECE-01..04, BG-ROAD-01..04, BG-SETTL-01..03, BG-CITY-01..02,
BG-HARBOR-01, BG-LR-01..08 (holder updates).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.catan import actions as A
from games.catan.constants import (
    BRICK,
    CITY_COST,
    GRAIN,
    LONGEST_ROAD_MIN,
    LUMBER,
    ORE,
    RESOURCE_INDEX,
    ROAD_COST,
    SETTLEMENT_COST,
    WOOL,
)
from games.catan.longest_road import longer_trail_through, longest_trail, next_holder

Action = dict[str, Any]


class BuildRules:
    """Mixin of :class:`games.catan.state.CatanState` for construction."""

    # ------------------------------------------------------------------ placement primitives
    def _note_building(self, p: int, v: int) -> None:
        self.spot_cache.clear()
        self.income.clear()
        self.network[p].add(v)
        self.blocked[v] = True
        for w in self.board.vertex_neighbors[v]:
            self.blocked[w] = True
        kind = self.harbor_rate_vertices.get(v)
        if kind is not None:
            rates = self.rates[p]
            if kind == "any":
                for r in range(5):
                    if rates[r] > 3:
                        rates[r] = 3
            else:
                rates[RESOURCE_INDEX[kind]] = 2

    def _put_settlement(self, p: int, v: int) -> None:
        self.vertex_owner[v] = p
        self.vertex_level[v] = 1
        self.settlements_left[p] -= 1
        self.vp_dirty = True
        self._note_building(p, v)

    def _put_road(self, p: int, e: int) -> None:
        self.edge_owner[e] = p
        self.roads_left[p] -= 1
        self.spot_cache.clear()
        a, b = self.board.edge_vertices[e]
        self.network[p].update((a, b))
        self.road_vertices[p].update((a, b))

    @property
    def road_length(self) -> list[int]:
        """Each owner's Longest Road length (Seafarers: trade route), exact when read: a plug-in
        may owe the count of a seat whose new length cannot change the card's holder
        (``lengths_owed``, see :meth:`owe_length`); reading the lengths makes the owed counts."""
        if self.lengths_owed:
            self.settle_lengths()
        return self._road_length

    @road_length.setter
    def road_length(self, lengths: list[int]) -> None:
        self._road_length = lengths

    def length_of(self, p: int) -> int:
        """``road_length[p]``, making only ``p``'s owed count (if any)."""
        if p in self.lengths_owed:
            self.settle_lengths(p)
        return self._road_length[p]

    def length_reaches(self, p: int, least: int) -> bool:
        """Whether ``road_length[p]`` is at least ``least``, making ``p``'s owed count only when
        its bounds (``owe_length``) do not already tell."""
        owed = self.lengths_owed.get(p)
        if owed is not None:
            if owed[0] >= least:
                return True
            if owed[1] < least:
                return False
            self.settle_lengths(p)
        return self._road_length[p] >= least

    def settle_lengths(self, p: int = -1) -> None:
        """Count the owed lengths (of ``p`` only, if given) by the trail hook."""
        for q in list(self.lengths_owed) if p < 0 else [p]:
            del self.lengths_owed[q]
            self._road_length[q] = self.trail_length(q)

    def owe_length(self, p: int, low: int, high: int) -> bool:
        """A plug-in's offer to put off counting ``p``'s length, known to lie in ``low..high``
        after a change of his pieces alone: taken (True) when no length there could change who
        holds the Longest Road (then the count is made only when the lengths are read), refused
        (False, his bounds as they were) otherwise.

        The holder too may be owed, on a stricter test (:meth:`_holder_stands`): his low bound
        at least the minimum and above every other seat's length or high bound. Then whatever
        his exact length and whether his change was a drop, :func:`next_holder` keeps him; and
        while he stays owed, every change that may raise another seat to his low bound makes
        the counts (the holder rules read the lengths), so that invariant holds as long as he is
        owed. It lets a count made later tell a drop from his low bound (``recount_trails``).
        Only Seafarers owes the holder (Cities & Knights' knights and roads never offer his
        count, and the two do not combine); his further hanging changes widen his bounds."""
        owed = self.lengths_owed
        before = owed.get(p)
        owed[p] = (low, high)
        if self._holder_stands(holder_dropped=False):
            return True
        if before is None:
            del owed[p]
        else:
            owed[p] = before
        return False

    def _holder_stands(self, holder_dropped: bool) -> bool:
        """Whether :func:`next_holder` keeps the holder whatever the owed lengths are within
        their bounds (a sufficient test, not a full one): the holder at least the minimum and
        no other seat able to pass him (able to reach him, after his drop or while his own
        length is owed: then his low bound is read, see :meth:`owe_length`), or no holder and
        nobody able to reach the minimum."""
        holder, lengths, owed = self.longest_road, self._road_length, self.lengths_owed
        highest = 0  # the most any other seat may have (a loop: asked after most pieces)
        for q, length in enumerate(lengths):
            if q != holder:
                if q in owed:
                    length = owed[q][1]
                if length > highest:
                    highest = length
        if holder == -1:
            return highest < LONGEST_ROAD_MIN
        own = owed.get(holder)
        if own is None:
            own = lengths[holder]
        else:
            own = own[0]
            holder_dropped = True  # he leads strictly while owed (``owe_length``)
        if own < LONGEST_ROAD_MIN:
            return False
        return own > highest if holder_dropped else own >= highest

    def trail_length(self, p: int) -> int:
        if self.plugged and self.hooks.trail:
            return self.hooks.trail[0](self, p)  # Seafarers: roads and ships
        return longest_trail(self.board, p, self.edge_owner, self.trail_owners(), self.path_weight)

    def trail_owners(self) -> list[int]:
        """Who holds each intersection for Longest Road (an opponent there ends a trail,
        BG-LR-03): the buildings' owners, unless a plug-in's ``trail_owners`` hook adds other
        pieces that break roads (Cities & Knights: knights, CK-KN-05)."""
        if self.plugged and self.hooks.trail_owners:
            return self.hooks.trail_owners[0](self)
        return self.vertex_owner

    # ------------------------------------------------------------------ legal spots
    def road_spots(self, p: int) -> list[int]:
        """Free paths next to ``p``'s network, not via opponent buildings (BG-ROAD-01..03)."""
        eo, vo = self.edge_owner, self.vertex_owner
        vertex_edges = self.board.vertex_edges
        spots = set()
        for v in self.network[p]:
            owner = vo[v]
            if owner != -1 and owner != p:
                continue
            for e in vertex_edges[v]:
                if eo[e] == -1:
                    spots.add(e)
        closed = self.road_closed
        if closed:  # a scenario's paths that take no road (Rivers: bridge sites, RI-BR-01)
            spots -= closed
        return sorted(spots)

    def settlement_spots(self, p: int) -> list[int]:
        """Free intersections on ``p``'s roads obeying the distance rule (BG-SETTL-01/02)."""
        blocked = self.blocked
        return sorted(v for v in self.road_vertices[p] if not blocked[v])

    def city_spots(self, p: int) -> list[int]:
        """``p``'s own settlements (BG-CITY-01)."""
        vo, lv = self.vertex_owner, self.vertex_level
        return sorted(v for v in self.network[p] if vo[v] == p and lv[v] == 1)

    def add_builds(self, p: int, legal: list[Action]) -> None:
        h = self.hand[p]
        cache = self.spot_cache  # cleared whenever a piece is placed or lifted
        if h[LUMBER] and h[BRICK] and self.roads_left[p]:
            key = p * 3
            if key not in cache:
                found = [A.BUILD_ROAD[e] for e in self.road_spots(p)]
                cache[key] = self.allowed_builds(p, "road", found) if self.plugged else found
            legal.extend(cache[key])
        if h[LUMBER] and h[BRICK] and h[WOOL] and h[GRAIN] and self.settlements_left[p]:
            key = p * 3 + 1
            if key not in cache:
                found = [A.BUILD_SETTLEMENT[v] for v in self.settlement_spots(p)]
                cache[key] = self.allowed_builds(p, "settlement", found) if self.plugged else found
            legal.extend(cache[key])
        if h[ORE] >= 3 and h[GRAIN] >= 2 and self.cities_left[p]:
            key = p * 3 + 2
            if key not in cache:
                found = [A.BUILD_CITY[v] for v in self.city_spots(p)]
                cache[key] = self.allowed_builds(p, "city", found) if self.plugged else found
            legal.extend(cache[key])

    def allowed_builds(self, p: int, piece: str, actions: list[Action]) -> list[Action]:
        """The plug-ins' ``build_actions`` hooks: which of ``p``'s ``piece`` actions they allow."""
        for hook in self.hooks.build_actions:
            actions = hook(self, p, piece, actions)
        return actions

    # ------------------------------------------------------------------ paying
    def pay(self, p: int, cost: tuple[int, ...] | list[int]) -> None:
        h, bank = self.hand[p], self.bank
        for r in range(5):
            c = cost[r]
            if c:
                h[r] -= c
                bank[r] += c

    # ------------------------------------------------------------------ actions
    def _apply_build_road(self, action: Action) -> None:
        """BG-BUILD-02, BG-ROAD-01..03; free during Road Building (BG-PROG-RB-01)."""
        p = self.actor
        e = action["edge"]
        if self.phase == "road_building":
            self._put_road(p, e)
            self.free_roads -= 1
            self.events.append(
                {"type": "build_road", "seat": p, "edge": e, "free": True, "visible_to": "all"}
            )
            self.after_road(p, e)
            done = self.free_roads <= 0 or not self.roads_left[p] or not self.road_spots(p)
            if done and self.free_roads > 0 and self.plugged and self.hooks.road_building:
                done = not self._legal_road_building()  # other free pieces (Seafarers: ships)
            if done:
                self.free_roads = 0
                self.resume_turn()
            if self.plugged:
                self.tell_built(p, "road", e)
            return
        self.pay(p, self.road_cost_for(p))
        self._put_road(p, e)
        self.built_this_turn = True
        self.events.append({"type": "build_road", "seat": p, "edge": e, "visible_to": "all"})
        if self.phase == "louis_road":
            self.judge_relaid_road(p, e)  # Masters: a moved road (A-MA-09)
        else:
            self.after_road(p, e)
        self.after_build(p)
        if self.plugged:
            self.tell_built(p, "road", e)

    def _apply_build_settlement(self, action: Action) -> None:
        """BG-BUILD-03, BG-SETTL-01..03; may break opponents' roads (BG-LR-03)."""
        p = self.actor
        v = action["vertex"]
        self.pay(p, self.settlement_cost_for(p))
        self._put_settlement(p, v)
        self.built_this_turn = True
        self.events.append(
            {"type": "build_settlement", "seat": p, "vertex": v, "visible_to": "all"}
        )
        self.after_settlement(p, v)
        self.after_build(p)
        if self.plugged:
            self.tell_built(p, "settlement", v)

    def _apply_build_city(self, action: Action) -> None:
        """BG-BUILD-04, BG-CITY-01/02, BG-PIECE-02 (the settlement returns to the supply)."""
        p = self.actor
        v = action["vertex"]
        self.pay(p, self.city_cost_for(p))
        self.vertex_level[v] = 2
        self.spot_cache.clear()
        self.income.clear()
        self.settlements_left[p] += 1
        self.cities_left[p] -= 1
        self.vp_dirty = True
        self.built_this_turn = True
        self.events.append({"type": "build_city", "seat": p, "vertex": v, "visible_to": "all"})
        self.after_build(p)
        if self.plugged:
            self.tell_built(p, "city", v)

    def tell_built(self, p: int, piece: str, where: int) -> None:
        """The expansions' ``built`` hooks: ``p`` placed ``piece`` ("road", "settlement",
        "city") on path or intersection ``where``."""
        for hook in self.hooks.built:
            hook(self, p, piece, where)

    def road_cost_for(self, p: int) -> tuple[int, ...]:
        return self.cost_override or ROAD_COST

    def settlement_cost_for(self, p: int) -> tuple[int, ...]:
        return self.cost_override or SETTLEMENT_COST

    def city_cost_for(self, p: int) -> tuple[int, ...]:
        return self.cost_override or CITY_COST

    # ------------------------------------------------------------------ Longest Road
    def after_road(self, p: int, e: int) -> None:
        """Road ``e`` was added: only trails through its network can have grown."""
        if self.plugged and self.hooks.trail:
            owed = p in self.lengths_owed  # then his length before is not known: -1
            old = -1 if owed else self._road_length[p]
            new = self.hooks.trail[0](self, p, e, old)  # a road only lengthens its owner's
            if new < 0:
                return  # the hook owed the count (``owe_length``): no holder can change
            if owed:
                self.lengths_owed.pop(p, None)  # counted now, with this piece
            if owed or new != old:
                self._road_length[p] = new
                self._update_longest_road(holder_dropped=False)
            return
        owed = self.lengths_owed
        if p in owed:  # (a plug-in's, e.g. C&K's knights': the other seats' may stay owed)
            # A road with an end where no other road of his lies adds at most its own count
            # to his longest trail (a trail over it ends there): still owed when no length
            # within the new bounds could change the holder; else his count made now.
            low, high = owed[p]
            if not (self._hangs(p, e) and self.owe_length(p, low, high + self.path_weight[e])):
                owed.pop(p, None)  # (a refused ``owe_length`` leaves the bounds it found)
                self._road_length[p] = self.trail_length(p)
                self._update_longest_road(holder_dropped=False)
            return
        lengths = self._road_length
        old = lengths[p]
        new = longer_trail_through(
            self.board, p, e, self.edge_owner, self.trail_owners(), old, self.path_weight
        )
        if new == old:
            return
        lengths[p] = new
        self._update_longest_road(holder_dropped=False)

    def _hangs(self, p: int, e: int, also: list[int] | None = None) -> bool:
        """Whether ``p``'s road ``e`` has an end where no other road of ``p`` lies (nor another
        piece of his in ``also``, a plug-in's owner per path: Seafarers' ships)."""
        eo, vertex_edges = self.edge_owner, self.board.vertex_edges
        for end in self.board.edge_vertices[e]:
            for f in vertex_edges[end]:
                if f != e and (eo[f] == p or (also is not None and also[f] == p)):
                    break
            else:
                return True
        return False

    def after_settlement(self, p: int, v: int) -> None:
        """A settlement may cut an opponent's trail through ``v`` (BG-LR-03, BG-LR-05..07)."""
        if self.plugged and self.hooks.trail:
            # (Seafarers: it may also join a seat's road and ships); without ``trails_at``
            # every owner is counted again
            ask = self.hooks.trails_at
            self.recount_trails(ask[0](self, p, v) if ask else None)
            return
        eo = self.edge_owner
        owners = [eo[e] for e in self.board.vertex_edges[v]]
        cut = []  # a trail can only pass through v on two of q's paths there: one seat at most
        for q in set(owners):
            if q != -1 and q != p and owners.count(q) >= 2:
                cut.append(q)
        self.recount_trails(cut)

    def recount_trails(self, owners: Iterable[int] | None = None) -> None:
        """The trails of ``owners`` (default: every owner) again, then the holder rules, after a
        change at one place: a building (it cuts the trail of the one seat with two paths there,
        or joins the builder's road and ship there, never both: three paths meet at an
        intersection at most) or one seat's moved ship.

        The holder dropped when his new length is below his length before. When his count was
        owed (``owe_length``) that length is not known, only that it was at least his low bound:
        below the bound he dropped; at or above it he still leads every other seat alone (theirs
        were below his low bound while he was owed, and no other seat's rose at a change that
        lowered his), so :func:`next_holder` keeps him whatever the flag."""
        holder = self.longest_road
        dropped = False
        lengths, owed = self._road_length, self.lengths_owed
        for q in range(self.owners) if owners is None else owners:
            new = self.trail_length(q)
            bounds = owed.pop(q, None) if owed else None
            if q == holder and new < (lengths[q] if bounds is None else bounds[0]):
                dropped = True
            lengths[q] = new
        self._update_longest_road(holder_dropped=dropped)

    def _update_longest_road(self, holder_dropped: bool) -> None:
        if self.plugged and not self.hooks.longest_road:
            return  # a scenario without the Longest Road card (T&B main, TB-CO-09)
        if self.lengths_owed and self._holder_stands(holder_dropped):
            return  # the owed counts could not change the holder: still owed
        old = self.longest_road
        keeps = self.options["longest_road_break_tie"] == "holder_keeps"
        new = next_holder(old, self.road_length, holder_dropped, LONGEST_ROAD_MIN, keeps)
        if new != old:
            self.longest_road = new
            self.vp_dirty = True
            self.events.append(
                {
                    "type": "longest_road",
                    "seat": new,
                    "previous": old,
                    "lengths": list(self.road_length),
                    "visible_to": "all",
                }
            )
