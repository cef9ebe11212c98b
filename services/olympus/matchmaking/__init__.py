"""The matchmaking service: tickets queue per format; a matcher in every replica makes games."""
