"""``manage.py organiser USERNAME``: let a user organise tournaments (``--revoke``: no longer)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand, CommandError, CommandParser

ORGANISE = ("tournament", "add_tournament")
"""The permission that makes an organiser (``tournament.organiser.may_organise``)."""


class Command(BaseCommand):
    help = "Give a user the right to organise tournaments (the admin's 'Can add tournament')."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--revoke", action="store_true", help="take the right away again")

    def handle(self, *args: Any, **options: Any) -> None:
        users = get_user_model()
        try:
            user = users.objects.get(username=options["username"])
        except users.DoesNotExist:
            raise CommandError(f"No user is called {options['username']!r}.") from None
        app_label, codename = ORGANISE
        permission = Permission.objects.get(content_type__app_label=app_label, codename=codename)
        if options["revoke"]:
            user.user_permissions.remove(permission)
            self.stdout.write(f"{user.username} no longer organises tournaments.")
        else:
            user.user_permissions.add(permission)
            self.stdout.write(f"{user.username} may now organise tournaments (/tournaments/new).")
