"""URL routes of the whole site; each app adds its own under a prefix."""

from django.contrib import admin
from django.urls import include, path

from arena.alerts import views as alert_views
from arena.front import site_pages as views

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("healthz", views.healthz, name="healthz"),
    path("status/", views.status, name="status"),
    path("alerts/", alert_views.feed, name="alerts"),
    path("admin/", admin.site.urls),
    path("accounts/signup/", views.signup, name="signup"),
    path("write-a-bot/", views.write_a_bot, name="write_a_bot"),
    path("write-a-bot/protocol/", views.protocol, name="protocol"),
    path("rules/<str:game>/", views.rules, name="rules"),
    path("write-a-bot/files/<path:name>", views.bot_file, name="bot_file"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("arena.api.urls")),
    path("", include("arena.front.urls")),
]

handler404 = views.not_found
handler500 = views.server_error
