"""The API's pagination, in a module of its own: DRF imports it while defining its generic views,
before any view of ours may be imported (a view module here would import DRF's schema class,
which needs those generic views: a circular import)."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination


class ApiPagination(LimitOffsetPagination):
    """``?limit=&offset=``; ``PAGE_SIZE`` (50) a page unless asked, never more than 500."""

    max_limit = 500
