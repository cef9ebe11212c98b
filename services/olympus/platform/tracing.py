"""OpenTelemetry traces, exported by OTLP/gRPC when configured, off by default.

On when an endpoint is given: a service's `--otlp-endpoint` flag (env OLYMPUS_OTLP_ENDPOINT),
else the standard OTEL_EXPORTER_OTLP_TRACES_ENDPOINT / OTEL_EXPORTER_OTLP_ENDPOINT, or
OTEL_TRACES_EXPORTER=otlp alone (the collector on localhost:4317). OTEL_TRACES_EXPORTER=none
turns the standard variables off. Then `setup`:

- installs a TracerProvider whose resource names the process (`service.name` olympus-<name>,
  `service.namespace` olympus, `service.instance.id` host-pid) and a batch OTLP exporter;
- traces every grpc.aio channel made from then on (the services' clients of each other carry
  the trace context in their metadata), and gives `server_interceptors` for the server;
- instruments Celery: a task sent carries the context in its headers, and a task run is a
  span under the one that sent it.

Off (nothing configured), nothing is installed: no provider, exporter, thread or interceptor;
the manual spans (`tracer()`) are the API's no-op ones. The SDK is imported only when on.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from opentelemetry import trace

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider

TRACES_ENDPOINT_ENV = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
ENDPOINT_ENV = "OTEL_EXPORTER_OTLP_ENDPOINT"
EXPORTER_ENV = "OTEL_TRACES_EXPORTER"
DEFAULT_ENDPOINT = "http://localhost:4317"  # the OTLP/gRPC default, as the SDK has it
# Probes and tools ask these all the time: spans of them would bury the calls that matter.
UNTRACED_SERVICES = ("grpc.health.v1.Health", "grpc.reflection.")
TRACER_NAME = "olympus"


class TracingConfigError(ValueError):
    """A tracing setting that cannot work (an endpoint without http:// or https://, an
    exporter other than otlp or none)."""


def endpoint_from(flag: str | None, env: Mapping[str, str]) -> str | None:
    """The OTLP endpoint to export to, or None (tracing off). The flag wins over the
    standard variables."""
    if flag:
        return _checked(flag, "--otlp-endpoint")
    exporter = (env.get(EXPORTER_ENV) or "").strip().lower()
    if exporter == "none":
        return None
    if exporter not in ("", "otlp"):
        raise TracingConfigError(
            f"{EXPORTER_ENV}={exporter!r}: only otlp (OTLP over gRPC) or none is supported"
        )
    for name in (TRACES_ENDPOINT_ENV, ENDPOINT_ENV):
        if env.get(name):
            return _checked(env[name], name)
    return DEFAULT_ENDPOINT if exporter == "otlp" else None


def _checked(endpoint: str, where: str) -> str:
    parsed = urlparse(endpoint.strip())
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise TracingConfigError(
            f"{where}={endpoint!r}: give the collector as http://HOST:PORT (plaintext) or "
            "https://HOST:PORT (TLS)"
        )
    return endpoint.strip()


@dataclass(slots=True)
class Tracing:
    """What `setup` installed; `provider` None: tracing is off."""

    provider: TracerProvider | None = None
    endpoint: str | None = None  # where the spans go

    @property
    def on(self) -> bool:
        return self.provider is not None

    def shutdown(self, timeout_s: float = 5.0) -> None:
        """Send the spans still buffered (for up to `timeout_s`) and stop the exporter."""
        if self.provider is None:
            return
        try:
            self.provider.force_flush(int(timeout_s * 1000))
        finally:
            self.provider.shutdown()


_current = Tracing()


def setup(
    service: str,
    endpoint: str | None = None,
    env: Mapping[str, str] | None = None,
    flush_at_exit: bool = True,
) -> Tracing:
    """Turn tracing on for this process if configured (see the module's docstring). Call it
    before the gRPC server and the channels are made; once per process (a pool's child
    process calls it again after the fork: the parent's exporter thread is not inherited).
    `flush_at_exit` False: the caller's shutdown path calls `Tracing.shutdown` itself (the
    services: bounded, in their stop sequence) instead of the SDK's atexit hook."""
    global _current
    environ = os.environ if env is None else env
    target = endpoint_from(endpoint, environ)
    if target is None:
        _current = Tracing()
        return _current
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
    from opentelemetry.instrumentation.celery import CeleryInstrumentor
    from opentelemetry.instrumentation.grpc import GrpcAioInstrumentorClient
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    resource = Resource.create(
        {
            "service.name": f"olympus-{service}",
            "service.namespace": "olympus",
            "service.instance.id": f"{socket.gethostname()}-{os.getpid()}",
        }
    )
    provider = TracerProvider(resource=resource, shutdown_on_exit=flush_at_exit)
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=target)))
    # Global, so that `tracer()` (the manual spans) records through it too.
    trace.set_tracer_provider(provider)
    client = GrpcAioInstrumentorClient(filter_=_traced_filter())  # type: ignore[no-untyped-call]
    if not client.is_instrumented_by_opentelemetry:
        client.instrument(tracer_provider=provider)
    celery = CeleryInstrumentor()  # type: ignore[no-untyped-call]
    if not celery.is_instrumented_by_opentelemetry:
        celery.instrument(tracer_provider=provider)
    _current = Tracing(provider, target)
    return _current


def current() -> Tracing:
    return _current


def _traced_filter() -> Any:
    from opentelemetry.instrumentation.grpc import filters

    return filters.negate(
        filters.any_of(*(filters.service_prefix(name) for name in UNTRACED_SERVICES))
    )


def server_interceptors() -> list[Any]:
    """The aio server interceptor when tracing is on (first, so its span covers the whole
    call: quotas, the key check, the method), else none."""
    if _current.provider is None:
        return []
    from opentelemetry.instrumentation.grpc import aio_server_interceptor

    interceptor = aio_server_interceptor(  # type: ignore[no-untyped-call]
        tracer_provider=_current.provider, filter_=_traced_filter()
    )
    return [interceptor]


# A proxy: it follows the provider `setup` installs later, and costs a no-op span until then.
_TRACER = trace.get_tracer(TRACER_NAME)


def tracer() -> trace.Tracer:
    """The tracer for Olympus's own spans (a no-op one while tracing is off)."""
    return _TRACER
