"""`olympus health ADDRESS`: the gRPC health check, for container probes.

    olympus health 127.0.0.1:7151            # the server as a whole
    olympus health 127.0.0.1:7151 --service olympus.v1.GameService

Exit status 0 when the server answers SERVING, 1 when it answers anything else (NOT_SERVING
while it starts or drains) or does not answer within the timeout, 2 for a usage error. One line
on stdout says which. Compose health checks and Kubernetes exec probes run it as is.
"""

from __future__ import annotations

import argparse
import sys

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from .strict import decimal_arg

SERVING = 0
NOT_SERVING = 1


def check(address: str, service: str = "", timeout_s: float = 2.0) -> tuple[bool, str]:
    """(serving, what was seen) for one health check of `service` ("" = the whole server)."""
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)  # type: ignore[no-untyped-call]
        try:
            reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout_s)
        except grpc.RpcError as exc:
            return False, f"no answer: {exc.code().name}"  # type: ignore[attr-defined]
    status = health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
    return reply.status == health_pb2.HealthCheckResponse.SERVING, status


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("health", help="gRPC health check of a service (exit 0 when SERVING)")
    p.add_argument("address", help="host:port of the service")
    p.add_argument("--service", default="", help="a service name (default: the whole server)")
    p.add_argument("--timeout", type=decimal_arg, default=2.0, help="seconds")

    def handler(args: argparse.Namespace) -> int:
        serving, seen = check(args.address, args.service, args.timeout)
        print(f"{args.address}: {seen}")
        return SERVING if serving else NOT_SERVING

    p.set_defaults(handler=handler)


def main() -> int:
    """`python -m olympus.platform.probe ADDRESS`: the same check without the whole CLI's
    imports (a probe runs every few seconds)."""
    parser = argparse.ArgumentParser(prog="python -m olympus.platform.probe")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args(["health", *sys.argv[1:]])
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
