"""HTML views of matches, one module per section of the match page; ``matches/urls.py`` routes them."""
