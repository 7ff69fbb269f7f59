"""Pure-Python Catan rules engines.

Nothing under ``games/`` imports Django, Celery or the network: the same code runs in a bot
author's local runner and in a worker. ``games.registry`` is the entry point.
"""
