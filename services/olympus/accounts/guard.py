"""The check a servicer makes of its caller's API key, the same way in every service.

    from olympus.accounts.guard import caller
    from olympus.accounts.keys import SCOPE_PLAY

    principal = await caller(self.keys, context, SCOPE_PLAY)           # refuses without a key
    maybe = await caller(self.keys, context, required=False)           # None without a key

Refusals are the platform's errors, which `@rpc` turns into statuses: no key API_KEY_REQUIRED,
a malformed or unknown key INVALID_API_KEY, a revoked key API_KEY_REVOKED (UNAUTHENTICATED);
a disabled account ACCOUNT_DISABLED, a missing scope SCOPE_REQUIRED with metadata `scope`
(PERMISSION_DENIED); Redis out of reach UNAVAILABLE.
"""

from __future__ import annotations

from typing import Literal, overload

import grpc

from .keys import KeyStore, Principal


@overload
async def caller(
    store: KeyStore,
    context: grpc.aio.ServicerContext,
    scope: str | None = None,
    required: Literal[True] = True,
) -> Principal: ...


@overload
async def caller(
    store: KeyStore, context: grpc.aio.ServicerContext, scope: str | None = None, *, required: bool
) -> Principal | None: ...


async def caller(
    store: KeyStore,
    context: grpc.aio.ServicerContext,
    scope: str | None = None,
    required: bool = True,
) -> Principal | None:
    """The principal behind the call's `authorization: Bearer <key>` metadata, which must allow
    `scope` when one is given (an admin key allows every scope). Without a key: None when not
    `required` (a bad key is refused all the same: it is never taken for no key)."""
    principal = await store.authenticate(context.invocation_metadata(), required=required)
    if principal is not None and scope is not None:
        principal.require(scope)
    return principal
