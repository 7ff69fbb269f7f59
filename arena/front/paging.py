"""Pagination that costs what a page costs, however large the list."""

from __future__ import annotations

from functools import cached_property

from django.core.paginator import Paginator
from django.db.models import QuerySet


class BoundedPaginator(Paginator):
    """Counts at most ``max_pages`` pages of rows (``SELECT count(*)`` over a ``LIMIT``), so a
    page of a huge table costs what a page of a small one does; ``truncated`` when there are
    more rows than that."""

    def __init__(self, object_list: QuerySet | list[int], per_page: int, *, max_pages: int) -> None:
        super().__init__(object_list, per_page)
        self.max_pages = max_pages

    @cached_property
    def count(self) -> int:
        bound = self.max_pages * self.per_page + 1
        if isinstance(self.object_list, list):
            return len(self.object_list[:bound])
        # Ids only and no order: the count stops at the bound, whichever rows come first.
        return self.object_list.order_by().values("id")[:bound].count()

    @property
    def truncated(self) -> bool:
        return self.count > self.max_pages * self.per_page

    @cached_property
    def num_pages(self) -> int:
        return min(super().num_pages, self.max_pages)
