from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Requirement(_message.Message):
    __slots__ = ("kind", "subject", "minimum", "maximum", "text")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    kind: str
    subject: str
    minimum: int
    maximum: int
    text: str
    def __init__(self, kind: _Optional[str] = ..., subject: _Optional[str] = ..., minimum: _Optional[int] = ..., maximum: _Optional[int] = ..., text: _Optional[str] = ...) -> None: ...

class VictoryPoints(_message.Message):
    __slots__ = ("kind", "points", "per", "subject", "text")
    KIND_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    PER_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    kind: str
    points: int
    per: int
    subject: str
    text: str
    def __init__(self, kind: _Optional[str] = ..., points: _Optional[int] = ..., per: _Optional[int] = ..., subject: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...

class Card(_message.Message):
    __slots__ = ("number", "name", "module", "kind", "type", "cost", "tags", "requirements", "vp", "starting_megacredits", "summary", "resource", "has_action", "action_labels")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    MODULE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    REQUIREMENTS_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    STARTING_MEGACREDITS_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    HAS_ACTION_FIELD_NUMBER: _ClassVar[int]
    ACTION_LABELS_FIELD_NUMBER: _ClassVar[int]
    number: str
    name: str
    module: str
    kind: str
    type: str
    cost: int
    tags: _containers.RepeatedScalarFieldContainer[str]
    requirements: _containers.RepeatedCompositeFieldContainer[Requirement]
    vp: VictoryPoints
    starting_megacredits: int
    summary: str
    resource: str
    has_action: bool
    action_labels: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, number: _Optional[str] = ..., name: _Optional[str] = ..., module: _Optional[str] = ..., kind: _Optional[str] = ..., type: _Optional[str] = ..., cost: _Optional[int] = ..., tags: _Optional[_Iterable[str]] = ..., requirements: _Optional[_Iterable[_Union[Requirement, _Mapping]]] = ..., vp: _Optional[_Union[VictoryPoints, _Mapping]] = ..., starting_megacredits: _Optional[int] = ..., summary: _Optional[str] = ..., resource: _Optional[str] = ..., has_action: _Optional[bool] = ..., action_labels: _Optional[_Iterable[str]] = ...) -> None: ...

class ListCardsRequest(_message.Message):
    __slots__ = ("module", "kind", "type", "tag", "min_cost", "max_cost", "requirement_kind", "search", "page_size", "page_token")
    MODULE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    TAG_FIELD_NUMBER: _ClassVar[int]
    MIN_COST_FIELD_NUMBER: _ClassVar[int]
    MAX_COST_FIELD_NUMBER: _ClassVar[int]
    REQUIREMENT_KIND_FIELD_NUMBER: _ClassVar[int]
    SEARCH_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    module: str
    kind: str
    type: str
    tag: str
    min_cost: int
    max_cost: int
    requirement_kind: str
    search: str
    page_size: int
    page_token: str
    def __init__(self, module: _Optional[str] = ..., kind: _Optional[str] = ..., type: _Optional[str] = ..., tag: _Optional[str] = ..., min_cost: _Optional[int] = ..., max_cost: _Optional[int] = ..., requirement_kind: _Optional[str] = ..., search: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListCardsResponse(_message.Message):
    __slots__ = ("cards", "next_page_token", "total_count")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[Card]
    next_page_token: str
    total_count: int
    def __init__(self, cards: _Optional[_Iterable[_Union[Card, _Mapping]]] = ..., next_page_token: _Optional[str] = ..., total_count: _Optional[int] = ...) -> None: ...

class GetCardRequest(_message.Message):
    __slots__ = ("number", "name")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    number: str
    name: str
    def __init__(self, number: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class GetCardResponse(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: Card
    def __init__(self, card: _Optional[_Union[Card, _Mapping]] = ...) -> None: ...
