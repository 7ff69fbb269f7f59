"""A bot upload, checked: a game, a bot name and the code (a ``.py``, or a ``.zip`` with
``main.py``).

The upload page and the API's upload both read the request through this form, so one set of checks
and messages serves both.
"""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile

from bots.sizes import format_size, size_over_limit
from bots.uploads import MAX_UPLOAD_BYTES
from games.registry import BASE, GAMES, game_choices, game_families, game_title
from tournament.models import BotVersion
from tournament.versions import NAME_PATTERN, upload_bot


class AnyFamilies(forms.MultipleChoiceField):
    """Checkboxes of the families; the values are checked against the chosen game's families
    by ``versions.enabled_families``, whose refusal names them (the page and the API alike)."""

    def valid_value(self, value: str) -> bool:
        return True


class UploadForm(forms.Form):
    game = forms.ChoiceField(choices=[])
    name = forms.RegexField(
        regex=NAME_PATTERN,
        max_length=64,
        error_messages={"invalid": "Use letters, digits, '_', '.' or '-' (up to 64)."},
        help_text="Uploading under a name you already use adds a new version of that bot.",
    )
    code = forms.FileField(
        help_text=(
            f"A .py file, or a .zip with main.py at its top "
            f"(at most {format_size(MAX_UPLOAD_BYTES)})."
        )
    )
    families = AnyFamilies(
        required=False,
        choices=[],
        widget=forms.CheckboxSelectMultiple,
        label="Scenarios",
        help_text="The scenarios it plays beside the base game (each has its own ladder and "
        "leaderboard); it plays one validation game in each.",
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()
        self.fields["families"].choices = scenario_choices()
        if not self.fields["families"].choices:  # no scenario playable yet: nothing to choose
            self.fields["families"].widget = forms.MultipleHiddenInput()

    def clean_code(self) -> UploadedFile:
        code = self.cleaned_data["code"]
        if code.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"The file is {size_over_limit(code.size, MAX_UPLOAD_BYTES)}."
            )
        return code

    def upload(self, owner: object) -> BotVersion:
        """Store the valid form's upload as ``owner``'s bot (see ``versions.upload_bot``).

        Raises:
            UploadRejected: the code, the name or the game is refused; nothing is stored.
        """
        code = self.cleaned_data["code"]
        return upload_bot(
            owner,
            self.cleaned_data["game"],
            self.cleaned_data["name"],
            code.name,
            code.read(MAX_UPLOAD_BYTES + 1),
            self.cleaned_data["families"],
        )


def scenario_choices() -> list[tuple[str, str]]:
    """``(family id, title)`` of every family beyond the base games, each titled with its game
    when several games have some (``versions.enabled_families`` refuses another game's)."""
    found = [(g, f) for g in sorted(GAMES) for f in game_families(g) if f.id != BASE]
    several = len({g for g, _ in found}) > 1
    return [(f.id, f"{f.title} ({game_title(g)})" if several else f.title) for g, f in found]
