"""Views, decisions and events as text a person reads in a terminal (`olympus game ...`).

Every option of a decision is shown with the notation to type after `olympus game act`; cards
with their catalogue facts (cost, tags, requirements), spaces with where they are on the map
and their bonus when the board's description is at hand.
"""

from __future__ import annotations

from typing import Any

from olympus.engine.cards.catalogue import find
from olympus.engine.colony_tiles import TILE_NAMES, tile_def

from .board import space_text
from .logwords import log_line
from .mapview import map_lines, space_position


def card_name(number: str) -> str:
    card = find(number)
    return f"{number} {card.name}" if card is not None else number


def card_facts(number: str) -> str:
    """`166 Space Shuttles: 10 M€, space, needs oxygen>=5, 1 VP`: the catalogue's facts a
    choice depends on (a corporation: its starting M€ and tags)."""
    card = find(number)
    if card is None:
        return number
    facts = []
    if card.starting_mc is not None:
        facts.append(f"starts with {card.starting_mc} M€")
    if card.cost is not None:
        facts.append(f"{card.cost} M€")
    facts.append(" ".join(card.tags) or "no tags")
    if card.requirements:
        facts.append("needs " + " & ".join(r.text() for r in card.requirements))
    if card.vp is not None:
        points = card.vp.text()
        facts.append(f"{points} VP" if card.vp.kind == "fixed" else f"VP {points}")
    return f"{number} {card.name}: {', '.join(facts)}"


def _cards(numbers: list[str]) -> str:
    return ", ".join(card_name(n) for n in numbers) or "-"


def payment_notation(pay: dict[str, int] | None) -> str:
    if not pay:
        return ""
    parts = [f"{k[0]}{pay[k]}" for k in ("steel", "titanium", "heat") if pay.get(k)]
    return " " + " ".join(parts) if parts else ""


def _pay_hint(rule: dict[str, Any]) -> str:
    hints = [f"{rule['cost']} M€"]
    if rule["max_steel"]:
        hints.append(f"steel worth {rule['steel_value']}, up to s{rule['max_steel']}")
    if rule["max_titanium"]:
        hints.append(f"titanium worth {rule['titanium_value']}, up to t{rule['max_titanium']}")
    if rule["max_heat"]:
        hints.append(f"heat up to h{rule['max_heat']}")
    return "; ".join(hints)


def _option(notation: str, what: str = "") -> str:
    return f"  {notation:<34} {what}".rstrip()


def _play_lines(d: dict[str, Any]) -> list[str]:
    return [
        _option(
            f"play {c['card']}{payment_notation(c.get('suggested'))}",
            f"{card_facts(c['card'])} (pay {_pay_hint(c)})",
        )
        for c in d["play"]
    ]


def _action_lines(d: dict[str, Any]) -> list[str]:
    lines = _play_lines(d)
    for p in d["standard_projects"]:
        notation = f"project {p['project']}{payment_notation(p.get('suggested'))}"
        lines.append(_option(notation, f"standard project ({_pay_hint(p)})"))
    for m in d["milestones"]:
        notation = f"milestone {m['name']}{payment_notation(m.get('suggested'))}"
        lines.append(_option(notation, f"claim milestone ({_pay_hint(m)})"))
    for a in d["awards"]:
        notation = f"award {a['name']}{payment_notation(a.get('suggested'))}"
        lines.append(_option(notation, f"fund award ({_pay_hint(a)})"))
    for a in d["card_actions"]:
        for c in a["choices"]:
            choice = f" #{c['index']}" if c["index"] else ""
            notation = f"action {a['card']}{choice}{payment_notation(c.get('suggested'))}"
            lines.append(_option(notation, f"{card_name(a['card'])}: {c['label']}"))
    if d["convert_plants"]:
        lines.append(_option("plants", "convert plants into a greenery"))
    if d["convert_heat"]:
        lines.append(_option("heat", "convert heat into a temperature step"))
    for t in d.get("trades", ()):  # Colonies games only
        fee = "M€" if t["fee"] == "mc" else t["fee"]
        lines.append(
            _option(
                f"trade {t['tile']} {t['fee']}",
                f"trade with {t['tile'].title()} for {t['amount']} {fee}",
            )
        )
    if d["end_turn"]:
        lines.append(_option("end", "end your turn after one action"))
    if d["pass"]:
        lines.append(_option("pass", "pass for the rest of the generation"))
    return lines


def _space_lines(d: dict[str, Any], board: dict[str, Any] | None) -> list[str]:
    """The spaces offered, one a line: id, place on the map, type and bonus (with the board's
    description), else the ids alone."""
    if board is None:
        spaces = " ".join(f"{s:02d}" for s in d["spaces"])
        return [f"  {d['tile']} on one of: {spaces}", _option("space <NN>")]
    known = {s["id"]: s for s in board["spaces"]}
    lines = [f"  {d['tile']} on one of:"]
    for sid in d["spaces"]:
        space = known.get(sid)
        where = (
            f"{space_position(space)}: {space_text(space, with_id=False)}"
            if space
            else "(not on this map)"
        )
        lines.append(_option(f"space {sid:02d}", where))
    return lines


def _decision_body(d: dict[str, Any], board: dict[str, Any] | None) -> list[str]:
    kind = d["kind"]
    if kind == "action":
        return _action_lines(d)
    if kind == "setup":
        example = f"{d['corporations'][0]['card']} {','.join(d['cards'][:2]) or '-'}"
        return [
            "  corporations:",
            *(
                f"    {card_facts(c['card'])} (can buy up to {c['max_cards']} cards)"
                for c in d["corporations"]
            ),
            "  cards (3 M€ each to keep):",
            *(f"    {card_facts(c)}" for c in d["cards"]),
            _option("setup <corporation> <card,card,...|->", f"e.g. setup {example}"),
        ]
    if kind == "cards":
        cost = f", {d['cost_each']} M€ each" if d["cost_each"] else ""
        return [
            f"  choose {d['min']} to {d['max']} ({d['purpose']}{cost}):",
            *(f"    {card_facts(c)}" for c in d["cards"]),
            _option("cards <card,card,...|->"),
        ]
    if kind == "space":
        return _space_lines(d, board)
    if kind == "player":
        return [_option(f"player {s if s is not None else 'none'}") for s in d["seats"]]
    if kind == "option":
        return [_option(f"option {o['index']}", o["label"]) for o in d["options"] if o["enabled"]]
    if kind == "amount":
        return [_option(f"amount <{d['min']}..{d['max']}>")]
    if kind == "final_greenery":
        return [_option("plants", "convert plants into a greenery"), _option("pass", "finish")]
    if kind == "play_card":
        return _play_lines(d)
    return [f"  (a {kind} decision: see --json)"]


def decision_text(d: dict[str, Any], board: dict[str, Any] | None = None) -> list[str]:
    """The options of a decision (SDK dict form), one per line, with their notation; the
    board's description (`describe_board`) places the spaces a space decision offers."""
    source = f" ({card_name(d['source'])})" if d.get("source") else ""
    return [f"{d['prompt']}{source}", *_decision_body(d, board)]


_SHORT = {
    "megacredits": "M€",
    "steel": "steel",
    "titanium": "ti",
    "plants": "plants",
    "energy": "energy",
    "heat": "heat",
}


def _resource_table(p: dict[str, Any]) -> list[str]:
    """A seat's resources over its production, one column per resource."""
    keys = list(p["resources"])
    widths = [max(len(_SHORT.get(k, k)), 3) for k in keys]
    head = "  ".join(f"{_SHORT.get(k, k):>{w}}" for k, w in zip(keys, widths, strict=True))
    have = "  ".join(f"{p['resources'][k]:>{w}}" for k, w in zip(keys, widths, strict=True))
    make = "  ".join(f"{p['production'][k]:>+{w}}" for k, w in zip(keys, widths, strict=True))
    return [
        f"    {'':<11} {head}",
        f"    {'resources':<11} {have}",
        f"    {'production':<11} {make}",
    ]


def _parameters(v: dict[str, Any], board: dict[str, Any] | None) -> str:
    """The global parameters with their goals (the board's tracks, when described)."""
    goals = {p["parameter"]: p["maximum"] for p in (board or {}).get("global_parameters", [])}
    temperature, oxygen = goals.get("temperature"), goals.get("oxygen")
    return (
        f"temperature {v['temperature']} °C"
        + (f" (goal {temperature})" if temperature else "")
        + f", oxygen {v['oxygen']} %"
        + (f" (goal {oxygen})" if oxygen else "")
        + f", oceans {v['oceans']}/{goals.get('oceans', 9)}"
        + (f", Venus {v['venus']} % (goal 30)" if "venus" in v else "")  # Venus Next games
    )


def view_text(
    v: dict[str, Any], board: dict[str, Any] | None = None, colour: bool = False
) -> list[str]:
    """The game as a seat (or a spectator) sees it; with the board's description, Mars drawn
    with its tiles (`colour`: with terminal colours) and the parameters' goals."""
    who = "spectator" if v["viewer"] is None else f"seat {v['viewer']}"
    lines = [
        f"game {v['game_id']}  version {v['version']}  {v['status']}  ({who})",
        f"generation {v['generation']}, {v['phase']} phase; {_parameters(v, board)}; "
        f"deck {v['deck_size']}",
        f"waiting for: {', '.join(f'seat {s}' for s in v['waiting_for']) or 'nobody'}",
    ]
    for c in v.get("clocks", []):
        running = " (running)" if c["deadline_ms"] else ""
        extra = f", {c['timeouts']} timeouts" if c["timeouts"] else ""
        bot = ", played by a bot" if c["handed_to_bot"] else ""
        lines.append(
            f"clock seat {c['seat']}: {c['remaining_ms'] / 1000:.0f} s left{running}{extra}{bot}"
        )
    for p in v["players"]:
        corp = card_name(p["corporation"]) if p["corporation"] else "(no corporation yet)"
        flags = " passed" if p["passed"] else ""
        lines.append(f"seat {p['seat']}: {corp}, TR {p['terraform_rating']}{flags}")
        lines.extend(_resource_table(p))
        lines.append(
            f"    played {len(p['played'])} cards, {len(p['events'])} events, "
            f"{p['hand_size']} in hand"
        )
        if p["played"]:  # public: what is on the table in front of the seat
            lines.append(f"    played: {_cards(p['played'])}")
        if "hand" in p:
            lines.append(f"    hand: {_cards(p['hand'])}")
            if p["dealt"]:
                lines.append(f"    dealt: {_cards(p['dealt'])}")
            if p["dealt_corporations"]:
                lines.append(f"    corporations: {_cards(p['dealt_corporations'])}")
            if p.get("preludes"):
                lines.append(f"    preludes: {_cards(p['preludes'])}")
        if "fleets" in p:
            lines.append(
                f"    colonies {p['colonies']}, trade fleets {p['fleets']} "
                f"({p['fleets_home']} at home)"
            )
    tiles: dict[str, int] = {}
    for t in v["board"]:
        tiles[t["tile"]] = tiles.get(t["tile"], 0) + 1
    lines.append("tiles: " + (", ".join(f"{n} {k}" for k, n in sorted(tiles.items())) or "none"))
    if board is not None:
        lines.extend(map_lines(board, v, colour))
    claimed = [f"{m['name']} (seat {m['owner']})" for m in v["milestones"]]
    funded = [f"{a['name']} (seat {a['funder']})" for a in v["awards"]]
    if claimed:
        lines.append("milestones claimed: " + ", ".join(claimed))
    if funded:
        lines.append("awards funded: " + ", ".join(funded))
    if "colony_tiles" in v:
        lines.append("colony tiles:")
        lines.extend(f"    {colony_tile_line(t)}" for t in v["colony_tiles"])
    if "live_scores" in v and "result" not in v:
        lines.append("live score (as if the game ended now):")
        lines.extend(f"    {live_score_line(s)}" for s in v["live_scores"])
    if "result" in v:
        r = v["result"]
        scores = ", ".join(f"seat {s['seat']} {s['total']} VP" for s in r["scores"])
        lines.append(f"result: {scores}; winner(s): {r['winners']}")
    return lines


def colony_tile_line(t: dict[str, Any]) -> str:
    """One colony tile: its marker and what trading there brings now, its colonies, the
    fleet on it. A tile this client does not know (a newer service) shows its raw facts."""
    colonies = ", ".join(f"seat {s}" for s in t["colonies"]) or "none"
    fleet = f"; fleet of seat {t['fleet']} here" if t["fleet"] is not None else ""
    if not t["active"]:
        return f"{t['name']}: inactive (waits for a card that holds its resource)"
    brings = ""
    if t["name"] in TILE_NAMES:
        brings = f" (trade: {tile_def(t['name']).income_text(t['marker'])})"
    return f"{t['name']}: marker on step {t['marker']}{brings}; colonies: {colonies}{fleet}"


def live_score_line(s: dict[str, int]) -> str:
    return (
        f"seat {s['seat']}: {s['total']} VP = TR {s['terraform_rating']} + milestones "
        f"{s['milestones']} + awards {s['awards']} + greeneries {s['greeneries']} + cities "
        f"{s['cities']} + cards {s['cards']}; M€ {s['megacredits']}"
    )


def event_text(e: dict[str, Any], names: dict[int, str] | None = None) -> str:
    """An event on a line: who answered what, what happened in the page's log sentences
    (`names`: the seats' names, where they have one), and whom the game waits for."""
    if e["kind"] == "created":
        head = f"v{e['version']} game created"
    elif e["kind"] == "undo":
        head = f"v{e['version']} seat {e['seat']} took answers back"
    elif e["kind"] in ("resigned", "aborted"):  # no answer: the log line says what happened
        head = f"v{e['version']}"
    else:
        a = e.get("answer") or {}
        what = f"{a['type']} ({a['count']} cards, hidden)" if a.get("hidden") else a.get("text", "")
        bot = " (bot)" if e["bot"] else ""
        if e.get("timed_out"):
            bot += " (time ran out)"
        head = f"v{e['version']} seat {e['seat']}{bot}: {what}"
        if e.get("handed_to_bot"):
            head += f" — seat {e['seat']} is played by a bot from now on"
    facts = "; ".join(log_line(entry, names) for entry in e["log"])
    waiting = ", ".join(f"seat {s}" for s in e["waiting_for"]) or "nobody"
    tail = "game over" if e["finished"] else f"waiting for {waiting}"
    line = f"{head}" + (f" — {facts}" if facts else "") + f" | {tail}"
    if "live_scores" in e:  # a line of its own: the event's line reads the same either way
        line += "\n    live score: " + ", ".join(
            f"seat {s['seat']} {s['total']} VP" for s in e["live_scores"]
        )
    return line
