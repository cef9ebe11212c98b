"""`olympus call`: any Olympus gRPC method from a shell, JSON in and JSON out.

    olympus call 127.0.0.1:7152 olympus.v1.CardCatalogueService/GetCard '{"name": "birds"}'
    olympus call 127.0.0.1:7151 olympus.v1.GameService/ListGames '{"page_size": 5}'
    olympus call 127.0.0.1:7151 olympus.v1.GameService/WatchGame '{"game_id": "..."}'
    olympus call 127.0.0.1:7152 list          # the services the server offers (reflection)
    olympus call 127.0.0.1:7155 olympus.v1.AccountService/WhoAmI '{}' \
        --header "authorization: Bearer $OLYMPUS_API_KEY"

What grpcurl does, with only what the project installs: the method is found by its full name
among the generated descriptors (`olympus.v1`, plus gRPC health), the JSON request is read with
protobuf's JSON mapping (field names as in the .proto or in lowerCamelCase), and each reply is
printed as one line of JSON with every field shown, default values included (a stream prints
one line per message). `--header 'NAME: VALUE'` (repeatable) sends gRPC metadata, such as an
API key. A request that cannot be sent (unknown method, bad JSON, a field the
message does not have) exits with 2; a refusal prints the status, its reason and message on
stderr and exits with 1.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from typing import Any

import grpc
from google.protobuf import descriptor, descriptor_pool, json_format, message_factory
from google.protobuf.message import Message

from olympus.platform.errors import error_details
from olympus.platform.strict import decimal_arg

USAGE_ERROR = 2
REFUSED = 1
# The modules whose descriptors `call` knows: importing them registers them in the default pool.
DESCRIPTOR_MODULES = (
    "olympus.v1.accounts_pb2",
    "olympus.v1.catalogue_pb2",
    "olympus.v1.game_pb2",
    "olympus.v1.matchmaking_pb2",
    "olympus.v1.scoring_pb2",
    "grpc_health.v1.health_pb2",
)
_NUMBER_TYPES = frozenset(
    {
        descriptor.FieldDescriptor.CPPTYPE_INT32,
        descriptor.FieldDescriptor.CPPTYPE_INT64,
        descriptor.FieldDescriptor.CPPTYPE_UINT32,
        descriptor.FieldDescriptor.CPPTYPE_UINT64,
    }
)
# protojson lets a 64-bit number travel as a string; only its plain ASCII spelling is taken here
# (Python's int() would also read " 45", "4_5" or other scripts' digits).
_JSON_INTEGER = re.compile(r"-?[0-9]{1,20}")


class CallError(Exception):
    """The request cannot be made as given (a usage error)."""


def find_method(full_name: str) -> descriptor.MethodDescriptor:
    """`package.Service/Method` (as grpcurl writes it) among the known descriptors."""
    for module in DESCRIPTOR_MODULES:
        importlib.import_module(module)
    service_name, slash, method_name = full_name.lstrip("/").partition("/")
    if not slash or not method_name:
        raise CallError(
            f"not a method name: {full_name!r} (expected e.g. olympus.v1.CardCatalogueService/GetCard)"
        )
    pool = descriptor_pool.Default()
    try:
        service = pool.FindServiceByName(service_name)
    except KeyError:
        known = ", ".join(_known_services())
        raise CallError(f"unknown service {service_name!r}; known: {known}") from None
    method = service.methods_by_name.get(method_name)
    if method is None:
        known = ", ".join(sorted(service.methods_by_name))
        raise CallError(f"{service_name} has no method {method_name!r}; it has: {known}")
    if method.client_streaming:
        raise CallError(f"{full_name} takes a stream of requests, which `call` cannot send")
    return method


def _known_services() -> list[str]:
    return sorted(
        service.full_name
        for module in DESCRIPTOR_MODULES
        for service in importlib.import_module(module).DESCRIPTOR.services_by_name.values()
    )


def build_request(method: descriptor.MethodDescriptor, text: str) -> Message:
    """The request message from its JSON text; CallError says what is wrong with it."""
    request_class = message_factory.GetMessageClass(method.input_type)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CallError(f"the request is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CallError(f"the request must be a JSON object ({method.input_type.full_name})")
    _check_numbers(data, method.input_type, method.input_type.name)
    request = request_class()
    try:
        json_format.ParseDict(data, request)
    except json_format.ParseError as exc:
        raise CallError(f"not a valid {method.input_type.full_name}: {exc}") from None
    return request


def _check_numbers(data: dict[str, Any], message: descriptor.Descriptor, path: str) -> None:
    """Refuse numbers written as strings unless in plain ASCII digits."""
    by_name = {**message.fields_by_name, **{f.json_name: f for f in message.fields}}
    for key, value in data.items():
        field = by_name.get(key)
        if field is None:
            continue  # the JSON mapping reports unknown fields itself
        where = f"{path}.{key}"
        values = value if isinstance(value, list) else [value]
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            value_field = field.message_type.fields_by_name["value"]
            values = list(value.values()) if isinstance(value, dict) else []
            if value_field.message_type is not None:
                for v in values:
                    if isinstance(v, dict):
                        _check_numbers(v, value_field.message_type, where)
            elif value_field.cpp_type in _NUMBER_TYPES:
                for v in values:
                    _check_number_text(v, where)
            continue
        for v in values:
            if field.message_type is not None and isinstance(v, dict):
                _check_numbers(v, field.message_type, where)
            elif field.cpp_type in _NUMBER_TYPES:
                _check_number_text(v, where)


def _check_number_text(value: Any, where: str) -> None:
    if isinstance(value, str) and not _JSON_INTEGER.fullmatch(value):
        raise CallError(f"{where}: {value[:24]!r} is not a whole number in ASCII digits")


def reply_json(message: Message) -> str:
    data = json_format.MessageToDict(
        message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
    )
    return json.dumps(data, ensure_ascii=False)


# A metadata key gRPC accepts: lowercase letters, digits, '-', '_', '.' (not "grpc-...",
# which gRPC keeps for itself; not "-bin", whose values are bytes).
_HEADER_NAME = re.compile(r"[0-9a-z_.-]+")


def parse_header(text: str) -> tuple[str, str]:
    """`NAME: VALUE` as gRPC metadata (the name in lowercase); CallError when it cannot be."""
    name, colon, value = text.partition(":")
    name, value = name.strip().lower(), value.strip()
    if not colon or not _HEADER_NAME.fullmatch(name):
        raise CallError(f"not a header: {text[:40]!r} (expected e.g. 'authorization: Bearer KEY')")
    if name.startswith("grpc-") or name.endswith("-bin"):
        raise CallError(f"the header {name!r} cannot be sent (grpc-* and *-bin are not allowed)")
    if not value or not all(" " <= c <= "~" for c in value):
        raise CallError(f"the header {name!r} needs a value in printable ASCII")
    return name, value


def call(
    address: str,
    method: descriptor.MethodDescriptor,
    request: Message,
    timeout: float,
    metadata: tuple[tuple[str, str], ...] = (),
) -> int:
    path = f"/{method.containing_service.full_name}/{method.name}"
    response_class = message_factory.GetMessageClass(method.output_type)
    with grpc.insecure_channel(address) as channel:
        if method.server_streaming:
            stream = channel.unary_stream(
                path,
                request_serializer=lambda m: m.SerializeToString(),
                response_deserializer=response_class.FromString,
            )
            # A stream may rightly last long (WatchGame follows a game): no deadline.
            for reply in stream(request, metadata=metadata or None):
                print(reply_json(reply), flush=True)
        else:
            unary = channel.unary_unary(
                path,
                request_serializer=lambda m: m.SerializeToString(),
                response_deserializer=response_class.FromString,
            )
            print(reply_json(unary(request, timeout=timeout, metadata=metadata or None)))
    return 0


def list_services(address: str, timeout: float) -> int:
    """The services the server offers, from its reflection service."""
    from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
        ProtoReflectionDescriptorDatabase,
    )

    with grpc.insecure_channel(address) as channel:
        grpc.channel_ready_future(channel).result(timeout=timeout)
        for name in sorted(ProtoReflectionDescriptorDatabase(channel).get_services()):
            print(name)
    return 0


def _run(args: argparse.Namespace) -> int:
    try:
        if args.method == "list":
            return list_services(args.address, args.timeout)
        metadata = tuple(parse_header(h) for h in args.header)
        method = find_method(args.method)
        text = sys.stdin.read() if args.request == "-" else args.request
        request = build_request(method, text)
        return call(args.address, method, request, args.timeout, metadata)
    except CallError as exc:
        print(f"olympus call: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except grpc.RpcError as exc:
        return _refused(exc)
    except grpc.FutureTimeoutError:
        print(f"olympus call: no server answering at {args.address}", file=sys.stderr)
        return REFUSED
    except KeyboardInterrupt:
        return 130


def _refused(exc: grpc.RpcError) -> int:
    code: grpc.StatusCode = exc.code()  # type: ignore[attr-defined]
    details: str = exc.details() or ""  # type: ignore[attr-defined]
    reason = ""
    try:
        reason = error_details(exc)[0]
    except Exception:  # a status without readable details (a proxy's, a broken trailer)
        reason = ""
    shown = f" [{reason}]" if reason else ""
    print(f"olympus call: {code.name}{shown}: {details}", file=sys.stderr)
    return REFUSED


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "call",
        help="call any gRPC method with a JSON request (like grpcurl)",
        description="Call a method of an Olympus service: JSON request in, JSON reply out.",
    )
    p.add_argument("address", help="the service, e.g. 127.0.0.1:7152")
    p.add_argument(
        "method",
        metavar="SERVICE/METHOD",
        help='e.g. olympus.v1.CardCatalogueService/GetCard; "list" lists the server\'s services',
    )
    p.add_argument(
        "request", nargs="?", default="{}", help="the request as a JSON object ('-': stdin)"
    )
    p.add_argument("--timeout", type=decimal_arg, default=10.0, help="deadline of a unary call, s")
    p.add_argument(
        "-H",
        "--header",
        action="append",
        default=[],
        metavar="'NAME: VALUE'",
        help="gRPC metadata to send, e.g. 'authorization: Bearer oly_...' (repeatable)",
    )
    p.set_defaults(handler=_run)
