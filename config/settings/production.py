"""Settings for a deployment behind TLS: several web processes and Celery workers on PostgreSQL and Redis.

The secret key and the host names must come from the environment; ``python manage.py check --deploy``
passes with no warnings once they do.
"""

from config import environment
from config.settings.base import *  # noqa: F403

DEBUG = False
SECRET_KEY = environment.text("DJANGO_SECRET_KEY")
if SECRET_KEY.startswith("django-insecure") or len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5:
    raise environment.ConfigurationError(
        "DJANGO_SECRET_KEY", "a random string of at least 50 characters", SECRET_KEY[:6] + "..."
    )
ALLOWED_HOSTS = environment.word_list("DJANGO_ALLOWED_HOSTS", [])
if not ALLOWED_HOSTS:
    raise environment.ConfigurationError(
        "DJANGO_ALLOWED_HOSTS", "the comma-separated host names Arbiter is served on"
    )

# TLS terminates at the proxy in front of the web processes; it tells Django the original scheme.
BEHIND_TLS_PROXY = environment.flag("DJANGO_BEHIND_TLS_PROXY", default=True)
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Sign-in lockouts count per client address. Behind the proxy every request comes from the proxy, so the
# client's address is the one the proxy appended to X-Forwarded-For (accounts.lockout.client_address).
SIGNIN_TRUSTED_PROXIES = environment.integer("ARBITER_TRUSTED_PROXIES", default=1 if BEHIND_TLS_PROXY else 0)
SECURE_SSL_REDIRECT = environment.flag("DJANGO_SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = environment.integer("DJANGO_SECURE_HSTS_SECONDS", default=31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

STATIC_ROOT = BASE_DIR / "staticfiles"  # noqa: F405 - filled by `manage.py collectstatic`
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
