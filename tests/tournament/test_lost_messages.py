"""Messages the broker loses or refuses are sent again within seconds (issue 12, item 9).

The whole story with real worker processes is ``test_chaos.py``; these tests look at the reaper
and ``send_match`` against a Redis server of the test's own.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
import redis
from django.utils import timezone

from arena import broker
from arena.celery import app as celery_app
from tests.brokers import RedisServer, free_loopback_port, requires_redis_server
from tests.workers import broker_at
from tournament.models import Match
from tournament.scheduler import schedule_ladder
from tournament.tasks import reap_matches, send_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(house_bots) -> list[int]:
    return schedule_ladder("catan", 2, respect_bot_limit=False)


def sent_at(match_ids: list[int]) -> list[object]:
    return [Match.objects.get(id=i).sent_at for i in match_ids]


def test_a_message_the_broker_refuses_is_sent_again_after_a_short_grace(queued, settings):
    settings.ARENA_UNSENT_GRACE_SECONDS = 30
    reap_matches()  # the broker's life is known: only the grace below decides
    with broker_at(f"redis://127.0.0.1:{free_loopback_port()}/0"):  # nobody listens there
        send_match(queued[0])  # no exception: the row is the record
    assert sent_at(queued[:1]) == [None]
    reap_matches()
    assert sent_at(queued[:1]) == [None]  # still within the grace: its sender may be on it
    Match.objects.filter(id=queued[0]).update(created=timezone.now() - timedelta(seconds=31))
    reap_matches()
    assert sent_at(queued[:1])[0] is not None


@requires_redis_server
def test_every_queued_match_is_sent_again_once_the_broker_lost_its_data(queued, tmp_path):
    server = RedisServer(tmp_path)
    queue = celery_app.conf.task_default_queue
    with server.running(), broker_at(server.url):
        client = redis.Redis(port=server.port)
        for match_id in queued:
            send_match(match_id)
        reap_matches()  # the first look at this broker remembers its life (and resends)
        messages = client.llen(queue)
        before = sent_at(queued)
        reap_matches()
        assert client.llen(queue) == messages and sent_at(queued) == before  # nothing lost

        server.restart_empty()
        assert client.llen(queue) == 0
        reap_matches()
        assert client.llen(queue) == len(queued)
        assert all(after > b for after, b in zip(sent_at(queued), before, strict=True))
        reap_matches()
        assert client.llen(queue) == len(queued)  # once per loss

        # A server that restarted but kept its data (persistence) may have lost the last writes.
        client.set(broker.LIFE_KEY, "an earlier life")
        reap_matches()
        assert client.llen(queue) == 2 * len(queued)


def test_a_broker_that_keeps_its_messages_on_disk_has_no_lives() -> None:
    if not celery_app.conf.broker_url.startswith("filesystem://"):
        pytest.skip("this run uses Redis")
    assert broker.new_broker_life(celery_app) is None
