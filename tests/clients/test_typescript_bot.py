"""The TypeScript client (clients/typescript, generated from protos/ by protoc-gen-es) and its
example bot play whole matched games against a real platform: one WatchAccount stream for all
its games and one SubmitAction per answer."""

from __future__ import annotations

from clients_support import CLIENTS, plays_its_games

from olympus.platform.embedded_redis import EmbeddedRedis

CLIENT = CLIENTS / "typescript"
BOT = CLIENT / "dist" / "examples" / "bot.js"


def test_the_typescript_bot_plays_its_matched_games_to_the_end(own_redis: EmbeddedRedis) -> None:
    assert BOT.exists(), "the TypeScript client is not built: make ts-client (make test does)"
    plays_its_games(own_redis, ["node", str(BOT)], CLIENT)
