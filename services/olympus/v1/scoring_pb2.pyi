import datetime

from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from olympus.v1 import game_pb2 as _game_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetLiveScoreRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class LiveSeat(_message.Message):
    __slots__ = ("seat", "place", "score")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    place: int
    score: _game_pb2.SeatScore
    def __init__(self, seat: _Optional[int] = ..., place: _Optional[int] = ..., score: _Optional[_Union[_game_pb2.SeatScore, _Mapping]] = ...) -> None: ...

class GetLiveScoreResponse(_message.Message):
    __slots__ = ("game_id", "version", "generation", "finished", "seats", "ranking")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    GENERATION_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    RANKING_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    generation: int
    finished: bool
    seats: _containers.RepeatedCompositeFieldContainer[LiveSeat]
    ranking: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., generation: _Optional[int] = ..., finished: _Optional[bool] = ..., seats: _Optional[_Iterable[_Union[LiveSeat, _Mapping]]] = ..., ranking: _Optional[_Iterable[int]] = ...) -> None: ...

class SeatPlayer(_message.Message):
    __slots__ = ("seat", "player")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player: str
    def __init__(self, seat: _Optional[int] = ..., player: _Optional[str] = ...) -> None: ...

class ReportResultRequest(_message.Message):
    __slots__ = ("game_id", "queue", "players")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    queue: str
    players: _containers.RepeatedCompositeFieldContainer[SeatPlayer]
    def __init__(self, game_id: _Optional[str] = ..., queue: _Optional[str] = ..., players: _Optional[_Iterable[_Union[SeatPlayer, _Mapping]]] = ...) -> None: ...

class Rating(_message.Message):
    __slots__ = ("mu", "sigma", "ordinal", "games", "wins")
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    ORDINAL_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    def __init__(self, mu: _Optional[float] = ..., sigma: _Optional[float] = ..., ordinal: _Optional[float] = ..., games: _Optional[int] = ..., wins: _Optional[int] = ...) -> None: ...

class SeatResult(_message.Message):
    __slots__ = ("seat", "place", "score", "name", "bot", "account_id", "player", "rating_before", "rating_after")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RATING_BEFORE_FIELD_NUMBER: _ClassVar[int]
    RATING_AFTER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    place: int
    score: _game_pb2.SeatScore
    name: str
    bot: str
    account_id: str
    player: str
    rating_before: Rating
    rating_after: Rating
    def __init__(self, seat: _Optional[int] = ..., place: _Optional[int] = ..., score: _Optional[_Union[_game_pb2.SeatScore, _Mapping]] = ..., name: _Optional[str] = ..., bot: _Optional[str] = ..., account_id: _Optional[str] = ..., player: _Optional[str] = ..., rating_before: _Optional[_Union[Rating, _Mapping]] = ..., rating_after: _Optional[_Union[Rating, _Mapping]] = ...) -> None: ...

class ScoredGame(_message.Message):
    __slots__ = ("game_id", "queue", "generation", "seats", "ranking", "winners", "solo_won", "recorded_at_ms", "aborted", "record_time")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    GENERATION_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    RANKING_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    SOLO_WON_FIELD_NUMBER: _ClassVar[int]
    RECORDED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    ABORTED_FIELD_NUMBER: _ClassVar[int]
    RECORD_TIME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    queue: str
    generation: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatResult]
    ranking: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    solo_won: bool
    recorded_at_ms: int
    aborted: bool
    record_time: _timestamp_pb2.Timestamp
    def __init__(self, game_id: _Optional[str] = ..., queue: _Optional[str] = ..., generation: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatResult, _Mapping]]] = ..., ranking: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., solo_won: _Optional[bool] = ..., recorded_at_ms: _Optional[int] = ..., aborted: _Optional[bool] = ..., record_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ReportResultResponse(_message.Message):
    __slots__ = ("recorded_now", "result")
    RECORDED_NOW_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    recorded_now: bool
    result: ScoredGame
    def __init__(self, recorded_now: _Optional[bool] = ..., result: _Optional[_Union[ScoredGame, _Mapping]] = ...) -> None: ...

class GetRatingRequest(_message.Message):
    __slots__ = ("queue", "player")
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    queue: str
    player: str
    def __init__(self, queue: _Optional[str] = ..., player: _Optional[str] = ...) -> None: ...

class GetRatingResponse(_message.Message):
    __slots__ = ("queue", "player", "rating", "rank", "name")
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    queue: str
    player: str
    rating: Rating
    rank: int
    name: str
    def __init__(self, queue: _Optional[str] = ..., player: _Optional[str] = ..., rating: _Optional[_Union[Rating, _Mapping]] = ..., rank: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class GetHistoryRequest(_message.Message):
    __slots__ = ("queue", "player", "page_size", "page_token")
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    queue: str
    player: str
    page_size: int
    page_token: str
    def __init__(self, queue: _Optional[str] = ..., player: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class RatedGame(_message.Message):
    __slots__ = ("game_id", "place", "players", "rating_before", "rating_after", "recorded_at_ms", "record_time")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RATING_BEFORE_FIELD_NUMBER: _ClassVar[int]
    RATING_AFTER_FIELD_NUMBER: _ClassVar[int]
    RECORDED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    RECORD_TIME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    place: int
    players: int
    rating_before: Rating
    rating_after: Rating
    recorded_at_ms: int
    record_time: _timestamp_pb2.Timestamp
    def __init__(self, game_id: _Optional[str] = ..., place: _Optional[int] = ..., players: _Optional[int] = ..., rating_before: _Optional[_Union[Rating, _Mapping]] = ..., rating_after: _Optional[_Union[Rating, _Mapping]] = ..., recorded_at_ms: _Optional[int] = ..., record_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class GetHistoryResponse(_message.Message):
    __slots__ = ("games", "next_page_token", "total_count")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[RatedGame]
    next_page_token: str
    total_count: int
    def __init__(self, games: _Optional[_Iterable[_Union[RatedGame, _Mapping]]] = ..., next_page_token: _Optional[str] = ..., total_count: _Optional[int] = ...) -> None: ...

class LeaderboardRequest(_message.Message):
    __slots__ = ("queue", "page_size", "page_token")
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    queue: str
    page_size: int
    page_token: str
    def __init__(self, queue: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class LeaderboardEntry(_message.Message):
    __slots__ = ("rank", "player", "rating", "name")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    rating: Rating
    name: str
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., rating: _Optional[_Union[Rating, _Mapping]] = ..., name: _Optional[str] = ...) -> None: ...

class LeaderboardResponse(_message.Message):
    __slots__ = ("entries", "next_page_token", "total_count")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[LeaderboardEntry]
    next_page_token: str
    total_count: int
    def __init__(self, entries: _Optional[_Iterable[_Union[LeaderboardEntry, _Mapping]]] = ..., next_page_token: _Optional[str] = ..., total_count: _Optional[int] = ...) -> None: ...

class GetRatingsRequest(_message.Message):
    __slots__ = ("queue", "players")
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    queue: str
    players: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, queue: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayerRating(_message.Message):
    __slots__ = ("player", "rating", "rank", "name")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    player: str
    rating: Rating
    rank: int
    name: str
    def __init__(self, player: _Optional[str] = ..., rating: _Optional[_Union[Rating, _Mapping]] = ..., rank: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class GetRatingsResponse(_message.Message):
    __slots__ = ("queue", "ratings")
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    RATINGS_FIELD_NUMBER: _ClassVar[int]
    queue: str
    ratings: _containers.RepeatedCompositeFieldContainer[PlayerRating]
    def __init__(self, queue: _Optional[str] = ..., ratings: _Optional[_Iterable[_Union[PlayerRating, _Mapping]]] = ...) -> None: ...
