import datetime

from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AccountKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACCOUNT_KIND_UNSPECIFIED: _ClassVar[AccountKind]
    ACCOUNT_KIND_PERSON: _ClassVar[AccountKind]
    ACCOUNT_KIND_BOT: _ClassVar[AccountKind]

class Scope(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCOPE_UNSPECIFIED: _ClassVar[Scope]
    SCOPE_PLAY: _ClassVar[Scope]
    SCOPE_CREATE_GAMES: _ClassVar[Scope]
    SCOPE_LADDER: _ClassVar[Scope]
    SCOPE_ADMIN: _ClassVar[Scope]
    SCOPE_SERVICE: _ClassVar[Scope]

class KeyState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KEY_STATE_UNSPECIFIED: _ClassVar[KeyState]
    KEY_STATE_VALID: _ClassVar[KeyState]
    KEY_STATE_UNKNOWN: _ClassVar[KeyState]
    KEY_STATE_REVOKED: _ClassVar[KeyState]
    KEY_STATE_ACCOUNT_DISABLED: _ClassVar[KeyState]

class KeyEventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KEY_EVENT_KIND_UNSPECIFIED: _ClassVar[KeyEventKind]
    KEY_EVENT_KIND_KEY_REVOKED: _ClassVar[KeyEventKind]
    KEY_EVENT_KIND_ACCOUNT_DISABLED: _ClassVar[KeyEventKind]
    KEY_EVENT_KIND_ACCOUNT_ENABLED: _ClassVar[KeyEventKind]
    KEY_EVENT_KIND_HEARTBEAT: _ClassVar[KeyEventKind]
    KEY_EVENT_KIND_WEBHOOK_CHANGED: _ClassVar[KeyEventKind]
ACCOUNT_KIND_UNSPECIFIED: AccountKind
ACCOUNT_KIND_PERSON: AccountKind
ACCOUNT_KIND_BOT: AccountKind
SCOPE_UNSPECIFIED: Scope
SCOPE_PLAY: Scope
SCOPE_CREATE_GAMES: Scope
SCOPE_LADDER: Scope
SCOPE_ADMIN: Scope
SCOPE_SERVICE: Scope
KEY_STATE_UNSPECIFIED: KeyState
KEY_STATE_VALID: KeyState
KEY_STATE_UNKNOWN: KeyState
KEY_STATE_REVOKED: KeyState
KEY_STATE_ACCOUNT_DISABLED: KeyState
KEY_EVENT_KIND_UNSPECIFIED: KeyEventKind
KEY_EVENT_KIND_KEY_REVOKED: KeyEventKind
KEY_EVENT_KIND_ACCOUNT_DISABLED: KeyEventKind
KEY_EVENT_KIND_ACCOUNT_ENABLED: KeyEventKind
KEY_EVENT_KIND_HEARTBEAT: KeyEventKind
KEY_EVENT_KIND_WEBHOOK_CHANGED: KeyEventKind

class Account(_message.Message):
    __slots__ = ("account_id", "name", "kind", "created_ms", "disabled", "create_time")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    CREATED_MS_FIELD_NUMBER: _ClassVar[int]
    DISABLED_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    name: str
    kind: AccountKind
    created_ms: int
    disabled: bool
    create_time: _timestamp_pb2.Timestamp
    def __init__(self, account_id: _Optional[str] = ..., name: _Optional[str] = ..., kind: _Optional[_Union[AccountKind, str]] = ..., created_ms: _Optional[int] = ..., disabled: _Optional[bool] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class KeyInfo(_message.Message):
    __slots__ = ("key_id", "scopes", "created_ms", "revoked_ms", "create_time", "revoke_time")
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    CREATED_MS_FIELD_NUMBER: _ClassVar[int]
    REVOKED_MS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    REVOKE_TIME_FIELD_NUMBER: _ClassVar[int]
    key_id: str
    scopes: _containers.RepeatedScalarFieldContainer[Scope]
    created_ms: int
    revoked_ms: int
    create_time: _timestamp_pb2.Timestamp
    revoke_time: _timestamp_pb2.Timestamp
    def __init__(self, key_id: _Optional[str] = ..., scopes: _Optional[_Iterable[_Union[Scope, str]]] = ..., created_ms: _Optional[int] = ..., revoked_ms: _Optional[int] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., revoke_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateAccountRequest(_message.Message):
    __slots__ = ("name", "kind", "scopes")
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    name: str
    kind: AccountKind
    scopes: _containers.RepeatedScalarFieldContainer[Scope]
    def __init__(self, name: _Optional[str] = ..., kind: _Optional[_Union[AccountKind, str]] = ..., scopes: _Optional[_Iterable[_Union[Scope, str]]] = ...) -> None: ...

class CreateAccountResponse(_message.Message):
    __slots__ = ("account", "key", "key_info")
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    KEY_INFO_FIELD_NUMBER: _ClassVar[int]
    account: Account
    key: str
    key_info: KeyInfo
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ..., key: _Optional[str] = ..., key_info: _Optional[_Union[KeyInfo, _Mapping]] = ...) -> None: ...

class GetAccountRequest(_message.Message):
    __slots__ = ("account_id", "name")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    name: str
    def __init__(self, account_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class GetAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class CreateKeyRequest(_message.Message):
    __slots__ = ("account_id", "scopes")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    scopes: _containers.RepeatedScalarFieldContainer[Scope]
    def __init__(self, account_id: _Optional[str] = ..., scopes: _Optional[_Iterable[_Union[Scope, str]]] = ...) -> None: ...

class CreateKeyResponse(_message.Message):
    __slots__ = ("key", "key_info")
    KEY_FIELD_NUMBER: _ClassVar[int]
    KEY_INFO_FIELD_NUMBER: _ClassVar[int]
    key: str
    key_info: KeyInfo
    def __init__(self, key: _Optional[str] = ..., key_info: _Optional[_Union[KeyInfo, _Mapping]] = ...) -> None: ...

class ListKeysRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class ListKeysResponse(_message.Message):
    __slots__ = ("keys",)
    KEYS_FIELD_NUMBER: _ClassVar[int]
    keys: _containers.RepeatedCompositeFieldContainer[KeyInfo]
    def __init__(self, keys: _Optional[_Iterable[_Union[KeyInfo, _Mapping]]] = ...) -> None: ...

class RevokeKeyRequest(_message.Message):
    __slots__ = ("account_id", "key_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    key_id: str
    def __init__(self, account_id: _Optional[str] = ..., key_id: _Optional[str] = ...) -> None: ...

class RevokeKeyResponse(_message.Message):
    __slots__ = ("key",)
    KEY_FIELD_NUMBER: _ClassVar[int]
    key: KeyInfo
    def __init__(self, key: _Optional[_Union[KeyInfo, _Mapping]] = ...) -> None: ...

class DisableAccountRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class DisableAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class EnableAccountRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class EnableAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class AccountServiceWhoAmIRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AccountServiceWhoAmIResponse(_message.Message):
    __slots__ = ("account", "key_id", "scopes")
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    account: Account
    key_id: str
    scopes: _containers.RepeatedScalarFieldContainer[Scope]
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ..., key_id: _Optional[str] = ..., scopes: _Optional[_Iterable[_Union[Scope, str]]] = ...) -> None: ...

class CreateGuestAccountRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CreateGuestAccountResponse(_message.Message):
    __slots__ = ("account", "key", "key_info")
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    KEY_INFO_FIELD_NUMBER: _ClassVar[int]
    account: Account
    key: str
    key_info: KeyInfo
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ..., key: _Optional[str] = ..., key_info: _Optional[_Union[KeyInfo, _Mapping]] = ...) -> None: ...

class CheckKeyRequest(_message.Message):
    __slots__ = ("key_sha256",)
    KEY_SHA256_FIELD_NUMBER: _ClassVar[int]
    key_sha256: str
    def __init__(self, key_sha256: _Optional[str] = ...) -> None: ...

class CheckKeyResponse(_message.Message):
    __slots__ = ("state", "account", "key_id", "scopes")
    STATE_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    state: KeyState
    account: Account
    key_id: str
    scopes: _containers.RepeatedScalarFieldContainer[Scope]
    def __init__(self, state: _Optional[_Union[KeyState, str]] = ..., account: _Optional[_Union[Account, _Mapping]] = ..., key_id: _Optional[str] = ..., scopes: _Optional[_Iterable[_Union[Scope, str]]] = ...) -> None: ...

class WatchKeyEventsRequest(_message.Message):
    __slots__ = ("after_event_id",)
    AFTER_EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    after_event_id: str
    def __init__(self, after_event_id: _Optional[str] = ...) -> None: ...

class KeyEvent(_message.Message):
    __slots__ = ("event_id", "kind", "account_id", "key_id", "event_time")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_TIME_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    kind: KeyEventKind
    account_id: str
    key_id: str
    event_time: _timestamp_pb2.Timestamp
    def __init__(self, event_id: _Optional[str] = ..., kind: _Optional[_Union[KeyEventKind, str]] = ..., account_id: _Optional[str] = ..., key_id: _Optional[str] = ..., event_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Webhook(_message.Message):
    __slots__ = ("url", "create_time", "secret_time")
    URL_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    SECRET_TIME_FIELD_NUMBER: _ClassVar[int]
    url: str
    create_time: _timestamp_pb2.Timestamp
    secret_time: _timestamp_pb2.Timestamp
    def __init__(self, url: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., secret_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class SetWebhookRequest(_message.Message):
    __slots__ = ("account_id", "url")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    url: str
    def __init__(self, account_id: _Optional[str] = ..., url: _Optional[str] = ...) -> None: ...

class SetWebhookResponse(_message.Message):
    __slots__ = ("webhook", "secret")
    WEBHOOK_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    webhook: Webhook
    secret: str
    def __init__(self, webhook: _Optional[_Union[Webhook, _Mapping]] = ..., secret: _Optional[str] = ...) -> None: ...

class GetWebhookRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class GetWebhookResponse(_message.Message):
    __slots__ = ("webhook",)
    WEBHOOK_FIELD_NUMBER: _ClassVar[int]
    webhook: Webhook
    def __init__(self, webhook: _Optional[_Union[Webhook, _Mapping]] = ...) -> None: ...

class DeleteWebhookRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class DeleteWebhookResponse(_message.Message):
    __slots__ = ("deleted",)
    DELETED_FIELD_NUMBER: _ClassVar[int]
    deleted: bool
    def __init__(self, deleted: _Optional[bool] = ...) -> None: ...

class RotateWebhookSecretRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class RotateWebhookSecretResponse(_message.Message):
    __slots__ = ("webhook", "secret")
    WEBHOOK_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    webhook: Webhook
    secret: str
    def __init__(self, webhook: _Optional[_Union[Webhook, _Mapping]] = ..., secret: _Optional[str] = ...) -> None: ...

class GetWebhookTargetRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class GetWebhookTargetResponse(_message.Message):
    __slots__ = ("configured", "url", "secret")
    CONFIGURED_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    configured: bool
    url: str
    secret: str
    def __init__(self, configured: _Optional[bool] = ..., url: _Optional[str] = ..., secret: _Optional[str] = ...) -> None: ...
