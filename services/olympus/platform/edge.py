"""The edge of every call: quotas, metrics, the access log and the open-stream registry.

One gRPC server interceptor wraps every unary and server-streaming method of the server
(services' own, health's) once, so a new service gets all of it by being served by
`server.serve`:

- who is calling: an API key the call carries is checked (`keycheck.Authenticator`, cached)
  for every method, and the servicer reuses that check (`keycheck.caller`); an end user's
  address forwarded by a platform service (`identity.FORWARDED_FOR`) is taken only with a
  valid service credential (`identity.SERVICE_AUTHORIZATION`), else the call is refused;
- quotas (`quota.Quotas`): a call over its method's limits is refused before the servicer runs,
  counted against the caller's address (or the forwarded one), account and token; a service
  calling on its own behalf is not counted;
- metrics (`metrics`): calls by code, errors by code and reason, unary latency, open streams;
- a DEBUG log line per call (method, code, reason, peer, ms);
- open server streams are registered, so that shutdown can end them all at once
  (`end_streams`) instead of waiting out the grace period, and no new one starts meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import inspect
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import grpc

from . import metrics
from .errors import (
    InvalidArgument,
    ServiceError,
    Unavailable,
    as_service_error,
    to_rpc_status,
)
from .identity import (
    AUTHORIZATION,
    FORWARDED_FOR,
    SERVICE_AUTHORIZATION,
    Principal,
    bearer_key,
    metadata_value,
    service_only,
)
from .keycheck import Authenticator, remember_caller
from .quota import MethodLimits, Quotas, forwarded_key, peer_key

log = logging.getLogger("olympus.platform.calls")


@dataclass(slots=True)
class _Outcome:
    """How a call ended, as `abort_with` tells it (a call that returns normally is OK)."""

    code: grpc.StatusCode = grpc.StatusCode.OK
    reason: str = ""


_OUTCOME: contextvars.ContextVar[_Outcome | None] = contextvars.ContextVar(
    "olympus_call_outcome", default=None
)


async def abort_with(context: grpc.aio.ServicerContext, method: str, exc: BaseException) -> None:
    """End the call with the error's rich status (ErrorInfo, RetryInfo in the trailer)."""
    err = as_service_error(exc)
    if err.status == grpc.StatusCode.INTERNAL:
        logging.getLogger("olympus.platform").error(
            "unexpected error in %s", method, exc_info=exc, extra={"method": method}
        )
    outcome = _OUTCOME.get()
    if outcome is not None:
        outcome.code, outcome.reason = err.status, err.reason
    status = to_rpc_status(err)
    await context.abort(status.code, status.details, status.trailing_metadata)


def _code_of(context: grpc.aio.ServicerContext, outcome: _Outcome) -> grpc.StatusCode:
    if outcome.code != grpc.StatusCode.OK:
        return outcome.code
    code = context.code()
    if isinstance(code, grpc.StatusCode):
        return code
    return grpc.StatusCode.OK


@dataclass(frozen=True, slots=True)
class Who:
    """A call's caller as the edge sees it: the address its quotas count against, the
    principal of its API key (None without one), and whether it is a service acting on its own
    behalf (not counted)."""

    peer: str
    principal: Principal | None
    exempt: bool


class Edge(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    def __init__(self, quotas: Quotas, authenticator: Authenticator | None = None) -> None:
        self.quotas = quotas
        # Set by the runner once the service's setup made it (None: keys are not checked here).
        self.authenticator = authenticator
        self.stopping = False
        self._wrapped: dict[str, tuple[grpc.RpcMethodHandler, grpc.RpcMethodHandler]] = {}
        self._calls: dict[tuple[str, grpc.StatusCode], Any] = {}
        # open server streams: their task (to stop it), context (to end it) and outcome
        self._streams: dict[asyncio.Task[Any], tuple[grpc.aio.ServicerContext, _Outcome]] = {}

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler | None:
        handler = await continuation(details)
        if handler is None:
            return None
        method: str = details.method
        known = self._wrapped.get(method)
        if known is not None and known[0] is handler:
            return known[1]
        wrapped = self._wrap(method, handler)
        self._wrapped[method] = (handler, wrapped)
        return wrapped

    async def end_streams(self) -> int:
        """End every open server stream now with UNAVAILABLE (reason SHUTTING_DOWN): the client
        reconnects, to another replica. Returns how many were ended."""
        self.stopping = True
        err = Unavailable("this server is shutting down; reconnect", reason="SHUTTING_DOWN")
        status = to_rpc_status(err)
        ended = 0
        for task, (context, outcome) in list(self._streams.items()):
            if task.done():
                continue
            outcome.code, outcome.reason = err.status, err.reason
            with contextlib.suppress(Exception):  # AbortError, or a stream ending meanwhile
                await context.abort(status.code, status.details, status.trailing_metadata)
            task.cancel()  # the servicer stops waiting for its next item
            ended += 1
        return ended

    # --- wrapping ------------------------------------------------------------------------------
    def _wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        limits = self.quotas.for_method(method)
        label = method.lstrip("/")
        if handler.unary_unary is not None and inspect.iscoroutinefunction(handler.unary_unary):
            return grpc.unary_unary_rpc_method_handler(
                self._unary(label, limits, handler.unary_unary),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        stream = handler.unary_stream
        if stream is not None and inspect.isasyncgenfunction(stream):
            return grpc.unary_stream_rpc_method_handler(
                self._stream(label, limits, stream),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if stream is not None and inspect.iscoroutinefunction(stream):  # writes with context
            return grpc.unary_stream_rpc_method_handler(
                self._writing_stream(label, limits, stream),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler  # client streams (reflection) and sync handlers pass as they are

    def _unary(
        self,
        label: str,
        limits: MethodLimits | None,
        behavior: Callable[[Any, grpc.aio.ServicerContext], Awaitable[Any]],
    ) -> Callable[[Any, grpc.aio.ServicerContext], Awaitable[Any]]:
        latency = metrics.CALL_SECONDS.labels(label)

        async def unary(request: Any, context: grpc.aio.ServicerContext) -> Any:
            started = time.perf_counter()
            outcome = _Outcome()
            _OUTCOME.set(outcome)
            try:
                who = await self._identify(label, context)
                if limits is not None:
                    await self._admit(limits, request, context, who)
                return await behavior(request, context)
            except asyncio.CancelledError:
                outcome.code = grpc.StatusCode.CANCELLED
                raise
            except grpc.aio.AbortError:
                raise
            except Exception:  # a servicer without `@rpc`: gRPC reports it as UNKNOWN
                outcome.code = grpc.StatusCode.UNKNOWN
                raise
            finally:
                elapsed = time.perf_counter() - started
                latency.observe(elapsed)
                self._record(label, context, outcome, elapsed)

        return unary

    def _stream(
        self,
        label: str,
        limits: MethodLimits | None,
        behavior: Callable[[Any, grpc.aio.ServicerContext], AsyncIterator[Any]],
    ) -> Callable[[Any, grpc.aio.ServicerContext], AsyncIterator[Any]]:
        async def stream(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            async with self._open_stream(label, limits, request, context):
                async for item in behavior(request, context):
                    yield item

        return stream

    def _writing_stream(
        self,
        label: str,
        limits: MethodLimits | None,
        behavior: Callable[[Any, grpc.aio.ServicerContext], Awaitable[None]],
    ) -> Callable[[Any, grpc.aio.ServicerContext], Awaitable[None]]:
        async def stream(request: Any, context: grpc.aio.ServicerContext) -> None:
            async with self._open_stream(label, limits, request, context):
                await behavior(request, context)

        return stream

    @contextlib.asynccontextmanager
    async def _open_stream(
        self,
        label: str,
        limits: MethodLimits | None,
        request: Any,
        context: grpc.aio.ServicerContext,
    ) -> AsyncIterator[None]:
        started = time.perf_counter()
        outcome = _Outcome()
        _OUTCOME.set(outcome)
        who: Who | None = None
        counted = False
        task = asyncio.current_task()
        try:
            if self.stopping:
                raise Unavailable("this server is shutting down; reconnect", reason="SHUTTING_DOWN")
            who = await self._identify(label, context)
            if limits is not None and who is not None:
                await self._admit(limits, request, context, who)
                if not who.exempt:
                    limits.open_stream(who.peer, _account(who))
                    counted = True
            if task is not None:
                self._streams[task] = (context, outcome)
            metrics.STREAMS_OPEN.labels(label).inc()
            try:
                yield
            finally:
                metrics.STREAMS_OPEN.labels(label).dec()
        except asyncio.CancelledError:
            if outcome.code == grpc.StatusCode.OK:
                outcome.code = grpc.StatusCode.CANCELLED
            raise
        except grpc.aio.AbortError:
            raise
        except ServiceError as exc:
            await abort_with(context, label, exc)
        except Exception:
            outcome.code = grpc.StatusCode.UNKNOWN
            raise
        finally:
            if task is not None:
                self._streams.pop(task, None)
            if counted and limits is not None and who is not None:
                limits.close_stream(who.peer, _account(who))
            self._record(label, context, outcome, time.perf_counter() - started)

    async def _identify(self, label: str, context: grpc.aio.ServicerContext) -> Who:
        """Who the call is from (see `Who`); a bad key or a forwarded identity without a
        service credential ends the call. Without an authenticator, only the address."""
        peer = peer_key(context.peer())
        auth = self.authenticator
        if auth is None:
            return Who(peer, None, False)
        metadata = context.invocation_metadata()
        try:
            forwarded = metadata_value(metadata, FORWARDED_FOR)
            service_key = bearer_key(metadata, SERVICE_AUTHORIZATION)
            if forwarded is not None or service_key is not None:
                acting = await auth.check_key(service_key) if service_key else None
                if acting is None or not acting.is_service:
                    raise service_only(f"{FORWARDED_FOR} (an end user's identity)")
                if forwarded is not None:
                    peer = forwarded_key(forwarded)
                    if not peer:
                        raise InvalidArgument(
                            f"{FORWARDED_FOR} must be an IP address", reason="INVALID_ARGUMENT"
                        )
            principal = None
            if metadata_value(metadata, AUTHORIZATION) is not None:
                principal = await auth.authenticate(metadata, required=False)
        except ServiceError as exc:
            await abort_with(context, label, exc)
            raise AssertionError("unreachable: abort raises") from exc
        remember_caller(principal)
        exempt = principal is not None and principal.is_service and forwarded is None
        return Who(peer, principal, exempt)

    async def _admit(
        self, limits: MethodLimits, request: Any, context: grpc.aio.ServicerContext, who: Who
    ) -> None:
        """Count the call against its quotas, or end it."""
        if who.exempt:
            return
        token = getattr(request, "token", "") if limits.uses_token else ""
        try:
            limits.admit(who.peer, token if isinstance(token, str) else "", _account(who))
        except ServiceError as exc:
            await abort_with(context, limits.label, exc)

    def _record(
        self, label: str, context: grpc.aio.ServicerContext, outcome: _Outcome, seconds: float
    ) -> None:
        code = _code_of(context, outcome)
        counter = self._calls.get((label, code))
        if counter is None:  # labels() takes a lock and builds a key: once per pair
            counter = self._calls[label, code] = metrics.CALLS.labels(label, code.name)
        counter.inc()
        if code != grpc.StatusCode.OK:
            metrics.ERRORS.labels(label, code.name, outcome.reason).inc()
        if log.isEnabledFor(logging.DEBUG):
            log.debug(
                "call",
                extra={
                    "method": label,
                    "code": code.name,
                    "reason": outcome.reason,
                    "peer": peer_key(context.peer()),
                    "ms": round(seconds * 1000, 3),
                },
            )


def _account(who: Who) -> str | None:
    return who.principal.account_id if who.principal is not None else None
