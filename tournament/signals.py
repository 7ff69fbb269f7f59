"""What the match service tells the rest of the site, once it is committed.

``match_recorded(match)``: a match finished or ended in error and its result (ratings, the
validation verdict, forfeits) is in the database. Sent after commit, so a listener reads what
the result wrote; a listener's failure never touches the result.
"""

from __future__ import annotations

from django.dispatch import Signal

match_recorded = Signal()
