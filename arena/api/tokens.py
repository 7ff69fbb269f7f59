"""Issuing, checking and revoking personal API tokens, and the DRF authentication that reads them.

A request sends ``Authorization: Bearer <key>`` (or ``Token <key>``). A browser never sends such
a header by itself, so a token-authenticated request needs no CSRF check: a page on another site
cannot make a visitor's browser send it.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.utils import timezone
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from arena.api.models import ApiToken

KEY_PREFIX = "ca_"
"""Every key starts so: a secret scanner (or a person) can tell what a leaked string is."""
MAX_TOKENS_PER_USER = 20
SHOWN_PREFIX = 10
TOUCH_EVERY = timedelta(minutes=1)
"""``last_used`` is written at most this often per token: one UPDATE per request would be waste."""
SCHEMES = (b"bearer", b"token")


class TooManyTokens(ValueError):
    """The user has :data:`MAX_TOKENS_PER_USER` tokens already."""


def digest(key: str) -> str:
    # A key holds 256 random bits, so a fast hash is safe here (no guessing to slow down).
    return hashlib.sha256(key.encode()).hexdigest()


def issue(user: Any, name: str) -> tuple[ApiToken, str]:
    """Make a token named ``name`` for ``user``; return it and its key (shown only now)."""
    if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS_PER_USER:
        raise TooManyTokens(
            f"you have {MAX_TOKENS_PER_USER} tokens already; revoke one you no longer use"
        )
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name, prefix=key[:SHOWN_PREFIX], digest=digest(key)
    )
    return token, key


class TokenAuthentication(BaseAuthentication):
    """``Authorization: Bearer <key>``; a wrong or revoked key is a 401, never a fall-through."""

    def authenticate(self, request: Request) -> tuple[Any, ApiToken] | None:
        words = get_authorization_header(request).split()
        if not words or words[0].lower() not in SCHEMES:
            return None
        if len(words) != 2:
            raise AuthenticationFailed("give the token as: Authorization: Bearer <key>")
        try:
            key = words[1].decode("ascii")
        except UnicodeDecodeError:
            raise AuthenticationFailed("an API token is plain ASCII") from None
        token = ApiToken.objects.select_related("user").filter(digest=digest(key)).first()
        if token is None or not token.user.is_active:
            raise AuthenticationFailed("this API token is unknown or was revoked")
        now = timezone.now()
        if token.last_used is None or now - token.last_used > TOUCH_EVERY:
            ApiToken.objects.filter(id=token.id).update(last_used=now)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'
