from django.apps import AppConfig


class FrontConfig(AppConfig):
    name = "arena.front"
    label = "front"
    verbose_name = "Pages"
