"""What is needed to draw a table (DescribeBoard): the engine's map data as a BoardDescription.

Everything comes from the engine: the map's spaces (`engine.board.load_map`), its milestones
and awards (`engine.milestones`), the costs, limits and parameter tracks (`engine.constants`).
Pure: no I/O. A map never changes, so its description is built once per map and each caller
gets a copy.
"""

from __future__ import annotations

from functools import cache

from olympus.api.names import check_map
from olympus.engine import constants as k
from olympus.engine.board import (
    LAND,
    OCEAN_SPACE,
    OFF_MARS,
    RESTRICTED,
    MapDef,
    Space,
    load_map as engine_map,
)
from olympus.engine.cards.catalogue import find as find_card
from olympus.engine.colony_tiles import TILES as COLONY_TILES, TRACK_STEPS
from olympus.engine.milestones import AWARDS, MILESTONES, VENUS_AWARDS, VENUS_MILESTONES
from olympus.engine.options import GameOptions
from olympus.v1 import board_pb2 as pb

_SPACE_TYPES = {
    LAND: pb.SPACE_TYPE_LAND,
    OCEAN_SPACE: pb.SPACE_TYPE_OCEAN,
    OFF_MARS: pb.SPACE_TYPE_OFF_MARS,
    RESTRICTED: pb.SPACE_TYPE_RESTRICTED,
}


def _enum_name(prefix: str, word: str) -> str:
    """The engine's lower-case names are the enums' value names without their prefix: "plant"
    is SPACE_BONUS_PLANT (messages take enum values by name; an unknown one raises)."""
    return f"{prefix}_{word.upper()}"


def describe_map(name: str, venus: bool = False) -> pb.BoardDescription:
    """The description of a map this service can play (a fresh message: the caller may add to
    it); INVALID_ARGUMENT with reason UNKNOWN_MAP for any other name. `venus`: as a Venus Next
    game has it (the reserved city spaces off Mars, Hoverlord and Venuphile, the Venus scale)."""
    check_map(name)
    msg = pb.BoardDescription()
    msg.CopyFrom(_described(name, venus))
    return msg


def describe_table(game_id: str, options: GameOptions) -> pb.BoardTable:
    """A game's options that change what is drawn (never the seed)."""
    return pb.BoardTable(
        game_id=game_id,
        players=options.players,
        corporate_era=options.corporate_era,
        draft=options.draft,
        solo=options.solo,
        solo_tr63=options.solo_tr63,
        milestones_and_awards=not options.solo,  # the solo game has neither
        colonies=options.colonies,
        venus=options.venus,
        world_government=options.venus and options.wgt,
    )


def describe_colony_tiles() -> list[pb.ColonyTileDescription]:
    """Every colony tile's static facts (a game with the Colonies expansion)."""
    return [
        pb.ColonyTileDescription(
            name=t.name,
            trade=t.trade,
            track=[t.income_text(step) for step in range(1, TRACK_STEPS + 1)],
            placement_bonus=t.placement_text,
            colony_bonus=t.bonus_text,
            starts_inactive=t.starts_inactive,
        )
        for t in COLONY_TILES
    ]


@cache
def _described(name: str, venus: bool) -> pb.BoardDescription:
    board = engine_map(name, venus)
    milestones = (VENUS_MILESTONES if venus else MILESTONES)[name]
    awards = (VENUS_AWARDS if venus else AWARDS)[name]
    middle_row = max(board.space(sid).row for sid in board.mars) // 2
    return pb.BoardDescription(
        map=name,
        map_title=board.title,
        spaces=[_space(board, sid, middle_row) for sid in (*board.mars, *board.off_mars)],
        milestones=[
            pb.MilestoneDescription(
                id=m.name,
                title=m.title,
                metric=_enum_name("METRIC", m.metric),
                threshold=m.threshold,
                text=m.text,
                at_most=m.at_most,
            )
            for m in milestones.values()
        ],
        awards=[
            pb.AwardDescription(
                id=a.name,
                title=a.title,
                metric=_enum_name("METRIC", a.metric),
                text=a.text,
            )
            for a in awards.values()
        ],
        milestone_rules=pb.MilestoneRules(
            cost=k.MILESTONE_COST, victory_points=k.MILESTONE_VP, max_claimed=k.MAX_MILESTONES
        ),
        award_rules=pb.AwardRules(
            funding_costs=k.AWARD_COSTS,
            max_funded=len(k.AWARD_COSTS),
            first_place_points=k.AWARD_VP_FIRST,
            second_place_points=k.AWARD_VP_SECOND,
            second_place_min_players=k.AWARD_SECOND_PLACE_MIN_PLAYERS,
        ),
        global_parameters=[*_tracks(), *([_venus_track()] if venus else [])],
    )


def _space(board: MapDef, sid: int, middle_row: int) -> pb.BoardSpace:
    space = board.space(sid)
    msg = pb.BoardSpace(
        id=sid,
        type=_SPACE_TYPES[space.kind],
        bonuses=[_enum_name("SPACE_BONUS", b) for b in space.bonus],
        volcanic=space.volcanic,
        name=space.name,
        name_id=space.key,
        neighbours=space.neighbours,
        placement_fee=space.fee,
    )
    if space.row >= 0:
        msg.location.CopyFrom(_position(space, middle_row))
    if space.reserved_for is not None:
        card = find_card(space.name)  # a reserved space bears its card's name
        if card is None:
            raise LookupError(f"space {sid} is reserved for {space.name!r}: no such card")
        msg.reserved_for_card = card.number
        msg.reserved_for_card_name = card.name
    return msg


def _position(space: Space, middle_row: int) -> pb.SpacePosition:
    # Rows above the widest (middle) row start further right: the board is a hexagon.
    q = space.position + max(0, middle_row - space.row)
    return pb.SpacePosition(
        row=space.row,
        position=space.position,
        q=q,
        r=space.row,
        x=2 * q + space.row - middle_row,
        y=space.row,
    )


def _tracks() -> list[pb.GlobalParameterTrack]:
    temperature_bonuses = sorted(
        [
            (v, pb.TRACK_BONUS_KIND_HEAT_PRODUCTION, "+1 heat production")
            for v in k.TEMPERATURE_HEAT_BONUS
        ]
        + [(k.TEMPERATURE_OCEAN_BONUS, pb.TRACK_BONUS_KIND_OCEAN, "place an ocean tile")]
    )
    return [
        pb.GlobalParameterTrack(
            parameter=pb.GLOBAL_PARAMETER_TEMPERATURE,
            minimum=k.TEMPERATURE_MIN,
            maximum=k.TEMPERATURE_MAX,
            step=k.TEMPERATURE_STEP,
            unit="°C",
            bonuses=[
                pb.TrackBonus(value=v, kind=kind, text=text)
                for v, kind, text in temperature_bonuses
            ],
        ),
        pb.GlobalParameterTrack(
            parameter=pb.GLOBAL_PARAMETER_OXYGEN,
            minimum=k.OXYGEN_MIN,
            maximum=k.OXYGEN_MAX,
            step=k.OXYGEN_STEP,
            unit="%",
            bonuses=[
                pb.TrackBonus(
                    value=k.OXYGEN_TEMPERATURE_BONUS,
                    kind=pb.TRACK_BONUS_KIND_TEMPERATURE,
                    text="raise the temperature one step",
                )
            ],
        ),
        pb.GlobalParameterTrack(
            parameter=pb.GLOBAL_PARAMETER_OCEANS,
            minimum=k.OCEANS_MIN,
            maximum=k.OCEANS_MAX,
            step=k.OCEANS_STEP,
            unit="tiles",
        ),
    ]


def _venus_track() -> pb.GlobalParameterTrack:
    """Venus Next's scale, with its two bonus steps."""
    return pb.GlobalParameterTrack(
        parameter=pb.GLOBAL_PARAMETER_VENUS,
        minimum=k.VENUS_MIN,
        maximum=k.VENUS_MAX,
        step=k.VENUS_STEP,
        unit="%",
        bonuses=[
            pb.TrackBonus(
                value=k.VENUS_DRAW_BONUS, kind=pb.TRACK_BONUS_KIND_CARD, text="draw a card"
            ),
            pb.TrackBonus(value=k.VENUS_TR_BONUS, kind=pb.TRACK_BONUS_KIND_TR, text="1 more TR"),
        ],
    )
