"""Accounts tests: a real `python -m olympus.accounts` on the session's private Redis, and an
admin made the way an operator makes the first one (`olympus accounts create`)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import grpc
import pytest
from accounts_support import Admin, auth, olympus, unique

from olympus.v1 import accounts_pb2 as pb, accounts_pb2_grpc
from services import ServiceProcess, running_service


@pytest.fixture(scope="module")
def accounts(redis_url: str) -> Iterator[ServiceProcess]:
    with running_service("accounts", "--redis-url", redis_url) as service:
        yield service


@pytest.fixture(scope="module")
def stub(accounts: ServiceProcess) -> Iterator[accounts_pb2_grpc.AccountServiceStub]:
    with grpc.insecure_channel(accounts.address) as channel:
        yield accounts_pb2_grpc.AccountServiceStub(channel)  # type: ignore[no-untyped-call]


@pytest.fixture(scope="module")
def admin(redis_url: str) -> Admin:
    name = unique("root")
    run = olympus(
        "accounts", "create", name, "--scopes", "admin", "--redis-url", redis_url, "--json"
    )
    assert run.returncode == 0, run.stderr
    made = json.loads(run.stdout)
    return Admin(made["account_id"], name, made["key"])


@pytest.fixture
def player(stub: accounts_pb2_grpc.AccountServiceStub, admin: Admin) -> pb.CreateAccountResponse:
    """A fresh person account whose first key may play and create games."""
    reply: pb.CreateAccountResponse = stub.CreateAccount(
        pb.CreateAccountRequest(
            name=unique("player"), scopes=[pb.SCOPE_PLAY, pb.SCOPE_CREATE_GAMES]
        ),
        metadata=auth(admin.key),
    )
    return reply
