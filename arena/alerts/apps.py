from django.apps import AppConfig


class AlertsConfig(AppConfig):
    name = "arena.alerts"
    label = "alerts"
    verbose_name = "Alerts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from arena.alerts import notify

        notify.connect()
