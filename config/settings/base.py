"""Settings shared by every deployment. Values a store changes come from the environment."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import django_stubs_ext
from csp import constants as csp_constants

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
# The Yu-Gi-Oh! region whose cards an event plays with when its banlist's name does not say (TCG or OCG):
# an OCG-only card is refused at a TCG event (decks.selectors.card_pool_region).
YUGIOH_REGION = environment.choice("ARBITER_YUGIOH_REGION", ["tcg", "ocg"], "tcg")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "axes",
    "csp",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "tournaments",
    "matches",
    "decks",
    "rules",
    "accounts",
    "idempotency",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the one a signed-in player chose (accounts' middleware below), else the language switch's
    # cookie, else the browser's Accept-Language, else the store's default (LANGUAGE_CODE).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.ChosenLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a sign-in refused for too many failures into the lockout answer.
    "axes.middleware.AxesMiddleware",
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
# Each web thread keeps its connection between requests. On SQLite too: opening one (the PRAGMAs, Django's
# SQL functions, reading the schema) cost 5-7 ms of CPU a request, a third of a match report's
# (bench/embedded_burst.py); `manage.py serve` has a fixed pool of threads, so they are few.
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
# A worker or beat that lost Redis waits for it as long as it takes (by default they give up and exit after
# 100 tries, about 50 minutes); the supervisor restarts whatever stops all the same (README).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_TIMEZONE = "UTC"
# `celery beat` runs the sweeps. The round clock's calls time within ROUND_CLOCK_SWEEP_SECONDS of a round's
# end: no task is held in a worker until then (a held message is what stopped workers when Redis dropped;
# docs/decisions/0008-faults-clock-and-imports.md). A sweep message expires after its interval, so a
# backlog queued while no worker ran is dropped, not run hundreds of times.
ROUND_CLOCK_SWEEP_SECONDS = environment.integer("ROUND_CLOCK_SWEEP_SECONDS", default=5, minimum=1)
CARD_IMPORT_SWEEP_SECONDS = environment.integer("CARD_IMPORT_SWEEP_SECONDS", default=15, minimum=1)
# A running import's heartbeat pushes its lease this far ahead every CARD_IMPORT_HEARTBEAT_SECONDS; a lease
# that ran out belonged to a worker that was killed, and the sweep queues the import again.
CARD_IMPORT_HEARTBEAT_SECONDS = environment.integer("CARD_IMPORT_HEARTBEAT_SECONDS", default=10, minimum=1)
CARD_IMPORT_LEASE_SECONDS = environment.integer("CARD_IMPORT_LEASE_SECONDS", default=45, minimum=2)
EVENT_IMPORT_SWEEP_SECONDS = environment.integer("EVENT_IMPORT_SWEEP_SECONDS", default=15, minimum=1)
CELERY_BEAT_SCHEDULE = {
    "round-clock-sweep": {
        "task": "tournaments.tasks.round_clock_sweep",
        "schedule": float(ROUND_CLOCK_SWEEP_SECONDS),
        "options": {"expires": ROUND_CLOCK_SWEEP_SECONDS},
    },
    # Sends queued imports to the workers (the row is the outbox), queues again those whose worker died.
    "card-import-sweep": {
        "task": "decks.tasks.card_import_sweep",
        "schedule": float(CARD_IMPORT_SWEEP_SECONDS),
        "options": {"expires": CARD_IMPORT_SWEEP_SECONDS},
    },
    # The same for event imports: a job no worker holds (killed, or its message lost) is sent again.
    "event-import-sweep": {
        "task": "tournaments.tasks.event_import_sweep",
        "schedule": float(EVENT_IMPORT_SWEEP_SECONDS),
        "options": {"expires": EVENT_IMPORT_SWEEP_SECONDS},
    },
}
# A message a worker took but did not acknowledge (the worker was killed) goes back to the queue after this
# long. No task runs longer than its hard time limit and none is held for later (no ETA tasks), so a
# minute past that limit is enough; Redis's default of an hour kept a killed worker's task waiting.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_TASK_TIME_LIMIT + 60}

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

# --- Sign-in protection (decision record 0007) ----------------------------------------------------------
# django-axes' backend comes first: it refuses a locked-out caller before any password is checked. Failures
# are counted in the database, so every web process sees the same counts (SQLite or PostgreSQL alike).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "accounts.lockout.TieredLockoutHandler"
# Failures are recorded per (account, address); accounts.lockout also counts them per account and per address.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = environment.integer("ARBITER_SIGNIN_LIMIT_ACCOUNT_ADDRESS", default=5, minimum=1)
SIGNIN_LIMIT_ACCOUNT = environment.integer("ARBITER_SIGNIN_LIMIT_ACCOUNT", default=20, minimum=1)
SIGNIN_LIMIT_ADDRESS = environment.integer("ARBITER_SIGNIN_LIMIT_ADDRESS", default=100, minimum=1)
AXES_COOLOFF_TIME = timedelta(
    minutes=environment.integer("ARBITER_SIGNIN_LOCKOUT_MINUTES", default=15, minimum=1)
)
# Trying again while locked out does not restart the wait, so "try again in 15 minutes" stays true.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# A successful sign-in forgets that account's failures from that address: players' typos do not add up
# towards the store's per-address limit.
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_address"
# How many proxies in front of the web processes append to X-Forwarded-For (0: use the connection's address).
SIGNIN_TRUSTED_PROXIES = environment.integer("ARBITER_TRUSTED_PROXIES", default=0)
# Axes would otherwise keep a row for every successful sign-in forever; failures are all it needs.
AXES_DISABLE_ACCESS_LOG = True
# Quiet at start-up (its banner names only the pair, not the three limits accounts.lockout applies).
AXES_VERBOSE = False

# API tokens (django-rest-knox): stored hashed, and they expire. A store's scripts and apps sign in again
# after a month; a stolen token is useless by then, and a password change or "sign out everywhere" ends
# every token at once.
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=environment.integer("ARBITER_TOKEN_DAYS", default=30, minimum=1)),
    "AUTH_HEADER_PREFIX": "Token",
}

# --- E-mail (password reset) ---------------------------------------------------------------------------
# The embedded default prints mail to the terminal running the server (nothing to install); a store that
# sets EMAIL_HOST sends it over SMTP.
EMAIL_HOST = environment.text("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = environment.integer("EMAIL_PORT", default=587, minimum=1)
EMAIL_HOST_USER = environment.text("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = environment.text("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = environment.flag("EMAIL_USE_TLS", default=True)
DEFAULT_FROM_EMAIL = environment.text("DEFAULT_FROM_EMAIL", "arbiter@localhost")

# --- Content Security Policy (django-csp) ---------------------------------------------------------------
# Scripts and styles only from this server's own files: no inline script, no inline style, no eval. htmx is
# told not to inject its indicator style and not to evaluate expressions (the htmx-config meta tag in
# base.html). The API docs page widens the policy for itself only (config.api_docs).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp_constants.SELF],
        "script-src": [csp_constants.SELF],
        "style-src": [csp_constants.SELF],
        "img-src": [csp_constants.SELF],
        "font-src": [csp_constants.SELF],
        "connect-src": [csp_constants.SELF],
        "object-src": [csp_constants.NONE],
        "base-uri": [csp_constants.SELF],
        "form-action": [csp_constants.SELF],
        "frame-ancestors": [csp_constants.NONE],
    },
}

# --- API ------------------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    # API clients use tokens; browsers their session, with CSRF enforced. Token comes first so that an
    # unauthenticated call gets a 401 with WWW-Authenticate rather than a bare 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.TokenAuthentication",  # knox's, in one query a request
        "rest_framework.authentication.SessionAuthentication",
    ],
    # The API speaks JSON only; pages post their own forms to views, not here. The parser bounds the body
    # and refuses NUL, lone surrogates, non-finite numbers and deep nesting with the path (config/parsers).
    "DEFAULT_PARSER_CLASSES": ["config.parsers.CheckedJSONParser"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "config.schema.ArbiterAutoSchema",
    "EXCEPTION_HANDLER": "config.errors.api_exception_handler",
}
# Request bodies (docs/decisions/0009): a form or an API call holds at most a deck list or a dispute,
# a few KB; 1 MiB is far above any of them. The event import (an event replay) takes more: see
# tournaments.api.imports.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
API_MAX_BODY_BYTES = 1024 * 1024
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
        "EventStaffRoleEnum": "tournaments.models.EventRole.Role",
    },
}

# --- Internationalisation and static files --------------------------------------------------------------
# The interface speaks English, Portuguese (Brazil) and Spanish; each is named in its own language in the
# switch. LANGUAGE_CODE is the store's default, used when a browser asks for none of them.
LANGUAGES = [("en", "English"), ("pt-br", "Português (Brasil)"), ("es", "Español")]
LANGUAGE_CODE = environment.choice("ARBITER_LANGUAGE", [code for code, _name in LANGUAGES], "en")
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # a visitor who chose a language keeps it for a year
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
