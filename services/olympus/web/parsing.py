"""Strict reading of what a browser sends: every malformed value is a 400 with the bridge's
JSON error (`invalid`), never a 500, and is refused before any service is called."""

from __future__ import annotations

import re
from typing import Any

import orjson
from aiohttp import web
from google.protobuf import json_format
from google.protobuf.message import Message

from .upstream import error_body

INT64_MAX = 2**63 - 1
GAME_ID = re.compile(r"[0-9a-f]{16}")
TICKET_ID = re.compile(r"[0-9a-f]{32}")
PRINTABLE_ASCII = re.compile(r"[\x21-\x7e]*")


def invalid(message: str, reason: str = "INVALID_ARGUMENT") -> web.HTTPBadRequest:
    body = orjson.dumps(error_body("INVALID_ARGUMENT", message, reason)).decode()
    return web.HTTPBadRequest(text=body, content_type="application/json")


async def body_of(request: web.Request) -> dict[str, Any]:
    """The JSON object of a request's body ({} for none)."""
    raw = await request.read()
    if not raw:
        return {}
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise invalid("the body is not JSON") from None
    if not isinstance(data, dict):
        raise invalid("the body is not a JSON object")
    return data


def whole(value: Any, name: str, least: int = 0, most: int = INT64_MAX) -> int:
    """An integer (JSON number or decimal string, never a boolean) within [least, most]."""
    if isinstance(value, bool):
        raise invalid(f"{name}: not a whole number")
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,19}", value.strip()):
        value = int(value)
    if not isinstance(value, int):
        raise invalid(f"{name}: not a whole number")
    if not least <= value <= most:
        raise invalid(f"{name}: must be {least} to {most}")
    return value


def text(value: Any, name: str, limit: int, ascii_only: bool = False) -> str:
    if not isinstance(value, str):
        raise invalid(f"{name}: not a string")
    if len(value) > limit:
        raise invalid(f"{name}: at most {limit} characters")
    if ascii_only and not PRINTABLE_ASCII.fullmatch(value):
        raise invalid(f"{name}: printable ASCII only")
    return value


def game_id(request: web.Request) -> str:
    value = request.match_info["game_id"]
    if not GAME_ID.fullmatch(value):
        raise invalid("not a game id (16 lowercase hex digits)", "INVALID_GAME_ID")
    return value


def ticket_id(request: web.Request) -> str:
    value = request.match_info["ticket_id"]
    if not TICKET_ID.fullmatch(value):
        raise invalid("not a ticket id (32 lowercase hex digits)")
    return value


def parsed(data: Any, message: Message) -> Any:
    """`data` read into `message` (a protobuf message); a 400 when it does not fit."""
    if data is not None and not isinstance(data, dict):
        raise invalid("malformed request: an object was expected")
    try:
        return json_format.ParseDict(data or {}, message)
    except (json_format.ParseError, TypeError, ValueError, AttributeError) as exc:
        raise invalid(f"malformed request: {str(exc)[:200]}") from None
