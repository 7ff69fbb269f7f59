"""The REST API's own parts: personal API tokens and the read API for matches, leaderboards,
rating histories and head-to-head records (``arena/api/views.py``)."""
