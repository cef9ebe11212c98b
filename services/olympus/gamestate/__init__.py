"""The game state service: games in Redis, played over gRPC (`olympus.v1.GameService`).

python -m olympus.gamestate --port 7151 --redis-url redis://127.0.0.1:6379/0
"""
