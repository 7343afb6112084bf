"""The matches API, one module per part of a match; ``matches/api_urls.py`` routes them."""
