from tests.tournament.conftest import fast_ladder, house_bots, sent, users  # noqa: F401 (fixtures)
