"""The Ruby example bot (clients/ruby: messages and stubs generated from protos/ by protoc and
grpc_ruby_plugin, Debian's Ruby gRPC) plays whole matched games against a real platform: one
WatchAccount stream for all its games and one SubmitAction per answer."""

from __future__ import annotations

from clients_support import CLIENTS, plays_its_games

from olympus.platform.embedded_redis import EmbeddedRedis

CLIENT = CLIENTS / "ruby"


def test_the_ruby_bot_plays_its_matched_games_to_the_end(own_redis: EmbeddedRedis) -> None:
    assert (CLIENT / "gen" / ".built").exists(), "not generated: make ruby-client (make test does)"
    plays_its_games(own_redis, ["ruby", str(CLIENT / "bot.rb")], CLIENT)
