"""A board description (DescribeBoard) as plain data, and as text for a terminal.

Enum values become the engine's lower-case words without their prefix (SPACE_TYPE_OFF_MARS is
"off_mars", SPACE_BONUS_PLANT "plant", METRIC_CITY_TILES "city_tiles"); a value this client
does not know (a newer service) becomes "unknown".
"""

from __future__ import annotations

from typing import Any

from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper

from olympus.v1 import board_pb2 as pb

from .mapview import spaces_by_row


def _word(enum: EnumTypeWrapper, prefix: str, value: int) -> str:
    try:
        return enum.Name(value).removeprefix(prefix).lower()
    except ValueError:
        return "unknown"


def _space(msg: pb.BoardSpace) -> dict[str, Any]:
    loc = msg.location
    return {
        "id": msg.id,
        "type": _word(pb.SpaceType, "SPACE_TYPE_", msg.type),
        "location": (
            {
                "row": loc.row,
                "position": loc.position,
                "q": loc.q,
                "r": loc.r,
                "x": loc.x,
                "y": loc.y,
            }
            if msg.HasField("location")
            else None
        ),
        "bonuses": [_word(pb.SpaceBonus, "SPACE_BONUS_", b) for b in msg.bonuses],
        "volcanic": msg.volcanic,
        "name": msg.name,
        "name_id": msg.name_id,
        "reserved_for_card": (
            {"number": msg.reserved_for_card, "name": msg.reserved_for_card_name}
            if msg.reserved_for_card
            else None
        ),
        "neighbours": list(msg.neighbours),
        "placement_fee": msg.placement_fee,
    }


def _track(msg: pb.GlobalParameterTrack) -> dict[str, Any]:
    return {
        "parameter": _word(pb.GlobalParameter, "GLOBAL_PARAMETER_", msg.parameter),
        "minimum": msg.minimum,
        "maximum": msg.maximum,
        "step": msg.step,
        "unit": msg.unit,
        "bonuses": [
            {
                "value": b.value,
                "kind": _word(pb.TrackBonusKind, "TRACK_BONUS_KIND_", b.kind),
                "text": b.text,
            }
            for b in msg.bonuses
        ],
    }


def board_dict(msg: pb.BoardDescription) -> dict[str, Any]:
    m, a = msg.milestone_rules, msg.award_rules
    t = msg.table
    data: dict[str, Any] = {
        "map": msg.map,
        "map_title": msg.map_title,
        "spaces": [_space(s) for s in msg.spaces],
        "milestones": [
            {
                "id": x.id,
                "title": x.title,
                "metric": _word(pb.Metric, "METRIC_", x.metric),
                "threshold": x.threshold,
                "at_most": x.at_most,
                "text": x.text,
            }
            for x in msg.milestones
        ],
        "awards": [
            {
                "id": x.id,
                "title": x.title,
                "metric": _word(pb.Metric, "METRIC_", x.metric),
                "text": x.text,
            }
            for x in msg.awards
        ],
        "milestone_rules": {
            "cost": m.cost,
            "victory_points": m.victory_points,
            "max_claimed": m.max_claimed,
        },
        "award_rules": {
            "funding_costs": list(a.funding_costs),
            "max_funded": a.max_funded,
            "first_place_points": a.first_place_points,
            "second_place_points": a.second_place_points,
            "second_place_min_players": a.second_place_min_players,
        },
        "global_parameters": [_track(p) for p in msg.global_parameters],
        "table": (
            {
                "game_id": t.game_id,
                "players": t.players,
                "corporate_era": t.corporate_era,
                "draft": t.draft,
                "solo": t.solo,
                "solo_tr63": t.solo_tr63,
                "milestones_and_awards": t.milestones_and_awards,
                **({"colonies": True} if t.colonies else {}),  # only when on, as in settings
                **({"venus": True, "world_government": t.world_government} if t.venus else {}),
            }
            if msg.HasField("table")
            else None
        ),
    }
    if msg.colony_tiles:  # a Colonies game's
        data["colony_tiles"] = [
            {
                "name": c.name,
                "trade": c.trade,
                "track": list(c.track),
                "placement_bonus": c.placement_bonus,
                "colony_bonus": c.colony_bonus,
                "starts_inactive": c.starts_inactive,
            }
            for c in msg.colony_tiles
        ]
    return data


# --- text ---------------------------------------------------------------------------------------


_UNCOUNTABLE = frozenset({"steel", "titanium", "heat"})


def _bonuses(words: list[str]) -> str:
    counts: dict[str, int] = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return " ".join(
        w if n == 1 else f"{n} {w}" if w in _UNCOUNTABLE else f"{n} {w}s" for w, n in counts.items()
    )


def space_text(space: dict[str, Any], with_id: bool = True) -> str:
    """`21 ocean 2 plants (volcanic)`: a space's type, bonus and notes (`with_id`: after its id)."""
    parts = [f"{space['id']:02d}"] if with_id else []
    if space["type"] not in ("land", "off_mars"):  # off Mars is the line's heading
        parts.append(space["type"])
    if space["bonuses"]:
        parts.append(_bonuses(space["bonuses"]))
    notes = [space["name"]] if space["name"] else []
    if space["volcanic"]:
        notes.append("volcanic")
    card = space["reserved_for_card"]
    if card:
        notes.append(f"reserved for {card['number']} {card['name']}")
    if space["placement_fee"]:
        notes.append(f"costs {space['placement_fee']} M€ to build on")
    if notes:
        parts.append(f"({', '.join(notes)})")
    return " ".join(parts) or "no bonus"


def _tile_text(tile: dict[str, Any]) -> str:
    owner = tile["owner"]
    who = "" if owner is None else " neutral" if owner == "neutral" else f" of seat {owner}"
    return f"[{tile['tile']}{who}]"


def _table_text(table: dict[str, Any]) -> str:
    kinds = ["solo" if table["solo"] else f"{table['players']} players"]
    if table["solo_tr63"]:
        kinds.append("TR63 goal")
    kinds.append("Corporate Era" if table["corporate_era"] else "base cards only")
    if table["draft"]:
        kinds.append("draft")
    if not table["milestones_and_awards"]:
        kinds.append("no milestones or awards")
    if table.get("colonies"):
        kinds.append("Colonies")
    if table.get("venus"):
        kinds.append("Venus Next" + ("" if table["world_government"] else " (no WGT)"))
    return f"game {table['game_id']}: {', '.join(kinds)}"


def board_text(board: dict[str, Any], view: dict[str, Any] | None = None) -> list[str]:
    """A readable summary: the spaces row by row with their bonuses (ocean spaces marked) and,
    given a game's `view`, the tile on each; the milestones and awards with their rules and
    costs, the parameter tracks, a Colonies game's colony tiles."""
    tiles = {t["space"]: t for t in (view or {}).get("board", [])}

    def spaces_text(spaces: list[dict[str, Any]]) -> str:
        return " | ".join(
            space_text(s) + (f" {_tile_text(tiles[s['id']])}" if s["id"] in tiles else "")
            for s in spaces
        )

    lines = []
    if board["table"] is not None:
        lines.append(_table_text(board["table"]))
    rows, off_mars = spaces_by_row(board)
    on_mars = sum(len(r) for r in rows.values())
    lines.append(
        f"{board['map_title']}: {on_mars} spaces on Mars in {len(rows)} rows, "
        f"{len(off_mars)} off Mars"
    )
    for row, spaces in sorted(rows.items()):
        lines.append(f"  row {row}: " + spaces_text(spaces))
    if off_mars:
        lines.append("  off Mars: " + spaces_text(off_mars))

    m = board["milestone_rules"]
    lines.append(
        f"milestones: claim for {m['cost']} M€, {m['victory_points']} VP each, "
        f"{m['max_claimed']} claimed at most"
    )
    for x in board["milestones"]:
        compare = "<=" if x["at_most"] else ">="
        lines.append(
            f"  {x['id']:<12} {x['title']}: {x['text']} [{x['metric']} {compare} {x['threshold']}]"
        )
    a = board["award_rules"]
    costs = "/".join(str(c) for c in a["funding_costs"])
    lines.append(
        f"awards: fund for {costs} M€, {a['max_funded']} funded at most; "
        f"{a['first_place_points']} VP first, {a['second_place_points']} VP second "
        f"(with {a['second_place_min_players']}+ players)"
    )
    for x in board["awards"]:
        lines.append(f"  {x['id']:<12} {x['title']}: {x['text']} [highest {x['metric']}]")
    lines.append("global parameters:")
    for p in board["global_parameters"]:
        bonuses = "; ".join(f"at {b['value']}: {b['text']}" for b in p["bonuses"])
        lines.append(
            f"  {p['parameter']:<12} {p['minimum']} to {p['maximum']} {p['unit']}, "
            f"step {p['step']}" + (f"; {bonuses}" if bonuses else "")
        )
    if "colony_tiles" in board:
        lines.append("colony tiles (trade at steps 1-7; colony: placement bonus / colony bonus):")
        for c in board["colony_tiles"]:
            waits = " (inactive until a card holds its resource)" if c["starts_inactive"] else ""
            lines.append(
                f"  {c['name']:<10} {' | '.join(c['track'])}; colony: {c['placement_bonus']}"
                f" / {c['colony_bonus']}{waits}"
            )
    return lines
