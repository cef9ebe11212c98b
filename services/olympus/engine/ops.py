"""Card-effect instructions: what each one does, asks and needs.

See `cards/dsl.py` for how cards spell them. A frame is ``(op, seat, card, *args)``; a frame
waiting on a decision may carry what the decision needs (revealed cards, a space).
"""

from __future__ import annotations

from typing import Any

from .actions import Answer, ChooseAmount, ChooseCards, ChooseOption, ChoosePlayer, ChooseSpace
from .cards.catalogue import get as card_def
from .cards.model import card_number
from .constants import (
    ANIMAL,
    CARD_BUY_COST,
    HEAT,
    MC,
    MICROBE,
    OCEANS_MAX,
    PLANTS,
    PRODUCTION_FLOOR,
    RESOURCE_INDEX,
)
from .decisions import Decision, SelectAmount, SelectCards, SelectOption, SelectPlayer, SelectSpace
from .interpreter import all_feasible, op
from .mutate import (
    asks,
    change_prod,
    draw_cards,
    draw_into_hand,
    gain,
    log,
    place_tile,
    push,
    push_effects,
    raise_oxygen,
    raise_temperature,
    raise_tr,
)
from .placement import legal_spaces
from .query import amount, heat_as_mc, tableau
from .state import Frame, GameState, Player

R = RESOURCE_INDEX


def _player(g: GameState, frame: Frame) -> Player:
    return g.players[frame[1]]


# --- gain / prod / tr / raise -----------------------------------------------------------------


def _gain_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    res, n = args
    return not (isinstance(n, int) and n < 0) or p.res[R[res]] >= -n


@op("gain", feasible=_gain_feasible)
def _gain(g: GameState, frame: Frame) -> None:
    p = _player(g, frame)
    gain(g, p, R[frame[3]], amount(g, p, frame[4]))
    return None


def _prod_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    res, n = args
    if isinstance(n, int) and n < 0:
        r = R[res]
        return p.prod[r] + n >= PRODUCTION_FLOOR[r]
    return True


@op("prod", feasible=_prod_feasible)
def _prod(g: GameState, frame: Frame) -> None:
    p = _player(g, frame)
    change_prod(g, p, R[frame[3]], amount(g, p, frame[4]))
    return None


@op("tr")
def _tr(g: GameState, frame: Frame) -> None:
    p = _player(g, frame)
    raise_tr(g, p, amount(g, p, frame[3]))
    return None


@op("raise")
def _raise(g: GameState, frame: Frame) -> None:
    if frame[3] == "temperature":
        raise_temperature(g, frame[1], frame[4])
    else:
        raise_oxygen(g, frame[1], frame[4])
    return None


# --- tiles ------------------------------------------------------------------------------------


def _place_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    tile, rule = args[0], args[1]
    if tile == "ocean":
        return True  # an ocean that has nowhere to go is simply not placed
    return bool(legal_spaces(g, p.seat, tile, rule))


def _place_decide(g: GameState, frame: Frame) -> list[Decision]:
    seat, card, tile, rule = frame[1], frame[2], frame[3], frame[4]
    what = f"Place {'an' if tile == 'ocean' else 'a'} {tile} tile"
    if card:
        what += f" ({card_def(card).name})"
    return [SelectSpace(seat, what, legal_spaces(g, seat, tile, rule), tile, card)]


def _place_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseSpace)
    card = frame[2]
    place_tile(g, seat, frame[3], answer.space, card)
    if len(frame) > 5 and frame[5]:
        push(g, (frame[5], seat, card, answer.space))


@op("place", decide=_place_decide, resolve=_place_resolve, feasible=_place_feasible)
def _place(g: GameState, frame: Frame) -> Frame | None:
    tile = frame[3]
    if tile == "ocean" and g.oceans >= OCEANS_MAX:
        return None
    if not legal_spaces(g, frame[1], tile, frame[4]):
        return None
    return frame


def _claim_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [
        SelectSpace(
            frame[1],
            "Claim a space",
            legal_spaces(g, frame[1], "claim", "claim"),
            "claim",
            frame[2],
        )
    ]


def _claim_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseSpace)
    g.claims[answer.space] = seat
    log(g, "claim", seat, answer.space)


def _claim_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(legal_spaces(g, p.seat, "claim", "claim"))


@op("claim", decide=_claim_decide, resolve=_claim_resolve, feasible=_claim_feasible)
def _claim(g: GameState, frame: Frame) -> Frame | None:
    return frame if legal_spaces(g, frame[1], "claim", "claim") else None


@op("mining_prod")
def _mining_prod(g: GameState, frame: Frame) -> None:
    """+1 production of the metal the card's tile space offered (Mining Rights / Mining Area)."""
    card = frame[2]
    space = frame[3] if len(frame) > 3 else next((s for s, c in g.specials.items() if c == card), 0)
    sp = g.map.spaces[space] if space else None
    if sp is None:
        return None
    p = _player(g, frame)
    if "steel" in sp.bonus:
        change_prod(g, p, R["steel"], 1)
    elif "titanium" in sp.bonus:
        change_prod(g, p, R["titanium"], 1)
    return None


def _flood_targets(g: GameState, seat: int, space: int) -> list[int | None]:
    sp = g.map.spaces[space]
    assert sp is not None
    seats = sorted({g.owners[n] for n in sp.neighbours if g.owners[n] >= 0 and g.owners[n] != seat})
    return [*seats, None]


def _flood_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [
        SelectPlayer(
            frame[1],
            "Make an adjacent tile's owner lose 4 M€",
            _flood_targets(g, frame[1], frame[3]),
            frame[2],
        )
    ]


def _flood_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChoosePlayer)
    if answer.seat is not None:
        gain(g, g.players[answer.seat], MC, -4)
        log(g, "lose", answer.seat, "megacredits", 4)


@op("flood", decide=_flood_decide, resolve=_flood_resolve)
def _flood(g: GameState, frame: Frame) -> Frame | None:
    return frame if len(_flood_targets(g, frame[1], frame[3])) > 1 else None


# --- cards ------------------------------------------------------------------------------------


@op("draw")
def _draw(g: GameState, frame: Frame) -> None:
    draw_into_hand(g, _player(g, frame), frame[3])
    return None


def _look_decide(g: GameState, frame: Frame) -> list[Decision]:
    revealed, keep = frame[4], frame[5]
    keep = min(keep, len(revealed))
    return [
        SelectCards(
            frame[1], f"Keep {keep} of these cards", revealed, keep, keep, 0, "keep", frame[2]
        )
    ]


def _look_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    kept = set(answer.cards)
    for c in frame[4]:
        (p.hand if c in kept else g.discard).append(c)


@op("look", decide=_look_decide, resolve=_look_resolve)
def _look(g: GameState, frame: Frame) -> Frame | None:
    """Reveal the top n cards; the frame then waits with them until the player keeps some."""
    if len(frame) > 5:
        return frame
    n, keep = frame[3], frame[4]
    revealed = draw_cards(g, n)
    if not revealed:
        return None
    return ("look", frame[1], frame[2], n, tuple(revealed), keep)


def _can_pay(p: Player, cost: int) -> bool:
    return p.res[MC] + (p.res[HEAT] if heat_as_mc(p) else 0) >= cost


def pay_megacredits(p: Player, cost: int) -> None:
    """Pay with M€, then with heat if the player may (Helion)."""
    from_mc = min(cost, p.res[MC])
    p.res[MC] -= from_mc
    rest = cost - from_mc
    if rest:
        p.res[HEAT] -= rest


def _buy_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = _player(g, frame)
    top = frame[3]
    return [
        SelectCards(
            p.seat,
            f"Buy {card_def(top[0]).name} for {CARD_BUY_COST} M€?",
            top,
            0,
            1 if _can_pay(p, CARD_BUY_COST) else 0,
            CARD_BUY_COST,
            "buy",
            frame[2],
        )
    ]


def _buy_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    if answer.cards:
        pay_megacredits(p, CARD_BUY_COST)
        p.hand.extend(answer.cards)
    else:
        g.discard.extend(frame[3])


@op("buy_top", decide=_buy_decide, resolve=_buy_resolve)
def _buy_top(g: GameState, frame: Frame) -> Frame | None:
    if len(frame) > 3:
        return frame
    top = draw_cards(g, 1)
    return ("buy_top", frame[1], frame[2], tuple(top)) if top else None


@op("reveal_tag")
def _reveal_tag(g: GameState, frame: Frame) -> None:
    """Reveal the top card; if it has the tag, add a resource to this card (Search For Life)."""
    tag = frame[3]  # the resource added is the card's own kind
    top = draw_cards(g, 1)
    if not top:
        return None
    log(g, "reveal", frame[1], card_number(top[0]))
    g.discard.append(top[0])
    if tag in card_def(top[0]).tags:
        p = _player(g, frame)
        p.card_res[frame[2]] = p.card_res.get(frame[2], 0) + 1
    return None


def _swap_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = _player(g, frame)
    return [
        SelectCards(p.seat, "Discard a card to draw a card?", p.hand, 0, 1, 0, "discard", frame[2])
    ]


def _swap_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    if answer.cards:
        p.hand.remove(answer.cards[0])
        g.discard.append(answer.cards[0])
        draw_into_hand(g, p, 1)


@op("swap_card", decide=_swap_decide, resolve=_swap_resolve)
def _swap_card(g: GameState, frame: Frame) -> Frame | None:
    return frame if _player(g, frame).hand else None


# --- resources on cards -----------------------------------------------------------------------


def _holders(p: Player, kind: str, exclude: int = 0) -> list[int]:
    return [c for c in tableau(p) if c != exclude and card_def(c).resource == kind]


def add_card_resource(p: Player, card: int, n: int) -> None:
    p.card_res[card] = p.card_res.get(card, 0) + n


def _add_candidates(g: GameState, frame: Frame) -> list[int]:
    p = _player(g, frame)
    kind, target = frame[3], frame[5]
    return _holders(p, kind, exclude=frame[2] if target == "other" else 0)


def _add_decide(g: GameState, frame: Frame) -> list[Decision]:
    kind, n = frame[3], frame[4]
    return [
        SelectCards(
            frame[1],
            f"Add {n} {kind}(s) to a card",
            _add_candidates(g, frame),
            1,
            1,
            0,
            "add",
            frame[2],
        )
    ]


def _add_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    add_card_resource(g.players[seat], answer.cards[0], frame[4])


def _add_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    kind, _n, target, required = args
    if target == "self" or not required:
        return True
    return bool(_holders(p, kind, exclude=card if target == "other" else 0))


@op("add", decide=_add_decide, resolve=_add_resolve, feasible=_add_feasible)
def _add(g: GameState, frame: Frame) -> Frame | None:
    p = _player(g, frame)
    n, target = frame[4], frame[5]
    if target == "self":
        add_card_resource(p, frame[2], n)
        return None
    candidates = _add_candidates(g, frame)
    if len(candidates) == 1:
        add_card_resource(p, candidates[0], n)
        return None
    return frame if candidates else None


def _add_to_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    target = args[0]
    return isinstance(target, int) and card_def(target).resource is not None


@op("add_to", feasible=_add_to_feasible)
def _add_to(g: GameState, frame: Frame) -> None:
    """Add resources to one named card (the card that fired a trigger, for Viral Enhancers)."""
    target, n = frame[3], frame[4]
    if card_def(target).resource is not None:
        add_card_resource(_player(g, frame), target, n)
    return None


def _existing_candidates(p: Player) -> list[int]:
    return [c for c in tableau(p) if p.card_res.get(c, 0) > 0]


def _existing_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = _player(g, frame)
    return [
        SelectCards(
            p.seat,
            "Add a resource to a card that has one",
            _existing_candidates(p),
            1,
            1,
            0,
            "add",
            frame[2],
        )
    ]


def _existing_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    add_card_resource(g.players[seat], answer.cards[0], frame[3])


def _existing_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(_existing_candidates(p))


@op("add_existing", decide=_existing_decide, resolve=_existing_resolve, feasible=_existing_feasible)
def _add_existing(g: GameState, frame: Frame) -> Frame | None:
    return frame if _existing_candidates(_player(g, frame)) else None


def _spend_res_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return p.card_res.get(card, 0) >= int(args[1])


@op("spend_res", feasible=_spend_res_feasible)
def _spend_res(g: GameState, frame: Frame) -> None:
    p = _player(g, frame)
    p.card_res[frame[2]] = p.card_res.get(frame[2], 0) - frame[4]
    return None


def _removable(g: GameState, attacker: int, owner: Player, card: int, kind: str) -> bool:
    """May `attacker` take `kind` resources off `owner`'s `card`?"""
    cd = card_def(card)
    if cd.resource != kind or owner.card_res.get(card, 0) <= 0 or cd.protects_resources:
        return False
    if owner.seat != attacker and kind in (ANIMAL, MICROBE):
        return not any(card_def(c).protects_owner for c in tableau(owner))
    return True


def _card_sources(g: GameState, seat: int, kind: str, exclude: int) -> list[int]:
    return [
        c for q in g.players for c in tableau(q) if c != exclude and _removable(g, seat, q, c, kind)
    ]


def _card_owner(g: GameState, card: int) -> Player:
    for q in g.players:
        if card == q.corp or card in q.played:
            return q
    raise KeyError(card)


def _move_decide(g: GameState, frame: Frame) -> list[Decision]:
    kind = frame[3]
    sources = _card_sources(g, frame[1], kind, frame[2])
    return [SelectCards(frame[1], f"Take 1 {kind} from a card", sources, 1, 1, 0, "take", frame[2])]


def _move_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    source = answer.cards[0]
    owner = _card_owner(g, source)
    owner.card_res[source] -= 1
    add_card_resource(g.players[seat], frame[2], 1)


def _move_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(_card_sources(g, p.seat, args[0], card))


@op("move_res", decide=_move_decide, resolve=_move_resolve, feasible=_move_feasible)
def _move_res(g: GameState, frame: Frame) -> Frame | None:
    return frame if _card_sources(g, frame[1], frame[3], frame[2]) else None


def _remove_card_decide(g: GameState, frame: Frame) -> list[Decision]:
    kind, n = frame[3], frame[4]
    sources = _card_sources(g, frame[1], kind, 0)
    return [
        SelectCards(
            frame[1],
            f"Remove up to {n} {kind}(s) from a card (or none)",
            sources,
            0,
            1,
            0,
            "remove",
            frame[2],
        )
    ]


def _remove_card_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    if answer.cards:
        card = answer.cards[0]
        owner = _card_owner(g, card)
        owner.card_res[card] -= min(frame[4], owner.card_res[card])


@op("remove_card_res", decide=_remove_card_decide, resolve=_remove_card_resolve)
def _remove_card_res(g: GameState, frame: Frame) -> Frame | None:
    return frame if _card_sources(g, frame[1], frame[3], 0) else None


# --- other players ----------------------------------------------------------------------------


def _plants_protected(q: Player) -> bool:
    return any(card_def(c).protects_owner for c in tableau(q))


def _remove_targets(g: GameState, seat: int, res: str) -> list[int]:
    r = R[res]
    return [
        q.seat
        for q in g.players
        if q.seat != seat and q.res[r] > 0 and not (r == PLANTS and _plants_protected(q))
    ]


def _remove_decide(g: GameState, frame: Frame) -> list[Decision]:
    res, n = frame[3], frame[4]
    targets: list[int | None] = [*_remove_targets(g, frame[1], res), None]
    return [
        SelectPlayer(
            frame[1], f"Remove up to {n} {res} from a player (or nobody)", targets, frame[2]
        )
    ]


def _remove_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChoosePlayer)
    if answer.seat is None:
        return
    q = g.players[answer.seat]
    r = R[frame[3]]
    taken = min(frame[4], q.res[r])
    q.res[r] -= taken
    log(g, "lose", q.seat, frame[3], taken)


@op("remove_any", decide=_remove_decide, resolve=_remove_resolve)
def _remove_any(g: GameState, frame: Frame) -> Frame | None:
    if g.options.solo:
        return None  # the neutral opponent absorbs it
    return frame if _remove_targets(g, frame[1], frame[3]) else None


def _steal_targets(g: GameState, seat: int, res: str) -> list[int]:
    r = R[res]
    return [q.seat for q in g.players if q.seat != seat and q.res[r] > 0]


def _steal_decide(g: GameState, frame: Frame) -> list[Decision]:
    res, n = frame[3], frame[4]
    targets: list[int | None] = [*_steal_targets(g, frame[1], res), None]
    return [SelectPlayer(frame[1], f"Steal up to {n} {res} from a player", targets, frame[2])]


def _steal_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChoosePlayer)
    if answer.seat is None:
        return
    q = g.players[answer.seat]
    r = R[frame[3]]
    taken = min(frame[4], q.res[r])
    q.res[r] -= taken
    g.players[seat].res[r] += taken
    log(g, "steal", seat, q.seat, frame[3], taken)


@op("steal", decide=_steal_decide, resolve=_steal_resolve)
def _steal(g: GameState, frame: Frame) -> Frame | None:
    if g.options.solo:
        gain(g, _player(g, frame), R[frame[3]], frame[4])  # the neutral opponent has plenty
        return None
    return frame if _steal_targets(g, frame[1], frame[3]) else None


def _prod_targets(g: GameState, res: str, n: int) -> list[int]:
    r = R[res]
    floor = PRODUCTION_FLOOR[r]
    return [q.seat for q in g.players if q.prod[r] - n >= floor]


def _prod_any_decide(g: GameState, frame: Frame) -> list[Decision]:
    res, n = frame[3], frame[4]
    targets: list[int | None] = list(_prod_targets(g, res, n))
    return [SelectPlayer(frame[1], f"Lower a player's {res} production by {n}", targets, frame[2])]


def _prod_any_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChoosePlayer)
    assert answer.seat is not None
    change_prod(g, g.players[answer.seat], R[frame[3]], -frame[4])
    log(g, "prod_lowered", answer.seat, frame[3], frame[4])


def _prod_any_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return g.options.solo or bool(_prod_targets(g, args[0], args[1]))


@op("prod_any", decide=_prod_any_decide, resolve=_prod_any_resolve, feasible=_prod_any_feasible)
def _prod_any(g: GameState, frame: Frame) -> Frame | None:
    if g.options.solo:
        return None  # lowered on the neutral opponent
    targets = _prod_targets(g, frame[3], frame[4])
    if not targets:
        return None
    if len(targets) == 1 and targets[0] != frame[1]:
        change_prod(g, g.players[targets[0]], R[frame[3]], -frame[4])
        log(g, "prod_lowered", targets[0], frame[3], frame[4])
        return None
    return frame


# --- choices ----------------------------------------------------------------------------------


def _has_effect(g: GameState, p: Player, card: int, instr: tuple[Any, ...]) -> bool:
    """Would this optional instruction do anything now? (An "up to" effect with nobody to
    target is legal but empty; a choice prefers alternatives that do something.)"""
    op_name = instr[0]
    if op_name == "remove_any":
        return g.options.solo or bool(_remove_targets(g, p.seat, instr[1]))
    if op_name == "steal":
        return g.options.solo or bool(_steal_targets(g, p.seat, instr[1]))
    if op_name == "remove_card_res":
        return bool(_card_sources(g, p.seat, instr[1], 0))
    if op_name == "add" and instr[3] != "self":
        return bool(_holders(p, instr[1], exclude=card if instr[3] == "other" else 0))
    return True


def _enabled(g: GameState, frame: Frame) -> list[int]:
    """Alternatives that can be carried out; of those, the ones that do something, if any."""
    p = _player(g, frame)
    card = frame[2]
    feasible = [i for i, (_, effects) in enumerate(frame[3]) if all_feasible(g, p, card, effects)]
    useful = [
        i for i in feasible if all(_has_effect(g, p, card, instr) for instr in frame[3][i][1])
    ]
    return useful or feasible


def _choose_decide(g: GameState, frame: Frame) -> list[Decision]:
    labels = [label for label, _ in frame[3]]
    return [SelectOption(frame[1], "Choose one", labels, _enabled(g, frame), frame[2])]


def _choose_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    push_effects(g, seat, frame[2], frame[3][answer.index][1])


def _choose_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return any(all_feasible(g, p, card, effects) for _, effects in args[0])


@op("choose", decide=_choose_decide, resolve=_choose_resolve, feasible=_choose_feasible)
def _choose(g: GameState, frame: Frame) -> Frame | None:
    enabled = _enabled(g, frame)
    if len(enabled) == 1:
        push_effects(g, frame[1], frame[2], frame[3][enabled[0]][1])
        return None
    return frame if enabled else None


def _convert_max(p: Player, mode: str, source: str) -> int:
    r = R[source]
    return p.prod[r] if mode == "prod" else p.res[r]


def _convert_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = _player(g, frame)
    mode, source, target = frame[3], frame[4], frame[5]
    what = "production" if mode == "prod" else ""
    return [
        SelectAmount(
            p.seat,
            f"How much {source} {what} to turn into {target} {what}".replace("  ", " "),
            1,
            _convert_max(p, mode, source),
            frame[2],
        )
    ]


def _convert_apply(g: GameState, p: Player, frame: Frame, n: int) -> None:
    mode, source, target = frame[3], frame[4], frame[5]
    if mode == "prod":
        change_prod(g, p, R[source], -n)
        change_prod(g, p, R[target], n)
    else:
        gain(g, p, R[source], -n)
        gain(g, p, R[target], n)


def _convert_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseAmount)
    _convert_apply(g, g.players[seat], frame, answer.amount)


def _convert_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return _convert_max(p, args[0], args[1]) >= 1


@op("convert", decide=_convert_decide, resolve=_convert_resolve, feasible=_convert_feasible)
def _convert(g: GameState, frame: Frame) -> Frame | None:
    most = _convert_max(_player(g, frame), frame[3], frame[4])
    if most == 1:
        _convert_apply(g, _player(g, frame), frame, 1)
        return None
    return frame if most > 1 else None


def _copy_candidates(g: GameState, p: Player, tag: str, exclude: int) -> list[int]:
    return [
        c
        for c in p.played
        if c != exclude
        and tag in (cd := card_def(c)).tags
        and cd.production_box
        and all_feasible(g, p, c, cd.production_box)
    ]


def _copy_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = _player(g, frame)
    cands = _copy_candidates(g, p, frame[3], frame[2])
    return [
        SelectCards(p.seat, "Repeat the production box of a card", cands, 1, 1, 0, "copy", frame[2])
    ]


def _copy_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    chosen = answer.cards[0]
    push_effects(g, seat, chosen, card_def(chosen).production_box)


def _copy_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(_copy_candidates(g, p, args[0], card))


@op("copy_prod", decide=_copy_decide, resolve=_copy_resolve, feasible=_copy_feasible)
def _copy_prod(g: GameState, frame: Frame) -> Frame | None:
    return frame if _copy_candidates(g, _player(g, frame), frame[3], frame[2]) else None


@op("next_card")
def _next_card(g: GameState, frame: Frame) -> None:
    _player(g, frame).mods.append((frame[3], frame[4]))
    return None


# --- the order of simultaneous triggers -------------------------------------------------------


def _distinct_batches(batches: Any) -> list[int]:
    """Indices of the first of each group of identical batches (choosing among twins is moot)."""
    seen: set[str] = set()
    out = []
    for i, (card, effects) in enumerate(batches):
        key = repr((card, [list(e) for e in effects]))
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def _order_decide(g: GameState, frame: Frame) -> list[Decision]:
    batches = frame[3]
    labels = [card_def(card).name for card, _ in batches]
    return [
        SelectOption(
            frame[1], "Choose which effect resolves first", labels, _distinct_batches(batches)
        )
    ]


def _order_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    batches = frame[3]
    card, effects = batches[answer.index]
    rest = tuple(b for i, b in enumerate(batches) if i != answer.index)
    if rest:
        push(g, ("order", seat, 0, rest))
    push_effects(g, seat, card, effects)


@op("order", decide=_order_decide, resolve=_order_resolve)
def _order(g: GameState, frame: Frame) -> Frame | None:
    """Several of a player's effects triggered together; the player picks which goes first."""
    batches = frame[3]
    asking = [i for i in _distinct_batches(batches) if asks(list(batches[i][1]))]
    if len(asking) < 2:
        for card, effects in reversed(batches):
            push_effects(g, frame[1], card, effects)
        return None
    return frame
