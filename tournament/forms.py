"""The upload form: a game, a bot name and the code (a ``.py`` or a ``.zip`` with ``main.py``)."""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile

from bots.sizes import format_size, size_over_limit
from bots.uploads import MAX_UPLOAD_BYTES
from games.registry import GAMES
from tournament.brackets import MAX_GAMES_PER_PAIRING
from tournament.models import BotVersion, Tournament
from tournament.versions import NAME_PATTERN, upload_bot


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

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game, game) for game in sorted(GAMES)]

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
        )


class TournamentForm(forms.Form):
    """An organiser's new tournament: entrants are active versions, seeded by μ − 3σ."""

    name = forms.CharField(max_length=100)
    game = forms.ChoiceField(choices=[])
    format = forms.ChoiceField(choices=Tournament.FORMATS)
    games_per_pairing = forms.IntegerField(
        min_value=1,
        max_value=MAX_GAMES_PER_PAIRING,
        initial=1,
        help_text="Round robin: games each group plays. Knockout: a tie is the best of this "
        "(odd) number of games.",
    )
    entrants = forms.ModelMultipleChoiceField(
        queryset=BotVersion.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text="Active bot versions of the chosen game; the best-rated (μ − 3σ) is seed 1.",
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game, game) for game in sorted(GAMES)]
        self.fields["entrants"].queryset = (
            BotVersion.objects.filter(status=BotVersion.ACTIVE)
            .select_related("bot__owner")
            .order_by("game", "-conservative", "id")
        )
        self.fields["entrants"].label_from_instance = lambda v: (
            f"{v.game} · {v.bot.name} v{v.number} ({v.bot.owner.username})"
        )

    def clean(self) -> dict[str, object]:
        cleaned = super().clean()
        game, entrants = cleaned.get("game"), cleaned.get("entrants")
        other = [str(v) for v in entrants or () if v.game != game]
        if game and other:
            self.add_error("entrants", f"Not {game} bots: {', '.join(other)}.")
        return cleaned

    def seeded_version_ids(self) -> list[int]:
        ranked = sorted(self.cleaned_data["entrants"], key=lambda v: (-v.conservative, v.id))
        return [v.id for v in ranked]
