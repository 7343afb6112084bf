"""Settings split by where Arbiter runs: ``local`` (the default), ``test`` and ``production``.

Every module reads the environment through ``config.environment``; with nothing set, Arbiter runs on the
embedded default: SQLite, a local-memory cache and Celery tasks run in-process.
"""
