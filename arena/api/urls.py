"""Routes of the REST API (under ``/api/``)."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from arena.api import bots_and_tournaments as api
from arena.api import views as read_api
from tournament import exports

app_name = "api"
urlpatterns = [
    path("bots/", api.bot_list, name="bot_list"),
    path("games/<str:game>/options", api.game_options, name="game_options"),
    path("bots/<id:bot_id>/", api.bot_detail, name="bot_detail"),
    path("bots/<id:bot_id>/ratings", read_api.bot_ratings, name="bot_ratings"),
    path("bots/<id:bot_id>/pause", read_api.bot_pause, name="bot_pause"),
    path("bots/<id:bot_id>/resume", read_api.bot_resume, name="bot_resume"),
    path("versions/<id:version_id>/ratings", read_api.version_ratings, name="version_ratings"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("me/", read_api.me, name="me"),
    path("tokens/", read_api.token_list, name="token_list"),
    path("tokens/<id:token_id>/", read_api.token_revoke, name="token_revoke"),
    path("matches/", read_api.match_list, name="match_list"),
    path("matches/<id:match_id>/", read_api.match_detail, name="match_detail"),
    path("matches/<id:match_id>/replay", read_api.match_replay_file, name="match_replay"),
    path("leaderboards/<str:game>/", read_api.leaderboard, name="leaderboard"),
    path("head-to-head/", read_api.head_to_head, name="head_to_head"),
    path("tournaments/", api.tournament_list, name="tournament_list"),
    path("tournaments/<id:tournament_id>/", api.tournament_detail, name="tournament_detail"),
    path("tournaments/<id:tournament_id>/cancel", api.tournament_cancel, name="tournament_cancel"),
    path(
        "tournaments/<id:tournament_id>/entries",
        api.tournament_entries,
        name="tournament_entries",
    ),
    path(
        "tournaments/<id:tournament_id>/entries/<id:bot_id>",
        api.tournament_entry,
        name="tournament_entry",
    ),
    path(
        "tournaments/<id:tournament_id>/export/<str:kind>.<str:fmt>",
        exports.download,
        name="tournament_export",
    ),
    path(
        "tournaments/<id:tournament_id>/<str:step>",
        api.tournament_step,
        name="tournament_step",
    ),
    path(
        "tournaments/<id:tournament_id>/games/<id:match_id>/retry",
        api.tournament_retry,
        name="tournament_retry",
    ),
]
