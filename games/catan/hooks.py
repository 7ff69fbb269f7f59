"""The hooks that join expansions and scenarios to the board game core.

An expansion (Masters; later Catan for Two, each Traders & Barbarians scenario, Seafarers, Cities &
Knights) is one module or package under ``games/catan/expansions/`` that defines a subclass of
:class:`Expansion` and an instance of it named ``EXPANSION``. The core finds them there
(``expansions.registry()``); adding one never edits another, nor the core's rule modules.

What an expansion is asked (every hook optional; a hook an expansion does not define is never
called, so the base game pays nothing for expansions that are off):

=================  =====================================================  ========================
hook               when                                                   e.g.
=================  =====================================================  ========================
``layout``         choosing the board (``state.board``)                    a scenario's map
``init``           ``new_state``, before the board is laid                 supplies, extra fields
``board_laid``     terrains, numbers and robber laid, before the           Fishermen: fishing
                   placement; True: the hook set a chance phase of its     grounds at random
                   own and calls ``state.begin_placement()`` when done
``founding_done``  a seat placed its last founding road (``p``); True:     Masters: first master,
                   the hook set a phase of its own and calls               Fishermen: setup fish
                   ``state.next_founding()`` when done
``setup_done``     founding over, before the first turn                    Masters: stack->reserve
``start_turn``     a turn starts (``p``)                                   Masters: reset effects
``end_turn``       ``p`` ended the turn, before the next starts; True: a    Caravans: the camel vote
                   decision is pending, the hook calls ``pass_turn()``
``actions``        legal lists before and after the roll (``p, legal``)    Masters, trade tokens
``produced``       after a non-7 roll paid out (``total``); True: a        Marianne, a second roll,
                   decision is pending, the hook's phase continues         fish, gold on rivers
``seven``          a 7 was rolled; True: the hook took over                Siegfried, barbarians
``vp``             extra public victory points of a seat                   chits, prisoners
``hidden_vp``      victory points of a seat only it sees (``p``), counted   T&B: scenario VP cards
                   for victory and the final score
``target``         a seat's victory target (``base`` passed in)            Fishermen's old boot
``may_progress``   the no-progress check (``p``): True keeps the game on   Louis walks a road
``robber_move``    the robber would move (after a 7's discards or a        Barbarian Attack: steal
                   knight); True: the hook took over                       from a chosen player;
                                                                           T&B: move a barbarian
``observe``        after the core observation is built (``seat, obs``)     tokens, scenario pieces
``static``         ``static_info`` (``options, static``)                   scenario sites
``rebuild``        the state's caches were rebuilt (new game, ``from_dict``):  Caravans: paths that
                   rebuild the plug-in's; may set ``path_weight[e]`` (a     count 2 for Longest
                   path's length for Longest Road, 1 by default)            Road
``view``           the spectators' public view (``state, view``): add      tokens, scenario pieces
                   public keys
``hand_view``      a seat's hand in the full view (``state, seat, hand``):  fish, gold, trade tokens
                   add what only that seat and replays see
``built``          a seat placed a road, settlement or city (``p, piece,   Catan for Two: neutral
                   where``; founding pieces too, ``state.turn == 0``),     builds, trade tokens;
                   after the core's bookkeeping and next phase; it may     Rivers: gold by a river
                   switch to its own phase and return to the one it found
``robber_done``    the robber's move and steal are over (after a 7 or a    Catan for Two: the
                   knight); True: the hook continues with its own phase    second roll after a 7
``trail``          a seat's longest trail (``p``; after a new road ``p, e,  Seafarers: Longest
                   old``: path ``e`` added to a trail of ``old``, -1 if    Trade Route over
                   his count was owed; -1 back: owed again by              roads and ships
                   ``owe_length``), in place of the core's roads-only
                   one; with it, every owner's length is recomputed
                   after a settlement, unless ``trails_at`` names those
``trails_at``      with ``trail``: a settlement of ``p`` at ``v``: the     Seafarers: owners with
                   owners whose trail it may change (the others keep       two pieces there (the
                   their lengths); the first plug-in's answer is used      builder: road and ship)
``road_building``  the Road Building card's legal list (``p, legal``):     Seafarers: free ships
                   add other free pieces
``roll``           the roller asked for the dice (``roll``); True: the     Cities & Knights: the
                   hook set a chance phase of its own (other dice)         event die + red die
``rob``            the robber steals from ``victim``; True: the hook       Cities & Knights:
                   took over the steal (other cards to steal)              commodities too
``trail_owners``   Longest Road is measured: who holds each intersection   Cities & Knights:
                   (a list like ``vertex_owner``; an opponent there ends   knights break roads
                   a trail); the first plug-in's answer is used
``build_actions``  the core's road, settlement or city actions of a seat   Cities & Knights: no
                   (``p, piece, actions``), as kept in ``spot_cache``,     settlement on a knight;
                   and the settlement spots of the no-progress check       Seafarers' Pirate
                   (``may_build_points``): returns those allowed; it may   Islands: none on the
                   read only what a piece placed or lifted changes (the    pirate islands but at
                   cache is dropped then)                                  the seat's waypoint
=================  =====================================================  ========================

Neutral colours (``neutral_colours``, Catan for Two): piece owners ``n .. state.owners - 1`` on
the board that are no seat: the per-owner piece lists (``roads_left``, ``network``,
``road_length``, ...) cover them, production, the robber's victims and every seat list skip them.

The picture and the narration ask the plug-ins named in a view's ``expansions`` (no state there,
only the view): ``draw_board(view, geometry)`` gives SVG elements drawn over the island (after the
buildings, before the robber), ``seat_words(view, seat)`` one more line in each seat's panel, and
``sentences`` (a dict like ``narrate.SENTENCES``, joined to it at import; a clash is an error)
puts the plug-in's events into words. A plug-in module must not import ``games.catan.narrate``.

An expansion may also add phases, decisions and chance nodes: methods named ``legal_<phase>``,
``apply_<action type>``, ``outcomes_<phase>`` / ``chance_<phase>`` with ``chance_kinds``, which the
core's dispatch tables take in (each name once; a clash is an error at import). Its stored fields
(``stored_fields``) are saved in ``to_dict`` under ``"expansions"`` only when it is on, so a base
game's state is unchanged. Options: an expansion owns one option key (``option``); ``validate``
checks its value against the other options and the player count and raises ``ValueError`` naming
what is allowed.

Families: each value of a playable plug-in's option is a game family of its own (its own ladder,
leaderboard and bots' upload setting; ``games.common.families``), titled by ``family_title``,
unless the plug-in sets ``family = False``: then it is a variant mixed into the family of the
other options (Masters, in the base game's ladder ``option_mix``).

Combinations: a game made for two (``two_player_game``, Catan for Two) plays with a scenario that
names it in ``combines_with``; the scenario's own player counts are then lifted to the two-player
game's (and only by that pairing). What the pair changes in both lives in a :class:`Combination`
("glue"), a module ``with_<partner>.py`` in the two-player plug-in's package defining ``GLUE``:
it is on when both partners are, takes the place of the partners' hooks it names in ``replaces``
(where the first of them stood), of the partners' phase methods it names in ``wraps`` (in games
where it is on), and adds its own hooks, phases and actions. Neither partner's rules are edited:
the glue calls them.
"""

from __future__ import annotations

from typing import Any, ClassVar

HOOKS = (
    "init",
    "board_laid",
    "founding_done",
    "setup_done",
    "start_turn",
    "built",
    "end_turn",
    "actions",
    "produced",
    "seven",
    "vp",
    "hidden_vp",
    "target",
    "may_progress",
    "robber_move",
    "observe",
    "view",
    "hand_view",
    "rebuild",
    "robber_done",
    "trail",
    "trails_at",
    "road_building",
    "roll",
    "rob",
    "trail_owners",
    "build_actions",
)
"""The hooks a state calls (``layout`` and ``static`` are asked with the options only)."""


class Expansion:
    """One plug-in. Subclasses set ``name`` and ``option`` and define the hooks they need."""

    name: ClassVar[str] = ""
    """Its id in messages, ``to_dict`` and docs."""
    option: ClassVar[str] = ""
    """The option key that turns it on (``masters``, ``scenario``, ``catan_for_two``, ...)."""
    values: ClassVar[tuple[Any, ...]] = (True,)
    """Values of ``option`` that select this expansion (``scenario`` has one per scenario)."""
    players: ClassVar[tuple[int, ...]] = (3, 4)
    """Player counts it is played with (2 also needs ``allow_two_players`` unless it says so)."""
    two_player_game: ClassVar[bool] = False
    """True for a game made for two (Catan for Two): 2 players without ``allow_two_players``."""
    family: ClassVar[bool] = True
    """Its games are a family of their own (a ladder and a leaderboard each); False for a
    variant mixed into another family's games (Masters)."""
    family_title: ClassVar[str] = ""
    """What people read for its family; empty: the planned scenario's title
    (``expansions.PLANNED_TITLES``), else its name in words."""
    combines_with: ClassVar[tuple[str, ...]] = ()
    """Names of the expansions it may be played with (a pair is allowed if either names the
    other, so a new scenario declares its partners without editing them)."""
    stored_fields: ClassVar[tuple[str, ...]] = ()
    """State attributes it owns, saved by ``to_dict`` and set back by ``from_dict``."""
    state_slots: ClassVar[tuple[str, ...]] = ()
    """State attributes it keeps (stored fields and its own caches) that the core makes slots of
    the state class (``CatanState.__slots__``, for every registered plug-in): past 30 names in
    the instance dict CPython 3.11 gives up its shared keys, and then every method call on the
    state (``state.legal_actions()``, ``self._set_phase(...)``) takes a slower path (about 240
    instructions more a call, measured in docs/PERFORMANCE.md, sf-speed27)."""
    neutral_colours: ClassVar[int] = 0
    """Piece owners it adds beyond the seats (owner ids ``n``, ``n + 1``, ...): they hold
    pieces, roads and possibly Longest Road, never cards, turns or production."""
    chance_kinds: ClassVar[dict[str, str]] = {}
    """Its chance phases -> ``chance_kind()`` names."""
    fixed_outcomes: ClassVar[dict[str, frozenset[int]]] = {}
    """Chance phases whose outcomes are always the same action objects -> their ``id``s: ``apply``
    takes one of these objects without comparing it against the outcome list (as the base
    game's dice); an equal dict from elsewhere is still checked by value."""
    fixed_draws: ClassVar[dict[str, tuple[tuple[dict[str, Any], float], ...]]] = {}
    """Chance phases whose outcome list never changes -> that list: ``sample_chance`` draws from
    it by bisection over its running sums (the same outcome, for the same one ``rng.random()``,
    as ``chance.draw``'s scan of the list)."""
    vp_stamped: ClassVar[bool] = False
    """True: everything its ``vp`` and ``hidden_vp`` hooks read (and every VP it moves in the
    core's fields) changes only in steps that set ``state.vp_dirty = True``, so a seat's total
    VP stands while the core's VP stamp ``state.vp_changes`` does: the victory check keeps each
    seat's count at the stamp (``vp_seat``) and counts again only after a VP may have moved.
    A game keeps them when every plug-in (and glue) on says so; the base game does."""
    keeps_main_list: ClassVar[bool] = False
    """True: the core keeps each main-phase list for one (``state.version``, seat, proposals
    left or not) and gives it again across the trade talk, which changes none of it (once the
    turn's last proposal is made: the same list without its ``propose_trade`` actions); for a
    plug-in whose main list is long to build (Cities & Knights). Its ``actions`` hook must then
    read nothing that moves without ``version`` (the proposals made included)."""
    no_development_cards: ClassVar[bool] = False
    """True: no development card is ever in the deck or a hand (Cities & Knights, CK-CO-11), so
    the core's legal lists do not look for their purchase or play."""
    never_stuck: ClassVar[bool] = False
    """True: its ``may_progress`` is True for every seat at all times, so the no-progress check
    at each turn's start (whose answer would be False) is skipped."""
    longest_road: ClassVar[bool] = True
    """False: the game has no Longest Road card (T&B main scenario); lengths are still kept."""
    robber: ClassVar[bool] = True
    """False: the game has no robber at all (Barbarian Attack, T&B main), so the picture draws
    none beside the board either."""

    def value_title(self, value: Any) -> str:
        """What people read for one value of a plug-in with several (a Seafarers map)."""
        return str(value).replace("_", " ")

    def draws_robber(self, view: dict[str, Any]) -> bool:
        """Whether the game of ``view`` has a robber to draw beside the board when it is off it
        (``robber``, unless a plug-in's values differ, as Seafarers' maps do)."""
        return self.robber

    def active(self, options: dict[str, Any]) -> bool:
        return options.get(self.option) in self.values

    def unused_hooks(self, options: dict[str, Any]) -> frozenset[str]:
        """Hooks of this plug-in that change nothing in a game with ``options`` (each would
        only give back what the core does without it), left out of that game's hook table so
        that they are never called: Seafarers' forwarders to a map's hook on a map without it.
        By default none."""
        return frozenset()

    def validate(self, options: dict[str, Any], num_players: int) -> None:
        """Raise ``ValueError`` if this expansion cannot be played with these options."""
        counts = self.player_counts(options)
        if num_players not in counts:
            allowed = ", ".join(map(str, counts))
            raise ValueError(f"{self.name} is played with {allowed} players, not {num_players}")

    def player_counts(self, options: dict[str, Any]) -> tuple[int, ...]:
        """``players``, or a two-player game's counts when one it names in ``combines_with``
        is on too (Catan for Two with a scenario)."""
        from games.catan import expansions  # the registry imports this module

        for x in expansions.registry():
            if x.two_player_game and x.name in self.combines_with and x.active(options):
                return x.players
        return self.players

    sentences: ClassVar[dict[str, Any]] = {}
    """Its events in words: event type -> a template or a function, as ``narrate.SENTENCES``."""

    def layout(self, options: dict[str, Any]) -> str | None:
        """The board layout's name, or None to keep the base game's."""
        return None

    def layout_for(self, options: dict[str, Any], players: int) -> str | None:
        """The layout for ``players`` players (Seafarers: a map per player count); by default
        :meth:`layout`, the same for every player count."""
        return self.layout(options)

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        """SVG elements of its pieces and sites, drawn over the island (``view`` only)."""
        return []

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        """One more line of words in a seat's panel (its tokens, supplies), or None."""
        return None

    def draws_seat_words(self) -> bool:
        return type(self).seat_words is not Expansion.seat_words


class Combination(Expansion):
    """The glue of two plug-ins played together (``pair``): hooks of its own, and hooks that
    take the place of some of the partners' (``replaces``: partner name -> hook names)."""

    pair: ClassVar[tuple[str, str]] = ("", "")
    """The two plug-ins' names (the two-player game first)."""
    replaces: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Partner name -> its hooks this glue takes the place of (it calls them as it needs)."""
    wraps: ClassVar[tuple[str, ...]] = ()
    """A partner's phase methods (``legal_…``, ``apply_…``, ``outcomes_…``, ``chance_…``) this
    glue's methods of the same name take the place of, in games where the glue is on only (the
    partner alone keeps its own); the glue calls the partner's as it needs."""
    family = False  # the pair's family is the partners' ids joined by "+"


class Hooks:
    """The hooks of the expansions on in one game, as tuples of bound methods (empty: off).

    Built once per option set and shared by every state with those options. A combination's
    hook stands where the first partner hook it replaces stood, else after the partners'.
    ``unused``: per expansion, the hooks it leaves out (:meth:`Expansion.unused_hooks`).
    """

    __slots__ = ("expansions", "glue", "plugins", "longest_road", *HOOKS)

    def __init__(
        self,
        expansions: tuple[Expansion, ...],
        glue: tuple[Combination, ...] = (),
        unused: tuple[frozenset[str], ...] = (),
    ) -> None:
        self.expansions = expansions
        self.glue = glue
        self.plugins = (*expansions, *glue)
        self.longest_road = all(x.longest_road for x in expansions)
        left_out = dict(zip(expansions, unused, strict=False))
        for hook in HOOKS:
            found: list[Any] = []
            placed: set[int] = set()
            for x in expansions:
                if not hasattr(type(x), hook) or hook in left_out.get(x, ()):
                    continue
                by = [g for g in glue if hook in g.replaces.get(x.name, ())]
                if not by:
                    found.append(getattr(x, hook))
                for g in by:
                    if id(g) not in placed and hasattr(type(g), hook):
                        placed.add(id(g))
                        found.append(getattr(g, hook))
            found.extend(
                getattr(g, hook) for g in glue if id(g) not in placed and hasattr(type(g), hook)
            )
            setattr(self, hook, tuple(found))
