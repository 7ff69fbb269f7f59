"""A replay file opens in the site's viewer: from the local runner or another site, checked,
kept under its digest, shown and stepped like a match; a bad file is refused with the reason."""

from __future__ import annotations

import hashlib
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from arena.front import opened_replays
from games.common import replayfile
from tests.tournament.replays import finished_match
from tournament.models import OpenedReplay

pytestmark = pytest.mark.django_db


def upload(client, data: bytes):
    return client.post("/replays/open", {"file": SimpleUploadedFile("game.json", data)})


def test_a_downloaded_replay_opens_in_the_viewer_and_keeps_an_address(client) -> None:
    match = finished_match("catan", seed=33)
    data = client.get(f"/matches/{match.id}/replay.json").content
    opened = upload(client, data)
    digest = hashlib.sha256(data).hexdigest()
    assert opened.status_code == 302 and opened["Location"] == f"/replays/{digest}/"
    page = client.get(opened["Location"]).content.decode()
    steps = len(json.loads(data)["actions"])
    assert f'data-steps="{steps}"' in page and "Game over: " in page
    assert f'data-frames-url="/replays/{digest}/frames"' in page
    frames = client.get(f"/replays/{digest}/frames?start=0&count=3").json()["frames"]
    assert [frame["step"] for frame in frames] == [0, 1, 2]
    assert "seat=1" in client.get(f"/replays/{digest}/?seat=1").content.decode()
    assert upload(client, data)["Location"] == opened["Location"]  # the same file, one address
    assert OpenedReplay.objects.count() == 1


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.update(format="zip"), "this is not a replay file"),
        (lambda d: d.update(game="chess"), "unknown game &#x27;chess&#x27;"),
        (
            lambda d: d["actions"].insert(5, {"type": "nonsense"}),
            "cannot be shown by the current engine",
        ),
        (lambda d: d.update(seed="seven"), "seed: expected int"),
    ],
)
def test_a_bad_file_is_refused_with_the_reason_and_nothing_kept(client, change, says) -> None:
    match = finished_match("cardgame", seed=34)
    document = json.loads(client.get(f"/matches/{match.id}/replay.json").content)
    change(document)
    refused = upload(client, replayfile.dumps(document).encode())
    assert refused.status_code == 400 and says in refused.content.decode()
    assert not OpenedReplay.objects.exists()


def test_not_json_and_too_big_are_refused(client, monkeypatch) -> None:
    assert "the file is not JSON" in upload(client, b"{{{").content.decode()
    monkeypatch.setattr(replayfile, "MAX_FILE_BYTES", 10)
    assert "larger than" in upload(client, b"x" * 11).content.decode()


def test_only_the_latest_opened_files_are_kept(client, monkeypatch) -> None:
    monkeypatch.setattr(opened_replays, "KEEP", 1)
    match = finished_match("cardgame", seed=35)
    document = json.loads(client.get(f"/matches/{match.id}/replay.json").content)
    upload(client, replayfile.dumps(document).encode())
    document["source"] = {"runner": "local"}
    second = upload(client, replayfile.dumps(document).encode())
    assert list(OpenedReplay.objects.values_list("digest", flat=True)) == [
        second["Location"].split("/")[2]
    ]
