"""An account's webhook on a real `python -m olympus.accounts`: registered with a `play` key for
the key's own account, its secret shown once and never again, bad URLs refused with the reason
and the field, other accounts kept out, and the service-only target the workers read."""

from __future__ import annotations

import os
import queue
import re
import threading
from collections.abc import Callable
from typing import Any

import grpc
import pytest
from accounts_support import Admin, auth, unique

from olympus.platform.errors import error_details, field_violations
from olympus.v1 import accounts_pb2 as pb, accounts_pb2_grpc

Stub = accounts_pb2_grpc.AccountServiceStub
SECRET_RE = re.compile(r"olywh_[A-Za-z0-9_-]{43}")
SERVICE_KEY = os.environ["OLYMPUS_SERVICE_KEY"]  # set by tests/conftest.py, registered at start


def refusal(call: Callable[[], Any]) -> tuple[grpc.StatusCode, str, dict[str, str], grpc.RpcError]:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    reason, metadata, _ = error_details(caught.value)
    return caught.value.code(), reason, metadata, caught.value  # type: ignore[attr-defined]


def account(stub: Stub, admin: Admin, *scopes: int) -> pb.CreateAccountResponse:
    reply: pb.CreateAccountResponse = stub.CreateAccount(
        pb.CreateAccountRequest(name=unique("hook"), scopes=list(scopes or [pb.SCOPE_PLAY])),
        metadata=auth(admin.key),
    )
    return reply


def target(stub: Stub, account_id: str) -> pb.GetWebhookTargetResponse:
    reply: pb.GetWebhookTargetResponse = stub.GetWebhookTarget(
        pb.GetWebhookTargetRequest(account_id=account_id), metadata=auth(SERVICE_KEY)
    )
    return reply


def test_the_secret_is_shown_once_and_get_never_returns_it(stub: Stub, admin: Admin) -> None:
    owner = account(stub, admin)
    made = stub.SetWebhook(
        pb.SetWebhookRequest(url="https://hooks.example.com/olympus?x=1"),
        metadata=auth(owner.key),
    )
    assert SECRET_RE.fullmatch(made.secret)
    assert made.webhook.url == "https://hooks.example.com/olympus?x=1"
    assert made.webhook.create_time.seconds > 0
    assert made.webhook.secret_time == made.webhook.create_time

    got = stub.GetWebhook(pb.GetWebhookRequest(), metadata=auth(owner.key))
    assert got.webhook == made.webhook
    assert made.secret.encode() not in got.SerializeToString()
    # Not a field that happens to be empty: GetWebhook has no place for a secret at all.
    names = {f.name for f in pb.GetWebhookResponse.DESCRIPTOR.fields}
    names |= {f.name for f in pb.Webhook.DESCRIPTOR.fields}
    assert "secret" not in names

    # The workers' view (service credential only) has it, and the current one after a rotation.
    assert (
        target(stub, owner.account.account_id).url,
        target(stub, owner.account.account_id).secret,
    ) == (
        made.webhook.url,
        made.secret,
    )
    rotated = stub.RotateWebhookSecret(pb.RotateWebhookSecretRequest(), metadata=auth(owner.key))
    assert SECRET_RE.fullmatch(rotated.secret) and rotated.secret != made.secret
    assert rotated.webhook.url == made.webhook.url
    assert rotated.webhook.create_time == made.webhook.create_time
    assert target(stub, owner.account.account_id).secret == rotated.secret
    again = stub.GetWebhook(pb.GetWebhookRequest(), metadata=auth(owner.key))
    assert rotated.secret.encode() not in again.SerializeToString()

    # Replacing the URL makes a new secret too.
    replaced = stub.SetWebhook(
        pb.SetWebhookRequest(url="http://127.0.0.1:8080/hook"), metadata=auth(owner.key)
    )
    assert replaced.secret not in (made.secret, rotated.secret)
    assert target(stub, owner.account.account_id).url == "http://127.0.0.1:8080/hook"


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("ftp://files.example.com/hook", "https"),
        ("http://example.com/hook", "127.0.0.1"),
        ("http://10.0.0.7/hook", "127.0.0.1"),
        ("hooks.example.com/olympus", "https"),
        ("https://", "no host"),
        ("https:///path-only", "no host"),
        ("https://user:pw@hooks.example.com/", "password"),
        ("https://hooks.example.com/#frag", "fragment"),
        ("https://hooks.example.com:99999/", "valid URL"),
        ("https://hooks.example.com/a b", "spaces"),
        ("https://hooks.exa_mple.com/", "host name"),
        ("https://hooks.example.com/" + "a" * 2048, "2048"),
        ("", "required"),
    ],
)
def test_bad_urls_are_refused_with_the_reason_and_the_field(
    stub: Stub, admin: Admin, url: str, says: str
) -> None:
    owner = account(stub, admin)
    code, reason, _, exc = refusal(
        lambda: stub.SetWebhook(pb.SetWebhookRequest(url=url), metadata=auth(owner.key))
    )
    assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_WEBHOOK_URL")
    assert [field for field, _ in field_violations(exc)] == ["url"]
    assert says in exc.details(), exc.details()  # type: ignore[attr-defined]
    # Nothing was registered.
    code, reason, _, _ = refusal(
        lambda: stub.GetWebhook(pb.GetWebhookRequest(), metadata=auth(owner.key))
    )
    assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "WEBHOOK_NOT_FOUND")


@pytest.mark.parametrize(
    "url",
    [
        "https://hooks.example.com",
        "https://10.1.2.3:8443/olympus/hook?token=abc",
        "https://[2001:db8::1]/hook",
        "http://127.0.0.1:9/hook",
        "http://localhost:8080/",
        "http://LOCALHOST/",
        "http://[::1]:8080/hook",
    ],
)
def test_https_anywhere_and_plain_http_to_loopback_are_taken(
    stub: Stub, admin: Admin, url: str
) -> None:
    owner = account(stub, admin)
    made = stub.SetWebhook(pb.SetWebhookRequest(url=url), metadata=auth(owner.key))
    assert made.webhook.url == url


def test_the_key_needs_the_play_scope(stub: Stub, admin: Admin) -> None:
    owner = account(stub, admin, pb.SCOPE_CREATE_GAMES, pb.SCOPE_LADDER)
    calls = [
        lambda: stub.SetWebhook(
            pb.SetWebhookRequest(url="https://a.example.com/"), metadata=auth(owner.key)
        ),
        lambda: stub.GetWebhook(pb.GetWebhookRequest(), metadata=auth(owner.key)),
        lambda: stub.DeleteWebhook(pb.DeleteWebhookRequest(), metadata=auth(owner.key)),
        lambda: stub.RotateWebhookSecret(pb.RotateWebhookSecretRequest(), metadata=auth(owner.key)),
    ]
    for call in calls:
        code, reason, metadata, _ = refusal(call)
        assert (code, reason, metadata) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "SCOPE_REQUIRED",
            {"scope": "play"},
        )
    code, reason, _, _ = refusal(
        lambda: stub.GetWebhook(pb.GetWebhookRequest())  # no key at all
    )
    assert (code, reason) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REQUIRED")


def test_another_account_can_neither_read_nor_change_it(stub: Stub, admin: Admin) -> None:
    owner, other = account(stub, admin), account(stub, admin)
    made = stub.SetWebhook(
        pb.SetWebhookRequest(url="https://owner.example.com/hook"), metadata=auth(owner.key)
    )
    theirs = owner.account.account_id
    calls = [
        lambda: stub.GetWebhook(pb.GetWebhookRequest(account_id=theirs), metadata=auth(other.key)),
        lambda: stub.SetWebhook(
            pb.SetWebhookRequest(account_id=theirs, url="https://evil.example.com/"),
            metadata=auth(other.key),
        ),
        lambda: stub.RotateWebhookSecret(
            pb.RotateWebhookSecretRequest(account_id=theirs), metadata=auth(other.key)
        ),
        lambda: stub.DeleteWebhook(
            pb.DeleteWebhookRequest(account_id=theirs), metadata=auth(other.key)
        ),
        # nor read where it points and its secret, as the workers do
        lambda: stub.GetWebhookTarget(
            pb.GetWebhookTargetRequest(account_id=theirs), metadata=auth(other.key)
        ),
        lambda: stub.GetWebhookTarget(
            pb.GetWebhookTargetRequest(account_id=theirs), metadata=auth(admin.key)
        ),
    ]
    for call in calls:
        code, reason, _, _ = refusal(call)
        assert code == grpc.StatusCode.PERMISSION_DENIED
        assert reason in ("SCOPE_REQUIRED", "SERVICE_ONLY")
    # The owner's webhook is as it was, and the other account's own call is about its own.
    assert target(stub, theirs).secret == made.secret
    assert target(stub, theirs).url == "https://owner.example.com/hook"
    code, reason, _, _ = refusal(
        lambda: stub.GetWebhook(pb.GetWebhookRequest(), metadata=auth(other.key))
    )
    assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "WEBHOOK_NOT_FOUND")
    # An admin manages any account's webhook (never seeing its secret but when it makes one).
    seen = stub.GetWebhook(pb.GetWebhookRequest(account_id=theirs), metadata=auth(admin.key))
    assert seen.webhook == made.webhook


def test_delete_is_idempotent_and_stops_the_target(stub: Stub, admin: Admin) -> None:
    owner = account(stub, admin)
    stub.SetWebhook(pb.SetWebhookRequest(url="https://x.example.com/"), metadata=auth(owner.key))
    assert target(stub, owner.account.account_id).configured
    first = stub.DeleteWebhook(pb.DeleteWebhookRequest(), metadata=auth(owner.key))
    second = stub.DeleteWebhook(pb.DeleteWebhookRequest(), metadata=auth(owner.key))
    assert (first.deleted, second.deleted) == (True, False)
    assert target(stub, owner.account.account_id) == pb.GetWebhookTargetResponse(configured=False)
    code, reason, _, _ = refusal(
        lambda: stub.RotateWebhookSecret(pb.RotateWebhookSecretRequest(), metadata=auth(owner.key))
    )
    assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "WEBHOOK_NOT_FOUND")


def test_the_target_is_for_services_and_says_nothing_of_a_disabled_account(
    stub: Stub, admin: Admin
) -> None:
    owner = account(stub, admin)
    stub.SetWebhook(pb.SetWebhookRequest(url="https://d.example.com/"), metadata=auth(owner.key))
    code, reason, _, _ = refusal(
        lambda: stub.GetWebhookTarget(
            pb.GetWebhookTargetRequest(account_id=owner.account.account_id),
            metadata=auth(owner.key),
        )
    )
    assert (code, reason) == (grpc.StatusCode.PERMISSION_DENIED, "SERVICE_ONLY")
    stub.DisableAccount(
        pb.DisableAccountRequest(account_id=owner.account.account_id), metadata=auth(admin.key)
    )
    assert not target(stub, owner.account.account_id).configured
    stub.EnableAccount(
        pb.EnableAccountRequest(account_id=owner.account.account_id), metadata=auth(admin.key)
    )
    assert target(stub, owner.account.account_id).configured
    code, reason, _, _ = refusal(lambda: target(stub, "0123456789abcdef"))
    assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "ACCOUNT_NOT_FOUND")
    code, _, _, exc = refusal(lambda: target(stub, "not-an-id"))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert [field for field, _ in field_violations(exc)] == ["account_id"]


def test_every_change_is_a_key_event_the_services_hear(stub: Stub, admin: Admin) -> None:
    """The game service forgets what it knew of an account's webhook on this event."""
    owner = account(stub, admin)
    seen: queue.Queue[pb.KeyEvent] = queue.Queue()
    stream = stub.WatchKeyEvents(pb.WatchKeyEventsRequest(), metadata=auth(SERVICE_KEY))

    def read() -> None:
        try:
            for event in stream:
                seen.put(event)
        except grpc.RpcError:
            pass  # cancelled at the end

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert seen.get(timeout=10).kind == pb.KEY_EVENT_KIND_HEARTBEAT  # connected
        stub.SetWebhook(
            pb.SetWebhookRequest(url="https://e.example.com/"), metadata=auth(owner.key)
        )
        stub.RotateWebhookSecret(pb.RotateWebhookSecretRequest(), metadata=auth(owner.key))
        stub.DeleteWebhook(pb.DeleteWebhookRequest(), metadata=auth(owner.key))
        changes = []
        while len(changes) < 3:
            event = seen.get(timeout=10)
            if (
                event.kind == pb.KEY_EVENT_KIND_WEBHOOK_CHANGED
                and event.account_id == owner.account.account_id
            ):
                changes.append(event.account_id)
        assert changes == [owner.account.account_id] * 3
    finally:
        stream.cancel()
        reader.join(5)
