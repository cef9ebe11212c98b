"""Requests whose bytes are not a valid message get INVALID_ARGUMENT, not UNKNOWN.

gRPC decodes a request before the servicer runs; when the bytes are not a valid message (cut
short, a string field that is not UTF-8, as proto3 requires), grpcio's asyncio server answers
UNKNOWN with the decoder's exception text. A client cannot act on that, and the text describes
the server's internals. So the services register their methods through `TolerantServer`: the
request decoder returns an `Undecodable` marker instead of raising, and the `rpc` wrappers
(`platform.server`) refuse it as INVALID_ARGUMENT, reason MALFORMED_REQUEST.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import grpc

Decoder = Callable[[bytes], Any]


@dataclass(frozen=True, slots=True)
class Undecodable:
    """Stands for a request that could not be decoded."""

    size: int  # bytes received


def _tolerant(decode: Decoder | None) -> Decoder | None:
    if decode is None:
        return None

    def tolerant(raw: bytes) -> Any:
        try:
            return decode(raw)
        except Exception:  # any decoding failure: the bytes are the caller's, not our fault
            return Undecodable(len(raw))

    return tolerant


def tolerant_handler(handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
    # grpcio's method handlers are named tuples.
    replace = getattr(handler, "_replace", None)
    if replace is None:
        return handler
    tolerant: grpc.RpcMethodHandler = replace(
        request_deserializer=_tolerant(handler.request_deserializer)
    )
    return tolerant


class _TolerantGeneric(grpc.GenericRpcHandler):  # type: ignore[misc]
    def __init__(self, inner: grpc.GenericRpcHandler) -> None:
        self._inner = inner

    def service(
        self, handler_call_details: grpc.HandlerCallDetails
    ) -> grpc.RpcMethodHandler | None:
        handler = self._inner.service(handler_call_details)
        return tolerant_handler(handler) if handler is not None else None


class TolerantServer:
    """A server as the generated `add_*Servicer_to_server` functions see it: every method
    they register decodes tolerantly. Everything else goes to the real server."""

    def __init__(self, server: grpc.aio.Server) -> None:
        self._server = server

    def add_generic_rpc_handlers(self, handlers: Sequence[grpc.GenericRpcHandler]) -> None:
        self._server.add_generic_rpc_handlers(tuple(_TolerantGeneric(h) for h in handlers))

    def add_registered_method_handlers(
        self, service_name: str, method_handlers: Mapping[str, grpc.RpcMethodHandler]
    ) -> None:
        self._server.add_registered_method_handlers(  # type: ignore[attr-defined]
            service_name, {name: tolerant_handler(h) for name, h in method_handlers.items()}
        )

    def __getattr__(self, name: str) -> Any:
        return getattr(self._server, name)
