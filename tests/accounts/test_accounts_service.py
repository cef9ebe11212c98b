"""The AccountService over real channels, on a real `python -m olympus.accounts` process and a
private Redis: accounts, keys shown once, scopes, revocation, and every refusal's reason."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import grpc
import pytest
import redis
from accounts_support import Admin, auth, olympus, unique

from olympus.platform.errors import error_details
from olympus.v1 import accounts_pb2 as pb, accounts_pb2_grpc

Stub = accounts_pb2_grpc.AccountServiceStub
KEY_RE = re.compile(r"oly_[A-Za-z0-9_-]{43}")


def refusal(call: Callable[[], Any]) -> tuple[grpc.StatusCode, str, dict[str, str]]:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    reason, metadata, _ = error_details(caught.value)
    return caught.value.code(), reason, metadata  # type: ignore[attr-defined]


def key_ids(stub: Stub, key: str, account_id: str = "") -> list[str]:
    reply = stub.ListKeys(pb.ListKeysRequest(account_id=account_id), metadata=auth(key))
    return [k.key_id for k in reply.keys]


def test_create_account_returns_the_account_and_its_first_key_once(
    stub: Stub, admin: Admin
) -> None:
    name = unique("Bot.One")
    made = stub.CreateAccount(
        pb.CreateAccountRequest(
            name=name, kind=pb.ACCOUNT_KIND_BOT, scopes=[pb.SCOPE_PLAY, pb.SCOPE_LADDER]
        ),
        metadata=auth(admin.key),
    )
    assert KEY_RE.fullmatch(made.key)
    assert made.account.name == name and made.account.kind == pb.ACCOUNT_KIND_BOT
    assert list(made.key_info.scopes) == [pb.SCOPE_PLAY, pb.SCOPE_LADDER]
    assert made.key_info.key_id and made.key_info.revoked_ms == 0

    me = stub.WhoAmI(pb.AccountServiceWhoAmIRequest(), metadata=auth(made.key))
    assert me.account == made.account
    assert (me.key_id, list(me.scopes)) == (made.key_info.key_id, [pb.SCOPE_PLAY, pb.SCOPE_LADDER])

    # Names are unique without regard to case; both ways of asking find the same account.
    by_name = stub.GetAccount(pb.GetAccountRequest(name=name.upper()), metadata=auth(made.key))
    by_id = stub.GetAccount(
        pb.GetAccountRequest(account_id=made.account.account_id), metadata=auth(admin.key)
    )
    assert by_name.account == by_id.account == made.account

    # ListKeys never shows a key, only its id.
    listed = stub.ListKeys(pb.ListKeysRequest(), metadata=auth(made.key))
    assert [k.key_id for k in listed.keys] == [made.key_info.key_id]
    assert made.key not in str(listed) and made.key.encode() not in listed.SerializeToString()


def test_a_taken_name_is_already_exists_whatever_its_case(stub: Stub, admin: Admin) -> None:
    name = unique("taken")
    request = pb.CreateAccountRequest(name=name, scopes=[pb.SCOPE_PLAY])
    stub.CreateAccount(request, metadata=auth(admin.key))
    again = pb.CreateAccountRequest(name=name.upper(), scopes=[pb.SCOPE_PLAY])
    code, reason, _ = refusal(lambda: stub.CreateAccount(again, metadata=auth(admin.key)))
    assert (code, reason) == (grpc.StatusCode.ALREADY_EXISTS, "ALREADY_EXISTS")


@pytest.mark.parametrize("name", ["", "x", "-dash-first", "has space", "é-accent", "n" * 41])
def test_a_bad_name_is_invalid_name_and_makes_nothing(stub: Stub, admin: Admin, name: str) -> None:
    request = pb.CreateAccountRequest(name=name, scopes=[pb.SCOPE_PLAY])
    code, reason, _ = refusal(lambda: stub.CreateAccount(request, metadata=auth(admin.key)))
    assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_NAME")


@pytest.mark.parametrize("scopes", [[], [pb.SCOPE_UNSPECIFIED], [pb.SCOPE_PLAY, 99]])
def test_a_bad_scope_is_invalid_scope_and_makes_no_account(
    stub: Stub, admin: Admin, redis_url: str, scopes: list[int]
) -> None:
    name = unique("scopeless")
    request = pb.CreateAccountRequest(name=name, scopes=scopes)  # type: ignore[arg-type]
    code, reason, _ = refusal(lambda: stub.CreateAccount(request, metadata=auth(admin.key)))
    assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_SCOPE")
    code, reason, _ = refusal(
        lambda: stub.GetAccount(pb.GetAccountRequest(name=name), metadata=auth(admin.key))
    )
    assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "ACCOUNT_NOT_FOUND")


def test_no_key_a_malformed_key_and_an_unknown_key_are_unauthenticated(
    stub: Stub, admin: Admin
) -> None:
    who = pb.AccountServiceWhoAmIRequest()
    code, reason, _ = refusal(lambda: stub.WhoAmI(who))
    assert (code, reason) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REQUIRED")
    unknown = "oly_" + "A" * 43
    for metadata in (
        auth("not-a-key"),
        auth(unknown),
        auth(admin.key + "x"),
        (("authorization", admin.key),),  # no "Bearer"
        (("authorization", "Basic " + admin.key),),
    ):
        code, reason, _ = refusal(lambda m=metadata: stub.WhoAmI(who, metadata=m))  # type: ignore[misc]
        assert (code, reason) == (grpc.StatusCode.UNAUTHENTICATED, "INVALID_API_KEY"), metadata


def test_scopes_are_enforced_with_the_scope_named(
    stub: Stub, player: pb.CreateAccountResponse
) -> None:
    """A player key may not make accounts, see other accounts' keys, or disable anyone."""
    key = player.key
    calls = [
        lambda: stub.CreateAccount(
            pb.CreateAccountRequest(name=unique("nope"), scopes=[pb.SCOPE_PLAY]),
            metadata=auth(key),
        ),
        lambda: stub.ListKeys(pb.ListKeysRequest(account_id="0" * 16), metadata=auth(key)),
        lambda: stub.DisableAccount(
            pb.DisableAccountRequest(account_id=player.account.account_id), metadata=auth(key)
        ),
        lambda: stub.CreateKey(
            pb.CreateKeyRequest(account_id="0" * 16, scopes=[pb.SCOPE_PLAY]), metadata=auth(key)
        ),
    ]
    for call in calls:
        code, reason, metadata = refusal(call)
        assert (code, reason, metadata) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "SCOPE_REQUIRED",
            {"scope": "admin"},
        )


def test_a_key_makes_keys_only_with_scopes_it_has(
    stub: Stub, player: pb.CreateAccountResponse
) -> None:
    key = player.key
    before = key_ids(stub, key)
    for wanted, lacking in (
        ([pb.SCOPE_PLAY, pb.SCOPE_LADDER], "ladder"),
        ([pb.SCOPE_ADMIN], "admin"),
    ):
        request = pb.CreateKeyRequest(scopes=wanted)
        code, reason, metadata = refusal(lambda r=request: stub.CreateKey(r, metadata=auth(key)))  # type: ignore[misc]
        assert (code, reason, metadata) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "SCOPE_REQUIRED",
            {"scope": lacking},
        )
    assert key_ids(stub, key) == before  # the refusals made no key

    # A narrower key is fine, and it cannot widen itself either.
    narrow = stub.CreateKey(pb.CreateKeyRequest(scopes=[pb.SCOPE_PLAY]), metadata=auth(key))
    assert KEY_RE.fullmatch(narrow.key) and narrow.key != key
    assert key_ids(stub, key) == [*before, narrow.key_info.key_id]
    wider = pb.CreateKeyRequest(scopes=[pb.SCOPE_CREATE_GAMES])
    code, reason, metadata = refusal(lambda: stub.CreateKey(wider, metadata=auth(narrow.key)))
    assert (reason, metadata) == ("SCOPE_REQUIRED", {"scope": "create_games"})


def test_an_admin_makes_keys_for_any_account_with_any_scopes(
    stub: Stub, admin: Admin, player: pb.CreateAccountResponse
) -> None:
    account_id = player.account.account_id
    made = stub.CreateKey(
        pb.CreateKeyRequest(account_id=account_id, scopes=[pb.SCOPE_LADDER]),
        metadata=auth(admin.key),
    )
    me = stub.WhoAmI(pb.AccountServiceWhoAmIRequest(), metadata=auth(made.key))
    assert me.account.account_id == account_id and list(me.scopes) == [pb.SCOPE_LADDER]
    assert made.key_info.key_id in key_ids(stub, admin.key, account_id)


def test_a_revoked_key_is_refused_and_changes_nothing(
    stub: Stub, player: pb.CreateAccountResponse
) -> None:
    first = player.key
    second = stub.CreateKey(pb.CreateKeyRequest(scopes=[pb.SCOPE_PLAY]), metadata=auth(first))
    revoked = stub.RevokeKey(
        pb.RevokeKeyRequest(key_id=second.key_info.key_id), metadata=auth(first)
    )
    assert revoked.key.key_id == second.key_info.key_id and revoked.key.revoked_ms > 0
    # Idempotent: revoking it again returns it as it is.
    again = stub.RevokeKey(pb.RevokeKeyRequest(key_id=second.key_info.key_id), metadata=auth(first))
    assert again.key == revoked.key
    before = stub.ListKeys(pb.ListKeysRequest(), metadata=auth(first))

    bad = auth(second.key)
    for call in (
        lambda: stub.WhoAmI(pb.AccountServiceWhoAmIRequest(), metadata=bad),
        lambda: stub.CreateKey(pb.CreateKeyRequest(scopes=[pb.SCOPE_PLAY]), metadata=bad),
        lambda: stub.RevokeKey(pb.RevokeKeyRequest(key_id=player.key_info.key_id), metadata=bad),
    ):
        code, reason, _ = refusal(call)
        assert (code, reason) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED")
    assert stub.ListKeys(pb.ListKeysRequest(), metadata=auth(first)) == before
    # The first key still works.
    assert stub.WhoAmI(pb.AccountServiceWhoAmIRequest(), metadata=auth(first)).key_id


def test_revoking_a_key_the_account_does_not_have_is_not_found(
    stub: Stub, admin: Admin, player: pb.CreateAccountResponse
) -> None:
    # The admin's key id, asked of the player's account: not the player's key.
    request = pb.RevokeKeyRequest(
        account_id=player.account.account_id, key_id=key_ids(stub, admin.key)[0]
    )
    code, reason, _ = refusal(lambda: stub.RevokeKey(request, metadata=auth(admin.key)))
    assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "INVALID_API_KEY")
    assert stub.WhoAmI(pb.AccountServiceWhoAmIRequest(), metadata=auth(admin.key))


def test_a_disabled_account_is_refused_until_enabled(
    stub: Stub, admin: Admin, player: pb.CreateAccountResponse
) -> None:
    account_id = player.account.account_id
    disabled = stub.DisableAccount(
        pb.DisableAccountRequest(account_id=account_id), metadata=auth(admin.key)
    )
    assert disabled.account.disabled
    code, reason, _ = refusal(
        lambda: stub.WhoAmI(pb.AccountServiceWhoAmIRequest(), metadata=auth(player.key))
    )
    assert (code, reason) == (grpc.StatusCode.PERMISSION_DENIED, "ACCOUNT_DISABLED")
    enabled = stub.EnableAccount(
        pb.EnableAccountRequest(account_id=account_id), metadata=auth(admin.key)
    )
    assert not enabled.account.disabled
    me = stub.WhoAmI(pb.AccountServiceWhoAmIRequest(), metadata=auth(player.key))
    assert me.account.account_id == account_id


def test_unknown_accounts_and_an_undefined_kind(stub: Stub, admin: Admin) -> None:
    for request in (
        pb.GetAccountRequest(account_id="0123456789abcdef"),
        pb.GetAccountRequest(account_id="../etc"),
        pb.GetAccountRequest(name=unique("ghost")),
    ):
        code, reason, _ = refusal(
            lambda r=request: stub.GetAccount(r, metadata=auth(admin.key))  # type: ignore[misc]
        )
        assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "ACCOUNT_NOT_FOUND")
    odd = pb.CreateAccountRequest(name=unique("odd"), kind=7, scopes=[pb.SCOPE_PLAY])  # type: ignore[arg-type]
    code, reason, _ = refusal(lambda: stub.CreateAccount(odd, metadata=auth(admin.key)))
    assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ENUM")


def test_redis_holds_only_the_hash_of_a_key(
    stub: Stub, admin: Admin, redis_url: str, player: pb.CreateAccountResponse
) -> None:
    r = redis.Redis.from_url(redis_url)
    try:
        for name in r.scan_iter("olympus:apikey:*"):
            assert player.key.encode() not in b"".join(
                [name, *r.hgetall(name).keys(), *r.hgetall(name).values()]
            )
    finally:
        r.close()


def test_the_cli_bootstrap_prints_a_key_that_works_over_grpc(stub: Stub, redis_url: str) -> None:
    name = unique("operator")
    run = olympus(
        "accounts", "create", name, "--kind", "bot", "--scopes", "play,ladder",
        "--redis-url", redis_url,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    key = KEY_RE.search(run.stdout)
    assert key is not None, run.stdout
    me = stub.WhoAmI(pb.AccountServiceWhoAmIRequest(), metadata=auth(key.group()))
    assert (me.account.name, me.account.kind) == (name, pb.ACCOUNT_KIND_BOT)
    assert list(me.scopes) == [pb.SCOPE_PLAY, pb.SCOPE_LADDER]
    assert me.account.account_id in run.stdout

    # `keys` lists it (never the key), `revoke` revokes it, and gRPC then refuses it.
    listed = olympus("accounts", "keys", name, "--redis-url", redis_url, "--json")
    assert listed.returncode == 0, listed.stderr
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert [r["key_id"] for r in rows] == [me.key_id] and key.group() not in listed.stdout
    gone = olympus("accounts", "revoke", name, me.key_id, "--redis-url", redis_url)
    assert gone.returncode == 0, gone.stderr
    code, reason, _ = refusal(
        lambda: stub.WhoAmI(pb.AccountServiceWhoAmIRequest(), metadata=auth(key.group()))
    )
    assert (code, reason) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED")


def test_the_cli_refuses_bad_input_with_the_reason(redis_url: str) -> None:
    taken, unscoped = unique("twice"), unique("unscoped")
    assert olympus("accounts", "create", taken, "--redis-url", redis_url).returncode == 0
    for args, status, reason in (
        (("create", taken.upper()), 1, "ALREADY_EXISTS"),
        (("create", "x"), 2, "INVALID_NAME"),
        (("create", unscoped, "--scopes", "play,fly"), 2, "INVALID_SCOPE"),
        (("keys", unique("nobody")), 1, "ACCOUNT_NOT_FOUND"),
    ):
        run = olympus("accounts", *args, "--redis-url", redis_url)
        assert (run.returncode, reason in run.stderr) == (status, True), run.stderr
    # The bad scope made no account.
    run = olympus("accounts", "keys", unscoped, "--redis-url", redis_url)
    assert run.returncode == 1 and "ACCOUNT_NOT_FOUND" in run.stderr


def test_the_cli_module_connects_to_nothing_on_import() -> None:
    """`olympus --help` works with no Redis anywhere (the URL points at a closed port)."""
    run = olympus("accounts", "--help")
    assert run.returncode == 0 and "create" in run.stdout
    run = olympus("accounts", "keys", "alice", "--redis-url", "redis://127.0.0.1:1/0")
    assert run.returncode == 1 and "Redis" in run.stderr


def test_olympus_call_sends_headers(accounts: Any, admin: Admin) -> None:
    who = "olympus.v1.AccountService/WhoAmI"
    run = olympus(
        "call", accounts.address, who, "{}", "--header", f"Authorization: Bearer {admin.key}"
    )
    assert run.returncode == 0, run.stderr
    reply = json.loads(run.stdout)
    assert reply["account"]["name"] == admin.name and reply["scopes"] == ["SCOPE_ADMIN"]
    run = olympus("call", accounts.address, who, "{}")
    assert run.returncode == 1 and "API_KEY_REQUIRED" in run.stderr
    for bad in ("no colon", "grpc-timeout: 1", "authorization:", "x-bin: abc"):
        run = olympus("call", accounts.address, who, "{}", "-H", bad)
        assert run.returncode == 2 and "header" in run.stderr, (bad, run.stderr)
