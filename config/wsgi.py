"""WSGI entry point, e.g. ``gunicorn config.wsgi``."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
application = get_wsgi_application()


def _settle() -> None:
    """Import every view now and move what start-up built out of the garbage collector's sight.

    A full collection walks every object the process tracks. Django and the app are some 100,000 of them,
    alive as long as the process: requests that build many objects (pairing or ranking 4,096 players) set off
    several full collections each, 45-90 ms apiece of walking them, which doubled those requests' CPU in a
    freshly started gunicorn worker. ``gc.freeze`` keeps them out of every later collection (in each worker:
    gunicorn runs without ``--preload`` here); the URL patterns are loaded first so the views' modules are
    part of start-up too.
    """
    from django.conf import settings
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 -- loads the URLconf and the view modules it imports
    if settings.CACHES["default"]["BACKEND"].endswith(".RedisCache"):
        # Django's Redis cache imports its client library (some 60 modules) at the first use of the cache,
        # the first request that reads a document; importing is not connecting (Redis may still be down).
        import redis  # noqa: F401
    gc.freeze()


_settle()
