"""Alerts for bot authors: an in-site feed, and e-mail through Django's mail settings.

An author hears when one of their versions fails its validation game, when their live version
starts forfeiting often, and when a tournament one of their bots entered starts and ends
(``arena/alerts/notify.py``). The match service knows nothing of alerts: this app listens to
its signals (``tournament/signals.py``) and to the tournament rows' saves.
"""
