"""The site's forms: a new tournament with its settings. (The bot upload's form is the match
service's, ``tournament/upload_form.py``: the API checks uploads with it too.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django import forms

from bots.limits import TimeControl
from games.common.options import OptionSpec
from games.registry import GAMES, game_choices, game_title
from tournament.brackets import MAX_GAMES_PER_PAIRING
from tournament.event_settings import TIME_CONTROL_RANGES
from tournament.formats.registry import MAX_ROUNDS, SETTINGS
from tournament.models import BotVersion, Tournament
from tournament.scheduler import ladder_or_defaults
from tournament.tournaments import create_tournament


class GameTaggedCheckboxes(forms.CheckboxSelectMultiple):
    """Checkboxes of bot versions, each tagged with its game (``data-game``): the create page's
    script (``tournament_form.js``) shows only the chosen game's."""

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        version = getattr(option["value"], "instance", None)
        if version is not None:
            option["attrs"]["data-game"] = version.game
        return option


class TournamentForm(forms.Form):
    """An organiser's new tournament: the event, its entrants and their seeding, and the settings
    that differ from the game's ladder (a blank field keeps the ladder's).

    The fields only parse; ``create_tournament`` decides (the engine checks the options and the
    players per match, ``event_settings`` the clock), so the page and the API refuse alike.
    """

    EVENT_FIELDS = (
        "name",
        "game",
        "format",
        "games_per_pairing",
        "players_per_match",
        "rounds",
        "heats",
        "duplicate",
    )
    ENTRANT_FIELDS = (
        "registration",
        "registration_deadline",
        "starts_at",
        "entrants",
        "seeding",
        "seed_order",
    )
    CLOCK_FIELDS = tuple(TIME_CONTROL_RANGES)

    name = forms.CharField(max_length=100)
    game = forms.ChoiceField(choices=[])
    format = forms.ChoiceField(choices=Tournament.FORMATS)
    games_per_pairing = forms.IntegerField(
        min_value=1,
        max_value=MAX_GAMES_PER_PAIRING,
        initial=1,
        help_text="Round robin, Swiss: games each pairing or group plays, seats swapped. "
        "Knockout, double elimination: a tie is the best of this (odd) number of games. "
        "Table formats: games each table plays, seats rotated.",
    )
    players_per_match = forms.IntegerField(required=False, min_value=1)
    rounds = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ROUNDS,
        help_text="Swiss and table Swiss only. Blank: ⌈log2 n⌉ + 1 for Swiss, "
        "⌈log_p n⌉ + 1 at tables of p.",
    )
    duplicate = forms.BooleanField(
        required=False,
        label="Duplicate sets",
        help_text="Each game of a pairing or table becomes a set: one game per seat rotation, "
        "all on the same seed (same board, deal and dice), so luck falls on every bot alike. "
        "Games per pairing then counts sets.",
    )
    heats = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ROUNDS,
        help_text="Table advancement only: rounds of heats before the semi-final tables. "
        "Blank: ⌈log_p n⌉.",
    )
    registration = forms.BooleanField(
        required=False,
        label="Open to entries",
        help_text="Create a draft that bot owners enter once you open registration; the bots "
        "ticked below are your own first entries. Entries are frozen to exact versions when "
        "they close.",
    )
    registration_deadline = forms.DateTimeField(
        required=False,
        label="Entries close (UTC)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text="Blank: when you close them.",
    )
    starts_at = forms.DateTimeField(
        required=False,
        label="Starts (UTC)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text="The event starts itself then. Blank: when you start it.",
    )
    entrants = forms.ModelMultipleChoiceField(
        queryset=BotVersion.objects.none(),
        required=False,
        widget=GameTaggedCheckboxes,
        help_text="Active bot versions of the chosen game.",
    )
    seeding = forms.ChoiceField(
        choices=Tournament.SEEDINGS,
        initial=Tournament.BY_RATING,
        required=False,
        widget=forms.RadioSelect,
    )
    seed_order = forms.CharField(
        required=False,
        label="Seed order",
        help_text="Manual seeding only: the chosen entrants' numbers (#) from seed 1 down, "
        "e.g. 12, 7, 9.",
    )
    move_cpu_s = forms.FloatField(
        required=False,
        label="CPU seconds per move",
        min_value=TIME_CONTROL_RANGES["move_cpu_s"][0],
        max_value=TIME_CONTROL_RANGES["move_cpu_s"][1],
    )
    bank_cpu_s = forms.FloatField(
        required=False,
        label="CPU seconds in the bank",
        min_value=TIME_CONTROL_RANGES["bank_cpu_s"][0],
        max_value=TIME_CONTROL_RANGES["bank_cpu_s"][1],
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()
        self.fields["entrants"].queryset = (
            BotVersion.objects.filter(status=BotVersion.ACTIVE)
            .select_related("bot__owner")
            .order_by("game", "-conservative", "id")
        )
        self.fields["entrants"].label_from_instance = lambda v: (
            f"#{v.id} · {game_title(v.game)} · {v.label}"
        )
        ladders = {game: ladder_or_defaults(game) for game in sorted(GAMES)}
        self.fields["players_per_match"].help_text = "Blank: the ladder's ({}).".format(
            ", ".join(
                f"{game_title(game)} {ladder.players_per_match}" for game, ladder in ladders.items()
            )
        )
        for name in self.CLOCK_FIELDS:
            ladder_clock = {
                game: TimeControl.from_dict(ladder.time_control).to_dict()[name]
                for game, ladder in ladders.items()
            }
            self.fields[name].help_text = "Blank: the ladder's ({}).".format(
                ", ".join(
                    f"{game_title(game)} {seconds:g} s" for game, seconds in ladder_clock.items()
                )
            )
        self.option_names: dict[str, list[str]] = {}
        for game, ladder in ladders.items():
            current = {**GAMES[game].default_options, **ladder.options}
            self.option_names[game] = []
            for spec in GAMES[game].option_specs():
                name = f"{game}__{spec.name}"
                self.fields[name] = OPTION_FIELDS[spec.type](spec, current[spec.name])
                self.option_names[game].append(name)

    def event_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.EVENT_FIELDS]

    def entrant_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.ENTRANT_FIELDS]

    def clock_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.CLOCK_FIELDS]

    def option_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Each game's options, as fields named ``<game>__<option>``; only the chosen game's
        are used."""
        return [(game, [self[name] for name in names]) for game, names in self.option_names.items()]

    def clean_seeding(self) -> str:
        return self.cleaned_data["seeding"] or Tournament.BY_RATING

    def clean(self) -> dict[str, object]:
        cleaned = super().clean()
        game, entrants = cleaned.get("game"), cleaned.get("entrants")
        if not entrants and not cleaned.get("registration") and "entrants" not in self.errors:
            self.add_error("entrants", "Choose the entrants, or open the event to entries.")
        other = [
            f"#{v.id} {v.label} ({game_title(v.game)})" for v in entrants or () if v.game != game
        ]
        if game and other:
            self.add_error(
                "entrants",
                f"A tournament plays one game, and these entrants are not {game_title(game)} bots: "
                f"{', '.join(other)}. Untick them, or choose their game.",
            )
        if entrants and cleaned.get("seeding") == Tournament.MANUAL_SEEDING:
            self._check_seed_order({v.id for v in entrants}, cleaned.get("seed_order", ""))
        return cleaned

    def _check_seed_order(self, chosen: set[int], text: str) -> None:
        words = [word.lstrip("#") for word in re.split(r"[\s,]+", text.strip()) if word]
        if not all(word.isdigit() for word in words):
            self.add_error("seed_order", "Give the entrants' numbers, e.g. 12, 7, 9.")
            return
        order = [int(word) for word in words]
        missing = sorted(chosen - set(order))
        extra = sorted(set(order) - chosen)
        repeated = sorted({number for number in order if order.count(number) > 1})
        problems = [
            f"{what} {', '.join(f'#{n}' for n in numbers)}"
            for what, numbers in (
                ("missing", missing),
                ("not chosen", extra),
                ("listed twice", repeated),
            )
            if numbers
        ]
        if problems:
            self.add_error("seed_order", f"List every chosen entrant once ({'; '.join(problems)}).")
        else:
            self.cleaned_data["seed_order"] = order

    def create(self, organiser: object) -> Tournament:
        """The valid form's tournament (see ``tournaments.create_tournament``).

        Raises:
            TournamentRefused: the settings, the entrants or the size are refused.
        """
        data = self.cleaned_data
        game = data["game"]
        manual = data["seeding"] == Tournament.MANUAL_SEEDING
        options = {
            name.split("__", 1)[1]: data[name]
            for name in self.option_names[game]
            if data[name] not in (None, "")
        }
        return create_tournament(
            organiser,
            game,
            data["name"],
            data["format"],
            data["seed_order"] if manual else [v.id for v in data["entrants"]],
            seeding=data["seeding"],
            games_per_pairing=data["games_per_pairing"],
            players_per_match=data["players_per_match"],
            options=options,
            time_control={name: data[name] for name in self.CLOCK_FIELDS if data[name] is not None},
            format_settings={
                **{
                    name: data[name]
                    for name in SETTINGS.get(data["format"], ())
                    if data.get(name) is not None
                },
                **({"duplicate": True} if data.get("duplicate") else {}),
            },
            registration=bool(data.get("registration")),
            registration_deadline=data.get("registration_deadline"),
            starts_at=data.get("starts_at"),
        )


def _switch_field(spec: OptionSpec, current: bool) -> forms.Field:
    return forms.TypedChoiceField(
        label=_label(spec.name),
        required=False,
        choices=[
            ("", f"the ladder's ({'on' if current else 'off'})"),
            ("on", "on"),
            ("off", "off"),
        ],
        coerce=lambda value: value == "on",
        empty_value=None,
    )


def _int_field(spec: OptionSpec, current: int) -> forms.Field:
    return forms.IntegerField(
        label=_label(spec.name),
        required=False,
        min_value=spec.minimum,
        max_value=spec.maximum,
        widget=forms.NumberInput(attrs={"placeholder": str(current)}),
        help_text=f"{spec.minimum} to {spec.maximum}. Blank: the ladder's ({current}).",
    )


def _choice_field(spec: OptionSpec, current: Any) -> forms.Field:
    by_text = {str(choice): choice for choice in spec.choices}
    return forms.TypedChoiceField(
        label=_label(spec.name),
        required=False,
        choices=[("", f"the ladder's ({current})"), *((text, text) for text in by_text)],
        coerce=by_text.__getitem__,
        empty_value=None,
    )


def _label(key: str) -> str:
    return key.replace("_", " ").capitalize()


OPTION_FIELDS: dict[str, Callable[[OptionSpec, Any], forms.Field]] = {
    "bool": _switch_field,
    "int": _int_field,
    "choice": _choice_field,
}
"""The form field of a game option, by its type in the game's own description
(``game.option_specs()``: ranges and choices are the engine's; the engine checks again)."""
