"""The API for running an event: registrations and check-in, rounds, standings, the replay and imports.

One module per job, one view per operation; the views only translate HTTP to the services in
``tournaments.services`` and the reads in ``tournaments.round_selectors``.
"""
