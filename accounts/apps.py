from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Sign-in"

    def ready(self) -> None:
        # Connects the receiver that revokes a user's API tokens when their password changes.
        from accounts import signals  # noqa: F401
