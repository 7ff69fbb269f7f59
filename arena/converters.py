"""The ``<id:…>`` URL converter: a database id, at most 18 digits.

Django's ``<int:…>`` takes any length of digits, and an id past the database's 64-bit integers
reached the query and failed there (a 500 on SQLite and PostgreSQL alike, found by the API
fuzzer); eighteen digits always fit, so anything longer is simply no such page (404).
"""

from __future__ import annotations


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
