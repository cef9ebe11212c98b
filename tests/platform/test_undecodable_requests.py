"""Bytes that are not a valid request message get INVALID_ARGUMENT (MALFORMED_REQUEST), not
UNKNOWN with the decoder's exception text."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest

from olympus.platform.errors import error_details
from olympus.v1 import catalogue_pb2, game_pb2
from services import ServiceProcess, running_service

BAD_UTF8 = b"\x12\x02\xff\xfe"  # field 2 (a string in both requests below), not UTF-8
TRUNCATED = b"\x0a\x10abc"  # a 16-byte string with 3 bytes


@pytest.fixture(scope="module")
def catalogue() -> Iterator[ServiceProcess]:
    with running_service("catalogue") as service:
        yield service


@pytest.fixture(scope="module")
def gamestate(redis_url: str) -> Iterator[ServiceProcess]:
    with running_service("gamestate", "--redis-url", redis_url) as service:
        yield service


def _refusal(address: str, method: str, raw: bytes, reply_type: type) -> grpc.RpcError:
    with grpc.insecure_channel(address) as channel:
        call = channel.unary_unary(
            method, request_serializer=None, response_deserializer=reply_type.FromString
        )
        with pytest.raises(grpc.RpcError) as info:
            call(raw, timeout=10)
    return info.value


@pytest.mark.parametrize("raw", [BAD_UTF8, TRUNCATED], ids=["bad-utf8", "truncated"])
def test_undecodable_requests_are_invalid_arguments(
    catalogue: ServiceProcess, gamestate: ServiceProcess, raw: bytes
) -> None:
    for address, method, reply in (
        (
            catalogue.address,
            "/olympus.v1.CardCatalogueService/GetCard",
            catalogue_pb2.GetCardResponse,
        ),
        (gamestate.address, "/olympus.v1.GameService/SubmitAction", game_pb2.SubmitActionResponse),
        (gamestate.address, "/olympus.v1.GameService/WatchGame", game_pb2.GameEvent),
    ):
        if method.endswith("WatchGame"):
            with grpc.insecure_channel(address) as channel:
                stream = channel.unary_stream(
                    method, request_serializer=None, response_deserializer=reply.FromString
                )
                with pytest.raises(grpc.RpcError) as info:
                    next(iter(stream(raw, timeout=10)))
                error = info.value
        else:
            error = _refusal(address, method, raw, reply)
        assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, (method, error)
        assert error_details(error)[0] == "MALFORMED_REQUEST"
        assert "Error" not in error.details() and "protobuf" not in error.details()


def test_valid_requests_are_still_decoded(catalogue: ServiceProcess) -> None:
    with grpc.insecure_channel(catalogue.address) as channel:
        call = channel.unary_unary(
            "/olympus.v1.CardCatalogueService/GetCard",
            request_serializer=None,
            response_deserializer=catalogue_pb2.GetCardResponse.FromString,
        )
        reply = call(catalogue_pb2.GetCardRequest(number="009").SerializeToString(), timeout=10)
    assert reply.card.name == "Asteroid"
