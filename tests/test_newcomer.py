"""What a newcomer trips on: a favicon, the admin link for staff, a 403 without a traceback."""

from __future__ import annotations

import logging

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory

from arena.log_filters import RefusalsWithoutTraceback

pytestmark = pytest.mark.django_db


def test_pages_link_a_favicon_and_favicon_ico_leads_to_it(client) -> None:
    page = client.get("/").content.decode()
    assert 'rel="icon"' in page and "favicon.svg" in page
    answer = client.get("/favicon.ico")
    assert answer.status_code == 301 and answer["Location"].endswith("favicon.svg")
    assert client.get(answer["Location"]).status_code == 200


def test_staff_see_a_link_to_the_admin_and_others_do_not(client) -> None:
    User.objects.create_user("plain", password="pw-plain-123")
    client.login(username="plain", password="pw-plain-123")
    assert 'href="/admin/"' not in client.get("/").content.decode()
    User.objects.create_user("boss", password="pw-boss-123", is_staff=True)
    client.login(username="boss", password="pw-boss-123")
    assert 'href="/admin/"' in client.get("/").content.decode()


def _logged(status: int) -> logging.LogRecord:
    try:
        raise PermissionDenied("not yours")
    except PermissionDenied:
        import sys

        record = logging.LogRecord(
            "django.request", logging.WARNING, __file__, 1, "Forbidden: %s", ("/x",), sys.exc_info()
        )
    record.status_code = status
    return record


def test_a_refusal_is_logged_as_one_line_and_a_server_error_keeps_its_traceback() -> None:
    handler = logging.StreamHandler()
    handler.addFilter(RefusalsWithoutTraceback())
    formatter = logging.Formatter()
    refused = _logged(403)
    handler.filter(refused)
    assert "Traceback" not in formatter.format(refused)
    failed = _logged(500)
    handler.filter(failed)
    assert "Traceback" in formatter.format(failed)


def test_the_site_log_says_a_forbidden_page_without_a_traceback() -> None:
    """Through the real logging set-up: the settings' console handler carries the filter."""
    import io

    from django.core.handlers.exception import response_for_exception

    console = next(h for h in logging.getLogger().handlers if isinstance(h, logging.StreamHandler))
    stream = io.StringIO()
    previous = console.setStream(stream)
    try:
        raise PermissionDenied("not yours")  # as a view raises it: with a traceback
    except PermissionDenied as refusal:
        response_for_exception(RequestFactory().get("/secret"), refusal)
    finally:
        console.setStream(previous)
    logged = stream.getvalue()
    assert "Forbidden (Permission denied): /secret" in logged
    assert "Traceback" not in logged and "not yours" not in logged


def test_manage_py_organiser_makes_a_user_an_organiser_and_takes_it_back() -> None:
    import io

    from django.core.management import call_command
    from django.core.management.base import CommandError

    from tournament.organiser import may_organise

    User.objects.create_user("olga", password="pw-olga-123")
    call_command("organiser", "olga", stdout=io.StringIO())
    assert may_organise(User.objects.get(username="olga"))
    call_command("organiser", "olga", "--revoke", stdout=io.StringIO())
    assert not may_organise(User.objects.get(username="olga"))
    with pytest.raises(CommandError, match="No user is called 'nobody'"):
        call_command("organiser", "nobody")
