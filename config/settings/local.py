"""The embedded default a store gets from ``make run``: one machine, nothing to install but Python.

DEBUG stays off unless DJANGO_DEBUG=1: this is what a store serves its Friday event from, so players see
friendly error pages, never a traceback. WhiteNoise serves static files straight from the source folders,
so no collectstatic step is needed.
"""

from config.settings.base import *  # noqa: F403

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG  # noqa: F405
