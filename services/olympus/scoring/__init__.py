"""The scoring service: final results of finished games, and ratings per queue
(`python -m olympus.scoring`)."""
