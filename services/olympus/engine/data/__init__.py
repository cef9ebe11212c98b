"""Reference tables the engine reads (maps)."""
