"""The events API, one module per job and one view per operation.

Events, registered deck lists and deck checks, registrations and check-in, rounds, standings, the replay and
imports; the views only translate HTTP to the services in ``tournaments.services`` and the reads in the
selectors. Who the caller is ("me") and tokens are the accounts app's (``accounts.api``).
"""
