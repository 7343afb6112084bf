"""The rules judge engine: pure Python, no Django. Disputes in, rulings out."""
