"""HTTP Basic for scripts, never for browsers: how the API tells the two apart.

A browser that once answers a ``WWW-Authenticate: Basic`` prompt keeps the password and sends it
by itself with every later request to the site, including a form that a page on another origin
submits; Basic authentication has no CSRF check of its own, so such a page could act as the
user. Hence two rules (see SECURITY.md, "CSRF"):

* A request that looks like a browser's (:func:`looks_like_a_browser`) is never challenged with
  ``Basic``: its 401 names the ``Session`` scheme, which no browser prompts for, so no browser is
  led to store the password.
* A Basic-authenticated request that looks like a browser's must pass the same CSRF check as a
  signed-in session (Django's ``CsrfViewMiddleware``: the ``Origin`` must be the site's own and
  a CSRF token must come with an unsafe method), for the browsers that stored a password before.

Scripts (``curl -u``, ``requests`` with ``auth=``, ``wget``) send none of a browser's marks and
keep working as before: a Basic challenge when they come without credentials, no CSRF token.
"""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework.authentication import BasicAuthentication, SessionAuthentication
from rest_framework.request import Request

BROWSER_ONLY_HEADERS = ("HTTP_SEC_FETCH_SITE", "HTTP_SEC_FETCH_MODE", "HTTP_SEC_FETCH_DEST")
"""Fetch metadata: every current browser sends these with every request, and no page can
remove or set them (forbidden header names)."""
BROWSER_CHALLENGE = 'Session realm="api"'
"""The 401's ``WWW-Authenticate`` for a browser: a scheme no browser prompts for."""


def looks_like_a_browser(request: HttpRequest | Request) -> bool:
    """Whether ``request`` may come from a browser, which would send cached credentials by itself.

    Judged generously, since a false "browser" costs a script only a CSRF check it can pass and a
    false "script" could cost a user their account: any Fetch-metadata header (``Sec-Fetch-*``),
    an ``Origin`` header (browsers send one with every cross-origin request and every POST;
    command-line clients do not), or a ``User-Agent`` that starts like every browser's
    (``Mozilla/``, which older browsers without Fetch metadata send too).
    """
    meta = request.META
    if any(header in meta for header in BROWSER_ONLY_HEADERS) or "HTTP_ORIGIN" in meta:
        return True
    return meta.get("HTTP_USER_AGENT", "").startswith("Mozilla/")


class ScriptBasicAuthentication(BasicAuthentication):
    """DRF's Basic authentication for scripts: no Basic challenge to a browser, and a CSRF check
    on a browser's request that carries Basic credentials."""

    def authenticate(self, request: Request) -> tuple[object, None] | None:
        result = super().authenticate(request)
        if result is not None and looks_like_a_browser(request):
            # The same check as a session's: 403 "CSRF Failed: ..." unless same origin + token.
            SessionAuthentication().enforce_csrf(request)
        return result

    def authenticate_header(self, request: Request) -> str:
        if looks_like_a_browser(request):
            return BROWSER_CHALLENGE
        return super().authenticate_header(request)
