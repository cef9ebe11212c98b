from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SpaceType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SPACE_TYPE_UNSPECIFIED: _ClassVar[SpaceType]
    SPACE_TYPE_LAND: _ClassVar[SpaceType]
    SPACE_TYPE_OCEAN: _ClassVar[SpaceType]
    SPACE_TYPE_OFF_MARS: _ClassVar[SpaceType]
    SPACE_TYPE_RESTRICTED: _ClassVar[SpaceType]

class SpaceBonus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SPACE_BONUS_UNSPECIFIED: _ClassVar[SpaceBonus]
    SPACE_BONUS_STEEL: _ClassVar[SpaceBonus]
    SPACE_BONUS_TITANIUM: _ClassVar[SpaceBonus]
    SPACE_BONUS_PLANT: _ClassVar[SpaceBonus]
    SPACE_BONUS_CARD: _ClassVar[SpaceBonus]
    SPACE_BONUS_HEAT: _ClassVar[SpaceBonus]
    SPACE_BONUS_OCEAN: _ClassVar[SpaceBonus]
    SPACE_BONUS_TEMPERATURE: _ClassVar[SpaceBonus]
    SPACE_BONUS_MICROBE: _ClassVar[SpaceBonus]
    SPACE_BONUS_ANIMAL: _ClassVar[SpaceBonus]

class Metric(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    METRIC_UNSPECIFIED: _ClassVar[Metric]
    METRIC_TERRAFORM_RATING: _ClassVar[Metric]
    METRIC_CITY_TILES: _ClassVar[Metric]
    METRIC_GREENERY_TILES: _ClassVar[Metric]
    METRIC_OWNED_TILES: _ClassVar[Metric]
    METRIC_BUILDING_TAGS: _ClassVar[Metric]
    METRIC_SCIENCE_TAGS: _ClassVar[Metric]
    METRIC_CARDS_IN_HAND: _ClassVar[Metric]
    METRIC_MEGACREDIT_PRODUCTION: _ClassVar[Metric]
    METRIC_HEAT: _ClassVar[Metric]
    METRIC_STEEL_AND_TITANIUM: _ClassVar[Metric]
    METRIC_DISTINCT_TAGS: _ClassVar[Metric]
    METRIC_CARDS_WITH_REQUIREMENTS: _ClassVar[Metric]
    METRIC_POLAR_TILES: _ClassVar[Metric]
    METRIC_ENERGY_PRODUCTION: _ClassVar[Metric]
    METRIC_JOVIAN_TAGS: _ClassVar[Metric]
    METRIC_AUTOMATED_CARDS: _ClassVar[Metric]
    METRIC_SPACE_TAGS: _ClassVar[Metric]
    METRIC_CARD_RESOURCES: _ClassVar[Metric]
    METRIC_PRODUCTIONS_RAISED: _ClassVar[Metric]
    METRIC_HIGHEST_PRODUCTION: _ClassVar[Metric]
    METRIC_BIO_TAGS: _ClassVar[Metric]
    METRIC_PROJECT_CARDS: _ClassVar[Metric]
    METRIC_EVENTS_PLAYED: _ClassVar[Metric]
    METRIC_EXPENSIVE_CARDS: _ClassVar[Metric]
    METRIC_STEEL_AND_ENERGY: _ClassVar[Metric]
    METRIC_SOUTHERN_TILES: _ClassVar[Metric]
    METRIC_TILES_NEXT_TO_OCEANS: _ClassVar[Metric]
    METRIC_COLONIES: _ClassVar[Metric]
    METRIC_PLANT_PRODUCTION: _ClassVar[Metric]
    METRIC_EARTH_TAGS: _ClassVar[Metric]
    METRIC_EQUATORIAL_TILES: _ClassVar[Metric]
    METRIC_MOST_TAGS_OF_ONE_TYPE: _ClassVar[Metric]
    METRIC_PRODUCTION_CARDS: _ClassVar[Metric]
    METRIC_EMPTY_SPACES_NEXT_TO_TILES: _ClassVar[Metric]
    METRIC_ANIMALS_AND_MICROBES: _ClassVar[Metric]
    METRIC_POWER_TAGS: _ClassVar[Metric]
    METRIC_STEEL_AND_TITANIUM_PRODUCTION: _ClassVar[Metric]
    METRIC_CARD_RESOURCE_TYPES: _ClassVar[Metric]
    METRIC_MEGACREDITS: _ClassVar[Metric]
    METRIC_EDGE_TILES: _ClassVar[Metric]
    METRIC_PLANT_AND_HEAT_PRODUCTION: _ClassVar[Metric]
    METRIC_FLOATERS: _ClassVar[Metric]
    METRIC_VENUS_TAGS: _ClassVar[Metric]

class GlobalParameter(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GLOBAL_PARAMETER_UNSPECIFIED: _ClassVar[GlobalParameter]
    GLOBAL_PARAMETER_TEMPERATURE: _ClassVar[GlobalParameter]
    GLOBAL_PARAMETER_OXYGEN: _ClassVar[GlobalParameter]
    GLOBAL_PARAMETER_OCEANS: _ClassVar[GlobalParameter]
    GLOBAL_PARAMETER_VENUS: _ClassVar[GlobalParameter]

class TrackBonusKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TRACK_BONUS_KIND_UNSPECIFIED: _ClassVar[TrackBonusKind]
    TRACK_BONUS_KIND_HEAT_PRODUCTION: _ClassVar[TrackBonusKind]
    TRACK_BONUS_KIND_OCEAN: _ClassVar[TrackBonusKind]
    TRACK_BONUS_KIND_TEMPERATURE: _ClassVar[TrackBonusKind]
    TRACK_BONUS_KIND_CARD: _ClassVar[TrackBonusKind]
    TRACK_BONUS_KIND_TR: _ClassVar[TrackBonusKind]
SPACE_TYPE_UNSPECIFIED: SpaceType
SPACE_TYPE_LAND: SpaceType
SPACE_TYPE_OCEAN: SpaceType
SPACE_TYPE_OFF_MARS: SpaceType
SPACE_TYPE_RESTRICTED: SpaceType
SPACE_BONUS_UNSPECIFIED: SpaceBonus
SPACE_BONUS_STEEL: SpaceBonus
SPACE_BONUS_TITANIUM: SpaceBonus
SPACE_BONUS_PLANT: SpaceBonus
SPACE_BONUS_CARD: SpaceBonus
SPACE_BONUS_HEAT: SpaceBonus
SPACE_BONUS_OCEAN: SpaceBonus
SPACE_BONUS_TEMPERATURE: SpaceBonus
SPACE_BONUS_MICROBE: SpaceBonus
SPACE_BONUS_ANIMAL: SpaceBonus
METRIC_UNSPECIFIED: Metric
METRIC_TERRAFORM_RATING: Metric
METRIC_CITY_TILES: Metric
METRIC_GREENERY_TILES: Metric
METRIC_OWNED_TILES: Metric
METRIC_BUILDING_TAGS: Metric
METRIC_SCIENCE_TAGS: Metric
METRIC_CARDS_IN_HAND: Metric
METRIC_MEGACREDIT_PRODUCTION: Metric
METRIC_HEAT: Metric
METRIC_STEEL_AND_TITANIUM: Metric
METRIC_DISTINCT_TAGS: Metric
METRIC_CARDS_WITH_REQUIREMENTS: Metric
METRIC_POLAR_TILES: Metric
METRIC_ENERGY_PRODUCTION: Metric
METRIC_JOVIAN_TAGS: Metric
METRIC_AUTOMATED_CARDS: Metric
METRIC_SPACE_TAGS: Metric
METRIC_CARD_RESOURCES: Metric
METRIC_PRODUCTIONS_RAISED: Metric
METRIC_HIGHEST_PRODUCTION: Metric
METRIC_BIO_TAGS: Metric
METRIC_PROJECT_CARDS: Metric
METRIC_EVENTS_PLAYED: Metric
METRIC_EXPENSIVE_CARDS: Metric
METRIC_STEEL_AND_ENERGY: Metric
METRIC_SOUTHERN_TILES: Metric
METRIC_TILES_NEXT_TO_OCEANS: Metric
METRIC_COLONIES: Metric
METRIC_PLANT_PRODUCTION: Metric
METRIC_EARTH_TAGS: Metric
METRIC_EQUATORIAL_TILES: Metric
METRIC_MOST_TAGS_OF_ONE_TYPE: Metric
METRIC_PRODUCTION_CARDS: Metric
METRIC_EMPTY_SPACES_NEXT_TO_TILES: Metric
METRIC_ANIMALS_AND_MICROBES: Metric
METRIC_POWER_TAGS: Metric
METRIC_STEEL_AND_TITANIUM_PRODUCTION: Metric
METRIC_CARD_RESOURCE_TYPES: Metric
METRIC_MEGACREDITS: Metric
METRIC_EDGE_TILES: Metric
METRIC_PLANT_AND_HEAT_PRODUCTION: Metric
METRIC_FLOATERS: Metric
METRIC_VENUS_TAGS: Metric
GLOBAL_PARAMETER_UNSPECIFIED: GlobalParameter
GLOBAL_PARAMETER_TEMPERATURE: GlobalParameter
GLOBAL_PARAMETER_OXYGEN: GlobalParameter
GLOBAL_PARAMETER_OCEANS: GlobalParameter
GLOBAL_PARAMETER_VENUS: GlobalParameter
TRACK_BONUS_KIND_UNSPECIFIED: TrackBonusKind
TRACK_BONUS_KIND_HEAT_PRODUCTION: TrackBonusKind
TRACK_BONUS_KIND_OCEAN: TrackBonusKind
TRACK_BONUS_KIND_TEMPERATURE: TrackBonusKind
TRACK_BONUS_KIND_CARD: TrackBonusKind
TRACK_BONUS_KIND_TR: TrackBonusKind

class DescribeBoardRequest(_message.Message):
    __slots__ = ("game_id", "map", "token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    map: str
    token: str
    def __init__(self, game_id: _Optional[str] = ..., map: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class BoardDescription(_message.Message):
    __slots__ = ("map", "map_title", "spaces", "milestones", "awards", "milestone_rules", "award_rules", "global_parameters", "table", "colony_tiles")
    MAP_FIELD_NUMBER: _ClassVar[int]
    MAP_TITLE_FIELD_NUMBER: _ClassVar[int]
    SPACES_FIELD_NUMBER: _ClassVar[int]
    MILESTONES_FIELD_NUMBER: _ClassVar[int]
    AWARDS_FIELD_NUMBER: _ClassVar[int]
    MILESTONE_RULES_FIELD_NUMBER: _ClassVar[int]
    AWARD_RULES_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    COLONY_TILES_FIELD_NUMBER: _ClassVar[int]
    map: str
    map_title: str
    spaces: _containers.RepeatedCompositeFieldContainer[BoardSpace]
    milestones: _containers.RepeatedCompositeFieldContainer[MilestoneDescription]
    awards: _containers.RepeatedCompositeFieldContainer[AwardDescription]
    milestone_rules: MilestoneRules
    award_rules: AwardRules
    global_parameters: _containers.RepeatedCompositeFieldContainer[GlobalParameterTrack]
    table: BoardTable
    colony_tiles: _containers.RepeatedCompositeFieldContainer[ColonyTileDescription]
    def __init__(self, map: _Optional[str] = ..., map_title: _Optional[str] = ..., spaces: _Optional[_Iterable[_Union[BoardSpace, _Mapping]]] = ..., milestones: _Optional[_Iterable[_Union[MilestoneDescription, _Mapping]]] = ..., awards: _Optional[_Iterable[_Union[AwardDescription, _Mapping]]] = ..., milestone_rules: _Optional[_Union[MilestoneRules, _Mapping]] = ..., award_rules: _Optional[_Union[AwardRules, _Mapping]] = ..., global_parameters: _Optional[_Iterable[_Union[GlobalParameterTrack, _Mapping]]] = ..., table: _Optional[_Union[BoardTable, _Mapping]] = ..., colony_tiles: _Optional[_Iterable[_Union[ColonyTileDescription, _Mapping]]] = ...) -> None: ...

class ColonyTileDescription(_message.Message):
    __slots__ = ("name", "trade", "track", "placement_bonus", "colony_bonus", "starts_inactive")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TRADE_FIELD_NUMBER: _ClassVar[int]
    TRACK_FIELD_NUMBER: _ClassVar[int]
    PLACEMENT_BONUS_FIELD_NUMBER: _ClassVar[int]
    COLONY_BONUS_FIELD_NUMBER: _ClassVar[int]
    STARTS_INACTIVE_FIELD_NUMBER: _ClassVar[int]
    name: str
    trade: str
    track: _containers.RepeatedScalarFieldContainer[str]
    placement_bonus: str
    colony_bonus: str
    starts_inactive: bool
    def __init__(self, name: _Optional[str] = ..., trade: _Optional[str] = ..., track: _Optional[_Iterable[str]] = ..., placement_bonus: _Optional[str] = ..., colony_bonus: _Optional[str] = ..., starts_inactive: _Optional[bool] = ...) -> None: ...

class SpacePosition(_message.Message):
    __slots__ = ("row", "position", "q", "r", "x", "y")
    ROW_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    Q_FIELD_NUMBER: _ClassVar[int]
    R_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    row: int
    position: int
    q: int
    r: int
    x: int
    y: int
    def __init__(self, row: _Optional[int] = ..., position: _Optional[int] = ..., q: _Optional[int] = ..., r: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class BoardSpace(_message.Message):
    __slots__ = ("id", "type", "location", "bonuses", "volcanic", "name", "name_id", "reserved_for_card", "reserved_for_card_name", "neighbours", "placement_fee")
    ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    VOLCANIC_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    NAME_ID_FIELD_NUMBER: _ClassVar[int]
    RESERVED_FOR_CARD_FIELD_NUMBER: _ClassVar[int]
    RESERVED_FOR_CARD_NAME_FIELD_NUMBER: _ClassVar[int]
    NEIGHBOURS_FIELD_NUMBER: _ClassVar[int]
    PLACEMENT_FEE_FIELD_NUMBER: _ClassVar[int]
    id: int
    type: SpaceType
    location: SpacePosition
    bonuses: _containers.RepeatedScalarFieldContainer[SpaceBonus]
    volcanic: bool
    name: str
    name_id: str
    reserved_for_card: str
    reserved_for_card_name: str
    neighbours: _containers.RepeatedScalarFieldContainer[int]
    placement_fee: int
    def __init__(self, id: _Optional[int] = ..., type: _Optional[_Union[SpaceType, str]] = ..., location: _Optional[_Union[SpacePosition, _Mapping]] = ..., bonuses: _Optional[_Iterable[_Union[SpaceBonus, str]]] = ..., volcanic: _Optional[bool] = ..., name: _Optional[str] = ..., name_id: _Optional[str] = ..., reserved_for_card: _Optional[str] = ..., reserved_for_card_name: _Optional[str] = ..., neighbours: _Optional[_Iterable[int]] = ..., placement_fee: _Optional[int] = ...) -> None: ...

class MilestoneDescription(_message.Message):
    __slots__ = ("id", "title", "metric", "threshold", "text", "at_most")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    METRIC_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    AT_MOST_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    metric: Metric
    threshold: int
    text: str
    at_most: bool
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., metric: _Optional[_Union[Metric, str]] = ..., threshold: _Optional[int] = ..., text: _Optional[str] = ..., at_most: _Optional[bool] = ...) -> None: ...

class AwardDescription(_message.Message):
    __slots__ = ("id", "title", "metric", "text")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    METRIC_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    metric: Metric
    text: str
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., metric: _Optional[_Union[Metric, str]] = ..., text: _Optional[str] = ...) -> None: ...

class MilestoneRules(_message.Message):
    __slots__ = ("cost", "victory_points", "max_claimed")
    COST_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINTS_FIELD_NUMBER: _ClassVar[int]
    MAX_CLAIMED_FIELD_NUMBER: _ClassVar[int]
    cost: int
    victory_points: int
    max_claimed: int
    def __init__(self, cost: _Optional[int] = ..., victory_points: _Optional[int] = ..., max_claimed: _Optional[int] = ...) -> None: ...

class AwardRules(_message.Message):
    __slots__ = ("funding_costs", "max_funded", "first_place_points", "second_place_points", "second_place_min_players")
    FUNDING_COSTS_FIELD_NUMBER: _ClassVar[int]
    MAX_FUNDED_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLACE_POINTS_FIELD_NUMBER: _ClassVar[int]
    SECOND_PLACE_POINTS_FIELD_NUMBER: _ClassVar[int]
    SECOND_PLACE_MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    funding_costs: _containers.RepeatedScalarFieldContainer[int]
    max_funded: int
    first_place_points: int
    second_place_points: int
    second_place_min_players: int
    def __init__(self, funding_costs: _Optional[_Iterable[int]] = ..., max_funded: _Optional[int] = ..., first_place_points: _Optional[int] = ..., second_place_points: _Optional[int] = ..., second_place_min_players: _Optional[int] = ...) -> None: ...

class TrackBonus(_message.Message):
    __slots__ = ("value", "kind", "text")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    value: int
    kind: TrackBonusKind
    text: str
    def __init__(self, value: _Optional[int] = ..., kind: _Optional[_Union[TrackBonusKind, str]] = ..., text: _Optional[str] = ...) -> None: ...

class GlobalParameterTrack(_message.Message):
    __slots__ = ("parameter", "minimum", "maximum", "step", "unit", "bonuses")
    PARAMETER_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    parameter: GlobalParameter
    minimum: int
    maximum: int
    step: int
    unit: str
    bonuses: _containers.RepeatedCompositeFieldContainer[TrackBonus]
    def __init__(self, parameter: _Optional[_Union[GlobalParameter, str]] = ..., minimum: _Optional[int] = ..., maximum: _Optional[int] = ..., step: _Optional[int] = ..., unit: _Optional[str] = ..., bonuses: _Optional[_Iterable[_Union[TrackBonus, _Mapping]]] = ...) -> None: ...

class BoardTable(_message.Message):
    __slots__ = ("game_id", "players", "corporate_era", "draft", "solo", "solo_tr63", "milestones_and_awards", "colonies", "venus", "world_government")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CORPORATE_ERA_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    SOLO_FIELD_NUMBER: _ClassVar[int]
    SOLO_TR63_FIELD_NUMBER: _ClassVar[int]
    MILESTONES_AND_AWARDS_FIELD_NUMBER: _ClassVar[int]
    COLONIES_FIELD_NUMBER: _ClassVar[int]
    VENUS_FIELD_NUMBER: _ClassVar[int]
    WORLD_GOVERNMENT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    players: int
    corporate_era: bool
    draft: bool
    solo: bool
    solo_tr63: bool
    milestones_and_awards: bool
    colonies: bool
    venus: bool
    world_government: bool
    def __init__(self, game_id: _Optional[str] = ..., players: _Optional[int] = ..., corporate_era: _Optional[bool] = ..., draft: _Optional[bool] = ..., solo: _Optional[bool] = ..., solo_tr63: _Optional[bool] = ..., milestones_and_awards: _Optional[bool] = ..., colonies: _Optional[bool] = ..., venus: _Optional[bool] = ..., world_government: _Optional[bool] = ...) -> None: ...
