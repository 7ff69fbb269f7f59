from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "arena.api"
    label = "api"
    verbose_name = "API"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from arena.api import schema  # noqa: F401 (registers the schema's authentication extensions)
