"""Every kind of decision answered through the page (marked `browser`): the test sits the page
at seat 0 of a 2-person Colonies table with undo, and plays both seats from the host side with
the SDK's random player, except that whenever seat 0 is asked something still on the list the
page answers it by clicking: a project card paid with steel, titanium or heat, a standard
project and the space it needs (highlighted on the map), a milestone or an award, a trade, a
player target, an option, an amount, and an undo. Also the setup's card limit, the Colonies
tiles, and resigning and aborting (each asked first). Screenshots under artifacts/screenshots/.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from browser_support import EN, create_table, open_page, record, shot, version
from web_support import WebStack, web_stack

from olympus.client.players import pick
from olympus.client.sdk import OlympusClient, SeatHandle

pytestmark = pytest.mark.browser
SEED = 3  # seat 0 is dealt PhoboLog (7 cards affordable) and a corporation that affords 10
ANSWER_LIMIT = 1500  # answers in one game: more is a game that does not end
GAMES = 4  # games played at most for the page to have answered every kind
PLAY_BIAS = 0.7
TILE_PROJECTS = ("AQUIFER", "GREENERY", "CITY")


@dataclass
class Table:
    page: Any
    game_id: str
    seats: list[SeatHandle]
    answered: dict[str, int]  # what the page answered: name -> the version it made


def wait_for(page: Any, version_now: int, kind: str) -> None:
    """Until the page shows `version_now` and a decision of `kind`."""
    page.wait_for_function(f"Number(document.body.dataset.version) >= {version_now}")
    page.wait_for_selector(f"#decision[data-kind='DECISION_KIND_{kind}']")


def click(page: Any, locator: Any) -> int:
    """Clicks and waits for the new version; the version the answer made."""
    before = int(version(page))
    refusals = page.evaluate("document.body.dataset.refusals || '0'")
    locator.first.dispatch_event("click")
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {before}"
        f" || (document.body.dataset.refusals || '0') !== '{refusals}'"
    )
    assert page.locator("#message").is_hidden(), page.inner_text("#message")
    return int(version(page))


# --- the page's answers: (wants this decision?, answer it through the page) ----------------


def paid_play(d: dict[str, Any]) -> dict[str, Any] | None:
    for offer in d.get("play", []):
        suggested = offer.get("suggested", {})
        if any(suggested.get(k) for k in ("steel", "titanium", "heat")):
            return offer
    return None


def answer_paid_play(table: Table, d: dict[str, Any]) -> None:
    page, offer = table.page, paid_play(d)
    assert offer is not None
    tile = page.locator(f"#playable .card[data-card='{offer['card']}']")
    used = 0
    for kind, value in (("steel", offer["steel_value"]), ("titanium", offer["titanium_value"])):
        amount = offer["suggested"].get(kind, 0)
        if amount:
            tile.locator(f"input[name=pay-{kind}]").fill(str(amount))
            used += amount * value
    if offer["suggested"].get("heat"):
        tile.locator("input[name=pay-heat]").fill(str(offer["suggested"]["heat"]))
        used += offer["suggested"]["heat"]
    # The control shows what is left to pay in M€.
    assert tile.locator(".mc-left").inner_text() == f"{max(0, offer['cost'] - used)} M€"
    before = table.seats[0].view()["players"][0]["resources"]
    table.answered["pay"] = click(page, tile.locator("[data-answer=play_card]"))
    after = table.seats[0].view()["players"][0]["resources"]
    spent = [k for k in ("steel", "titanium", "heat") if offer["suggested"].get(k)]
    assert any(after[k] < before[k] for k in spent), (offer, before, after)


def tile_project(d: dict[str, Any]) -> str | None:
    offered = {p["project"] for p in d.get("standard_projects", [])}
    return next((p for p in TILE_PROJECTS if p.lower() in offered or p in offered), None)


def answer_project_space_and_undo(table: Table, d: dict[str, Any]) -> None:
    page = table.page
    project = tile_project(d)
    assert project
    # The page offers undo exactly when the engine says this seat can take an answer back.
    assert (page.locator("#undo").count() == 1) == (table.seats[0].decision().undoable > 0)
    table.answered["standard_project"] = click(
        page, page.locator(f"[data-project='STANDARD_PROJECT_{project}']")
    )
    state = table.seats[0].decision()
    assert state.decision and state.decision["kind"] == "space", state
    wait_for(page, state.version, "SPACE")
    legal = sorted(
        int(x)
        for x in page.eval_on_selector_all(
            "#map polygon.legal", "els => els.map(e => e.dataset.space)"
        )
    )
    assert legal == sorted(state.decision["spaces"])
    shot(page, "space-highlighted")
    table.answered["space"] = click(page, page.locator("#map polygon.legal"))
    # The engine says seat 0 may take its answers back: the page offers it, and it works.
    undoable = table.seats[0].decision().undoable
    assert undoable > 0
    page.wait_for_selector("#undo")
    table.answered["undo"] = click(page, page.locator("#undo"))
    assert table.seats[0].decision().undoable == undoable - 1
    page.wait_for_function(
        "[...document.querySelectorAll('#log div')].some("
        "d => d.textContent.trim().endsWith('took back 1 answer'))"  # one answer: log.undo.one
    )


def answer_milestone_or_award(table: Table, d: dict[str, Any]) -> None:
    kind = "milestone" if d.get("milestones") else "award"
    table.answered[kind] = click(table.page, table.page.locator(f"[data-answer={kind}]"))
    view = table.seats[0].view()
    assert any(m.get("owner") == 0 for m in view["milestones"]) or any(
        a.get("funder") == 0 for a in view["awards"]
    )


def answer_trade(table: Table, d: dict[str, Any]) -> None:
    page = table.page
    tile = d["trades"][0]["tile"]
    table.answered["trade"] = click(page, page.locator("[data-answer=trade]"))
    page.wait_for_selector(f".colony-tile[data-tile='{tile}'] .fleet[data-seat='0']")
    shot(page, "colonies-trade")


def answer_build_colony(table: Table, d: dict[str, Any]) -> None:
    page = table.page
    table.answered["colony"] = click(
        page, page.locator("[data-project='STANDARD_PROJECT_BUILD_COLONY']")
    )
    # Which tile: asked next (an option), answered on the page too.
    state = table.seats[0].decision()
    while state.decision is not None and state.decision["kind"] == "option":
        wait_for(page, state.version, "OPTION")
        click(page, page.locator("[data-answer=option]:not([disabled])"))
        state = table.seats[0].decision()
    page.wait_for_selector("#colony-tiles circle.colony[data-owner='0']")
    shot(page, "colonies")


def answer_player(table: Table, d: dict[str, Any]) -> None:
    table.answered["player"] = click(table.page, table.page.locator("[data-answer=player]"))


def answer_option(table: Table, d: dict[str, Any]) -> None:
    table.answered["option"] = click(
        table.page, table.page.locator("[data-answer=option]:not([disabled])")
    )


def answer_amount(table: Table, d: dict[str, Any]) -> None:
    page = table.page
    page.fill("input[name=amount]", str(d["min"]))
    table.answered["amount"] = click(page, page.locator("#decision [data-answer=confirm]"))


Wants = Callable[[dict[str, Any]], bool]
PAGE_ANSWERS: dict[str, tuple[str, Wants, Callable[[Table, dict[str, Any]], None]]] = {
    "pay": ("ACTION", lambda d: paid_play(d) is not None, answer_paid_play),
    "standard_project": (
        "ACTION",
        lambda d: tile_project(d) is not None,
        answer_project_space_and_undo,
    ),
    "milestone_award": (
        "ACTION",
        lambda d: bool(d.get("milestones") or d.get("awards")),
        answer_milestone_or_award,
    ),
    "trade": ("ACTION", lambda d: bool(d.get("trades")), answer_trade),
    "colony": (
        "ACTION",
        lambda d: any(p["project"] == "build_colony" for p in d.get("standard_projects", [])),
        answer_build_colony,
    ),
    "player": ("PLAYER", lambda d: len(d["seats"]) > 0, answer_player),
    "option": ("OPTION", lambda d: any(o["enabled"] for o in d["options"]), answer_option),
    "amount": ("AMOUNT", lambda d: True, answer_amount),
}


# --- the table -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def quiet_stack(own_redis: Any) -> Iterator[WebStack]:
    """A stack on a Redis of its own, with no workers: the decisions games have no bot seats,
    and their many answers (timers included) stay off the workers that play the other
    browser tests' bots."""
    with web_stack(own_redis.url) as s:
        yield s


@pytest.fixture(scope="module")
def client(quiet_stack: WebStack) -> Iterator[OlympusClient]:
    with OlympusClient(quiet_stack.gamestate) as c:
        yield c


def test_setup_card_limit_then_every_decision_kind(
    browser: Any, quiet_stack: WebStack, client: OlympusClient
) -> None:
    todo = dict(PAGE_ANSWERS)
    timings: list[float] = []
    answers = 0
    # The first game's seed deals the setup the card-limit check needs; a kind the random
    # players did not bring about in one game is looked for in the next (seeded) one.
    for game_number in range(GAMES):
        seed = SEED + game_number
        made = client.create_game(2, seed=seed, colonies=True, undo=True, corporate_era=True)
        seats = [client.join(made.game_id, made.tokens[s]) for s in (0, 1)]
        page = open_page(browser, f"{quiet_stack.url}/#/join/{made.game_id}/{made.tokens[0]}")
        page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")
        if game_number == 0:
            # Nothing answered yet: the engine says no undo, and the page offers none.
            assert seats[0].decision().undoable == 0 and page.locator("#undo").count() == 0
            setup_through_the_page(page, seats)
            page.wait_for_selector("#colony-tiles .colony-tile .marker")
        answers += play(Table(page, made.game_id, seats, {}), todo, random.Random(seed))
        timings += page.evaluate("window.olympusMetrics.answers")
        assert_colonies_drawn(page, made.game_id)
        shot(page, f"decisions-game-{game_number + 1}")
        page.context.close()
        if seats[0].decision().status == "active":  # left mid-game: ended, nothing left over
            client.abort_game(made.game_id, made.host_token)
        if not todo:
            break
    assert not todo, f"not reached in {answers} answers: {sorted(todo)}"
    record("decision_answers_to_screen", timings)


def assert_colonies_drawn(page: Any, game_id: str) -> None:
    """The Colonies tiles on the page are the view's: each tile, its marker, its colonies."""
    page.wait_for_function(
        f"fetch('/api/games/{game_id}').then(r => r.json()).then(s =>"
        " String(s.game.version) === document.body.dataset.version)"
    )
    state = page.evaluate(f"fetch('/api/games/{game_id}').then(r => r.json())")
    tiles = state["game"]["colony_tiles"]
    assert page.locator("#colony-tiles .colony-tile").count() == len(tiles)
    for tile in tiles:
        drawn = page.locator(f".colony-tile[data-tile='{tile['name'].lower()}']")
        assert drawn.get_attribute("data-marker") == str(tile["marker"])
        assert drawn.locator("rect.marker").get_attribute("data-step") == str(tile["marker"])
        owners = drawn.locator("circle.colony").evaluate_all("els => els.map(e => e.dataset.owner)")
        assert owners == [str(o) for o in tile.get("colonies", [])]


def seat0_pick(d: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """Seat 0 plays cards when it can (more cards, more kinds of decision)."""
    if d["kind"] == "action" and d["play"] and rnd.random() < PLAY_BIAS:
        offer = rnd.choice(d["play"])
        return {"type": "play_card", "card": offer["card"], "payment": offer["suggested"]}
    return pick(d, rnd)


def play(table: Table, todo: dict[str, Any], rnd: random.Random) -> int:
    """Both seats answer from the host side until the game ends or nothing is left to do;
    when seat 0 is asked something on the list, the page answers it. The answers made."""
    seats, answers = table.seats, 0
    while todo and answers < ANSWER_LIMIT:
        states = [seat.decision() for seat in seats]
        if states[0].status != "active":
            break
        mine = states[0].decision if states[0].your_turn else None
        chosen = next(
            (
                name
                for name, (kind, wants, _) in todo.items()
                if mine and mine["kind"] == kind.lower() and wants(mine)
            ),
            None,
        )
        if chosen is not None and mine is not None:
            kind, _, answer = todo.pop(chosen)
            wait_for(table.page, states[0].version, kind)
            answer(table, mine)
            continue
        seat = 0 if mine else 1
        decision = states[seat].decision
        if decision is None:
            continue  # the service is between answers
        chooser = seat0_pick if seat == 0 else pick
        seats[seat].act(chooser(decision, rnd), version=states[seat].version)
        answers += 1
    return answers


def setup_through_the_page(page: Any, seats: list[SeatHandle]) -> None:
    """The card picker keeps to what the chosen corporation can pay for, and shows the cost."""
    d = seats[0].decision().decision
    assert d is not None
    offers = sorted(d["corporations"], key=lambda c: c["max_cards"])
    poor, rich = offers[0], offers[-1]
    assert poor["max_cards"] < len(d["cards"]) <= rich["max_cards"], offers
    # Each tile's "can buy up to" never says more than the cards offered (as the picker keeps).
    for offer in (poor, rich):
        tile = page.locator(f"#corporations .card[data-card='{offer['card']}']")
        most_cards = str(min(offer["max_cards"], len(d["cards"])))
        assert EN["decision.max_cards.other"].replace("{n}", most_cards) in tile.inner_text()
    page.click(f"#corporations .card[data-card='{rich['card']}']")
    for card in d["cards"]:
        page.click(f".cards.choose .card[data-card='{card}']")
    assert page.locator(".cards.choose .card.selected").count() == len(d["cards"])
    # A poorer corporation: the latest choices beyond what it can pay for are dropped, and no
    # click adds one more.
    page.click(f"#corporations .card[data-card='{poor['card']}']")
    most = poor["max_cards"]
    assert page.locator(".cards.choose .card.selected").count() == most
    unchosen = page.locator(".cards.choose .card:not(.selected)").first
    unchosen.click()
    assert page.locator(".cards.choose .card.selected").count() == most
    assert f"{most * 3} M€" in page.inner_text("#setup-cost")
    click(page, page.locator("#decision [data-answer=confirm]"))
    # Corporations are told once every seat has chosen: seat 1 chooses now.
    other = seats[1].decision()
    assert other.decision is not None
    seats[1].act(pick(other.decision, random.Random(SEED)), version=other.version)
    mine = seats[0].view()["players"][0]
    assert mine["corporation"] == poor["card"] and mine["hand_size"] == most


# --- resigning and aborting ------------------------------------------------------------------


def test_resign_asks_first(browser: Any, browser_stack: WebStack) -> None:
    page = open_page(browser, browser_stack.url + "/")
    create_table(page, "tharsis")
    page.wait_for_selector("#resign")
    before = version(page)
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#resign")
    assert page.locator(".board[data-seat='0']").inner_text().count("resigned") == 0
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_function(f"document.body.dataset.version !== '{before}'")
    page.wait_for_function(
        "document.querySelector(\".board[data-seat='0']\").textContent.includes('resigned')"
    )
    # Two bots now: ended here, so that they do not keep the shared workers busy.
    game_id = page.evaluate("location.hash.split('/')[2]")
    page.evaluate(f"fetch('/api/games/{game_id}/abort', {{method: 'POST', body: '{{}}'}})")
    page.wait_for_selector("#game:not([data-status='GAME_STATUS_ACTIVE'])")  # (or it ended)
    page.context.close()


def test_the_host_aborts_after_confirming(browser: Any, browser_stack: WebStack) -> None:
    page = open_page(browser, browser_stack.url + "/")
    game_id = create_table(page, "elysium")
    page.wait_for_selector("#abort")
    page.wait_for_function("Number(document.body.dataset.version) >= 2")  # the bot's setup
    before = version(page)
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#abort")
    assert version(page) == before and page.locator("#abort").count() == 1
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#abort")
    page.wait_for_selector("#game[data-status='GAME_STATUS_ABORTED']")
    page.wait_for_selector("#log div:has-text('The game was aborted (host)')")
    assert page.locator("#abort").count() == 0 and page.locator("#resign").count() == 0
    # Another browser (not the host) is offered no abort, and is refused one.
    other = open_page(browser, f"{browser_stack.url}/#/game/{game_id}")
    assert other.locator("#abort").count() == 0
    # (its own session's CSRF token and a JSON body: it is refused for not being the host)
    status = other.evaluate(
        "fetch('/api/session').then(r => r.json()).then(s => fetch("
        f"'/api/games/{game_id}/abort', {{method: 'POST', body: '{{}}', headers: "
        "{'Content-Type': 'application/json', 'X-CSRF-Token': s.csrf_token}}))"
        ".then(r => r.json())"
    )
    assert status["error"]["reason"] == "NOT_HOST"
    other.context.close()
    page.context.close()
