"""Opening a replay file in the site's viewer: one a bot author's local runner wrote, or one
downloaded from any copy of the site (``docs/replay-format.md``).

The file is read with every field checked (``games.common.replayfile.parse``) and must replay
with this site's engine before it is kept; it is kept by the SHA-256 of its bytes, so the same
file opened twice is one address, which can be shared. The :data:`KEEP` most recently opened
files are kept; older ones are dropped as new ones come.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.gzip import gzip_page

from arena.front.viewer import UnreadableReplay, at_step, cached_timeline, frames_answer, seat_of
from games.common import replayfile
from games.registry import GAMES
from tournament.models import OpenedReplay

KEEP = 500


class OpenForm(forms.Form):
    file = forms.FileField(
        label="Replay file",
        help_text="a .json replay file: from play --replays, or Download on a match page",
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > replayfile.MAX_FILE_BYTES:
            raise forms.ValidationError(
                f"the file is larger than {replayfile.MAX_FILE_BYTES // (1024 * 1024)} MiB"
            )
        data = upload.read()
        try:
            document = replayfile.parse(data)
        except replayfile.ReplayFileError as exc:
            raise forms.ValidationError(str(exc)) from None
        if document["game"] not in GAMES:
            known = ", ".join(sorted(GAMES))
            raise forms.ValidationError(
                f"unknown game {document['game']!r} (this site has {known})"
            )
        return data, document


def names_of(document: dict[str, Any]) -> list[str]:
    return [str(seat.get("name") or f"seat {seat['seat']}")[:60] for seat in document["seats"]]


def open_replay(request: HttpRequest) -> HttpResponse:
    """``/replays/open``: a form that takes a replay file and shows it in the viewer."""
    form = OpenForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data, document = form.cleaned_data["file"]
        digest = hashlib.sha256(data).hexdigest()
        try:
            cached_timeline(("file", digest), lambda: document, names_of(document), None)
        except UnreadableReplay as exc:
            form.add_error("file", str(exc))
        else:
            OpenedReplay.objects.get_or_create(
                digest=digest,
                defaults={
                    "game": document["game"],
                    "data": zlib.compress(json.dumps(document, separators=(",", ":")).encode()),
                },
            )
            stale = OpenedReplay.objects.order_by("-opened").values_list("digest", flat=True)[KEEP:]
            OpenedReplay.objects.filter(digest__in=list(stale)).delete()
            return redirect("front:opened_replay", digest=digest)
    return render(
        request, "front/replay_open.html", {"form": form}, status=400 if form.errors else 200
    )


def _timeline(request: HttpRequest, digest: str) -> tuple[OpenedReplay, Any, list[str]]:
    opened = get_object_or_404(OpenedReplay, digest=digest)
    document = opened.document()
    names = names_of(document)
    try:
        timeline = cached_timeline(
            ("file", digest), lambda: document, names, seat_of(request, names)
        )
    except UnreadableReplay as exc:
        raise Http404(str(exc)) from exc
    return opened, timeline, names


def opened_replay(request: HttpRequest, digest: str) -> HttpResponse:
    """``/replays/<digest>/``: an opened file in the viewer, as the match page shows a match."""
    opened, timeline, names = _timeline(request, digest)
    document = opened.document()
    return render(
        request,
        "front/replay_opened.html",
        {"opened": opened, "document": document, "viewer": at_step(request, timeline, names)},
    )


@gzip_page
def opened_replay_frames(request: HttpRequest, digest: str) -> JsonResponse:
    _, timeline, _ = _timeline(request, digest)
    return frames_answer(request, timeline)
