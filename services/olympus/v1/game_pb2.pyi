import datetime

from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from olympus.v1 import board_pb2 as _board_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_STATUS_UNSPECIFIED: _ClassVar[GameStatus]
    GAME_STATUS_ACTIVE: _ClassVar[GameStatus]
    GAME_STATUS_FINISHED: _ClassVar[GameStatus]
    GAME_STATUS_ABORTED: _ClassVar[GameStatus]

class SeatKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_KIND_UNSPECIFIED: _ClassVar[SeatKind]
    SEAT_KIND_HUMAN: _ClassVar[SeatKind]
    SEAT_KIND_BOT: _ClassVar[SeatKind]

class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_UNSPECIFIED: _ClassVar[Phase]
    PHASE_SETUP: _ClassVar[Phase]
    PHASE_RESEARCH: _ClassVar[Phase]
    PHASE_DRAFT: _ClassVar[Phase]
    PHASE_ACTION: _ClassVar[Phase]
    PHASE_FINAL: _ClassVar[Phase]
    PHASE_ENDED: _ClassVar[Phase]
    PHASE_PRELUDE: _ClassVar[Phase]

class TileType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TILE_TYPE_UNSPECIFIED: _ClassVar[TileType]
    TILE_TYPE_OCEAN: _ClassVar[TileType]
    TILE_TYPE_GREENERY: _ClassVar[TileType]
    TILE_TYPE_CITY: _ClassVar[TileType]
    TILE_TYPE_SPECIAL: _ClassVar[TileType]
    TILE_TYPE_CLAIM: _ClassVar[TileType]

class StandardProject(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STANDARD_PROJECT_UNSPECIFIED: _ClassVar[StandardProject]
    STANDARD_PROJECT_SELL_PATENTS: _ClassVar[StandardProject]
    STANDARD_PROJECT_POWER_PLANT: _ClassVar[StandardProject]
    STANDARD_PROJECT_ASTEROID: _ClassVar[StandardProject]
    STANDARD_PROJECT_AQUIFER: _ClassVar[StandardProject]
    STANDARD_PROJECT_GREENERY: _ClassVar[StandardProject]
    STANDARD_PROJECT_CITY: _ClassVar[StandardProject]
    STANDARD_PROJECT_BUILD_COLONY: _ClassVar[StandardProject]
    STANDARD_PROJECT_AIR_SCRAPPING: _ClassVar[StandardProject]

class DecisionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DECISION_KIND_UNSPECIFIED: _ClassVar[DecisionKind]
    DECISION_KIND_ACTION: _ClassVar[DecisionKind]
    DECISION_KIND_SETUP: _ClassVar[DecisionKind]
    DECISION_KIND_CARDS: _ClassVar[DecisionKind]
    DECISION_KIND_SPACE: _ClassVar[DecisionKind]
    DECISION_KIND_PLAYER: _ClassVar[DecisionKind]
    DECISION_KIND_OPTION: _ClassVar[DecisionKind]
    DECISION_KIND_AMOUNT: _ClassVar[DecisionKind]
    DECISION_KIND_FINAL_GREENERY: _ClassVar[DecisionKind]
    DECISION_KIND_PLAY_CARD: _ClassVar[DecisionKind]

class CardsPurpose(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CARDS_PURPOSE_UNSPECIFIED: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_BUY: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_DRAFT: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_KEEP: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_SELL: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_DISCARD: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_TAKE: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_COPY: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_ADD: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_PRELUDE: _ClassVar[CardsPurpose]
    CARDS_PURPOSE_REMOVE: _ClassVar[CardsPurpose]

class AnswerKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ANSWER_KIND_UNSPECIFIED: _ClassVar[AnswerKind]
    ANSWER_KIND_PLAY_CARD: _ClassVar[AnswerKind]
    ANSWER_KIND_STANDARD_PROJECT: _ClassVar[AnswerKind]
    ANSWER_KIND_MILESTONE: _ClassVar[AnswerKind]
    ANSWER_KIND_AWARD: _ClassVar[AnswerKind]
    ANSWER_KIND_CARD_ACTION: _ClassVar[AnswerKind]
    ANSWER_KIND_CONVERT_PLANTS: _ClassVar[AnswerKind]
    ANSWER_KIND_CONVERT_HEAT: _ClassVar[AnswerKind]
    ANSWER_KIND_PASS: _ClassVar[AnswerKind]
    ANSWER_KIND_END_TURN: _ClassVar[AnswerKind]
    ANSWER_KIND_SETUP: _ClassVar[AnswerKind]
    ANSWER_KIND_CARDS: _ClassVar[AnswerKind]
    ANSWER_KIND_SPACE: _ClassVar[AnswerKind]
    ANSWER_KIND_PLAYER: _ClassVar[AnswerKind]
    ANSWER_KIND_OPTION: _ClassVar[AnswerKind]
    ANSWER_KIND_AMOUNT: _ClassVar[AnswerKind]
    ANSWER_KIND_TRADE: _ClassVar[AnswerKind]

class EventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EVENT_KIND_UNSPECIFIED: _ClassVar[EventKind]
    EVENT_KIND_CREATED: _ClassVar[EventKind]
    EVENT_KIND_ANSWER: _ClassVar[EventKind]
    EVENT_KIND_RESIGNED: _ClassVar[EventKind]
    EVENT_KIND_ABORTED: _ClassVar[EventKind]
    EVENT_KIND_UNDO: _ClassVar[EventKind]
    EVENT_KIND_HEARTBEAT: _ClassVar[EventKind]

class TimeoutPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TIMEOUT_POLICY_UNSPECIFIED: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_DEFAULT_ANSWER: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_BOT: _ClassVar[TimeoutPolicy]

class TradeFee(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TRADE_FEE_UNSPECIFIED: _ClassVar[TradeFee]
    TRADE_FEE_MC: _ClassVar[TradeFee]
    TRADE_FEE_ENERGY: _ClassVar[TradeFee]
    TRADE_FEE_TITANIUM: _ClassVar[TradeFee]

class TokenRole(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOKEN_ROLE_UNSPECIFIED: _ClassVar[TokenRole]
    TOKEN_ROLE_SEAT: _ClassVar[TokenRole]
    TOKEN_ROLE_HOST: _ClassVar[TokenRole]

class AccountEventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACCOUNT_EVENT_KIND_UNSPECIFIED: _ClassVar[AccountEventKind]
    ACCOUNT_EVENT_KIND_GAME_STARTED: _ClassVar[AccountEventKind]
    ACCOUNT_EVENT_KIND_YOUR_TURN: _ClassVar[AccountEventKind]
    ACCOUNT_EVENT_KIND_GAME_FINISHED: _ClassVar[AccountEventKind]
    ACCOUNT_EVENT_KIND_GAME_ABORTED: _ClassVar[AccountEventKind]
    ACCOUNT_EVENT_KIND_HEARTBEAT: _ClassVar[AccountEventKind]
    ACCOUNT_EVENT_KIND_CHALLENGE_RECEIVED: _ClassVar[AccountEventKind]
    ACCOUNT_EVENT_KIND_CHALLENGE_UPDATED: _ClassVar[AccountEventKind]
    ACCOUNT_EVENT_KIND_TICKET_MATCHED: _ClassVar[AccountEventKind]
    ACCOUNT_EVENT_KIND_RATING_CHANGED: _ClassVar[AccountEventKind]
GAME_STATUS_UNSPECIFIED: GameStatus
GAME_STATUS_ACTIVE: GameStatus
GAME_STATUS_FINISHED: GameStatus
GAME_STATUS_ABORTED: GameStatus
SEAT_KIND_UNSPECIFIED: SeatKind
SEAT_KIND_HUMAN: SeatKind
SEAT_KIND_BOT: SeatKind
PHASE_UNSPECIFIED: Phase
PHASE_SETUP: Phase
PHASE_RESEARCH: Phase
PHASE_DRAFT: Phase
PHASE_ACTION: Phase
PHASE_FINAL: Phase
PHASE_ENDED: Phase
PHASE_PRELUDE: Phase
TILE_TYPE_UNSPECIFIED: TileType
TILE_TYPE_OCEAN: TileType
TILE_TYPE_GREENERY: TileType
TILE_TYPE_CITY: TileType
TILE_TYPE_SPECIAL: TileType
TILE_TYPE_CLAIM: TileType
STANDARD_PROJECT_UNSPECIFIED: StandardProject
STANDARD_PROJECT_SELL_PATENTS: StandardProject
STANDARD_PROJECT_POWER_PLANT: StandardProject
STANDARD_PROJECT_ASTEROID: StandardProject
STANDARD_PROJECT_AQUIFER: StandardProject
STANDARD_PROJECT_GREENERY: StandardProject
STANDARD_PROJECT_CITY: StandardProject
STANDARD_PROJECT_BUILD_COLONY: StandardProject
STANDARD_PROJECT_AIR_SCRAPPING: StandardProject
DECISION_KIND_UNSPECIFIED: DecisionKind
DECISION_KIND_ACTION: DecisionKind
DECISION_KIND_SETUP: DecisionKind
DECISION_KIND_CARDS: DecisionKind
DECISION_KIND_SPACE: DecisionKind
DECISION_KIND_PLAYER: DecisionKind
DECISION_KIND_OPTION: DecisionKind
DECISION_KIND_AMOUNT: DecisionKind
DECISION_KIND_FINAL_GREENERY: DecisionKind
DECISION_KIND_PLAY_CARD: DecisionKind
CARDS_PURPOSE_UNSPECIFIED: CardsPurpose
CARDS_PURPOSE_BUY: CardsPurpose
CARDS_PURPOSE_DRAFT: CardsPurpose
CARDS_PURPOSE_KEEP: CardsPurpose
CARDS_PURPOSE_SELL: CardsPurpose
CARDS_PURPOSE_DISCARD: CardsPurpose
CARDS_PURPOSE_TAKE: CardsPurpose
CARDS_PURPOSE_COPY: CardsPurpose
CARDS_PURPOSE_ADD: CardsPurpose
CARDS_PURPOSE_PRELUDE: CardsPurpose
CARDS_PURPOSE_REMOVE: CardsPurpose
ANSWER_KIND_UNSPECIFIED: AnswerKind
ANSWER_KIND_PLAY_CARD: AnswerKind
ANSWER_KIND_STANDARD_PROJECT: AnswerKind
ANSWER_KIND_MILESTONE: AnswerKind
ANSWER_KIND_AWARD: AnswerKind
ANSWER_KIND_CARD_ACTION: AnswerKind
ANSWER_KIND_CONVERT_PLANTS: AnswerKind
ANSWER_KIND_CONVERT_HEAT: AnswerKind
ANSWER_KIND_PASS: AnswerKind
ANSWER_KIND_END_TURN: AnswerKind
ANSWER_KIND_SETUP: AnswerKind
ANSWER_KIND_CARDS: AnswerKind
ANSWER_KIND_SPACE: AnswerKind
ANSWER_KIND_PLAYER: AnswerKind
ANSWER_KIND_OPTION: AnswerKind
ANSWER_KIND_AMOUNT: AnswerKind
ANSWER_KIND_TRADE: AnswerKind
EVENT_KIND_UNSPECIFIED: EventKind
EVENT_KIND_CREATED: EventKind
EVENT_KIND_ANSWER: EventKind
EVENT_KIND_RESIGNED: EventKind
EVENT_KIND_ABORTED: EventKind
EVENT_KIND_UNDO: EventKind
EVENT_KIND_HEARTBEAT: EventKind
TIMEOUT_POLICY_UNSPECIFIED: TimeoutPolicy
TIMEOUT_POLICY_DEFAULT_ANSWER: TimeoutPolicy
TIMEOUT_POLICY_BOT: TimeoutPolicy
TRADE_FEE_UNSPECIFIED: TradeFee
TRADE_FEE_MC: TradeFee
TRADE_FEE_ENERGY: TradeFee
TRADE_FEE_TITANIUM: TradeFee
TOKEN_ROLE_UNSPECIFIED: TokenRole
TOKEN_ROLE_SEAT: TokenRole
TOKEN_ROLE_HOST: TokenRole
ACCOUNT_EVENT_KIND_UNSPECIFIED: AccountEventKind
ACCOUNT_EVENT_KIND_GAME_STARTED: AccountEventKind
ACCOUNT_EVENT_KIND_YOUR_TURN: AccountEventKind
ACCOUNT_EVENT_KIND_GAME_FINISHED: AccountEventKind
ACCOUNT_EVENT_KIND_GAME_ABORTED: AccountEventKind
ACCOUNT_EVENT_KIND_HEARTBEAT: AccountEventKind
ACCOUNT_EVENT_KIND_CHALLENGE_RECEIVED: AccountEventKind
ACCOUNT_EVENT_KIND_CHALLENGE_UPDATED: AccountEventKind
ACCOUNT_EVENT_KIND_TICKET_MATCHED: AccountEventKind
ACCOUNT_EVENT_KIND_RATING_CHANGED: AccountEventKind

class CardRef(_message.Message):
    __slots__ = ("number", "name")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    number: str
    name: str
    def __init__(self, number: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class SeatSpec(_message.Message):
    __slots__ = ("kind", "bot", "beginner", "name", "token", "account_id")
    KIND_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BEGINNER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    kind: SeatKind
    bot: str
    beginner: bool
    name: str
    token: str
    account_id: str
    def __init__(self, kind: _Optional[_Union[SeatKind, str]] = ..., bot: _Optional[str] = ..., beginner: _Optional[bool] = ..., name: _Optional[str] = ..., token: _Optional[str] = ..., account_id: _Optional[str] = ...) -> None: ...

class TimeControl(_message.Message):
    __slots__ = ("seconds_per_game", "seconds_per_decision", "decision_seconds", "timeout_policy", "timeouts_before_bot")
    SECONDS_PER_GAME_FIELD_NUMBER: _ClassVar[int]
    SECONDS_PER_DECISION_FIELD_NUMBER: _ClassVar[int]
    DECISION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_POLICY_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_BEFORE_BOT_FIELD_NUMBER: _ClassVar[int]
    seconds_per_game: int
    seconds_per_decision: int
    decision_seconds: int
    timeout_policy: TimeoutPolicy
    timeouts_before_bot: int
    def __init__(self, seconds_per_game: _Optional[int] = ..., seconds_per_decision: _Optional[int] = ..., decision_seconds: _Optional[int] = ..., timeout_policy: _Optional[_Union[TimeoutPolicy, str]] = ..., timeouts_before_bot: _Optional[int] = ...) -> None: ...

class SeatClock(_message.Message):
    __slots__ = ("seat", "remaining_ms", "deadline_ms", "timeouts", "handed_to_bot", "deadline_time")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    HANDED_TO_BOT_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_TIME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    remaining_ms: int
    deadline_ms: int
    timeouts: int
    handed_to_bot: bool
    deadline_time: _timestamp_pb2.Timestamp
    def __init__(self, seat: _Optional[int] = ..., remaining_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., timeouts: _Optional[int] = ..., handed_to_bot: _Optional[bool] = ..., deadline_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class GameOptions(_message.Message):
    __slots__ = ("players", "corporate_era", "draft", "solo_tr63", "map", "seed", "realtime_scoring", "realtime_scoring_enabled", "undo", "prelude", "colonies", "venus", "world_government")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CORPORATE_ERA_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    SOLO_TR63_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    REALTIME_SCORING_FIELD_NUMBER: _ClassVar[int]
    REALTIME_SCORING_ENABLED_FIELD_NUMBER: _ClassVar[int]
    UNDO_FIELD_NUMBER: _ClassVar[int]
    PRELUDE_FIELD_NUMBER: _ClassVar[int]
    COLONIES_FIELD_NUMBER: _ClassVar[int]
    VENUS_FIELD_NUMBER: _ClassVar[int]
    WORLD_GOVERNMENT_FIELD_NUMBER: _ClassVar[int]
    players: int
    corporate_era: bool
    draft: bool
    solo_tr63: bool
    map: str
    seed: int
    realtime_scoring: bool
    realtime_scoring_enabled: bool
    undo: bool
    prelude: bool
    colonies: bool
    venus: bool
    world_government: bool
    def __init__(self, players: _Optional[int] = ..., corporate_era: _Optional[bool] = ..., draft: _Optional[bool] = ..., solo_tr63: _Optional[bool] = ..., map: _Optional[str] = ..., seed: _Optional[int] = ..., realtime_scoring: _Optional[bool] = ..., realtime_scoring_enabled: _Optional[bool] = ..., undo: _Optional[bool] = ..., prelude: _Optional[bool] = ..., colonies: _Optional[bool] = ..., venus: _Optional[bool] = ..., world_government: _Optional[bool] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("options", "seats", "time_control", "request_id", "host_token", "rated_queue", "open_seats", "position")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    HOST_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RATED_QUEUE_FIELD_NUMBER: _ClassVar[int]
    OPEN_SEATS_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    options: GameOptions
    seats: _containers.RepeatedCompositeFieldContainer[SeatSpec]
    time_control: TimeControl
    request_id: str
    host_token: str
    rated_queue: str
    open_seats: _containers.RepeatedScalarFieldContainer[int]
    position: str
    def __init__(self, options: _Optional[_Union[GameOptions, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatSpec, _Mapping]]] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., request_id: _Optional[str] = ..., host_token: _Optional[str] = ..., rated_queue: _Optional[str] = ..., open_seats: _Optional[_Iterable[int]] = ..., position: _Optional[str] = ...) -> None: ...

class SeatToken(_message.Message):
    __slots__ = ("seat", "kind", "token", "open")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SeatKind
    token: str
    open: bool
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SeatKind, str]] = ..., token: _Optional[str] = ..., open: _Optional[bool] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "version", "seats", "host_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    HOST_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatToken]
    host_token: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., host_token: _Optional[str] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "kind", "bot", "beginner", "name", "resigned", "handed_to_bot", "account_id")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BEGINNER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    HANDED_TO_BOT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SeatKind
    bot: str
    beginner: bool
    name: str
    resigned: bool
    handed_to_bot: bool
    account_id: str
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SeatKind, str]] = ..., bot: _Optional[str] = ..., beginner: _Optional[bool] = ..., name: _Optional[str] = ..., resigned: _Optional[bool] = ..., handed_to_bot: _Optional[bool] = ..., account_id: _Optional[str] = ...) -> None: ...

class GameSettings(_message.Message):
    __slots__ = ("options", "seats", "time_control", "seed_chosen", "creator_account_id", "rated_queue")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    SEED_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    RATED_QUEUE_FIELD_NUMBER: _ClassVar[int]
    options: GameOptions
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    time_control: TimeControl
    seed_chosen: bool
    creator_account_id: str
    rated_queue: str
    def __init__(self, options: _Optional[_Union[GameOptions, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., seed_chosen: _Optional[bool] = ..., creator_account_id: _Optional[str] = ..., rated_queue: _Optional[str] = ...) -> None: ...

class ResourceCounts(_message.Message):
    __slots__ = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
    MEGACREDITS_FIELD_NUMBER: _ClassVar[int]
    STEEL_FIELD_NUMBER: _ClassVar[int]
    TITANIUM_FIELD_NUMBER: _ClassVar[int]
    PLANTS_FIELD_NUMBER: _ClassVar[int]
    ENERGY_FIELD_NUMBER: _ClassVar[int]
    HEAT_FIELD_NUMBER: _ClassVar[int]
    megacredits: int
    steel: int
    titanium: int
    plants: int
    energy: int
    heat: int
    def __init__(self, megacredits: _Optional[int] = ..., steel: _Optional[int] = ..., titanium: _Optional[int] = ..., plants: _Optional[int] = ..., energy: _Optional[int] = ..., heat: _Optional[int] = ...) -> None: ...

class Owner(_message.Message):
    __slots__ = ("seat", "neutral")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    neutral: bool
    def __init__(self, seat: _Optional[int] = ..., neutral: _Optional[bool] = ...) -> None: ...

class Tile(_message.Message):
    __slots__ = ("space", "tile", "owner", "card")
    SPACE_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    space: int
    tile: TileType
    owner: Owner
    card: CardRef
    def __init__(self, space: _Optional[int] = ..., tile: _Optional[_Union[TileType, str]] = ..., owner: _Optional[_Union[Owner, _Mapping]] = ..., card: _Optional[_Union[CardRef, _Mapping]] = ...) -> None: ...

class SpaceClaim(_message.Message):
    __slots__ = ("space", "owner")
    SPACE_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    space: int
    owner: Owner
    def __init__(self, space: _Optional[int] = ..., owner: _Optional[_Union[Owner, _Mapping]] = ...) -> None: ...

class MilestoneClaim(_message.Message):
    __slots__ = ("name", "owner")
    NAME_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    name: str
    owner: int
    def __init__(self, name: _Optional[str] = ..., owner: _Optional[int] = ...) -> None: ...

class AwardFunding(_message.Message):
    __slots__ = ("name", "funder")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FUNDER_FIELD_NUMBER: _ClassVar[int]
    name: str
    funder: int
    def __init__(self, name: _Optional[str] = ..., funder: _Optional[int] = ...) -> None: ...

class OwnCards(_message.Message):
    __slots__ = ("hand", "dealt_corporations", "dealt", "draft_hand", "drafted", "preludes", "unplayable")
    HAND_FIELD_NUMBER: _ClassVar[int]
    DEALT_CORPORATIONS_FIELD_NUMBER: _ClassVar[int]
    DEALT_FIELD_NUMBER: _ClassVar[int]
    DRAFT_HAND_FIELD_NUMBER: _ClassVar[int]
    DRAFTED_FIELD_NUMBER: _ClassVar[int]
    PRELUDES_FIELD_NUMBER: _ClassVar[int]
    UNPLAYABLE_FIELD_NUMBER: _ClassVar[int]
    hand: _containers.RepeatedCompositeFieldContainer[CardRef]
    dealt_corporations: _containers.RepeatedCompositeFieldContainer[CardRef]
    dealt: _containers.RepeatedCompositeFieldContainer[CardRef]
    draft_hand: _containers.RepeatedCompositeFieldContainer[CardRef]
    drafted: _containers.RepeatedCompositeFieldContainer[CardRef]
    preludes: _containers.RepeatedCompositeFieldContainer[CardRef]
    unplayable: _containers.RepeatedCompositeFieldContainer[UnplayableCard]
    def __init__(self, hand: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., dealt_corporations: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., dealt: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., draft_hand: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., drafted: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., preludes: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., unplayable: _Optional[_Iterable[_Union[UnplayableCard, _Mapping]]] = ...) -> None: ...

class UnplayableCard(_message.Message):
    __slots__ = ("card", "reason", "kind", "subject", "minimum", "maximum", "value")
    CARD_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    card: CardRef
    reason: str
    kind: str
    subject: str
    minimum: int
    maximum: int
    value: int
    def __init__(self, card: _Optional[_Union[CardRef, _Mapping]] = ..., reason: _Optional[str] = ..., kind: _Optional[str] = ..., subject: _Optional[str] = ..., minimum: _Optional[int] = ..., maximum: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...

class SeatCount(_message.Message):
    __slots__ = ("seat", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class MilestoneProgress(_message.Message):
    __slots__ = ("name", "threshold", "at_most", "seats")
    NAME_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    AT_MOST_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    name: str
    threshold: int
    at_most: bool
    seats: _containers.RepeatedCompositeFieldContainer[SeatCount]
    def __init__(self, name: _Optional[str] = ..., threshold: _Optional[int] = ..., at_most: _Optional[bool] = ..., seats: _Optional[_Iterable[_Union[SeatCount, _Mapping]]] = ...) -> None: ...

class AwardStanding(_message.Message):
    __slots__ = ("name", "seats")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    name: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatCount]
    def __init__(self, name: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatCount, _Mapping]]] = ...) -> None: ...

class CardResources(_message.Message):
    __slots__ = ("card", "count")
    CARD_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    card: CardRef
    count: int
    def __init__(self, card: _Optional[_Union[CardRef, _Mapping]] = ..., count: _Optional[int] = ...) -> None: ...

class PlayerView(_message.Message):
    __slots__ = ("seat", "corporation", "terraform_rating", "resources", "production", "hand_size", "played", "events", "card_resources", "used_actions", "passed", "own", "resigned", "fleets", "fleets_home", "colonies")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CORPORATION_FIELD_NUMBER: _ClassVar[int]
    TERRAFORM_RATING_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    PRODUCTION_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    CARD_RESOURCES_FIELD_NUMBER: _ClassVar[int]
    USED_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    OWN_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    FLEETS_FIELD_NUMBER: _ClassVar[int]
    FLEETS_HOME_FIELD_NUMBER: _ClassVar[int]
    COLONIES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    corporation: CardRef
    terraform_rating: int
    resources: ResourceCounts
    production: ResourceCounts
    hand_size: int
    played: _containers.RepeatedCompositeFieldContainer[CardRef]
    events: _containers.RepeatedCompositeFieldContainer[CardRef]
    card_resources: _containers.RepeatedCompositeFieldContainer[CardResources]
    used_actions: _containers.RepeatedCompositeFieldContainer[CardRef]
    passed: bool
    own: OwnCards
    resigned: bool
    fleets: int
    fleets_home: int
    colonies: int
    def __init__(self, seat: _Optional[int] = ..., corporation: _Optional[_Union[CardRef, _Mapping]] = ..., terraform_rating: _Optional[int] = ..., resources: _Optional[_Union[ResourceCounts, _Mapping]] = ..., production: _Optional[_Union[ResourceCounts, _Mapping]] = ..., hand_size: _Optional[int] = ..., played: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., card_resources: _Optional[_Iterable[_Union[CardResources, _Mapping]]] = ..., used_actions: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., passed: _Optional[bool] = ..., own: _Optional[_Union[OwnCards, _Mapping]] = ..., resigned: _Optional[bool] = ..., fleets: _Optional[int] = ..., fleets_home: _Optional[int] = ..., colonies: _Optional[int] = ...) -> None: ...

class ColonyTile(_message.Message):
    __slots__ = ("name", "active", "marker", "colonies", "fleet")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    MARKER_FIELD_NUMBER: _ClassVar[int]
    COLONIES_FIELD_NUMBER: _ClassVar[int]
    FLEET_FIELD_NUMBER: _ClassVar[int]
    name: str
    active: bool
    marker: int
    colonies: _containers.RepeatedScalarFieldContainer[int]
    fleet: int
    def __init__(self, name: _Optional[str] = ..., active: _Optional[bool] = ..., marker: _Optional[int] = ..., colonies: _Optional[_Iterable[int]] = ..., fleet: _Optional[int] = ...) -> None: ...

class SeatScore(_message.Message):
    __slots__ = ("seat", "terraform_rating", "milestones", "awards", "greeneries", "cities", "cards", "total", "megacredits")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TERRAFORM_RATING_FIELD_NUMBER: _ClassVar[int]
    MILESTONES_FIELD_NUMBER: _ClassVar[int]
    AWARDS_FIELD_NUMBER: _ClassVar[int]
    GREENERIES_FIELD_NUMBER: _ClassVar[int]
    CITIES_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    MEGACREDITS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    terraform_rating: int
    milestones: int
    awards: int
    greeneries: int
    cities: int
    cards: int
    total: int
    megacredits: int
    def __init__(self, seat: _Optional[int] = ..., terraform_rating: _Optional[int] = ..., milestones: _Optional[int] = ..., awards: _Optional[int] = ..., greeneries: _Optional[int] = ..., cities: _Optional[int] = ..., cards: _Optional[int] = ..., total: _Optional[int] = ..., megacredits: _Optional[int] = ...) -> None: ...

class LiveScore(_message.Message):
    __slots__ = ("scores",)
    SCORES_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedCompositeFieldContainer[SeatScore]
    def __init__(self, scores: _Optional[_Iterable[_Union[SeatScore, _Mapping]]] = ...) -> None: ...

class GameResult(_message.Message):
    __slots__ = ("finished", "generation", "scores", "winners", "solo_won")
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    GENERATION_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    SOLO_WON_FIELD_NUMBER: _ClassVar[int]
    finished: bool
    generation: int
    scores: _containers.RepeatedCompositeFieldContainer[SeatScore]
    winners: _containers.RepeatedScalarFieldContainer[int]
    solo_won: bool
    def __init__(self, finished: _Optional[bool] = ..., generation: _Optional[int] = ..., scores: _Optional[_Iterable[_Union[SeatScore, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., solo_won: _Optional[bool] = ...) -> None: ...

class GameView(_message.Message):
    __slots__ = ("game_id", "version", "status", "viewer", "settings", "generation", "phase", "first_player", "active_player", "temperature", "oxygen", "oceans", "deck_size", "discard_size", "board", "claims", "milestones", "awards", "players", "waiting_for", "decisions", "result", "created_at_ms", "clocks", "live_score", "colony_tiles", "create_time", "milestone_progress", "award_standings", "venus")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    GENERATION_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TEMPERATURE_FIELD_NUMBER: _ClassVar[int]
    OXYGEN_FIELD_NUMBER: _ClassVar[int]
    OCEANS_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_SIZE_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    CLAIMS_FIELD_NUMBER: _ClassVar[int]
    MILESTONES_FIELD_NUMBER: _ClassVar[int]
    AWARDS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    WAITING_FOR_FIELD_NUMBER: _ClassVar[int]
    DECISIONS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    LIVE_SCORE_FIELD_NUMBER: _ClassVar[int]
    COLONY_TILES_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    MILESTONE_PROGRESS_FIELD_NUMBER: _ClassVar[int]
    AWARD_STANDINGS_FIELD_NUMBER: _ClassVar[int]
    VENUS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    status: GameStatus
    viewer: int
    settings: GameSettings
    generation: int
    phase: Phase
    first_player: int
    active_player: int
    temperature: int
    oxygen: int
    oceans: int
    deck_size: int
    discard_size: int
    board: _containers.RepeatedCompositeFieldContainer[Tile]
    claims: _containers.RepeatedCompositeFieldContainer[SpaceClaim]
    milestones: _containers.RepeatedCompositeFieldContainer[MilestoneClaim]
    awards: _containers.RepeatedCompositeFieldContainer[AwardFunding]
    players: _containers.RepeatedCompositeFieldContainer[PlayerView]
    waiting_for: _containers.RepeatedScalarFieldContainer[int]
    decisions: _containers.RepeatedCompositeFieldContainer[Decision]
    result: GameResult
    created_at_ms: int
    clocks: _containers.RepeatedCompositeFieldContainer[SeatClock]
    live_score: LiveScore
    colony_tiles: _containers.RepeatedCompositeFieldContainer[ColonyTile]
    create_time: _timestamp_pb2.Timestamp
    milestone_progress: _containers.RepeatedCompositeFieldContainer[MilestoneProgress]
    award_standings: _containers.RepeatedCompositeFieldContainer[AwardStanding]
    venus: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[_Union[GameStatus, str]] = ..., viewer: _Optional[int] = ..., settings: _Optional[_Union[GameSettings, _Mapping]] = ..., generation: _Optional[int] = ..., phase: _Optional[_Union[Phase, str]] = ..., first_player: _Optional[int] = ..., active_player: _Optional[int] = ..., temperature: _Optional[int] = ..., oxygen: _Optional[int] = ..., oceans: _Optional[int] = ..., deck_size: _Optional[int] = ..., discard_size: _Optional[int] = ..., board: _Optional[_Iterable[_Union[Tile, _Mapping]]] = ..., claims: _Optional[_Iterable[_Union[SpaceClaim, _Mapping]]] = ..., milestones: _Optional[_Iterable[_Union[MilestoneClaim, _Mapping]]] = ..., awards: _Optional[_Iterable[_Union[AwardFunding, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[PlayerView, _Mapping]]] = ..., waiting_for: _Optional[_Iterable[int]] = ..., decisions: _Optional[_Iterable[_Union[Decision, _Mapping]]] = ..., result: _Optional[_Union[GameResult, _Mapping]] = ..., created_at_ms: _Optional[int] = ..., clocks: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ..., live_score: _Optional[_Union[LiveScore, _Mapping]] = ..., colony_tiles: _Optional[_Iterable[_Union[ColonyTile, _Mapping]]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., milestone_progress: _Optional[_Iterable[_Union[MilestoneProgress, _Mapping]]] = ..., award_standings: _Optional[_Iterable[_Union[AwardStanding, _Mapping]]] = ..., venus: _Optional[int] = ...) -> None: ...

class GetGameRequest(_message.Message):
    __slots__ = ("game_id", "token", "with_decision")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    WITH_DECISION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    with_decision: bool
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., with_decision: _Optional[bool] = ...) -> None: ...

class GetGameResponse(_message.Message):
    __slots__ = ("game", "decision")
    GAME_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    game: GameView
    decision: GetDecisionResponse
    def __init__(self, game: _Optional[_Union[GameView, _Mapping]] = ..., decision: _Optional[_Union[GetDecisionResponse, _Mapping]] = ...) -> None: ...

class Payment(_message.Message):
    __slots__ = ("steel", "titanium", "heat")
    STEEL_FIELD_NUMBER: _ClassVar[int]
    TITANIUM_FIELD_NUMBER: _ClassVar[int]
    HEAT_FIELD_NUMBER: _ClassVar[int]
    steel: int
    titanium: int
    heat: int
    def __init__(self, steel: _Optional[int] = ..., titanium: _Optional[int] = ..., heat: _Optional[int] = ...) -> None: ...

class PayRule(_message.Message):
    __slots__ = ("cost", "steel_value", "titanium_value", "heat", "max_steel", "max_titanium", "max_heat", "suggested")
    COST_FIELD_NUMBER: _ClassVar[int]
    STEEL_VALUE_FIELD_NUMBER: _ClassVar[int]
    TITANIUM_VALUE_FIELD_NUMBER: _ClassVar[int]
    HEAT_FIELD_NUMBER: _ClassVar[int]
    MAX_STEEL_FIELD_NUMBER: _ClassVar[int]
    MAX_TITANIUM_FIELD_NUMBER: _ClassVar[int]
    MAX_HEAT_FIELD_NUMBER: _ClassVar[int]
    SUGGESTED_FIELD_NUMBER: _ClassVar[int]
    cost: int
    steel_value: int
    titanium_value: int
    heat: bool
    max_steel: int
    max_titanium: int
    max_heat: int
    suggested: Payment
    def __init__(self, cost: _Optional[int] = ..., steel_value: _Optional[int] = ..., titanium_value: _Optional[int] = ..., heat: _Optional[bool] = ..., max_steel: _Optional[int] = ..., max_titanium: _Optional[int] = ..., max_heat: _Optional[int] = ..., suggested: _Optional[_Union[Payment, _Mapping]] = ...) -> None: ...

class PlayableCard(_message.Message):
    __slots__ = ("card", "pay")
    CARD_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    card: CardRef
    pay: PayRule
    def __init__(self, card: _Optional[_Union[CardRef, _Mapping]] = ..., pay: _Optional[_Union[PayRule, _Mapping]] = ...) -> None: ...

class StandardProjectChoice(_message.Message):
    __slots__ = ("project", "pay")
    PROJECT_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    project: StandardProject
    pay: PayRule
    def __init__(self, project: _Optional[_Union[StandardProject, str]] = ..., pay: _Optional[_Union[PayRule, _Mapping]] = ...) -> None: ...

class PayableChoice(_message.Message):
    __slots__ = ("name", "pay")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    name: str
    pay: PayRule
    def __init__(self, name: _Optional[str] = ..., pay: _Optional[_Union[PayRule, _Mapping]] = ...) -> None: ...

class CardActionChoice(_message.Message):
    __slots__ = ("index", "label", "pay")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    index: int
    label: str
    pay: PayRule
    def __init__(self, index: _Optional[int] = ..., label: _Optional[str] = ..., pay: _Optional[_Union[PayRule, _Mapping]] = ...) -> None: ...

class CardActionOption(_message.Message):
    __slots__ = ("card", "choices")
    CARD_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    card: CardRef
    choices: _containers.RepeatedCompositeFieldContainer[CardActionChoice]
    def __init__(self, card: _Optional[_Union[CardRef, _Mapping]] = ..., choices: _Optional[_Iterable[_Union[CardActionChoice, _Mapping]]] = ...) -> None: ...

class ActionOptions(_message.Message):
    __slots__ = ("actions_taken", "play", "standard_projects", "milestones", "awards", "card_actions", "convert_plants", "convert_heat", "end_turn", "can_pass", "trade", "trades")
    ACTIONS_TAKEN_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    STANDARD_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    MILESTONES_FIELD_NUMBER: _ClassVar[int]
    AWARDS_FIELD_NUMBER: _ClassVar[int]
    CARD_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    CONVERT_PLANTS_FIELD_NUMBER: _ClassVar[int]
    CONVERT_HEAT_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    CAN_PASS_FIELD_NUMBER: _ClassVar[int]
    TRADE_FIELD_NUMBER: _ClassVar[int]
    TRADES_FIELD_NUMBER: _ClassVar[int]
    actions_taken: int
    play: _containers.RepeatedCompositeFieldContainer[PlayableCard]
    standard_projects: _containers.RepeatedCompositeFieldContainer[StandardProjectChoice]
    milestones: _containers.RepeatedCompositeFieldContainer[PayableChoice]
    awards: _containers.RepeatedCompositeFieldContainer[PayableChoice]
    card_actions: _containers.RepeatedCompositeFieldContainer[CardActionOption]
    convert_plants: bool
    convert_heat: bool
    end_turn: bool
    can_pass: bool
    trade: bool
    trades: _containers.RepeatedCompositeFieldContainer[TradeChoice]
    def __init__(self, actions_taken: _Optional[int] = ..., play: _Optional[_Iterable[_Union[PlayableCard, _Mapping]]] = ..., standard_projects: _Optional[_Iterable[_Union[StandardProjectChoice, _Mapping]]] = ..., milestones: _Optional[_Iterable[_Union[PayableChoice, _Mapping]]] = ..., awards: _Optional[_Iterable[_Union[PayableChoice, _Mapping]]] = ..., card_actions: _Optional[_Iterable[_Union[CardActionOption, _Mapping]]] = ..., convert_plants: _Optional[bool] = ..., convert_heat: _Optional[bool] = ..., end_turn: _Optional[bool] = ..., can_pass: _Optional[bool] = ..., trade: _Optional[bool] = ..., trades: _Optional[_Iterable[_Union[TradeChoice, _Mapping]]] = ...) -> None: ...

class TradeChoice(_message.Message):
    __slots__ = ("tile", "fee", "amount")
    TILE_FIELD_NUMBER: _ClassVar[int]
    FEE_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    tile: str
    fee: TradeFee
    amount: int
    def __init__(self, tile: _Optional[str] = ..., fee: _Optional[_Union[TradeFee, str]] = ..., amount: _Optional[int] = ...) -> None: ...

class CorporationOffer(_message.Message):
    __slots__ = ("card", "max_cards")
    CARD_FIELD_NUMBER: _ClassVar[int]
    MAX_CARDS_FIELD_NUMBER: _ClassVar[int]
    card: CardRef
    max_cards: int
    def __init__(self, card: _Optional[_Union[CardRef, _Mapping]] = ..., max_cards: _Optional[int] = ...) -> None: ...

class SetupOptions(_message.Message):
    __slots__ = ("corporations", "cards")
    CORPORATIONS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    corporations: _containers.RepeatedCompositeFieldContainer[CorporationOffer]
    cards: _containers.RepeatedCompositeFieldContainer[CardRef]
    def __init__(self, corporations: _Optional[_Iterable[_Union[CorporationOffer, _Mapping]]] = ..., cards: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ...) -> None: ...

class CardsOptions(_message.Message):
    __slots__ = ("cards", "min", "max", "cost_each", "purpose")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    MIN_FIELD_NUMBER: _ClassVar[int]
    MAX_FIELD_NUMBER: _ClassVar[int]
    COST_EACH_FIELD_NUMBER: _ClassVar[int]
    PURPOSE_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[CardRef]
    min: int
    max: int
    cost_each: int
    purpose: CardsPurpose
    def __init__(self, cards: _Optional[_Iterable[_Union[CardRef, _Mapping]]] = ..., min: _Optional[int] = ..., max: _Optional[int] = ..., cost_each: _Optional[int] = ..., purpose: _Optional[_Union[CardsPurpose, str]] = ...) -> None: ...

class SpaceOptions(_message.Message):
    __slots__ = ("tile", "spaces")
    TILE_FIELD_NUMBER: _ClassVar[int]
    SPACES_FIELD_NUMBER: _ClassVar[int]
    tile: TileType
    spaces: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, tile: _Optional[_Union[TileType, str]] = ..., spaces: _Optional[_Iterable[int]] = ...) -> None: ...

class PlayerTarget(_message.Message):
    __slots__ = ("seat", "neutral", "none")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_FIELD_NUMBER: _ClassVar[int]
    NONE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    neutral: bool
    none: bool
    def __init__(self, seat: _Optional[int] = ..., neutral: _Optional[bool] = ..., none: _Optional[bool] = ...) -> None: ...

class PlayerOptions(_message.Message):
    __slots__ = ("targets",)
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    targets: _containers.RepeatedCompositeFieldContainer[PlayerTarget]
    def __init__(self, targets: _Optional[_Iterable[_Union[PlayerTarget, _Mapping]]] = ...) -> None: ...

class LabelledOption(_message.Message):
    __slots__ = ("index", "label", "enabled", "label_code", "label_params")
    class LabelParamsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    INDEX_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    LABEL_CODE_FIELD_NUMBER: _ClassVar[int]
    LABEL_PARAMS_FIELD_NUMBER: _ClassVar[int]
    index: int
    label: str
    enabled: bool
    label_code: str
    label_params: _containers.ScalarMap[str, str]
    def __init__(self, index: _Optional[int] = ..., label: _Optional[str] = ..., enabled: _Optional[bool] = ..., label_code: _Optional[str] = ..., label_params: _Optional[_Mapping[str, str]] = ...) -> None: ...

class OptionOptions(_message.Message):
    __slots__ = ("options",)
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    options: _containers.RepeatedCompositeFieldContainer[LabelledOption]
    def __init__(self, options: _Optional[_Iterable[_Union[LabelledOption, _Mapping]]] = ...) -> None: ...

class AmountOptions(_message.Message):
    __slots__ = ("min", "max")
    MIN_FIELD_NUMBER: _ClassVar[int]
    MAX_FIELD_NUMBER: _ClassVar[int]
    min: int
    max: int
    def __init__(self, min: _Optional[int] = ..., max: _Optional[int] = ...) -> None: ...

class FinalGreeneryOptions(_message.Message):
    __slots__ = ("convert_plants", "can_pass")
    CONVERT_PLANTS_FIELD_NUMBER: _ClassVar[int]
    CAN_PASS_FIELD_NUMBER: _ClassVar[int]
    convert_plants: bool
    can_pass: bool
    def __init__(self, convert_plants: _Optional[bool] = ..., can_pass: _Optional[bool] = ...) -> None: ...

class PlayCardOptions(_message.Message):
    __slots__ = ("play",)
    PLAY_FIELD_NUMBER: _ClassVar[int]
    play: _containers.RepeatedCompositeFieldContainer[PlayableCard]
    def __init__(self, play: _Optional[_Iterable[_Union[PlayableCard, _Mapping]]] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("seat", "kind", "prompt", "source", "prompt_code", "prompt_params", "action", "setup", "cards", "space", "player", "option", "amount", "final_greenery", "play_card", "undoable")
    class PromptParamsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    PROMPT_CODE_FIELD_NUMBER: _ClassVar[int]
    PROMPT_PARAMS_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    OPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    FINAL_GREENERY_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    UNDOABLE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: DecisionKind
    prompt: str
    source: CardRef
    prompt_code: str
    prompt_params: _containers.ScalarMap[str, str]
    action: ActionOptions
    setup: SetupOptions
    cards: CardsOptions
    space: SpaceOptions
    player: PlayerOptions
    option: OptionOptions
    amount: AmountOptions
    final_greenery: FinalGreeneryOptions
    play_card: PlayCardOptions
    undoable: int
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[DecisionKind, str]] = ..., prompt: _Optional[str] = ..., source: _Optional[_Union[CardRef, _Mapping]] = ..., prompt_code: _Optional[str] = ..., prompt_params: _Optional[_Mapping[str, str]] = ..., action: _Optional[_Union[ActionOptions, _Mapping]] = ..., setup: _Optional[_Union[SetupOptions, _Mapping]] = ..., cards: _Optional[_Union[CardsOptions, _Mapping]] = ..., space: _Optional[_Union[SpaceOptions, _Mapping]] = ..., player: _Optional[_Union[PlayerOptions, _Mapping]] = ..., option: _Optional[_Union[OptionOptions, _Mapping]] = ..., amount: _Optional[_Union[AmountOptions, _Mapping]] = ..., final_greenery: _Optional[_Union[FinalGreeneryOptions, _Mapping]] = ..., play_card: _Optional[_Union[PlayCardOptions, _Mapping]] = ..., undoable: _Optional[int] = ...) -> None: ...

class GetDecisionRequest(_message.Message):
    __slots__ = ("game_id", "token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class GetDecisionResponse(_message.Message):
    __slots__ = ("game_id", "version", "status", "seat", "your_turn", "decision", "waiting_for", "phase", "generation", "clocks", "undoable", "live_score")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    YOUR_TURN_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    WAITING_FOR_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    GENERATION_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    UNDOABLE_FIELD_NUMBER: _ClassVar[int]
    LIVE_SCORE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    status: GameStatus
    seat: int
    your_turn: bool
    decision: Decision
    waiting_for: _containers.RepeatedScalarFieldContainer[int]
    phase: Phase
    generation: int
    clocks: _containers.RepeatedCompositeFieldContainer[SeatClock]
    undoable: int
    live_score: LiveScore
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[_Union[GameStatus, str]] = ..., seat: _Optional[int] = ..., your_turn: _Optional[bool] = ..., decision: _Optional[_Union[Decision, _Mapping]] = ..., waiting_for: _Optional[_Iterable[int]] = ..., phase: _Optional[_Union[Phase, str]] = ..., generation: _Optional[int] = ..., clocks: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ..., undoable: _Optional[int] = ..., live_score: _Optional[_Union[LiveScore, _Mapping]] = ...) -> None: ...

class NoArguments(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PlayCardAnswer(_message.Message):
    __slots__ = ("card", "payment")
    CARD_FIELD_NUMBER: _ClassVar[int]
    PAYMENT_FIELD_NUMBER: _ClassVar[int]
    card: str
    payment: Payment
    def __init__(self, card: _Optional[str] = ..., payment: _Optional[_Union[Payment, _Mapping]] = ...) -> None: ...

class StandardProjectAnswer(_message.Message):
    __slots__ = ("project", "payment")
    PROJECT_FIELD_NUMBER: _ClassVar[int]
    PAYMENT_FIELD_NUMBER: _ClassVar[int]
    project: StandardProject
    payment: Payment
    def __init__(self, project: _Optional[_Union[StandardProject, str]] = ..., payment: _Optional[_Union[Payment, _Mapping]] = ...) -> None: ...

class NamedAnswer(_message.Message):
    __slots__ = ("name", "payment")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PAYMENT_FIELD_NUMBER: _ClassVar[int]
    name: str
    payment: Payment
    def __init__(self, name: _Optional[str] = ..., payment: _Optional[_Union[Payment, _Mapping]] = ...) -> None: ...

class CardActionAnswer(_message.Message):
    __slots__ = ("card", "choice", "payment")
    CARD_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    PAYMENT_FIELD_NUMBER: _ClassVar[int]
    card: str
    choice: int
    payment: Payment
    def __init__(self, card: _Optional[str] = ..., choice: _Optional[int] = ..., payment: _Optional[_Union[Payment, _Mapping]] = ...) -> None: ...

class SetupAnswer(_message.Message):
    __slots__ = ("corporation", "cards")
    CORPORATION_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    corporation: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, corporation: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class TradeAnswer(_message.Message):
    __slots__ = ("tile", "fee")
    TILE_FIELD_NUMBER: _ClassVar[int]
    FEE_FIELD_NUMBER: _ClassVar[int]
    tile: str
    fee: TradeFee
    def __init__(self, tile: _Optional[str] = ..., fee: _Optional[_Union[TradeFee, str]] = ...) -> None: ...

class CardsAnswer(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class Answer(_message.Message):
    __slots__ = ("play_card", "standard_project", "milestone", "award", "card_action", "convert_plants", "convert_heat", "pass_turn", "end_turn", "setup", "cards", "space", "player", "option", "amount", "trade", "trade_with")
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    STANDARD_PROJECT_FIELD_NUMBER: _ClassVar[int]
    MILESTONE_FIELD_NUMBER: _ClassVar[int]
    AWARD_FIELD_NUMBER: _ClassVar[int]
    CARD_ACTION_FIELD_NUMBER: _ClassVar[int]
    CONVERT_PLANTS_FIELD_NUMBER: _ClassVar[int]
    CONVERT_HEAT_FIELD_NUMBER: _ClassVar[int]
    PASS_TURN_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    OPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TRADE_FIELD_NUMBER: _ClassVar[int]
    TRADE_WITH_FIELD_NUMBER: _ClassVar[int]
    play_card: PlayCardAnswer
    standard_project: StandardProjectAnswer
    milestone: NamedAnswer
    award: NamedAnswer
    card_action: CardActionAnswer
    convert_plants: NoArguments
    convert_heat: NoArguments
    pass_turn: NoArguments
    end_turn: NoArguments
    setup: SetupAnswer
    cards: CardsAnswer
    space: int
    player: PlayerTarget
    option: int
    amount: int
    trade: NoArguments
    trade_with: TradeAnswer
    def __init__(self, play_card: _Optional[_Union[PlayCardAnswer, _Mapping]] = ..., standard_project: _Optional[_Union[StandardProjectAnswer, _Mapping]] = ..., milestone: _Optional[_Union[NamedAnswer, _Mapping]] = ..., award: _Optional[_Union[NamedAnswer, _Mapping]] = ..., card_action: _Optional[_Union[CardActionAnswer, _Mapping]] = ..., convert_plants: _Optional[_Union[NoArguments, _Mapping]] = ..., convert_heat: _Optional[_Union[NoArguments, _Mapping]] = ..., pass_turn: _Optional[_Union[NoArguments, _Mapping]] = ..., end_turn: _Optional[_Union[NoArguments, _Mapping]] = ..., setup: _Optional[_Union[SetupAnswer, _Mapping]] = ..., cards: _Optional[_Union[CardsAnswer, _Mapping]] = ..., space: _Optional[int] = ..., player: _Optional[_Union[PlayerTarget, _Mapping]] = ..., option: _Optional[int] = ..., amount: _Optional[int] = ..., trade: _Optional[_Union[NoArguments, _Mapping]] = ..., trade_with: _Optional[_Union[TradeAnswer, _Mapping]] = ...) -> None: ...

class SubmitActionRequest(_message.Message):
    __slots__ = ("game_id", "token", "expected_version", "idempotency_key", "structured", "text")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    STRUCTURED_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    expected_version: int
    idempotency_key: str
    structured: Answer
    text: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., expected_version: _Optional[int] = ..., idempotency_key: _Optional[str] = ..., structured: _Optional[_Union[Answer, _Mapping]] = ..., text: _Optional[str] = ...) -> None: ...

class SubmitActionResponse(_message.Message):
    __slots__ = ("version", "replayed", "event", "answer", "next_decision")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    NEXT_DECISION_FIELD_NUMBER: _ClassVar[int]
    version: int
    replayed: bool
    event: GameEvent
    answer: str
    next_decision: GetDecisionResponse
    def __init__(self, version: _Optional[int] = ..., replayed: _Optional[bool] = ..., event: _Optional[_Union[GameEvent, _Mapping]] = ..., answer: _Optional[str] = ..., next_decision: _Optional[_Union[GetDecisionResponse, _Mapping]] = ...) -> None: ...

class ResignRequest(_message.Message):
    __slots__ = ("game_id", "token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class ResignResponse(_message.Message):
    __slots__ = ("version", "replayed")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    version: int
    replayed: bool
    def __init__(self, version: _Optional[int] = ..., replayed: _Optional[bool] = ...) -> None: ...

class WhoAmIRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class WhoAmIResponse(_message.Message):
    __slots__ = ("game_id", "role", "seat", "resigned")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    role: TokenRole
    seat: int
    resigned: bool
    def __init__(self, game_id: _Optional[str] = ..., role: _Optional[_Union[TokenRole, str]] = ..., seat: _Optional[int] = ..., resigned: _Optional[bool] = ...) -> None: ...

class LogArg(_message.Message):
    __slots__ = ("number", "text", "card")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    number: int
    text: str
    card: CardRef
    def __init__(self, number: _Optional[int] = ..., text: _Optional[str] = ..., card: _Optional[_Union[CardRef, _Mapping]] = ...) -> None: ...

class LogEntry(_message.Message):
    __slots__ = ("kind", "args")
    KIND_FIELD_NUMBER: _ClassVar[int]
    ARGS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    args: _containers.RepeatedCompositeFieldContainer[LogArg]
    def __init__(self, kind: _Optional[str] = ..., args: _Optional[_Iterable[_Union[LogArg, _Mapping]]] = ...) -> None: ...

class PublicAnswer(_message.Message):
    __slots__ = ("type", "hidden", "answer", "text", "count")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    type: AnswerKind
    hidden: bool
    answer: Answer
    text: str
    count: int
    def __init__(self, type: _Optional[_Union[AnswerKind, str]] = ..., hidden: _Optional[bool] = ..., answer: _Optional[_Union[Answer, _Mapping]] = ..., text: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class GameEvent(_message.Message):
    __slots__ = ("version", "kind", "seat", "bot", "answer", "log", "waiting_for", "phase", "generation", "finished", "result", "time_ms", "timed_out", "handed_to_bot", "clocks", "live_score", "seat_decision", "event_time")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    WAITING_FOR_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    GENERATION_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    TIME_MS_FIELD_NUMBER: _ClassVar[int]
    TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    HANDED_TO_BOT_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    LIVE_SCORE_FIELD_NUMBER: _ClassVar[int]
    SEAT_DECISION_FIELD_NUMBER: _ClassVar[int]
    EVENT_TIME_FIELD_NUMBER: _ClassVar[int]
    version: int
    kind: EventKind
    seat: int
    bot: bool
    answer: PublicAnswer
    log: _containers.RepeatedCompositeFieldContainer[LogEntry]
    waiting_for: _containers.RepeatedScalarFieldContainer[int]
    phase: Phase
    generation: int
    finished: bool
    result: GameResult
    time_ms: int
    timed_out: bool
    handed_to_bot: bool
    clocks: _containers.RepeatedCompositeFieldContainer[SeatClock]
    live_score: LiveScore
    seat_decision: GetDecisionResponse
    event_time: _timestamp_pb2.Timestamp
    def __init__(self, version: _Optional[int] = ..., kind: _Optional[_Union[EventKind, str]] = ..., seat: _Optional[int] = ..., bot: _Optional[bool] = ..., answer: _Optional[_Union[PublicAnswer, _Mapping]] = ..., log: _Optional[_Iterable[_Union[LogEntry, _Mapping]]] = ..., waiting_for: _Optional[_Iterable[int]] = ..., phase: _Optional[_Union[Phase, str]] = ..., generation: _Optional[int] = ..., finished: _Optional[bool] = ..., result: _Optional[_Union[GameResult, _Mapping]] = ..., time_ms: _Optional[int] = ..., timed_out: _Optional[bool] = ..., handed_to_bot: _Optional[bool] = ..., clocks: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ..., live_score: _Optional[_Union[LiveScore, _Mapping]] = ..., seat_decision: _Optional[_Union[GetDecisionResponse, _Mapping]] = ..., event_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "token", "from_version", "heartbeat_seconds")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    HEARTBEAT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    from_version: int
    heartbeat_seconds: int
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., from_version: _Optional[int] = ..., heartbeat_seconds: _Optional[int] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("status", "page_size", "page_token")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    status: GameStatus
    page_size: int
    page_token: str
    def __init__(self, status: _Optional[_Union[GameStatus, str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class GameSummary(_message.Message):
    __slots__ = ("game_id", "status", "version", "players", "seats", "generation", "phase", "waiting_for", "created_at_ms", "updated_at_ms", "result", "seed_chosen", "create_time", "update_time", "options")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    GENERATION_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    WAITING_FOR_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    SEED_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    status: GameStatus
    version: int
    players: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    generation: int
    phase: Phase
    waiting_for: _containers.RepeatedScalarFieldContainer[int]
    created_at_ms: int
    updated_at_ms: int
    result: GameResult
    seed_chosen: bool
    create_time: _timestamp_pb2.Timestamp
    update_time: _timestamp_pb2.Timestamp
    options: GameOptions
    def __init__(self, game_id: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., players: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., generation: _Optional[int] = ..., phase: _Optional[_Union[Phase, str]] = ..., waiting_for: _Optional[_Iterable[int]] = ..., created_at_ms: _Optional[int] = ..., updated_at_ms: _Optional[int] = ..., result: _Optional[_Union[GameResult, _Mapping]] = ..., seed_chosen: _Optional[bool] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameSummary]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[GameSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetGameLogRequest(_message.Message):
    __slots__ = ("game_id", "token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class LoggedAnswer(_message.Message):
    __slots__ = ("version", "seat", "text", "bot", "hidden", "count", "timed_out")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    text: str
    bot: bool
    hidden: bool
    count: int
    timed_out: bool
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., text: _Optional[str] = ..., bot: _Optional[bool] = ..., hidden: _Optional[bool] = ..., count: _Optional[int] = ..., timed_out: _Optional[bool] = ...) -> None: ...

class GameLog(_message.Message):
    __slots__ = ("game_id", "format", "settings", "answers", "status", "version", "result", "rules_version", "position")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    format: str
    settings: GameSettings
    answers: _containers.RepeatedCompositeFieldContainer[LoggedAnswer]
    status: GameStatus
    version: int
    result: GameResult
    rules_version: int
    position: str
    def __init__(self, game_id: _Optional[str] = ..., format: _Optional[str] = ..., settings: _Optional[_Union[GameSettings, _Mapping]] = ..., answers: _Optional[_Iterable[_Union[LoggedAnswer, _Mapping]]] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., result: _Optional[_Union[GameResult, _Mapping]] = ..., rules_version: _Optional[int] = ..., position: _Optional[str] = ...) -> None: ...

class AbortGameRequest(_message.Message):
    __slots__ = ("game_id", "token", "reason")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    reason: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class AbortGameResponse(_message.Message):
    __slots__ = ("version",)
    VERSION_FIELD_NUMBER: _ClassVar[int]
    version: int
    def __init__(self, version: _Optional[int] = ...) -> None: ...

class UndoAnswersRequest(_message.Message):
    __slots__ = ("game_id", "token", "expected_version", "count", "idempotency_key")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    expected_version: int
    count: int
    idempotency_key: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., expected_version: _Optional[int] = ..., count: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class UndoAnswersResponse(_message.Message):
    __slots__ = ("version", "replayed", "event")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    version: int
    replayed: bool
    event: GameEvent
    def __init__(self, version: _Optional[int] = ..., replayed: _Optional[bool] = ..., event: _Optional[_Union[GameEvent, _Mapping]] = ...) -> None: ...

class ListTableChoicesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BotChoice(_message.Message):
    __slots__ = ("name", "description")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class MapChoice(_message.Message):
    __slots__ = ("map", "title")
    MAP_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    map: str
    title: str
    def __init__(self, map: _Optional[str] = ..., title: _Optional[str] = ...) -> None: ...

class ListTableChoicesResponse(_message.Message):
    __slots__ = ("bots", "maps")
    BOTS_FIELD_NUMBER: _ClassVar[int]
    MAPS_FIELD_NUMBER: _ClassVar[int]
    bots: _containers.RepeatedCompositeFieldContainer[BotChoice]
    maps: _containers.RepeatedCompositeFieldContainer[MapChoice]
    def __init__(self, bots: _Optional[_Iterable[_Union[BotChoice, _Mapping]]] = ..., maps: _Optional[_Iterable[_Union[MapChoice, _Mapping]]] = ...) -> None: ...

class GetGameRecordRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class RecordSeat(_message.Message):
    __slots__ = ("seat", "account_id", "bot", "name", "player", "resigned", "handed_to_bot")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    HANDED_TO_BOT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    account_id: str
    bot: str
    name: str
    player: str
    resigned: bool
    handed_to_bot: bool
    def __init__(self, seat: _Optional[int] = ..., account_id: _Optional[str] = ..., bot: _Optional[str] = ..., name: _Optional[str] = ..., player: _Optional[str] = ..., resigned: _Optional[bool] = ..., handed_to_bot: _Optional[bool] = ...) -> None: ...

class GameRecord(_message.Message):
    __slots__ = ("game_id", "status", "version", "rated_queue", "seats", "result", "create_time", "end_time", "abort_reason")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    RATED_QUEUE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    END_TIME_FIELD_NUMBER: _ClassVar[int]
    ABORT_REASON_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    status: GameStatus
    version: int
    rated_queue: str
    seats: _containers.RepeatedCompositeFieldContainer[RecordSeat]
    result: GameResult
    create_time: _timestamp_pb2.Timestamp
    end_time: _timestamp_pb2.Timestamp
    abort_reason: str
    def __init__(self, game_id: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., rated_queue: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[RecordSeat, _Mapping]]] = ..., result: _Optional[_Union[GameResult, _Mapping]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., abort_reason: _Optional[str] = ...) -> None: ...

class ListMyGamesRequest(_message.Message):
    __slots__ = ("include_ended", "page_size", "page_token")
    INCLUDE_ENDED_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    include_ended: bool
    page_size: int
    page_token: str
    def __init__(self, include_ended: _Optional[bool] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class MyGame(_message.Message):
    __slots__ = ("game_id", "seat", "seat_token", "status", "version", "your_turn", "waiting_for", "rated_queue", "seats", "create_time", "update_time", "result", "generation", "rating_change")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    YOUR_TURN_FIELD_NUMBER: _ClassVar[int]
    WAITING_FOR_FIELD_NUMBER: _ClassVar[int]
    RATED_QUEUE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    GENERATION_FIELD_NUMBER: _ClassVar[int]
    RATING_CHANGE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    seat_token: str
    status: GameStatus
    version: int
    your_turn: bool
    waiting_for: _containers.RepeatedScalarFieldContainer[int]
    rated_queue: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    create_time: _timestamp_pb2.Timestamp
    update_time: _timestamp_pb2.Timestamp
    result: GameResult
    generation: int
    rating_change: RatingChange
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., your_turn: _Optional[bool] = ..., waiting_for: _Optional[_Iterable[int]] = ..., rated_queue: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., result: _Optional[_Union[GameResult, _Mapping]] = ..., generation: _Optional[int] = ..., rating_change: _Optional[_Union[RatingChange, _Mapping]] = ...) -> None: ...

class RatingChange(_message.Message):
    __slots__ = ("queue", "player", "mu_before", "sigma_before", "ordinal_before", "mu_after", "sigma_after", "ordinal_after", "games")
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    MU_BEFORE_FIELD_NUMBER: _ClassVar[int]
    SIGMA_BEFORE_FIELD_NUMBER: _ClassVar[int]
    ORDINAL_BEFORE_FIELD_NUMBER: _ClassVar[int]
    MU_AFTER_FIELD_NUMBER: _ClassVar[int]
    SIGMA_AFTER_FIELD_NUMBER: _ClassVar[int]
    ORDINAL_AFTER_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    queue: str
    player: str
    mu_before: float
    sigma_before: float
    ordinal_before: float
    mu_after: float
    sigma_after: float
    ordinal_after: float
    games: int
    def __init__(self, queue: _Optional[str] = ..., player: _Optional[str] = ..., mu_before: _Optional[float] = ..., sigma_before: _Optional[float] = ..., ordinal_before: _Optional[float] = ..., mu_after: _Optional[float] = ..., sigma_after: _Optional[float] = ..., ordinal_after: _Optional[float] = ..., games: _Optional[int] = ...) -> None: ...

class ListMyGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[MyGame]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[MyGame, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class WatchAccountRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ChallengeNotice(_message.Message):
    __slots__ = ("challenge_id", "status", "challenger_account_id", "challenger_name", "players", "rated_queue", "expire_time", "game_id", "seat", "seat_token", "declined_by", "decline_reason")
    CHALLENGE_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CHALLENGER_ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    CHALLENGER_NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RATED_QUEUE_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    DECLINED_BY_FIELD_NUMBER: _ClassVar[int]
    DECLINE_REASON_FIELD_NUMBER: _ClassVar[int]
    challenge_id: str
    status: str
    challenger_account_id: str
    challenger_name: str
    players: int
    rated_queue: str
    expire_time: _timestamp_pb2.Timestamp
    game_id: str
    seat: int
    seat_token: str
    declined_by: str
    decline_reason: str
    def __init__(self, challenge_id: _Optional[str] = ..., status: _Optional[str] = ..., challenger_account_id: _Optional[str] = ..., challenger_name: _Optional[str] = ..., players: _Optional[int] = ..., rated_queue: _Optional[str] = ..., expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., declined_by: _Optional[str] = ..., decline_reason: _Optional[str] = ...) -> None: ...

class TicketNotice(_message.Message):
    __slots__ = ("ticket_id", "game_id", "seat", "seat_token", "rated_queue")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RATED_QUEUE_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    game_id: str
    seat: int
    seat_token: str
    rated_queue: str
    def __init__(self, ticket_id: _Optional[str] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., rated_queue: _Optional[str] = ...) -> None: ...

class AccountEvent(_message.Message):
    __slots__ = ("kind", "event_time", "game", "decision", "challenge", "ticket")
    KIND_FIELD_NUMBER: _ClassVar[int]
    EVENT_TIME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    CHALLENGE_FIELD_NUMBER: _ClassVar[int]
    TICKET_FIELD_NUMBER: _ClassVar[int]
    kind: AccountEventKind
    event_time: _timestamp_pb2.Timestamp
    game: MyGame
    decision: GetDecisionResponse
    challenge: ChallengeNotice
    ticket: TicketNotice
    def __init__(self, kind: _Optional[_Union[AccountEventKind, str]] = ..., event_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., game: _Optional[_Union[MyGame, _Mapping]] = ..., decision: _Optional[_Union[GetDecisionResponse, _Mapping]] = ..., challenge: _Optional[_Union[ChallengeNotice, _Mapping]] = ..., ticket: _Optional[_Union[TicketNotice, _Mapping]] = ...) -> None: ...

class ListOpenTablesRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class OpenSeat(_message.Message):
    __slots__ = ("seat", "kind", "bot", "name", "open", "free", "account_id", "account_name")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_NAME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SeatKind
    bot: str
    name: str
    open: bool
    free: bool
    account_id: str
    account_name: str
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SeatKind, str]] = ..., bot: _Optional[str] = ..., name: _Optional[str] = ..., open: _Optional[bool] = ..., free: _Optional[bool] = ..., account_id: _Optional[str] = ..., account_name: _Optional[str] = ...) -> None: ...

class OpenTable(_message.Message):
    __slots__ = ("game_id", "options", "time_control", "seats", "free_seats", "create_time")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    FREE_SEATS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    options: GameOptions
    time_control: TimeControl
    seats: _containers.RepeatedCompositeFieldContainer[OpenSeat]
    free_seats: int
    create_time: _timestamp_pb2.Timestamp
    def __init__(self, game_id: _Optional[str] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[OpenSeat, _Mapping]]] = ..., free_seats: _Optional[int] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListOpenTablesResponse(_message.Message):
    __slots__ = ("tables", "next_page_token")
    TABLES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[OpenTable]
    next_page_token: str
    def __init__(self, tables: _Optional[_Iterable[_Union[OpenTable, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class TakeSeatRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class TakeSeatResponse(_message.Message):
    __slots__ = ("seat", "token", "replayed", "free_seats")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    FREE_SEATS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    replayed: bool
    free_seats: int
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ..., replayed: _Optional[bool] = ..., free_seats: _Optional[int] = ...) -> None: ...

class RematchRequest(_message.Message):
    __slots__ = ("game_id", "token", "lookup_only")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    LOOKUP_ONLY_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    lookup_only: bool
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., lookup_only: _Optional[bool] = ...) -> None: ...

class RematchResponse(_message.Message):
    __slots__ = ("game_id", "role", "seat", "token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    role: TokenRole
    seat: int
    token: str
    def __init__(self, game_id: _Optional[str] = ..., role: _Optional[_Union[TokenRole, str]] = ..., seat: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...
