from django.apps import AppConfig
from django.urls import register_converter


class ArenaConfig(AppConfig):
    name = "arena"
    verbose_name = "Service"

    def ready(self) -> None:
        from arena.converters import IdConverter

        # Before any URLconf is read: every app's routes take ids as <id:…>.
        register_converter(IdConverter, "id")
