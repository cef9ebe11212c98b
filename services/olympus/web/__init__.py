"""The web client: a page people play on, and the bridge that serves it (see bridge.py)."""
