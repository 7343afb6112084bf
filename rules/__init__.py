"""The rules judge: the pure-Python engine in ``rules.engine`` and its Django side (records, API, pages)."""
