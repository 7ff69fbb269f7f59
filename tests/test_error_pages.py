"""The site's own 404, 403 and 500 pages, and no debug page for visitors under `make run`."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory
from django.views import defaults

from arena.supervisor import service_programs
from tests.workers import ROOT

# What Django's technical (DEBUG) pages show and ours never do.
DEBUG_PAGE_MARKS = ("Using the URLconf", "Traceback", "DEBUG = True", "urlpatterns")


def no_debug_page(body: str) -> None:
    for mark in DEBUG_PAGE_MARKS:
        assert mark not in body


@pytest.mark.django_db
def test_an_unknown_address_gets_the_sites_404_page(client) -> None:
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Page not found" in body and "<code>/no/such/page/</code>" in body
    assert 'href="/ladder/catan/"' in body  # a way back into the site
    no_debug_page(body)


@pytest.mark.django_db
def test_a_403_says_why(client) -> None:
    client.force_login(get_user_model().objects.create_user("alice"))
    response = client.get("/tournaments/new")
    assert response.status_code == 403
    body = response.content.decode()
    assert "You may not open this page: only organisers create tournaments." in body
    assert "signed in as alice" in body


def test_a_server_error_gets_the_sites_500_page() -> None:
    response = defaults.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    body = response.content.decode()
    assert "Something went wrong on our side" in body
    assert "/static/arena.css" in body


@pytest.mark.django_db
def test_an_expired_form_gets_the_sites_csrf_page() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "a", "password": "b"})
    assert response.status_code == 403
    assert "That form has expired" in response.content.decode()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read().decode()


@pytest.fixture
def make_run_web(tmp_path: Path):
    """The web process exactly as ``manage.py serve`` (``make run``) starts it, with the
    embedded defaults: no DEBUG, ARENA_ENV, DATABASE_URL or broker set, its own var folder."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "ARENA_ENV", "SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL")
        and not k.startswith("DJANGO_")
    }
    env["ARENA_VAR_DIR"] = str(tmp_path)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    port = free_port()
    (web,) = [p for p in service_programs(port=port) if p.name == "web"]
    process = subprocess.Popen(
        list(web.argv), cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                fetch(f"{url}/healthz")
                break
            except OSError:
                assert process.poll() is None, "the web server exited"
                assert time.monotonic() < deadline, "the web server did not answer"
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_make_run_serves_pages_and_static_files_without_debug_pages(make_run_web) -> None:
    status, _, home = fetch(f"{make_run_web}/")
    assert status == 200 and "Pit your Catan bot" in home

    status, content_type, css = fetch(f"{make_run_web}/static/arena.css")
    assert status == 200 and content_type.startswith("text/css")
    assert css == (ROOT / "templates" / "static" / "arena.css").read_text()

    status, _, missing = fetch(f"{make_run_web}/no/such/page/")
    assert status == 404 and "Page not found" in missing
    no_debug_page(missing)
