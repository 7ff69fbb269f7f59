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
from games.registry import game_choices
from tournament.models import BotVersion
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
        self.fields["game"].choices = game_choices()

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
