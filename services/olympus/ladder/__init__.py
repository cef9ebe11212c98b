"""The bot ladder: bots play rated games against each other all day, through the platform."""
