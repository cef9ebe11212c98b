import datetime

from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from olympus.v1 import game_pb2 as _game_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TicketStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TICKET_STATUS_UNSPECIFIED: _ClassVar[TicketStatus]
    TICKET_STATUS_WAITING: _ClassVar[TicketStatus]
    TICKET_STATUS_MATCHED: _ClassVar[TicketStatus]
    TICKET_STATUS_CANCELLED: _ClassVar[TicketStatus]

class ChallengeAnswer(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHALLENGE_ANSWER_UNSPECIFIED: _ClassVar[ChallengeAnswer]
    CHALLENGE_ANSWER_PENDING: _ClassVar[ChallengeAnswer]
    CHALLENGE_ANSWER_ACCEPTED: _ClassVar[ChallengeAnswer]
    CHALLENGE_ANSWER_DECLINED: _ClassVar[ChallengeAnswer]

class ChallengeStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHALLENGE_STATUS_UNSPECIFIED: _ClassVar[ChallengeStatus]
    CHALLENGE_STATUS_PENDING: _ClassVar[ChallengeStatus]
    CHALLENGE_STATUS_CREATING: _ClassVar[ChallengeStatus]
    CHALLENGE_STATUS_ACCEPTED: _ClassVar[ChallengeStatus]
    CHALLENGE_STATUS_DECLINED: _ClassVar[ChallengeStatus]
    CHALLENGE_STATUS_CANCELLED: _ClassVar[ChallengeStatus]
    CHALLENGE_STATUS_EXPIRED: _ClassVar[ChallengeStatus]
    CHALLENGE_STATUS_FAILED: _ClassVar[ChallengeStatus]

class AccountActivityKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACCOUNT_ACTIVITY_KIND_UNSPECIFIED: _ClassVar[AccountActivityKind]
    ACCOUNT_ACTIVITY_KIND_CHALLENGE_RECEIVED: _ClassVar[AccountActivityKind]
    ACCOUNT_ACTIVITY_KIND_CHALLENGE_UPDATED: _ClassVar[AccountActivityKind]
    ACCOUNT_ACTIVITY_KIND_TICKET_MATCHED: _ClassVar[AccountActivityKind]
TICKET_STATUS_UNSPECIFIED: TicketStatus
TICKET_STATUS_WAITING: TicketStatus
TICKET_STATUS_MATCHED: TicketStatus
TICKET_STATUS_CANCELLED: TicketStatus
CHALLENGE_ANSWER_UNSPECIFIED: ChallengeAnswer
CHALLENGE_ANSWER_PENDING: ChallengeAnswer
CHALLENGE_ANSWER_ACCEPTED: ChallengeAnswer
CHALLENGE_ANSWER_DECLINED: ChallengeAnswer
CHALLENGE_STATUS_UNSPECIFIED: ChallengeStatus
CHALLENGE_STATUS_PENDING: ChallengeStatus
CHALLENGE_STATUS_CREATING: ChallengeStatus
CHALLENGE_STATUS_ACCEPTED: ChallengeStatus
CHALLENGE_STATUS_DECLINED: ChallengeStatus
CHALLENGE_STATUS_CANCELLED: ChallengeStatus
CHALLENGE_STATUS_EXPIRED: ChallengeStatus
CHALLENGE_STATUS_FAILED: ChallengeStatus
ACCOUNT_ACTIVITY_KIND_UNSPECIFIED: AccountActivityKind
ACCOUNT_ACTIVITY_KIND_CHALLENGE_RECEIVED: AccountActivityKind
ACCOUNT_ACTIVITY_KIND_CHALLENGE_UPDATED: AccountActivityKind
ACCOUNT_ACTIVITY_KIND_TICKET_MATCHED: AccountActivityKind

class MatchFormat(_message.Message):
    __slots__ = ("players", "corporate_era", "draft", "map", "time_control", "rated", "ladder", "prelude", "colonies", "venus")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CORPORATE_ERA_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    LADDER_FIELD_NUMBER: _ClassVar[int]
    PRELUDE_FIELD_NUMBER: _ClassVar[int]
    COLONIES_FIELD_NUMBER: _ClassVar[int]
    VENUS_FIELD_NUMBER: _ClassVar[int]
    players: int
    corporate_era: bool
    draft: bool
    map: str
    time_control: _game_pb2.TimeControl
    rated: bool
    ladder: str
    prelude: bool
    colonies: bool
    venus: bool
    def __init__(self, players: _Optional[int] = ..., corporate_era: _Optional[bool] = ..., draft: _Optional[bool] = ..., map: _Optional[str] = ..., time_control: _Optional[_Union[_game_pb2.TimeControl, _Mapping]] = ..., rated: _Optional[bool] = ..., ladder: _Optional[str] = ..., prelude: _Optional[bool] = ..., colonies: _Optional[bool] = ..., venus: _Optional[bool] = ...) -> None: ...

class Ticket(_message.Message):
    __slots__ = ("ticket_id", "status", "format", "created_ms", "closed_ms", "game_id", "seat", "seat_token", "bot_seats", "rated_queue", "create_time", "close_time")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    CREATED_MS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_MS_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    BOT_SEATS_FIELD_NUMBER: _ClassVar[int]
    RATED_QUEUE_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    CLOSE_TIME_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    status: TicketStatus
    format: MatchFormat
    created_ms: int
    closed_ms: int
    game_id: str
    seat: int
    seat_token: str
    bot_seats: int
    rated_queue: str
    create_time: _timestamp_pb2.Timestamp
    close_time: _timestamp_pb2.Timestamp
    def __init__(self, ticket_id: _Optional[str] = ..., status: _Optional[_Union[TicketStatus, str]] = ..., format: _Optional[_Union[MatchFormat, _Mapping]] = ..., created_ms: _Optional[int] = ..., closed_ms: _Optional[int] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., bot_seats: _Optional[int] = ..., rated_queue: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., close_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class EnqueueRequest(_message.Message):
    __slots__ = ("format",)
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    format: MatchFormat
    def __init__(self, format: _Optional[_Union[MatchFormat, _Mapping]] = ...) -> None: ...

class EnqueueResponse(_message.Message):
    __slots__ = ("ticket",)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket
    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]] = ...) -> None: ...

class CancelRequest(_message.Message):
    __slots__ = ("ticket_id",)
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    def __init__(self, ticket_id: _Optional[str] = ...) -> None: ...

class CancelResponse(_message.Message):
    __slots__ = ("ticket",)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket
    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]] = ...) -> None: ...

class ListMyTicketsRequest(_message.Message):
    __slots__ = ("include_closed",)
    INCLUDE_CLOSED_FIELD_NUMBER: _ClassVar[int]
    include_closed: bool
    def __init__(self, include_closed: _Optional[bool] = ...) -> None: ...

class ListMyTicketsResponse(_message.Message):
    __slots__ = ("tickets",)
    TICKETS_FIELD_NUMBER: _ClassVar[int]
    tickets: _containers.RepeatedCompositeFieldContainer[Ticket]
    def __init__(self, tickets: _Optional[_Iterable[_Union[Ticket, _Mapping]]] = ...) -> None: ...

class GetTicketRequest(_message.Message):
    __slots__ = ("ticket_id",)
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    def __init__(self, ticket_id: _Optional[str] = ...) -> None: ...

class WatchTicketRequest(_message.Message):
    __slots__ = ("ticket_id", "heartbeat_seconds")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    HEARTBEAT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    heartbeat_seconds: int
    def __init__(self, ticket_id: _Optional[str] = ..., heartbeat_seconds: _Optional[int] = ...) -> None: ...

class ListLadderTicketsRequest(_message.Message):
    __slots__ = ("ladder", "page_size")
    LADDER_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    ladder: str
    page_size: int
    def __init__(self, ladder: _Optional[str] = ..., page_size: _Optional[int] = ...) -> None: ...

class LadderTicket(_message.Message):
    __slots__ = ("ticket_id", "account_id", "name", "create_time")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    account_id: str
    name: str
    create_time: _timestamp_pb2.Timestamp
    def __init__(self, ticket_id: _Optional[str] = ..., account_id: _Optional[str] = ..., name: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListLadderTicketsResponse(_message.Message):
    __slots__ = ("tickets",)
    TICKETS_FIELD_NUMBER: _ClassVar[int]
    tickets: _containers.RepeatedCompositeFieldContainer[LadderTicket]
    def __init__(self, tickets: _Optional[_Iterable[_Union[LadderTicket, _Mapping]]] = ...) -> None: ...

class TableTicket(_message.Message):
    __slots__ = ("ticket_id", "seat")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    seat: int
    def __init__(self, ticket_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class SeatLadderTableRequest(_message.Message):
    __slots__ = ("ladder", "match_id", "game", "tickets")
    LADDER_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    TICKETS_FIELD_NUMBER: _ClassVar[int]
    ladder: str
    match_id: str
    game: _game_pb2.CreateGameRequest
    tickets: _containers.RepeatedCompositeFieldContainer[TableTicket]
    def __init__(self, ladder: _Optional[str] = ..., match_id: _Optional[str] = ..., game: _Optional[_Union[_game_pb2.CreateGameRequest, _Mapping]] = ..., tickets: _Optional[_Iterable[_Union[TableTicket, _Mapping]]] = ...) -> None: ...

class SeatLadderTableResponse(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class ChallengeSeat(_message.Message):
    __slots__ = ("account_id", "bot", "name", "answer")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    bot: str
    name: str
    answer: ChallengeAnswer
    def __init__(self, account_id: _Optional[str] = ..., bot: _Optional[str] = ..., name: _Optional[str] = ..., answer: _Optional[_Union[ChallengeAnswer, str]] = ...) -> None: ...

class Challenge(_message.Message):
    __slots__ = ("challenge_id", "status", "challenger_account_id", "challenger_name", "seats", "format", "rated_queue", "create_time", "expire_time", "close_time", "game_id", "seat", "seat_token", "declined_by", "decline_reason")
    CHALLENGE_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CHALLENGER_ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    CHALLENGER_NAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    RATED_QUEUE_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    CLOSE_TIME_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    DECLINED_BY_FIELD_NUMBER: _ClassVar[int]
    DECLINE_REASON_FIELD_NUMBER: _ClassVar[int]
    challenge_id: str
    status: ChallengeStatus
    challenger_account_id: str
    challenger_name: str
    seats: _containers.RepeatedCompositeFieldContainer[ChallengeSeat]
    format: MatchFormat
    rated_queue: str
    create_time: _timestamp_pb2.Timestamp
    expire_time: _timestamp_pb2.Timestamp
    close_time: _timestamp_pb2.Timestamp
    game_id: str
    seat: int
    seat_token: str
    declined_by: str
    decline_reason: str
    def __init__(self, challenge_id: _Optional[str] = ..., status: _Optional[_Union[ChallengeStatus, str]] = ..., challenger_account_id: _Optional[str] = ..., challenger_name: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[ChallengeSeat, _Mapping]]] = ..., format: _Optional[_Union[MatchFormat, _Mapping]] = ..., rated_queue: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., close_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., declined_by: _Optional[str] = ..., decline_reason: _Optional[str] = ...) -> None: ...

class CreateChallengeRequest(_message.Message):
    __slots__ = ("seats", "format", "expire_seconds", "keep_seat_order", "request_id")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    KEEP_SEAT_ORDER_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedCompositeFieldContainer[ChallengeSeat]
    format: MatchFormat
    expire_seconds: int
    keep_seat_order: bool
    request_id: str
    def __init__(self, seats: _Optional[_Iterable[_Union[ChallengeSeat, _Mapping]]] = ..., format: _Optional[_Union[MatchFormat, _Mapping]] = ..., expire_seconds: _Optional[int] = ..., keep_seat_order: _Optional[bool] = ..., request_id: _Optional[str] = ...) -> None: ...

class AcceptChallengeRequest(_message.Message):
    __slots__ = ("challenge_id",)
    CHALLENGE_ID_FIELD_NUMBER: _ClassVar[int]
    challenge_id: str
    def __init__(self, challenge_id: _Optional[str] = ...) -> None: ...

class DeclineChallengeRequest(_message.Message):
    __slots__ = ("challenge_id", "reason")
    CHALLENGE_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    challenge_id: str
    reason: str
    def __init__(self, challenge_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class CancelChallengeRequest(_message.Message):
    __slots__ = ("challenge_id",)
    CHALLENGE_ID_FIELD_NUMBER: _ClassVar[int]
    challenge_id: str
    def __init__(self, challenge_id: _Optional[str] = ...) -> None: ...

class GetChallengeRequest(_message.Message):
    __slots__ = ("challenge_id",)
    CHALLENGE_ID_FIELD_NUMBER: _ClassVar[int]
    challenge_id: str
    def __init__(self, challenge_id: _Optional[str] = ...) -> None: ...

class ListMyChallengesRequest(_message.Message):
    __slots__ = ("pending_only",)
    PENDING_ONLY_FIELD_NUMBER: _ClassVar[int]
    pending_only: bool
    def __init__(self, pending_only: _Optional[bool] = ...) -> None: ...

class ListMyChallengesResponse(_message.Message):
    __slots__ = ("challenges",)
    CHALLENGES_FIELD_NUMBER: _ClassVar[int]
    challenges: _containers.RepeatedCompositeFieldContainer[Challenge]
    def __init__(self, challenges: _Optional[_Iterable[_Union[Challenge, _Mapping]]] = ...) -> None: ...

class WatchAccountActivityRequest(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class AccountActivity(_message.Message):
    __slots__ = ("kind", "challenge", "ticket")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CHALLENGE_FIELD_NUMBER: _ClassVar[int]
    TICKET_FIELD_NUMBER: _ClassVar[int]
    kind: AccountActivityKind
    challenge: Challenge
    ticket: Ticket
    def __init__(self, kind: _Optional[_Union[AccountActivityKind, str]] = ..., challenge: _Optional[_Union[Challenge, _Mapping]] = ..., ticket: _Optional[_Union[Ticket, _Mapping]] = ...) -> None: ...
