"""``python manage.py demo``: load the demo event into the database. Safe to run again."""

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.demo import DEMO_PASSWORD, demo_load


class Command(BaseCommand):
    help = "Fill the database with a believable store event (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        summary = demo_load()
        self.stdout.write(
            self.style.SUCCESS(f"Demo event ready: {summary.event.name} (round 2 in progress).")
        )
        logins = ", ".join(f"{username} ({role})" for username, role in summary.logins)
        self.stdout.write(f"Log in as {logins}; every demo password is {DEMO_PASSWORD!r}.")
