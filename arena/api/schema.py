"""What the OpenAPI schema (``/api/schema/``) says about the API beyond what DRF can see.

Function views answer plain dicts, so each one declares its answers with :func:`answers`; the
error body is one shape everywhere (:class:`ErrorSerializer`), and the two authentications of
this project are described by the extensions below. Schemathesis checks every answer against
this schema in CI (``tests/api/test_schema.py``).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

ERROR_MEANINGS = {
    400: "the request is refused; detail says why, errors names the fields",
    401: "not authenticated (WWW-Authenticate says how)",
    403: "authenticated, but not allowed",
    404: "no such thing",
    409: "not possible in the thing's present state",
    429: "too many requests; Retry-After says when to try again",
}


class ErrorSerializer(serializers.Serializer):
    """Every error answer: ``detail`` in words; ``errors`` per field where fields are at fault."""

    detail = serializers.CharField()
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False
    )


def answers(ok: Any, *errors: int, status: int = 200) -> dict[int, Any]:
    """The ``responses`` of ``extend_schema``: ``ok`` for ``status``, and the error shape for
    each of ``errors`` (429 is added everywhere: the API throttles every client)."""
    described: dict[int, Any] = {status: ok}
    for code in sorted({*errors, 429}):
        described[code] = OpenApiResponse(ErrorSerializer, description=ERROR_MEANINGS[code])
    return described


_PAGES: dict[str, Any] = {}


def page_of(serializer: type[serializers.Serializer], name: str) -> Any:
    """The paginated answer of a list: ``{"count", "next", "previous", "results": [...]}``."""
    if name not in _PAGES:
        _PAGES[name] = inline_serializer(
            name=name,
            fields={
                "count": serializers.IntegerField(),
                "next": serializers.URLField(allow_null=True),
                "previous": serializers.URLField(allow_null=True),
                "results": serializer(many=True),
            },
        )
    return _PAGES[name]


class ScriptBasicScheme(OpenApiAuthenticationExtension):
    target_class = "arena.api_auth.ScriptBasicAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "basic",
            "description": "For scripts; a browser's request with it must pass the CSRF check.",
        }


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = "arena.api.tokens.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A personal API token (POST /api/tokens/), ca_…",
        }
