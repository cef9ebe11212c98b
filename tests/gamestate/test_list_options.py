"""ListGames names each table's options (GameSummary.options, as GameSettings has them) and never
its seed, over the wire and through the SDK's summaries."""

from __future__ import annotations

from olympus.client import OlympusClient
from olympus.v1 import game_pb2 as pb


def listed(client: OlympusClient, *game_ids: str) -> dict[str, pb.GameSummary]:
    """The running games' summaries of these games, read page by page."""
    found: dict[str, pb.GameSummary] = {}
    token = ""
    while True:
        request = pb.ListGamesRequest(status=pb.GAME_STATUS_ACTIVE, page_size=500, page_token=token)
        reply = client.call(client.stub.ListGames, request)
        found.update((g.game_id, g) for g in reply.games if g.game_id in game_ids)
        token = reply.next_page_token
        if not token:
            return found


def test_list_games_carries_each_tables_options_without_the_seed(client: OlympusClient) -> None:
    expansions = client.create_game(
        players=3,
        seed=41,
        map="hellas",
        draft=True,
        prelude=True,
        colonies=True,
        venus=True,
        world_government=False,
        undo=True,
        realtime_scoring=False,
    )
    plain = client.create_game(players=2, seed=42, corporate_era=False)
    summaries = listed(client, expansions.game_id, plain.game_id)
    rich, bare = summaries[expansions.game_id].options, summaries[plain.game_id].options
    assert (rich.players, rich.map, rich.corporate_era, rich.draft) == (3, "hellas", True, True)
    assert (rich.prelude, rich.colonies, rich.venus, rich.undo) == (True, True, True, True)
    assert rich.HasField("world_government") and not rich.world_government
    assert not rich.realtime_scoring_enabled
    assert (bare.players, bare.corporate_era, bare.prelude, bare.venus) == (2, False, False, False)
    # World Government Terraforming is told only where it can be on (with Venus Next).
    assert not bare.HasField("world_government")
    # The seed would let anyone compute every hand while the game runs.
    assert not rich.HasField("seed") and not bare.HasField("seed")
    # The same options as the game's own settings (GetGame), the seed aside.
    settings = client.call(
        client.stub.GetGame, pb.GetGameRequest(game_id=expansions.game_id)
    ).game.settings.options
    assert settings.SerializeToString() == rich.SerializeToString()


def test_the_sdk_summaries_carry_the_options_as_the_settings_do(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=43, venus=True, beginner=[1])
    games, _ = client.list_games(status="active", page_size=500)
    (summary,) = [g for g in games if g["game_id"] == game.game_id]
    settings = client.spectate(game.game_id).view()["settings"]
    assert summary["options"] == settings["options"]
    assert (summary["options"]["venus"], summary["options"]["world_government"]) == (True, True)
    assert summary["options"]["beginner"] == [False, True]
    assert "seed" not in summary["options"]
