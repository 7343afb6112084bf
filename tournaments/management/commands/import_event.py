"""``python manage.py import_event FILE --name NAME [--slug SLUG] [--organizer USERNAME]``: import an event
run elsewhere from its event replay (FILE or ``-``) and print the event's address.

The import is ``tournaments.services.event_import``: all or nothing. A replay that breaks the format gets
each problem on its own line of stderr, located by its JSON path, and exit status 2, like ``pair`` and
``standings``; nothing is stored. Without ``--organizer`` the first superuser organizes the event.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from tournaments.engine.replay import ReplayError
from tournaments.management.replay_input import read_json_argument, replay_refused
from tournaments.services import event_import


def _organizer(username: str | None) -> User:
    if username:
        user = User.objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"No account is named {username!r}.")
        return user
    user = User.objects.filter(is_superuser=True).order_by("pk").first()
    if user is None:
        raise CommandError("No superuser exists: name the organizer with --organizer USERNAME.")
    return user


class Command(BaseCommand):
    help = "Import an event from an event-replay/1 FILE (or - for stdin); print the event's address."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="an event-replay/1 JSON file, or - for stdin")
        parser.add_argument("--name", required=True, help="the event's name")
        parser.add_argument("--slug", default="", help="the event's address (default: from the name)")
        parser.add_argument("--organizer", default=None, help="the organizer's username")

    def handle(self, *args: Any, **options: Any) -> None:
        path: str = options["file"]
        organizer = _organizer(options["organizer"])
        document = read_json_argument(path)
        try:
            event = event_import(
                document=document, name=options["name"], organizer=organizer, slug=options["slug"]
            )
        except ReplayError as error:
            raise replay_refused(path, error, self.stderr) from error
        except ValidationError as error:
            messages = [f"{field}: {m}" for field, ms in error.message_dict.items() for m in ms]
            raise CommandError("; ".join(messages)) from error
        self.stdout.write(reverse("event-detail", args=[event.slug]))
