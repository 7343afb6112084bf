from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Registers this app's Celery tasks by name: the services send them by name (config.outbox), as they
        # sit below the task module and do not import it.
        from tournaments import tasks  # noqa: F401

        # A player's new name or official id changes the documents of every event they play in.
        from tournaments.services import history  # noqa: F401
