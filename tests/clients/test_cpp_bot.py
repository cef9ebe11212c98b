"""The C++ example bot (clients/cpp: stubs generated from protos/ by protoc and grpc_cpp_plugin,
Debian's gRPC) plays whole matched games against a real platform: one WatchAccount stream for
all its games and one SubmitAction per answer."""

from __future__ import annotations

from clients_support import CLIENTS, plays_its_games

from olympus.platform.embedded_redis import EmbeddedRedis

CLIENT = CLIENTS / "cpp"
BOT = CLIENT / "build" / "olympus_bot"


def test_the_cpp_bot_plays_its_matched_games_to_the_end(own_redis: EmbeddedRedis) -> None:
    assert BOT.exists(), "the C++ bot is not built: make cpp-client (make test does)"
    plays_its_games(own_redis, [str(BOT)], CLIENT)
