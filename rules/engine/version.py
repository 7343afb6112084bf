"""The engine's version, stored with every ruling so it can be shown again exactly as given.

Bump it whenever a change can alter a ruling (a rule, a default, a message, a cited passage).
"""

ENGINE_VERSION = "1.0.0"
