from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        # Registers this app's Celery tasks by name: the services send them by name (config.outbox), as they
        # sit below the task module and do not import it.
        from decks import tasks  # noqa: F401
