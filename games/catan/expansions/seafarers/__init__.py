"""Seafarers (issue 14): its thirteen maps as board layouts so far (``layouts/``, written by
``transcribe.py`` from the reference checklist); the rules come as a plug-in of their own, and
until this package defines ``EXPANSION`` the option ``seafarers`` stays "not playable yet"."""
