"""Venus Next through a real game service: created over gRPC (SDK, CLI), its views carrying
the Venus scale the engine's way for every seat and spectators alike, played to the end by a
remote random player against a workers' bot; Air Scrapping over the wire; the World
Government Terraforming option told back; bad combinations refused with a clear reason; the
CLI's flags; DescribeBoard of a Venus game; matchmaking formats; the catalogue service's
venus module."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

import grpc
import pytest
from gamestate_players import act_once, stored_game, wait_until_waiting_for
from test_gamestate_cli import Cli, olympus  # noqa: F401 (the fixture)
from test_gamestate_sdk import assert_views_are_the_engines

from olympus.client import GameServiceError, OlympusClient
from olympus.matchmaking.formats import Format, format_from_proto
from olympus.v1 import catalogue_pb2, catalogue_pb2_grpc, game_pb2 as pb, matchmaking_pb2
from services import running_service


def test_a_venus_game_is_created_seen_and_played_to_the_end_by_bots(
    client: OlympusClient, redis_url: str
) -> None:
    game = client.create_game(players=2, seed=34, venus=True, bots={1: "greedy"})
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    spectator = client.spectate(game.game_id)
    options = spectator.view()["settings"]["options"]
    assert (options["venus"], options["world_government"]) == (True, True)
    assert stored_game(redis_url, game.game_id).options.venus
    assert spectator.view()["venus"] == 0
    rnd = random.Random(34)
    scales = set()
    for step in range(4000):
        state = wait_until_waiting_for(spectator, seats)
        if state.status != "active":
            break
        if step % 40 == 0:
            local = stored_game(redis_url, game.game_id)
            views = assert_views_are_the_engines(local, [(None, spectator), *seats.items()])
            assert len({view["venus"] for view in views}) == 1  # public
            scales.add(views[0]["venus"])
        act_once(seats[0], rnd)
    final = spectator.view()
    assert final["status"] == "finished" and final["result"]["winners"]
    assert final["venus"] == stored_game(redis_url, game.game_id).venus > 0
    assert len(scales) > 1  # the scale moved while the game was watched


def test_air_scrapping_over_the_wire_raises_venus_and_the_tr(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=5, beginner=[0, 1], venus=True)
    spectator = client.spectate(game.game_id)
    seat = spectator.decision().waiting_for[0]
    handle = client.join(game.game_id, game.tokens[seat])
    action = handle.decision().decision
    assert action is not None
    assert "air_scrapping" in [p["project"] for p in action["standard_projects"]]
    before = handle.view()["players"][seat]["terraform_rating"]
    handle.act("project air_scrapping")
    view = handle.view()
    assert view["venus"] == 2 and view["players"][seat]["terraform_rating"] == before + 1
    raw = client.call(client.stub.GetGame, pb.GetGameRequest(game_id=game.game_id)).game
    assert raw.HasField("venus") and raw.venus == 2


def test_a_game_without_venus_has_no_scale_and_refuses_air_scrapping(
    client: OlympusClient,
) -> None:
    game = client.create_game(players=2, seed=5, beginner=[0, 1])
    spectator = client.spectate(game.game_id)
    handle = client.join(game.game_id, game.tokens[spectator.decision().waiting_for[0]])
    assert "venus" not in handle.view() and "venus" not in handle.view()["settings"]["options"]
    raw = client.call(client.stub.GetGame, pb.GetGameRequest(game_id=game.game_id)).game
    assert not raw.HasField("venus")
    with pytest.raises(GameServiceError) as refused:
        handle.act("project air_scrapping")
    assert refused.value.reason == "UNKNOWN_PROJECT"


def test_world_government_can_be_switched_off_and_is_told_back(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=5, venus=True, world_government=False, bots=[1])
    options = client.spectate(game.game_id).view()["settings"]["options"]
    assert (options["venus"], options["world_government"]) == (True, False)
    table = client.describe_board(game_id=game.game_id)["table"]
    assert (table["venus"], table["world_government"]) == (True, False)


def test_world_government_without_venus_is_refused(client: OlympusClient) -> None:
    with pytest.raises(GameServiceError) as refused:
        client.create_game(players=2, world_government=True)
    assert refused.value.status == "INVALID_ARGUMENT"
    assert refused.value.reason == "INVALID_OPTIONS"
    assert "world_government is a Venus Next rule" in str(refused.value)


def test_the_command_line_creates_and_shows_a_venus_game(olympus: Cli) -> None:  # noqa: F811
    created = olympus("create", "--players", "2", "--seed", "8", "--venus", "--bot", "1")
    game_id = created.stdout.split()[1]
    view = json.loads(olympus("show", game_id, "--json").stdout)
    assert view["settings"]["options"]["venus"] is True and view["venus"] == 0
    assert "Venus 0 % (goal 30)" in olympus("show", game_id).stdout
    off = olympus("create", "--players", "2", "--venus", "--no-world-government", "--bot", "1")
    view = json.loads(olympus("show", off.stdout.split()[1], "--json").stdout)
    assert view["settings"]["options"]["world_government"] is False
    refused = olympus("create", "--players", "2", "--world-government", ok=False)
    assert refused.returncode != 0 and "INVALID_OPTIONS" in refused.stderr


def test_describe_board_of_a_venus_game_gives_its_spaces_milestone_award_and_scale(
    client: OlympusClient,
) -> None:
    game = client.create_game(players=2, seed=5, venus=True, bots=[1])
    board = client.describe_board(game_id=game.game_id)
    assert {70, 71, 72, 73} <= {s["id"] for s in board["spaces"]}  # the reserved city spaces
    hoverlord = next(m for m in board["milestones"] if m["id"] == "hoverlord")
    assert (hoverlord["metric"], hoverlord["threshold"]) == ("floaters", 7)
    venuphile = next(a for a in board["awards"] if a["id"] == "venuphile")
    assert venuphile["metric"] == "venus_tags"
    track = next(p for p in board["global_parameters"] if p["parameter"] == "venus")
    assert (track["minimum"], track["maximum"], track["step"]) == (0, 30, 2)
    assert [(b["value"], b["kind"]) for b in track["bonuses"]] == [(8, "card"), (16, "tr")]
    plain = client.describe_board(map="tharsis")
    assert not {70, 71, 72, 73} & {s["id"] for s in plain["spaces"]}
    assert "hoverlord" not in [m["id"] for m in plain["milestones"]]
    assert "venus" not in [p["parameter"] for p in plain["global_parameters"]]


def test_a_matchmaking_format_carries_venus_into_the_games_it_makes() -> None:
    plain = format_from_proto(matchmaking_pb2.MatchFormat(players=2))
    venus = format_from_proto(matchmaking_pb2.MatchFormat(players=2, venus=True))
    assert venus.venus and not plain.venus
    assert venus.game_options().venus and not plain.game_options().venus
    assert venus.format_id != plain.format_id  # a queue of its own
    assert "venus" not in plain.to_data()  # older formats keep their ids
    assert Format.from_data(venus.to_data()) == venus
    assert venus.to_proto().venus


@pytest.fixture(scope="module")
def catalogue(redis_url: str) -> Iterator[catalogue_pb2_grpc.CardCatalogueServiceStub]:
    with (
        running_service("catalogue", "--redis-url", redis_url) as service,
        grpc.insecure_channel(service.address) as channel,
    ):
        yield catalogue_pb2_grpc.CardCatalogueServiceStub(channel)


def test_the_catalogue_service_lists_the_venus_module(
    catalogue: catalogue_pb2_grpc.CardCatalogueServiceStub,
) -> None:
    cards, token = [], ""
    while True:
        page = catalogue.ListCards(
            catalogue_pb2.ListCardsRequest(module="venus", page_size=40, page_token=token)
        )
        cards.extend(page.cards)
        if not (token := page.next_page_token):
            break
    kinds = Counter(c.kind for c in cards)
    assert kinds == {"project": 49, "corporation": 5} and {c.module for c in cards} == {"venus"}
    by_name = {c.name: c for c in cards}
    assert by_name["Stratospheric Birds"].number == "249" and by_name["Viron"].number == "R12"
