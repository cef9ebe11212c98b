"""Olympus: a Terraforming Mars rules engine and the platform around it."""

__version__ = "0.1.0"
