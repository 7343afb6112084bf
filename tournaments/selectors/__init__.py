"""Reads about events, one module per concern; every read that decides who may see what is a queryset here.

Import from the module (``tournaments.selectors.events``): this package re-exports nothing, so a module that
needs only the event core does not load the standings (which read matches) with it.
"""
