from tests.tournament.conftest import (  # noqa: F401 (fixtures)
    card_versions,
    fast_ladder,
    house_bots,
    sent,
    users,
)
