"""The public face of the engine: a game you create, ask, answer, copy and save.

    game = Game.new(GameOptions(players=2, seed=7))
    while not game.is_over:
        decision = game.decisions()[0]
        game.apply(decision.player, decision.sample(rnd))   # checked
    game.result()

`apply` validates and raises a typed error, leaving the game untouched; `push` is the fast
unchecked path for bots that only play legal answers. With the undo option, `undo` takes back
the seat's own latest answers (see undo.py). `to_bytes`/`from_bytes` save and load at
any decision point; `clone` copies in memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson

from . import (
    flow as _flow,  # noqa: F401  (registers the phase instructions)
    ops as _ops,  # noqa: F401  (registers the card-effect instructions)
    prelude as _prelude,  # noqa: F401  (registers the Prelude expansion's rules)
    turn as _turn,  # noqa: F401  (registers the action phase)
)
from .actions import Answer, from_dict, parse
from .board import LAND
from .cards.catalogue import (
    BEGINNER_ID,
    corporation_pool,
    get as card_def,
    prelude_pool,
    project_deck,
)
from .colonies import deal_colonies
from .constants import CITY, GREENERY, NEUTRAL, SOLO_STARTING_TR, STARTING_TR
from .decisions import Decision
from .errors import (
    CorruptState,
    GameFinished,
    InvalidPosition,
    MalformedAction,
    NotYourDecision,
    UndoNotAllowed,
    UndoOff,
)
from .interpreter import pending_decisions, run
from .mutate import draw_cards
from .options import GameOptions
from .placement import legal_spaces
from .position import build as build_position, position_of
from .prelude import PRELUDES_DEALT, draw_preludes
from .rng import below, seed_state, shuffle
from .scoring import Score, result, scores
from .state import GameState, Player
from .undo import Undo, parse_undo, push_recorded, raw_push, take_back, undoable
from .version import check_rules, current_rules
from .view import view

# A step of a game's history: an answer (object, text or dict), or an answer taken back.
HistoryEntry = Answer | Undo | str | dict[str, Any]


def coerce_answer(answer: Answer | str | dict[str, Any]) -> Answer:
    """Accept an answer object, its text notation or its dict form."""
    if isinstance(answer, Answer):
        return answer
    if isinstance(answer, str):
        return parse(answer)
    if isinstance(answer, dict):
        return from_dict(answer)
    raise MalformedAction(f"cannot read an answer from {type(answer).__name__}")


class Game(GameState):
    __slots__ = ()

    # --- creation and loading ----------------------------------------------------------------
    @classmethod
    def new(
        cls, options: GameOptions | None = None, *, rules: int | None = None, **kwargs: Any
    ) -> Game:
        """A game dealt from `options`, played by the rules of version `rules` (the current
        ones; an older game's own to replay it, see version.py)."""
        opts = options if options is not None else GameOptions(**kwargs)
        g = cls(opts, check_rules(current_rules() if rules is None else rules))
        n = opts.players
        g.rng = seed_state(opts.seed)
        tr = SOLO_STARTING_TR if opts.solo else STARTING_TR
        g.players = [Player(i, tr) for i in range(n)]
        if not opts.corporate_era:
            for p in g.players:
                p.prod = [1, 1, 1, 1, 1, 1]
        g.deck = list(project_deck(opts.corporate_era, opts.prelude, opts.colonies, opts.venus))
        g.rng = shuffle(g.rng, g.deck)
        corps = list(corporation_pool(opts.corporate_era, opts.prelude, opts.colonies, opts.venus))
        g.rng = shuffle(g.rng, corps)
        g.first, g.rng = below(g.rng, n)
        if opts.solo:
            _place_neutral_tiles(g)
        chosen: list[tuple[int, int, tuple[int, ...]]] = []
        pending: list[int] = []
        for p in g.players:
            p.dealt = draw_cards(g, 10)
            if opts.is_beginner(p.seat):
                p.dealt_corps = [BEGINNER_ID]
                chosen.append((p.seat, BEGINNER_ID, tuple(p.dealt)))
            else:
                p.dealt_corps = [corps.pop(), corps.pop()]
                pending.append(p.seat)
        if opts.prelude:
            # Dealt last, so that the rest of the deal is the same as without the expansion.
            g.prelude_deck = list(prelude_pool())
            g.rng = shuffle(g.rng, g.prelude_deck)
            for p in g.players:
                p.preludes = draw_preludes(g, PRELUDES_DEALT)
        g.stack = [("setup", -1, 0, tuple(pending), tuple(chosen))]
        if opts.colonies:
            deal_colonies(g)  # last too; a solo player's tile removal goes before setup
        run(g)
        return g

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> Game:
        """A game set up from a position (docs/positions.md), checked: InvalidPosition (or a
        subclass) naming the field at fault. The game remembers the position (`origin`): a
        save keeps it, `replay_from` starts from it, and undo cannot go back before it."""
        g = cls.__new__(cls)
        try:
            build_position(g, position)
        except InvalidPosition:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a shape not foreseen
            raise InvalidPosition("", f"cannot read the position: {exc!r}") from exc
        g.origin = position_of(g)
        return g

    def to_position(self) -> dict[str, Any]:
        """This game's position, a plain JSON-able dict that `from_position` sets up again;
        UnsupportedDecision in the middle of an action (see docs/positions.md)."""
        return position_of(self)

    @classmethod
    def replay_from(
        cls, position: dict[str, Any], answers: Iterable[tuple[int, HistoryEntry]]
    ) -> Game:
        """`replay` for a game set up from a position (its `origin`)."""
        return cls.from_position(position).replay_steps(answers)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Game:
        g = cls.__new__(cls)
        try:
            g.load_data(data)
        except CorruptState:
            raise
        except Exception as exc:  # any shape error in foreign data
            raise CorruptState(f"cannot load game: {exc}") from exc
        return g

    @classmethod
    def from_bytes(cls, raw: bytes) -> Game:
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise CorruptState(f"not a saved game: {exc}") from exc
        if not isinstance(data, dict):
            raise CorruptState("not a saved game")
        return cls.from_data(data)

    @classmethod
    def replay(
        cls,
        options: GameOptions,
        answers: Iterable[tuple[int, HistoryEntry]],
        *,
        rules: int | None = None,
    ) -> Game:
        """Rebuild a game from its options and the answers given, checking each one. An
        entry may also be an `Undo` (or its text, "undo 2"): the seat took answers back.
        `rules`: the version the game was played by (default the current one, version.py)."""
        return cls.new(options, rules=rules).replay_steps(answers)

    def replay_steps(self, answers: Iterable[tuple[int, HistoryEntry]]) -> Game:
        """Play these recorded steps (checked, as `replay_step`); returns the game."""
        for seat, answer in answers:
            self.replay_step(seat, answer)
        return self

    def replay_step(self, seat: int, entry: HistoryEntry, own: bool = True) -> None:
        """One checked step of a recorded history: an answer, or an undo. `own`: the seat
        answered itself (False for a bot's or a timeout's answer, which the seat cannot take
        back), as when it was first made."""
        undo = entry if isinstance(entry, Undo) else None
        if isinstance(entry, str):
            undo = parse_undo(entry)
        if undo is not None:
            self.undo(seat, undo.count)
            return
        assert not isinstance(entry, Undo)
        self.apply(seat, entry, own=own)

    def clone(self) -> Game:
        g = Game.__new__(Game)
        self.copy_into(g)
        return g

    # --- asking ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "ended"

    def decisions(self) -> list[Decision]:
        """Every decision pending now (several in simultaneous phases; none when over)."""
        cached = self._cache
        if cached is None:
            cached = self._cache = pending_decisions(self)
            window = self.undo_window
            if window is not None:
                for d in cached:
                    if d.player == window.seat:
                        d.undoable = undoable(self, d.player)
        return cached

    def waiting_for(self) -> list[int]:
        return [d.player for d in self.decisions()]

    def decision_for(self, seat: int) -> Decision:
        if self.is_over:
            raise GameFinished("the game is over")
        for d in self.decisions():
            if d.player == seat:
                return d
        waiting = ", ".join(str(s) for s in self.waiting_for()) or "nobody"
        raise NotYourDecision(f"seat {seat} has nothing to decide now (waiting for: {waiting})")

    def legal_actions(self, seat: int) -> list[Answer]:
        return list(self.decision_for(seat).legal_actions())

    # --- answering ---------------------------------------------------------------------------
    def apply(self, seat: int, answer: Answer | str | dict[str, Any], own: bool = True) -> None:
        """Checked: raise a typed error (and change nothing) unless the answer is legal."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise MalformedAction("seat must be an integer")
        parsed = coerce_answer(answer)
        self.decision_for(seat).check(parsed)
        self.push(seat, parsed, own)

    def push(self, seat: int, answer: Answer, own: bool = True) -> None:
        """Unchecked: apply an answer known to be legal. `own` (the undo option only): the
        seat chose it itself; a bot's or a timeout's answer made for it cannot be taken back."""
        if self.options.undo:
            push_recorded(self, seat, answer, own)
        else:
            raw_push(self, seat, answer)

    # --- taking answers back (the undo option) -----------------------------------------------
    def undoable(self, seat: int) -> int:
        """How many of its latest answers `seat` may take back now (0 without the option)."""
        return undoable(self, seat) if self.options.undo else 0

    def undo(self, seat: int, count: int = 1) -> None:
        """Checked: take back `seat`'s last `count` answers, restoring the state before them;
        a typed error (and nothing changed) when that is not allowed."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise MalformedAction("seat must be an integer")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise MalformedAction(f"count must be a whole number of answers (1 or more): {count!r}")
        if not self.options.undo:
            raise UndoOff("this table was created without the undo option")
        if self.is_over:
            raise GameFinished("the game is over")
        available = undoable(self, seat)
        if count > available:
            raise UndoNotAllowed(
                f"seat {seat} can take back {available} answer(s) now, not {count}: only its "
                "own latest answers, since the last answer of another seat, none of which "
                "drew or revealed a card or used chance"
            )
        take_back(self, seat, count)

    # --- results -----------------------------------------------------------------------------
    def scores(self) -> list[Score]:
        return scores(self)

    def result(self) -> dict[str, Any]:
        return result(self)

    def view(self, viewer: int | None = None, live_scores: bool | None = None) -> dict[str, Any]:
        return view(self, viewer, live_scores)


def _place_neutral_tiles(g: Game) -> None:
    """Solo: two neutral cities, each with a neutral greenery beside it, before setup.

    Positions come from the costs of cards drawn for the purpose (then discarded): the first
    city counts from the top-left corner of the free city spaces, the second from the
    bottom-right, each greenery clockwise around its city."""
    drawn: list[int] = []

    def next_cost() -> int:
        cards = draw_cards(g, 1)
        drawn.extend(cards)
        return card_def(cards[0]).cost or 0

    for from_end in (False, True):
        spaces = legal_spaces(g, NEUTRAL, "city", "city")
        if from_end:
            spaces.reverse()
        city = spaces[next_cost() % len(spaces)]
        g.tiles[city] = CITY
        g.owners[city] = NEUTRAL
        sp = g.map.space(city)
        around = [
            n
            for n in sp.neighbours
            if g.tiles[n] == 0 and g.map.space(n).kind == LAND and n not in g.claims
        ]
        if around:
            green = around[next_cost() % len(around)]
            g.tiles[green] = GREENERY
            g.owners[green] = NEUTRAL
    g.discard.extend(drawn)
