"""Card definitions: the one catalogue of every card."""
