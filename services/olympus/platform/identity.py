"""Who is calling: principals, scopes, the service credential and the forwarded end-user identity.

Every service checks its callers the same way (`platform.keycheck.Authenticator`); what they
share is here:

- a `Principal` is the account behind a valid API key and what that key may do (its scopes);
- the platform's services call each other with a **service credential**: an API key with the
  `service` scope, provisioned at deploy time and given to every service as
  ``OLYMPUS_SERVICE_KEY`` (or a file named by ``OLYMPUS_SERVICE_KEY_FILE``, as a Kubernetes
  secret is mounted). Methods and fields meant for services only refuse any other caller
  (PERMISSION_DENIED, SERVICE_ONLY);
- a service acting **for an end user** (the web bridge) sends the user's own key, if any, as
  usual (`authorization: Bearer <user key>`), its own credential as
  ``olympus-service-authorization: Bearer <service key>`` and the user's address as
  ``olympus-forwarded-for: <ip>``. The services then count quotas against that user (their
  account, or their address), and trust the forwarded address only with a valid service
  credential: from anyone else it is refused.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import PermissionDenied, Unauthenticated

# What a key may do. `admin` may do everything but act as a service.
SCOPE_PLAY = "play"  # answer in games, queue for matches
SCOPE_CREATE_GAMES = "create_games"
SCOPE_LADDER = "ladder"  # run a bot on the ladder
SCOPE_ADMIN = "admin"
SCOPE_SERVICE = "service"  # a platform service (deploy time): service-only methods and fields
SCOPES = (SCOPE_PLAY, SCOPE_CREATE_GAMES, SCOPE_LADDER, SCOPE_ADMIN, SCOPE_SERVICE)

AUTHORIZATION = "authorization"
SERVICE_AUTHORIZATION = "olympus-service-authorization"
FORWARDED_FOR = "olympus-forwarded-for"

KEY_PREFIX = "oly_"
KEY_RE = re.compile(r"oly_[A-Za-z0-9_-]{43}")  # matched whole

SERVICE_KEY_ENV = "OLYMPUS_SERVICE_KEY"
SERVICE_KEY_FILE_ENV = "OLYMPUS_SERVICE_KEY_FILE"


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the account behind a valid key, and what the key allows."""

    account_id: str
    name: str
    kind: str
    scopes: frozenset[str]
    key_id: str = ""  # the id of the key the call was made with (KeyInfo.key_id)

    def allows(self, scope: str) -> bool:
        if scope == SCOPE_SERVICE:  # admin does not make a person a service
            return SCOPE_SERVICE in self.scopes
        return scope in self.scopes or SCOPE_ADMIN in self.scopes

    @property
    def is_service(self) -> bool:
        return SCOPE_SERVICE in self.scopes

    def require(self, scope: str) -> None:
        if self.allows(scope):
            return
        if scope == SCOPE_SERVICE:
            raise service_only()
        raise PermissionDenied(
            f"this key lacks the scope {scope!r}",
            reason="SCOPE_REQUIRED",
            metadata={"scope": scope},
        )


def service_only(what: str = "this method") -> PermissionDenied:
    return PermissionDenied(
        f"{what} is for the platform's services only (a key with the service scope)",
        reason="SERVICE_ONLY",
    )


def _bearer(value: str | bytes, header: str) -> str:
    text = value.decode("ascii", "replace") if isinstance(value, bytes) else value
    scheme, _, key = text.strip().partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise Unauthenticated(
            f"{header} metadata must be 'Bearer <API key>'", reason="INVALID_API_KEY"
        )
    return key.strip()


def bearer_key(
    metadata: Iterable[tuple[str, str | bytes]] | None, header: str = AUTHORIZATION
) -> str | None:
    """The API key of `<header>: Bearer <key>` metadata; None when there is none."""
    for name, value in metadata or ():
        if name.lower() == header:
            return _bearer(value, header)
    return None


def metadata_value(metadata: Iterable[tuple[str, str | bytes]] | None, header: str) -> str | None:
    for name, value in metadata or ():
        if name.lower() == header:
            return value.decode("ascii", "replace") if isinstance(value, bytes) else value
    return None


def service_key_from_env(environ: dict[str, str] | None = None) -> str:
    """The service credential this process was given ("" when none): OLYMPUS_SERVICE_KEY, or
    the first line of the file OLYMPUS_SERVICE_KEY_FILE names. A malformed one is an error:
    a service must not start with a credential that can never work."""
    env = os.environ if environ is None else environ
    key = env.get(SERVICE_KEY_ENV, "").strip()
    path = env.get(SERVICE_KEY_FILE_ENV, "").strip()
    if not key and path:
        with open(path, encoding="ascii") as f:
            key = f.readline().strip()
    if key and not KEY_RE.fullmatch(key):
        raise ValueError(
            f"{SERVICE_KEY_ENV} is not an API key (oly_ and 43 URL-safe base64 characters); "
            "make one with `olympus accounts new-service-key`"
        )
    return key


def service_metadata(service_key: str) -> tuple[tuple[str, str], ...]:
    """The metadata of a call a service makes on its own behalf."""
    return ((AUTHORIZATION, f"Bearer {service_key}"),) if service_key else ()


def forwarded_metadata(
    service_key: str, client_address: str, user_key: str = ""
) -> tuple[tuple[str, str], ...]:
    """The metadata of a call a service makes for an end user (see the module's doc)."""
    out: list[tuple[str, str]] = []
    if user_key:
        out.append((AUTHORIZATION, f"Bearer {user_key}"))
    if service_key:
        out.append((SERVICE_AUTHORIZATION, f"Bearer {service_key}"))
        if client_address:
            out.append((FORWARDED_FOR, client_address))
    return tuple(out)
