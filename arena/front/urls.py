"""Routes of the site's pages (and the downloads they link: exports, replay files, seat logs)."""

from django.urls import path

from arena.api.bots_and_tournaments import seat_log
from arena.front import opened_replays, record_views, viewer, views
from tournament import exports, replay_files

app_name = "front"
urlpatterns = [
    path("ladder/<str:game>/", views.leaderboard, name="leaderboard"),
    path("bots/", views.my_bots, name="my_bots"),
    path("bots/<id:bot_id>/", views.bot_detail, name="bot_detail"),
    path("bots/<id:bot_id>/vs/<id:other_id>/", record_views.head_to_head, name="head_to_head"),
    path("bots/<id:bot_id>/pause", record_views.pause_or_resume, name="bot_pause"),
    path("tournaments/", views.tournament_list, name="tournament_list"),
    path("tournaments/new", views.tournament_new, name="tournament_new"),
    path("tournaments/<id:tournament_id>/", views.tournament_detail, name="tournament_detail"),
    path(
        "tournaments/<id:tournament_id>/cancel", views.tournament_cancel, name="tournament_cancel"
    ),
    path(
        "tournaments/<id:tournament_id>/export/<str:kind>.<str:fmt>",
        exports.download,
        name="tournament_export",
    ),
    path(
        "tournaments/<id:tournament_id>/registration",
        views.tournament_registration,
        name="tournament_registration",
    ),
    path(
        "tournaments/<id:tournament_id>/games/<id:match_id>/retry",
        views.tournament_retry,
        name="tournament_retry",
    ),
    path("replays/open", opened_replays.open_replay, name="replay_open"),
    path("replays/<str:digest>/", opened_replays.opened_replay, name="opened_replay"),
    path(
        "replays/<str:digest>/frames",
        opened_replays.opened_replay_frames,
        name="opened_replay_frames",
    ),
    path("matches/", views.match_list, name="match_list"),
    path("matches/<id:match_id>/", views.match_detail, name="match_detail"),
    path("matches/<id:match_id>/seats/<id:seat>/log", seat_log, name="seat_log"),
    path("matches/<id:match_id>/replay/frames", viewer.replay_frames, name="replay_frames"),
    path("matches/<id:match_id>/replay.json", replay_files.download, name="replay_file"),
]
