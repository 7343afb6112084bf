"""Settings shared by every deployment. Values a store changes come from the environment."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import django_stubs_ext

from config import environment

# Lets admin and generic views be subscripted at run time (``ModelAdmin[Event]``), as the type stubs expect.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(environment.text("ARBITER_VAR_DIR", str(BASE_DIR / "var")))

SECRET_KEY = environment.text(
    "DJANGO_SECRET_KEY", "django-insecure-local-only-never-use-this-key-in-production"
)
DEBUG = environment.flag("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = environment.word_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = environment.word_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

STORE_NAME = environment.text("ARBITER_STORE_NAME", "Arbiter")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "tournaments",
    "matches",
    "decks",
    "rules",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.context_processors.navigation",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------------------
# PostgreSQL when DATABASE_URL says so; otherwise the embedded SQLite file. SQLite serialises writers, so
# transactions open as IMMEDIATE (they take the write lock at BEGIN instead of failing with "database is
# locked" when two requests upgrade a read to a write at once), and WAL lets readers run beside a writer.
_database = environment.database()
if _database is None:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    _database = {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": VAR_DIR / "arbiter.sqlite3",
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": (
                "PRAGMA journal_mode=WAL;"
                "PRAGMA synchronous=NORMAL;"
                "PRAGMA busy_timeout=20000;"
                "PRAGMA foreign_keys=ON;"
            ),
        },
    }
else:
    _database.setdefault("CONN_MAX_AGE", environment.integer("DATABASE_CONN_MAX_AGE", default=60))
    _database["CONN_HEALTH_CHECKS"] = True
DATABASES: dict[str, dict[str, Any]] = {"default": _database}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache and Celery -----------------------------------------------------------------------------------
REDIS_URL = environment.redis_url("REDIS_URL")
CELERY_BROKER_URL = environment.redis_url("CELERY_BROKER_URL") or REDIS_URL

if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# With no broker, tasks run eagerly in-process, so the app works with nothing but Python. With a broker,
# a task is acknowledged only after it ran and is handed back if its worker dies: tasks are written to be
# safe to run twice (they take ids and check state first), which this delivery guarantee requires.
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SOFT_TIME_LIMIT = environment.integer("CELERY_TASK_SOFT_TIME_LIMIT", default=240, minimum=1)
CELERY_TASK_TIME_LIMIT = environment.integer("CELERY_TASK_TIME_LIMIT", default=300, minimum=1)
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
# `celery beat` runs the round clock's sweep: it calls time for any round whose end passed without its ETA
# task running (a worker down or restarted), and for matches whose extra time has run out since.
CELERY_BEAT_SCHEDULE = {
    "round-clock-sweep": {"task": "tournaments.tasks.round_clock_sweep", "schedule": 30.0},
}

# --- Auth -----------------------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- API ------------------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    # API clients use tokens; browsers their session, with CSRF enforced. Token comes first so that an
    # unauthenticated call gets a 401 with WWW-Authenticate rather than a bare 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # The API speaks JSON only; pages post their own forms to views, not here.
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "config.schema.ArbiterAutoSchema",
    "EXCEPTION_HANDLER": "config.errors.api_exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Arbiter API",
    "DESCRIPTION": "Tournaments, matches and the rules judge for trading card game stores.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    # Swagger UI's files ship in a Python package, so the docs work on a store's offline laptop.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Names for the enums that share a field name with another enum (else a hash is appended).
    # The default hook, then the links between operations (config/schema.py).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "config.schema.add_links"],
    "ENUM_NAME_OVERRIDES": {
        "DuelResultEnum": "matches.api.duels.DUEL_RESULTS",
        "DuelReasonEnum": "matches.api.duels.DUEL_REASONS",
    },
}

# --- Internationalisation and static files --------------------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = environment.text("ARBITER_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": environment.text("ARBITER_LOG_LEVEL", "INFO")},
}
