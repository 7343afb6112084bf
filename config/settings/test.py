"""Settings for the test suite: the embedded default, or PostgreSQL and Redis when their URLs are set."""

from config.settings.base import *  # noqa: F403

# Fast hashing: the suite creates many users; production keeps the default PBKDF2.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}

# Tasks run in-process in the suite even when a broker is configured, so a test sees a task's effect when
# its transaction commits. The broker settings themselves are checked in config/tests/test_environment.py.
CELERY_TASK_ALWAYS_EAGER = True
