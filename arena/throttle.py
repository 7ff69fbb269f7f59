"""Throttling failed sign-ins: a password guess costs the server about a second of CPU (the
password hasher's work), so guesses are counted and stopped before they are hashed.

Every way in that checks a password goes through :class:`ThrottledModelBackend`: the sign-in
form, the admin's, and the API's HTTP Basic. The policy (see SECURITY.md, "Password guessing"):

* **Per client address**: after ``failures_per_address`` failed sign-ins in a window (any
  accounts), that address may not try again, with any password, until the window ends.
* **Per account**: after ``failures_per_account`` failed sign-ins at one account in a window
  (from all addresses together), the account may be tried only from addresses it signed in from
  successfully in the last ``known_address_days``: a stranger guessing from many addresses is
  stopped, and the owner signing in from their usual address is not locked out by them.

A block lasts ``window_s`` from the failure that reached the limit (failures are counted in fixed
windows of that length). A refused attempt is answered ``429 Too Many Requests`` with
``Retry-After`` (the seconds until the block ends) and is not hashed. Counts live in Django's
cache (``CACHES``): the embedded default keeps them in the web process's memory, a deployment
with Redis in Redis, shared by every web process.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework.exceptions import APIException, Throttled

log = logging.getLogger(__name__)

KEY_PREFIX = "signin"
"""Prefix of this module's cache keys (tests give each test its own)."""


@dataclass(frozen=True)
class SignInLimits:
    failures_per_address: int
    failures_per_account: int
    window_s: int
    known_address_days: int

    @classmethod
    def from_settings(cls) -> SignInLimits:
        return cls(**settings.ARENA_SIGNIN_LIMITS)


class SignInThrottled(Throttled):
    """Too many failed sign-ins: a 429 whose ``wait`` is the ``Retry-After`` in seconds. DRF
    answers it on the API; :class:`SignInThrottleMiddleware` on the pages."""

    def __init__(self, wait: int, reason: str) -> None:
        # Not Throttled's own message, which adds "Expected available in N seconds."
        APIException.__init__(self, detail=f"{reason}; try again in {minutes(wait)}.")
        self.wait = wait


def minutes(seconds: int) -> str:
    whole = max(1, math.ceil(seconds / 60))
    return "1 minute" if whole == 1 else f"{whole} minutes"


def client_address(request: HttpRequest) -> str:
    """The address a request came from, as throttling counts it: an IPv6 client by its /64
    (one host usually has a whole /64), behind ``ARENA_TRUSTED_PROXIES`` proxies the address
    the nearest untrusted hop gave them (``X-Forwarded-For``, read from the right)."""
    address = request.META.get("REMOTE_ADDR", "")
    hops = settings.ARENA_TRUSTED_PROXIES
    if hops:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [a for a in forwarded if a]
        if len(forwarded) >= hops:
            address = forwarded[-hops]
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address or "unknown"
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def _key(*parts: object) -> str:
    # Hashed: a user name or an address may hold characters a cache key may not (memcached).
    digest = hashlib.sha256("\x00".join(str(p) for p in parts).encode()).hexdigest()[:32]
    return f"{KEY_PREFIX}:{parts[0]}:{digest}"


def _account(username: str) -> str:
    return username.casefold()


def _seconds_left(key: str, now: float) -> int:
    """Whole seconds until the block stored at ``key`` ends; 0 when there is none."""
    until = cache.get(key)
    return max(0, math.ceil(until - now)) if until else 0


def check(request: HttpRequest, username: str) -> None:
    """Refuse a sign-in attempt that the policy stops, before any password is hashed.

    Raises:
        SignInThrottled: the address is blocked, or the account is and this address is not
            one it signed in from before.
    """
    now = time.time()
    address = client_address(request)
    if wait := _seconds_left(_key("address-blocked", address), now):
        raise SignInThrottled(wait, "Too many failed sign-ins from your address")
    account = _account(username)
    wait = _seconds_left(_key("account-blocked", account), now)
    if wait and not cache.get(_key("known", account, address)):
        raise SignInThrottled(
            wait,
            "Too many failed sign-ins at this account; for now it can be signed in to only "
            "from an address it was used from before",
        )


def record_failure(request: HttpRequest, username: str) -> None:
    """Count a failed sign-in; block the address or the account for a whole window once its
    count in the current window reaches the limit."""
    limits = SignInLimits.from_settings()
    now = time.time()
    window = int(now // limits.window_s)
    for kind, who, limit in (
        ("address", client_address(request), limits.failures_per_address),
        ("account", _account(username), limits.failures_per_account),
    ):
        if _count(_key(kind, window, who), limits.window_s) >= limit:
            cache.add(_key(f"{kind}-blocked", who), now + limits.window_s, limits.window_s)


def _count(key: str, window_s: int) -> int:
    """One more at ``key``, a count that expires after its window; the count so far."""
    # add() then incr(): atomic on Redis and in the process's memory.
    cache.add(key, 0, timeout=window_s)
    try:
        return cache.incr(key)
    except ValueError:  # expired between the two calls: a new count
        cache.add(key, 1, timeout=window_s)
        return 1


def signup_wait(request: HttpRequest) -> int:
    """Seconds before the request's address may create another account (0: now).

    An address may create ``accounts_per_address`` accounts in a window of ``window_s``
    (``ARENA_SIGNUP_LIMITS``): enough for a lab sharing one address, too few to fill the
    ladder with throwaway accounts and bots.
    """
    return _seconds_left(_key("signup-blocked", client_address(request)), time.time())


def record_signup(request: HttpRequest) -> None:
    """Count an account created from the request's address; block the address for a window once
    it reaches the limit."""
    limits = settings.ARENA_SIGNUP_LIMITS
    window_s = limits["window_s"]
    now = time.time()
    address = client_address(request)
    if (
        _count(_key("signups", int(now // window_s), address), window_s)
        >= limits["accounts_per_address"]
    ):
        cache.add(_key("signup-blocked", address), now + window_s, window_s)


def record_success(request: HttpRequest, username: str) -> None:
    """Remember the address as one the account signs in from (a blocked account stays open to
    it)."""
    days = SignInLimits.from_settings().known_address_days
    cache.set(_key("known", _account(username), client_address(request)), 1, days * 86400)


class ThrottledModelBackend(ModelBackend):
    """Django's user-and-password backend behind the throttle: every password check that
    comes with its request (the sign-in forms, the API's Basic) is counted and may be refused."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: object,
    ) -> object | None:
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)  # type: ignore[assignment]
        if request is None or username is None or password is None:
            return super().authenticate(request, username, password, **kwargs)
        _unless_the_cache_is_down(check, request, username)
        user = super().authenticate(request, username, password, **kwargs)
        record = record_failure if user is None else record_success
        _unless_the_cache_is_down(record, request, username)
        return user


def _unless_the_cache_is_down(step: Callable[[HttpRequest, str], None], *args: object) -> None:
    """Run a step of the throttle; with the cache unreachable (Redis restarting), sign in
    without it rather than not at all, and say so in the log."""
    try:
        step(*args)
    except SignInThrottled:
        raise
    except Exception:
        log.exception("sign-in throttle skipped: the cache does not answer")


class SignInThrottleMiddleware:
    """Answers a refused sign-in on the site's pages (the sign-in form, the admin's) with the
    sign-in page, which says why and for how long, as a 429 with ``Retry-After``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, SignInThrottled):
            return None
        form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
        response = render(
            request,
            "registration/login.html",
            {"form": form, "next": request.POST.get("next", ""), "throttled": exception.detail},
            status=429,
        )
        response["Retry-After"] = str(exception.wait)
        return response
