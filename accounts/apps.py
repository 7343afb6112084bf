from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Sign-in"

    def ready(self) -> None:
        # Connects the receivers: API tokens revoked on a password change, the chosen language on sign-in.
        from accounts import signals  # noqa: F401
