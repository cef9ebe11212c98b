"""Run a gRPC (asyncio) service the Olympus way.

Health checking and reflection are always on; SIGTERM/SIGINT drain the server (health goes to
NOT_SERVING, in-flight calls get `grace_seconds`), and the process prints one JSON ready line
on stdout, e.g. ``{"event": "ready", "service": "catalogue", "port": 50052}``, so scripts and
tests that ask for port 0 learn the port it got.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from .config import ServiceSettings
from .decoding import TolerantServer, Undecodable
from .errors import InvalidArgument, as_service_error, to_rpc_status

log = logging.getLogger("olympus.platform")

# A setup function registers the service's servicers on the server and returns the full names
# of the services it added (for health and reflection) plus a cleanup coroutine, if any.
Setup = Callable[
    [grpc.aio.Server, ServiceSettings],
    Awaitable[tuple[Sequence[str], Callable[[], Awaitable[None]] | None]],
]

F = TypeVar("F", bound=Callable[..., Any])


async def _abort(context: grpc.aio.ServicerContext, method: str, exc: Exception) -> None:
    """End the call with the error's rich status (ErrorInfo, RetryInfo in the trailer)."""
    err = as_service_error(exc)
    if err.status == grpc.StatusCode.INTERNAL:
        log.exception("unexpected error in %s", method)
    status = to_rpc_status(err)
    await context.abort(status.code, status.details, status.trailing_metadata)


def _refuse_undecodable(request: Any) -> None:
    if isinstance(request, Undecodable):
        raise InvalidArgument(
            f"the request ({request.size} bytes) is not a valid message for this method",
            reason="MALFORMED_REQUEST",
        )


def rpc(fn: F) -> F:
    """Turn the platform's and the engine's errors into gRPC statuses for a unary method."""

    @functools.wraps(fn)
    async def wrapper(self: Any, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            _refuse_undecodable(request)
            return await fn(self, request, context)
        except (grpc.aio.AbortError, asyncio.CancelledError):
            raise
        except Exception as exc:
            await _abort(context, fn.__name__, exc)

    return wrapper  # type: ignore[return-value]


def stream_rpc(fn: F) -> F:
    """The same for server-streaming methods (async generators)."""

    @functools.wraps(fn)
    async def wrapper(
        self: Any, request: Any, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[Any]:
        try:
            _refuse_undecodable(request)
            async for item in fn(self, request, context):
                yield item
        except (grpc.aio.AbortError, asyncio.CancelledError):
            raise
        except Exception as exc:
            await _abort(context, fn.__name__, exc)

    return wrapper  # type: ignore[return-value]


async def serve(settings: ServiceSettings, setup: Setup) -> None:
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    server = grpc.aio.server()
    # The services' methods refuse undecodable bytes as INVALID_ARGUMENT (see decoding.py).
    names, cleanup = await setup(TolerantServer(server), settings)  # type: ignore[arg-type]
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (
            *names,
            health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
            reflection.SERVICE_NAME,
        ),
        server,
    )
    port = server.add_insecure_port(f"{settings.host}:{settings.port}")
    if port == 0:
        raise SystemExit(f"could not bind {settings.host}:{settings.port}")
    await server.start()
    for name in ("", *names):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    print(json.dumps({"event": "ready", "service": settings.service, "port": port}), flush=True)
    log.info("%s listening on %s:%d", settings.service, settings.host, port)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("%s shutting down (grace %.1fs)", settings.service, settings.grace_seconds)
    await health_servicer.enter_graceful_shutdown()
    await server.stop(settings.grace_seconds)
    if cleanup is not None:
        await cleanup()
    log.info("%s stopped", settings.service)


def main(settings: ServiceSettings, setup: Setup) -> None:
    asyncio.run(serve(settings, setup))
