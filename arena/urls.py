"""URL routes of the whole site; each app adds its own under a prefix."""

from django.contrib import admin
from django.urls import path

from arena import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
]
