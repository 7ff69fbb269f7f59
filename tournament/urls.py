"""Routes of the match service's pages."""

from django.urls import path

from tournament import api, viewer, views

app_name = "tournament"
urlpatterns = [
    path("ladder/<str:game>/", views.leaderboard, name="leaderboard"),
    path("bots/", views.my_bots, name="my_bots"),
    path("bots/<int:bot_id>/", views.bot_detail, name="bot_detail"),
    path("tournaments/", views.tournament_list, name="tournament_list"),
    path("tournaments/new", views.tournament_new, name="tournament_new"),
    path("tournaments/<int:tournament_id>/", views.tournament_detail, name="tournament_detail"),
    path(
        "tournaments/<int:tournament_id>/cancel", views.tournament_cancel, name="tournament_cancel"
    ),
    path(
        "tournaments/<int:tournament_id>/export/<str:kind>.<str:fmt>",
        views.tournament_export,
        name="tournament_export",
    ),
    path(
        "tournaments/<int:tournament_id>/registration",
        views.tournament_registration,
        name="tournament_registration",
    ),
    path(
        "tournaments/<int:tournament_id>/games/<int:match_id>/retry",
        views.tournament_retry,
        name="tournament_retry",
    ),
    path("matches/", views.match_list, name="match_list"),
    path("matches/<int:match_id>/", views.match_detail, name="match_detail"),
    path("matches/<int:match_id>/seats/<int:seat>/log", api.seat_log, name="seat_log"),
    path("matches/<int:match_id>/replay/frames", viewer.replay_frames, name="replay_frames"),
]
