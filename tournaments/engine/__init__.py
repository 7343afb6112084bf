"""The pure core of running an event: pairing, standings, replays, top cut and event structure.

Like ``rules.engine`` it knows nothing of Django, HTTP or the database (``test_engine_is_pure`` holds it to
that): it reads an event replay (``../shared/spec/event-replay-format.md``) and answers with pairings,
standings and plans, so the command-line tools, the benchmarks and the pages compute exactly alike.
"""
