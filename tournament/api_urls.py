"""Routes of the REST API (under ``/api/``)."""

from django.urls import path

from tournament import api, views

app_name = "api"
urlpatterns = [
    path("bots/", api.bot_list, name="bot_list"),
    path("games/<str:game>/options", api.game_options, name="game_options"),
    path("bots/<int:bot_id>/", api.bot_detail, name="bot_detail"),
    path("tournaments/", api.tournament_list, name="tournament_list"),
    path("tournaments/<int:tournament_id>/", api.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:tournament_id>/cancel", api.tournament_cancel, name="tournament_cancel"),
    path(
        "tournaments/<int:tournament_id>/entries",
        api.tournament_entries,
        name="tournament_entries",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:bot_id>",
        api.tournament_entry,
        name="tournament_entry",
    ),
    path(
        "tournaments/<int:tournament_id>/export/<str:kind>.<str:fmt>",
        views.tournament_export,
        name="tournament_export",
    ),
    path(
        "tournaments/<int:tournament_id>/<str:step>",
        api.tournament_step,
        name="tournament_step",
    ),
    path(
        "tournaments/<int:tournament_id>/games/<int:match_id>/retry",
        api.tournament_retry,
        name="tournament_retry",
    ),
]
