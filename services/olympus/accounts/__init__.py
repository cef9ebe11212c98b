"""Accounts (people and bots) and their API keys: the identity every service checks."""
