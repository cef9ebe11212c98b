import datetime

from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from olympus.v1 import scoring_pb2 as _scoring_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class LadderState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LADDER_STATE_UNSPECIFIED: _ClassVar[LadderState]
    LADDER_STATE_RUNNING: _ClassVar[LadderState]
    LADDER_STATE_STOPPED: _ClassVar[LadderState]

class LadderGameState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LADDER_GAME_STATE_UNSPECIFIED: _ClassVar[LadderGameState]
    LADDER_GAME_STATE_RUNNING: _ClassVar[LadderGameState]
    LADDER_GAME_STATE_FINISHED: _ClassVar[LadderGameState]
    LADDER_GAME_STATE_ABORTED: _ClassVar[LadderGameState]
LADDER_STATE_UNSPECIFIED: LadderState
LADDER_STATE_RUNNING: LadderState
LADDER_STATE_STOPPED: LadderState
LADDER_GAME_STATE_UNSPECIFIED: LadderGameState
LADDER_GAME_STATE_RUNNING: LadderGameState
LADDER_GAME_STATE_FINISHED: LadderGameState
LADDER_GAME_STATE_ABORTED: LadderGameState

class Ladder(_message.Message):
    __slots__ = ("name", "bots", "players", "concurrent", "corporate_era", "open", "decision_seconds", "max_games", "state", "games_started", "games_finished", "games_aborted", "games_running", "create_time", "prelude", "colonies", "venus", "world_government", "map")
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CONCURRENT_FIELD_NUMBER: _ClassVar[int]
    CORPORATE_ERA_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    DECISION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    MAX_GAMES_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    GAMES_STARTED_FIELD_NUMBER: _ClassVar[int]
    GAMES_FINISHED_FIELD_NUMBER: _ClassVar[int]
    GAMES_ABORTED_FIELD_NUMBER: _ClassVar[int]
    GAMES_RUNNING_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    PRELUDE_FIELD_NUMBER: _ClassVar[int]
    COLONIES_FIELD_NUMBER: _ClassVar[int]
    VENUS_FIELD_NUMBER: _ClassVar[int]
    WORLD_GOVERNMENT_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    name: str
    bots: _containers.RepeatedScalarFieldContainer[str]
    players: _containers.RepeatedScalarFieldContainer[int]
    concurrent: int
    corporate_era: bool
    open: bool
    decision_seconds: int
    max_games: int
    state: LadderState
    games_started: int
    games_finished: int
    games_aborted: int
    games_running: int
    create_time: _timestamp_pb2.Timestamp
    prelude: bool
    colonies: bool
    venus: bool
    world_government: bool
    map: str
    def __init__(self, name: _Optional[str] = ..., bots: _Optional[_Iterable[str]] = ..., players: _Optional[_Iterable[int]] = ..., concurrent: _Optional[int] = ..., corporate_era: _Optional[bool] = ..., open: _Optional[bool] = ..., decision_seconds: _Optional[int] = ..., max_games: _Optional[int] = ..., state: _Optional[_Union[LadderState, str]] = ..., games_started: _Optional[int] = ..., games_finished: _Optional[int] = ..., games_aborted: _Optional[int] = ..., games_running: _Optional[int] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., prelude: _Optional[bool] = ..., colonies: _Optional[bool] = ..., venus: _Optional[bool] = ..., world_government: _Optional[bool] = ..., map: _Optional[str] = ...) -> None: ...

class CreateLadderRequest(_message.Message):
    __slots__ = ("name", "bots", "players", "concurrent", "corporate_era", "open", "decision_seconds", "max_games", "prelude", "colonies", "venus", "world_government", "map")
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CONCURRENT_FIELD_NUMBER: _ClassVar[int]
    CORPORATE_ERA_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    DECISION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    MAX_GAMES_FIELD_NUMBER: _ClassVar[int]
    PRELUDE_FIELD_NUMBER: _ClassVar[int]
    COLONIES_FIELD_NUMBER: _ClassVar[int]
    VENUS_FIELD_NUMBER: _ClassVar[int]
    WORLD_GOVERNMENT_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    name: str
    bots: _containers.RepeatedScalarFieldContainer[str]
    players: _containers.RepeatedScalarFieldContainer[int]
    concurrent: int
    corporate_era: bool
    open: bool
    decision_seconds: int
    max_games: int
    prelude: bool
    colonies: bool
    venus: bool
    world_government: bool
    map: str
    def __init__(self, name: _Optional[str] = ..., bots: _Optional[_Iterable[str]] = ..., players: _Optional[_Iterable[int]] = ..., concurrent: _Optional[int] = ..., corporate_era: _Optional[bool] = ..., open: _Optional[bool] = ..., decision_seconds: _Optional[int] = ..., max_games: _Optional[int] = ..., prelude: _Optional[bool] = ..., colonies: _Optional[bool] = ..., venus: _Optional[bool] = ..., world_government: _Optional[bool] = ..., map: _Optional[str] = ...) -> None: ...

class GetLadderRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class ListLaddersRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListLaddersResponse(_message.Message):
    __slots__ = ("ladders",)
    LADDERS_FIELD_NUMBER: _ClassVar[int]
    ladders: _containers.RepeatedCompositeFieldContainer[Ladder]
    def __init__(self, ladders: _Optional[_Iterable[_Union[Ladder, _Mapping]]] = ...) -> None: ...

class SetLadderOpenRequest(_message.Message):
    __slots__ = ("name", "open")
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    name: str
    open: bool
    def __init__(self, name: _Optional[str] = ..., open: _Optional[bool] = ...) -> None: ...

class StopLadderRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class GetStandingsRequest(_message.Message):
    __slots__ = ("name", "page_size", "page_token")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    name: str
    page_size: int
    page_token: str
    def __init__(self, name: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class Standing(_message.Message):
    __slots__ = ("rank", "player", "bot", "rating")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    bot: str
    rating: _scoring_pb2.Rating
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., bot: _Optional[str] = ..., rating: _Optional[_Union[_scoring_pb2.Rating, _Mapping]] = ...) -> None: ...

class GetStandingsResponse(_message.Message):
    __slots__ = ("standings", "next_page_token", "total_count")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[Standing]
    next_page_token: str
    total_count: int
    def __init__(self, standings: _Optional[_Iterable[_Union[Standing, _Mapping]]] = ..., next_page_token: _Optional[str] = ..., total_count: _Optional[int] = ...) -> None: ...

class LadderGame(_message.Message):
    __slots__ = ("game_id", "state", "players", "start_time", "end_time")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    END_TIME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    state: LadderGameState
    players: _containers.RepeatedScalarFieldContainer[str]
    start_time: _timestamp_pb2.Timestamp
    end_time: _timestamp_pb2.Timestamp
    def __init__(self, game_id: _Optional[str] = ..., state: _Optional[_Union[LadderGameState, str]] = ..., players: _Optional[_Iterable[str]] = ..., start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListLadderGamesRequest(_message.Message):
    __slots__ = ("name", "page_size", "page_token")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    name: str
    page_size: int
    page_token: str
    def __init__(self, name: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListLadderGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token", "total_count")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[LadderGame]
    next_page_token: str
    total_count: int
    def __init__(self, games: _Optional[_Iterable[_Union[LadderGame, _Mapping]]] = ..., next_page_token: _Optional[str] = ..., total_count: _Optional[int] = ...) -> None: ...
