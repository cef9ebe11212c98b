"""Venus Next's solar phase: World Government Terraforming, and the solo win with Venus.

After a production phase that does not end the game, the first player raises one global
parameter not yet at its goal by a step, or places an ocean, for the World Government: nobody
gains TR, no placement bonus or ocean adjacency is paid, no track bonus is given (no heat
production, no Venus card or TR, and no chained step: oxygen reaching 8% does not raise the
temperature). Cards that react to any player's change still fire (Aphrodite's M€ for a Venus
step, Arctic Algae's plants for an ocean). The rules summary's reading; see docs/venus.md.
"""

from __future__ import annotations

from .actions import Answer, ChooseSpace
from .constants import (
    NOBODY,
    OCEANS_MAX,
    OXYGEN,
    OXYGEN_MAX,
    TEMPERATURE,
    TEMPERATURE_MAX,
    VENUS,
    VENUS_MAX,
)
from .decisions import Decision, SelectSpace
from .interpreter import op
from .mutate import log, place_tile, push, raise_oxygen, raise_temperature, raise_venus
from .placement import legal_spaces
from .prompts import prompt
from .state import Frame, GameState
from .venus_ops import floater_cards  # noqa: F401  (registers the Venus cards' instructions)

_RAISES = {TEMPERATURE: raise_temperature, OXYGEN: raise_oxygen, VENUS: raise_venus}


def push_solar_phase(g: GameState) -> None:
    """Queue World Government Terraforming (when the game's options have it) to run before
    whatever the caller pushed last."""
    if g.options.wgt:
        push(g, ("world_government", g.first, 0))


def world_government_choices(g: GameState, seat: int) -> list[tuple[str, tuple[tuple[str, ...]]]]:
    """The steps the World Government can take now, as `choose` alternatives."""
    out: list[tuple[str, tuple[tuple[str, ...]]]] = []
    if g.temperature < TEMPERATURE_MAX:
        out.append(("World Government: raise the temperature", (("wg_raise", TEMPERATURE),)))
    if g.oxygen < OXYGEN_MAX:
        out.append(("World Government: raise the oxygen", (("wg_raise", OXYGEN),)))
    if g.oceans < OCEANS_MAX and legal_spaces(g, seat, "ocean", "ocean"):
        out.append(("World Government: place an ocean", (("wg_ocean",),)))
    if g.venus < VENUS_MAX:
        out.append(("World Government: raise Venus", (("wg_raise", VENUS),)))
    return out


@op("world_government")
def _world_government(g: GameState, frame: Frame) -> None:
    seat = frame[1]
    choices = world_government_choices(g, seat)
    if choices:  # everything at its goal: nothing to do
        push(g, ("choose", seat, 0, tuple(choices)))
    return None


@op("wg_raise")
def _wg_raise(g: GameState, frame: Frame) -> None:
    log(g, "world_government", frame[1], frame[3])
    _RAISES[frame[3]](g, -1, 1)  # seat -1: nobody's raise (no TR, no bonus)
    return None


def _wg_ocean_decide(g: GameState, frame: Frame) -> list[Decision]:
    seat = frame[1]
    spaces = legal_spaces(g, seat, "ocean", "ocean")
    return [SelectSpace(seat, prompt("world_government_ocean"), spaces, "ocean", 0)]


def _wg_ocean_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseSpace)
    log(g, "world_government", seat, "ocean")
    place_tile(g, NOBODY, "ocean", answer.space)  # nobody's: no bonus, no TR


@op("wg_ocean", decide=_wg_ocean_decide, resolve=_wg_ocean_resolve)
def _wg_ocean(g: GameState, frame: Frame) -> Frame | None:
    return frame if g.oceans < OCEANS_MAX and legal_spaces(g, frame[1], "ocean", "ocean") else None


def solo_venus_done(g: GameState) -> bool:
    """The solo win's extra goal with Venus Next: Venus at 30% (always met without it)."""
    return not g.options.venus or g.venus >= VENUS_MAX
