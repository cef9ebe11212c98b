"""Run a gRPC (asyncio) service the Olympus way.

A service gives `serve` a setup function that registers its servicers and returns its
`ServiceHooks`. The runner adds what every service needs:

- health checking and reflection; health follows the service's `probe` (NOT_SERVING while a
  dependency such as Redis is out of reach, SERVING again when it is back);
- the call edge (`edge.Edge`): quotas, metrics, the access log, open-stream tracking;
- requests larger than `max_request_bytes` refused by gRPC before they are parsed;
- the connection policy (`connections.py`): idle and half-open connections closed, a cap on
  open connections, the keepalive policy and the server's heartbeat pings;
- a port that is taken is an error (SO_REUSEPORT off: no silent sharing with another process);
- a Prometheus /metrics endpoint (`metrics`), JSON logs on stderr (`logs`);
- one JSON ready line on stdout, e.g.
  ``{"event": "ready", "service": "catalogue", "port": 7152, "metrics_port": 9152}``,
  so scripts and tests that ask for port 0 learn the ports they got;
- SIGTERM/SIGINT: health NOT_SERVING, the service's `on_stopping` hook, every open stream
  ended at once with UNAVAILABLE (reason SHUTTING_DOWN, so clients reconnect elsewhere), then
  in-flight unary calls get `grace_seconds`, then the service's `cleanup`.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import functools
import json
import logging
import signal
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2
from grpc_reflection.v1alpha._async import ReflectionServicer

# errors.proto defines no service, so nothing else loads it into the descriptor pool that
# reflection serves from: imported here, its ErrorReason is found like every other symbol.
from olympus.v1 import errors_pb2  # noqa: F401

from . import logs, metrics, tracing
from .config import METRICS_OFF, ServiceSettings
from .connections import raise_open_files_limit
from .decoding import TolerantServer, Undecodable
from .edge import Edge, abort_with
from .errors import InvalidArgument
from .keycheck import Authenticator
from .quota import Quotas

log = logging.getLogger("olympus.platform")

PROBE_INTERVAL_S = 0.5
PROBE_TIMEOUT_S = 2.0  # a probe's own client timeouts (about 1 s for Redis) come first

Hook = Callable[[], Awaitable[None]]


REFLECTION_V1 = "grpc.reflection.v1.ServerReflection"


def reflection_v1(service_names: Sequence[str]) -> grpc.GenericRpcHandler:
    """Reflection as grpc.reflection.v1 too (grpcurl and other tools ask v1 first; grpcio only
    ships v1alpha). The two versions' messages are the same fields under another package, so
    v1alpha's servicer answers both on the wire."""
    servicer = ReflectionServicer(service_names)
    info = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
    )
    return grpc.method_handlers_generic_handler(REFLECTION_V1, {"ServerReflectionInfo": info})


@dataclass(frozen=True, slots=True)
class ServiceHooks:
    """What a service's setup hands the runner."""

    names: Sequence[str]  # full names of the gRPC services it added (health, reflection)
    # After the server stopped: close clients and connections.
    cleanup: Hook | None = None
    # On SIGTERM, before the grace period: e.g. end watch streams with a status of its own.
    on_stopping: Hook | None = None
    # Called every PROBE_INTERVAL_S; raising means a dependency is out of reach: NOT_SERVING.
    probe: Hook | None = None
    # How the service checks API keys (platform/keycheck.py): the edge checks the key of every
    # call with it, and takes a forwarded end-user identity only with a service credential.
    authenticator: Authenticator | None = None


# A setup function registers the service's servicers on the server and returns its hooks.
Setup = Callable[[grpc.aio.Server, ServiceSettings], Awaitable[ServiceHooks]]

F = TypeVar("F", bound=Callable[..., Any])


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
            await abort_with(context, fn.__name__, exc)

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
            await abort_with(context, fn.__name__, exc)

    return wrapper  # type: ignore[return-value]


def _refuse_to_start(
    settings: ServiceSettings, message: str, exc: BaseException | None
) -> NoReturn:
    """One clear log line, and a non-zero exit."""
    log.error("%s cannot start: %s", settings.service, message, exc_info=exc)
    raise SystemExit(1)


def _bind_problem(host: str, port: int) -> str | None:
    """Why `host:port` cannot be listened on (e.g. another process has it), or None.
    Checked with a plain socket before gRPC tries, for a clear message."""
    if port == 0:
        return None
    try:
        addresses = socket.getaddrinfo(
            host.strip("[]") or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except OSError:
        return None  # gRPC reports a name it cannot resolve
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            # as gRPC does: a port whose last connections are in TIME_WAIT is free
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                if exc.errno == errno.EADDRINUSE:
                    return "the port is already in use (is another instance running?)"
                return exc.strerror or str(exc)
    return None


class _Health:
    """The health servicer's status for every name, the `olympus_serving` gauge, and a log line
    per change."""

    def __init__(self, servicer: health.aio.HealthServicer, names: Sequence[str]) -> None:
        self.servicer = servicer
        self.names = ("", *names)
        self.serving: bool | None = None

    async def set(self, serving: bool, why: BaseException | None = None) -> None:
        if serving == self.serving:
            return
        first = self.serving is None
        self.serving = serving
        status = (
            health_pb2.HealthCheckResponse.SERVING
            if serving
            else health_pb2.HealthCheckResponse.NOT_SERVING
        )
        for name in self.names:
            await self.servicer.set(name, status)
        metrics.SERVING.set(1 if serving else 0)
        if serving and not first:
            log.warning("health: SERVING again")
        elif not serving:
            error = type(why).__name__ if why is not None else ""
            log.error("health: NOT_SERVING (a dependency is out of reach)", extra={"error": error})

    async def follow(self, probe: Hook, stopping: asyncio.Event | None = None) -> None:
        """Probe until `stopping` is set (or the task is cancelled). The flag matters: a
        library may swallow a cancellation that lands inside the probe (seen: a Redis call),
        and a loop that only ended on cancel would then go on for ever."""
        while stopping is None or not stopping.is_set():
            try:
                # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a
                # cancellation that comes as the probe finishes, and this loop would never
                # end (a shutdown that hangs now and then).
                async with asyncio.timeout(PROBE_TIMEOUT_S):
                    await probe()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                await self.set(False, exc)
            else:
                await self.set(True)
            if stopping is None:
                await asyncio.sleep(PROBE_INTERVAL_S)
                continue
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(PROBE_INTERVAL_S):
                    await stopping.wait()


async def serve(settings: ServiceSettings, setup: Setup) -> None:
    logs.configure(settings.service, settings.log_level)
    address = f"{settings.host}:{settings.port}"
    problem = _bind_problem(settings.host, settings.port)
    if problem is not None:
        _refuse_to_start(settings, f"cannot listen on {address}: {problem}", None)
    try:
        # Before the server and the setup's channels are made: both are traced when on.
        traces = tracing.setup(settings.service, settings.otlp_endpoint, flush_at_exit=False)
    except tracing.TracingConfigError as exc:
        _refuse_to_start(settings, str(exc), None)
    edge = Edge(Quotas(settings.quotas))
    raise_open_files_limit()
    server = grpc.aio.server(
        interceptors=[*tracing.server_interceptors(), edge],
        options=[
            *settings.connections.server_options(),
            ("grpc.so_reuseport", 0),  # a second process on the same port fails, not shares
            ("grpc.max_receive_message_length", settings.max_request_bytes),
            # Past this many calls waiting to be picked up, gRPC cancels new ones at random:
            # a reconnect storm of watchers (thousands at once) must queue, not be dropped.
            ("grpc.server.max_pending_requests", 20_000),
            ("grpc.server.max_pending_requests_hard_limit", 30_000),
        ],
    )
    try:
        port = server.add_insecure_port(address)
    except RuntimeError as exc:
        _refuse_to_start(settings, f"cannot listen on {address}", exc)
    try:
        # The services' methods refuse undecodable bytes as INVALID_ARGUMENT (decoding.py).
        hooks = await setup(TolerantServer(server), settings)  # type: ignore[arg-type]
    except Exception as exc:
        _refuse_to_start(settings, f"setup failed ({type(exc).__name__})", exc)
    edge.authenticator = hooks.authenticator
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflected = (
        *hooks.names,
        health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
        reflection.SERVICE_NAME,
    )
    reflection.enable_server_reflection(reflected, server)
    server.add_generic_rpc_handlers((reflection_v1(reflected),))
    ready: dict[str, Any] = {"event": "ready", "service": settings.service, "port": port}
    if settings.metrics_port != METRICS_OFF:
        try:
            ready["metrics_port"] = metrics.start(settings.metrics_host, settings.metrics_port)
        except OSError as exc:
            where = f"{settings.metrics_host}:{settings.metrics_port}"
            _refuse_to_start(settings, f"cannot serve metrics on {where}: {exc.strerror}", None)
    # Signals are ours before anyone learns the port: a SIGTERM right after the ready line
    # must start a shutdown, not find the default action (or nothing) in place.
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    _on_stop_signals(loop, stop)
    ticker = asyncio.ensure_future(_tick())
    await server.start()
    status = _Health(health_servicer, hooks.names)
    await status.set(True)
    prober = asyncio.ensure_future(status.follow(hooks.probe, stop)) if hooks.probe else None
    print(json.dumps(ready), flush=True)
    # Where traces go (platform/tracing.py) is told here, not in the ready line's JSON.
    told = {**ready, "otlp_endpoint": traces.endpoint} if traces.on else ready
    log.info("%s listening on %s", settings.service, f"{settings.host}:{port}", extra=told)

    await stop.wait()
    log.info("%s shutting down (grace %.1fs)", settings.service, settings.grace_seconds)
    grace = settings.grace_seconds
    watchdog = asyncio.ensure_future(_report_slow_shutdown(grace + 10))
    if prober is not None:
        prober.cancel()
        await _bounded("the health probe", _swallowing_cancel(prober), PROBE_TIMEOUT_S + 1)
    metrics.SERVING.set(0)
    await health_servicer.enter_graceful_shutdown()
    edge.stopping = True
    if hooks.on_stopping is not None:
        try:
            async with asyncio.timeout(max(settings.grace_seconds, 1.0)):
                await hooks.on_stopping()
        except Exception:
            log.exception("%s: on_stopping failed", settings.service)
    await asyncio.sleep(0)  # streams the hook ended finish on their own first
    ended = await edge.end_streams()
    if ended:
        log.info("ended %d open streams", ended)
    await _bounded("stopping the server", server.stop(settings.grace_seconds), grace + 5)
    if hooks.cleanup is not None:
        await _bounded("cleanup", hooks.cleanup(), grace + 5)
    # The spans of the last calls, sent before the process ends (a thread of the SDK's).
    await _bounded("flushing traces", asyncio.to_thread(traces.shutdown, grace + 1), grace + 2)
    watchdog.cancel()
    ticker.cancel()
    log.info("%s stopped", settings.service)


def _on_stop_signals(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    """SIGTERM and SIGINT set `stop`. A plain handler that wakes the loop itself rather than
    `loop.add_signal_handler`: that one hears a signal only through the number written to the
    process's wakeup fd, and in full test runs a SIGTERM now and then never reached the loop
    (the service then waited for the SIGKILL). A Python handler always runs in the main thread
    (at once if the signal interrupts its poll, else at the next `_tick`)."""

    def handler(signum: int, frame: object) -> None:
        loop.call_soon_threadsafe(stop.set)

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, handler)


async def _tick() -> None:
    """Wake the main thread twice a second, so a signal delivered to another thread (gRPC's
    poller, the metrics server) has its handler run soon."""
    while True:
        await asyncio.sleep(0.5)


async def _swallowing_cancel(task: asyncio.Task[None]) -> None:
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def _bounded(step: str, work: Awaitable[Any], limit_s: float) -> None:
    """One step of the shutdown, given up (and logged) past `limit_s`: a stop must end."""
    try:
        async with asyncio.timeout(limit_s):
            await work
    except TimeoutError:
        log.error("shutdown: %s took over %.0fs; going on", step, limit_s)


async def _report_slow_shutdown(after_s: float) -> None:
    """A shutdown still going after `after_s`: log what every task is waiting on (where a hang
    is), once."""
    await asyncio.sleep(after_s)
    current = asyncio.current_task()
    stacks = []
    for task in asyncio.all_tasks():
        if task is current:
            continue
        frames = task.get_stack(limit=8)
        where = " <- ".join(f"{f.f_code.co_name}:{f.f_lineno}" for f in reversed(frames))
        stacks.append(f"{task.get_name()}: {where}")
    log.error("shutdown still running after %.0fs; waiting: %s", after_s, " | ".join(stacks))


def main(settings: ServiceSettings, setup: Setup) -> None:
    asyncio.run(serve(settings, setup))
