from tests.tournament.conftest import fast_ladder, house_bots, users  # noqa: F401 (fixtures)
