"""The scoring service against real processes: all-bot games played to the end by the game
service and its workers on a private Redis, then reported to `python -m olympus.scoring`."""

from __future__ import annotations

import itertools
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis

from olympus.client import OlympusClient
from olympus.client.wire import log_dict
from olympus.engine import Game, GameOptions
from olympus.platform.errors import error_details
from olympus.scoring import store as st
from olympus.v1 import game_pb2
from olympus.v1 import scoring_pb2 as pb
from olympus.v1.scoring_pb2_grpc import ScoringServiceStub

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "workers"))
from scoring_support import Bearer, make_key
from worker_support import create, finished, wait_for

SCORE_FIELDS = (
    "terraform_rating",
    "milestones",
    "awards",
    "greeneries",
    "cities",
    "cards",
    "total",
    "megacredits",
)


class Played:
    """All-bot games played to the end: each handed out once, to the test that reports it."""

    def __init__(self, created: list[game_pb2.CreateGameResponse]) -> None:
        self.created = created

    def take(self, players: int) -> game_pb2.CreateGameResponse:
        for i, c in enumerate(self.created):
            if len(c.seats) == players:
                return self.created.pop(i)
        raise AssertionError(f"no {players}-player game left")


@pytest.fixture(scope="module")
def played(games: OlympusClient) -> Played:
    plan = [2] * 12 + [3, 3]
    created = [create(games, n, list(range(n)), seed=1000 + i) for i, n in enumerate(plan)]
    for c in created:
        wait_for(f"game {c.game_id} to finish", lambda c=c: finished(games, c.game_id))
    return Played(created)


def report(
    stub: ScoringServiceStub, game_id: str, queue: str = "", players: Sequence[str] = ()
) -> pb.ReportResultResponse:
    request = pb.ReportResultRequest(
        game_id=game_id,
        queue=queue,
        players=[pb.SeatPlayer(seat=i, player=p) for i, p in enumerate(players)],
    )
    reply: pb.ReportResultResponse = stub.ReportResult(request, timeout=20)
    return reply


def refusal(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as info:
        call()
    err: Any = info.value
    return err.code(), error_details(err)[0]


def rating(stub: ScoringServiceStub, queue: str, player: str) -> pb.GetRatingResponse:
    reply: pb.GetRatingResponse = stub.GetRating(
        pb.GetRatingRequest(queue=queue, player=player), timeout=10
    )
    return reply


def engine_result(games: OlympusClient, created: game_pb2.CreateGameResponse) -> Game:
    log = games.stub.GetGameLog(
        game_pb2.GetGameLogRequest(game_id=created.game_id, token=created.host_token), timeout=10
    )
    data = log_dict(log)
    game = Game.replay(
        GameOptions.from_data(data["options"]), [(a["seat"], a["text"]) for a in data["answers"]]
    )
    assert game.is_over
    return game


def winner_seat(games: OlympusClient, game_id: str) -> int:
    view = games.stub.GetGame(game_pb2.GetGameRequest(game_id=game_id), timeout=10).game
    best = max(view.result.scores, key=lambda s: (s.total, s.megacredits))
    return int(best.seat)


def test_the_breakdown_is_the_engines_scores_of_the_replayed_game(
    stub: ScoringServiceStub, games: OlympusClient, played: Played
) -> None:
    created = played.take(3)
    reply = report(stub, created.game_id)
    assert reply.recorded_now
    result = reply.result
    assert (result.game_id, result.queue) == (created.game_id, "")
    replayed = engine_result(games, created)
    expected = [s.to_dict() for s in replayed.scores()]
    got = [{"seat": s.seat, **{f: getattr(s.score, f) for f in SCORE_FIELDS}} for s in result.seats]
    assert got == expected
    assert result.generation == replayed.generation
    assert list(result.winners) == replayed.result()["winners"]
    # places: by points, then M€; the ranking lists the seats in that order
    keys = {s.seat: (s.score.total, s.score.megacredits) for s in result.seats}
    assert [s.seat for s in result.seats] == [0, 1, 2]
    for s in result.seats:
        assert s.place == 1 + sum(1 for k in keys.values() if k > keys[s.seat])
        assert s.bot == "random"
        assert not s.HasField("rating_before")
    assert sorted(result.ranking, key=lambda seat: -keys[seat][0] * 10**6 - keys[seat][1]) == list(
        result.ranking
    )
    assert result.seats[result.ranking[0]].place == 1

    again = report(stub, created.game_id)
    assert not again.recorded_now
    assert again.result == result
    # recorded unrated: it cannot be rated afterwards
    code, reason = refusal(lambda: report(stub, created.game_id, "2p-test", ["x", "y", "z"]))
    assert (code, reason) == (grpc.StatusCode.ALREADY_EXISTS, "ALREADY_EXISTS")


def test_a_result_reported_twice_moves_the_ratings_once(
    stub: ScoringServiceStub, played: Played, rdb: redis.Redis
) -> None:
    created = played.take(2)
    first = report(stub, created.game_id, "twice", ["ann", "ben"])
    assert first.recorded_now
    seats = first.result.seats
    assert [s.player for s in seats] == ["ann", "ben"]
    assert all(s.rating_before.mu == pytest.approx(25.0) for s in seats)
    assert all(s.rating_after.games == 1 for s in seats)
    after = {s.player: s.rating_after for s in seats}

    second = report(stub, created.game_id, "twice", ["ann", "ben"])
    assert not second.recorded_now
    assert second.result == first.result
    for player in ("ann", "ben"):
        now = rating(stub, "twice", player).rating
        assert now == after[player]
        assert now.games == 1
    assert rdb.hlen(st.queue_key("twice", "games")) == 1
    assert rdb.llen(st.history_key("twice", "ann")) == 1
    # the same game with other players, or in another queue, is refused
    code, reason = refusal(lambda: report(stub, created.game_id, "twice", ["ben", "ann"]))
    assert (code, reason) == (grpc.StatusCode.ALREADY_EXISTS, "ALREADY_EXISTS")
    code, reason = refusal(lambda: report(stub, created.game_id, "other", ["ann", "ben"]))
    assert (code, reason) == (grpc.StatusCode.ALREADY_EXISTS, "ALREADY_EXISTS")
    assert rating(stub, "twice", "ann").rating.games == 1


def test_concurrent_reports_of_one_game_rate_it_once(
    stub: ScoringServiceStub, played: Played, rdb: redis.Redis
) -> None:
    created = played.take(2)
    threads = 8
    barrier = threading.Barrier(threads)
    replies: list[pb.ReportResultResponse] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def go() -> None:
        barrier.wait()
        try:
            r = report(stub, created.game_id, "race", ["cat", "dog"])
        except BaseException as exc:  # collected: the assertion below shows it
            with lock:
                errors.append(exc)
            return
        with lock:
            replies.append(r)

    workers = [threading.Thread(target=go) for _ in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join(60)
    assert errors == []
    assert len(replies) == threads
    assert sum(r.recorded_now for r in replies) == 1
    assert all(r.result == replies[0].result for r in replies)
    for player in ("cat", "dog"):
        assert rating(stub, "race", player).rating.games == 1
        assert rdb.llen(st.history_key("race", player)) == 1


def test_a_game_not_finished_is_refused_and_changes_nothing(
    stub: ScoringServiceStub, games: OlympusClient, rdb: redis.Redis
) -> None:
    running = create(games, 2, [1])  # seat 0 is a human who never answers
    before = sorted(rdb.keys("olympus:scoring:*"))
    code, reason = refusal(lambda: report(stub, running.game_id, "pending", ["p1", "p2"]))
    assert (code, reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_FINISHED")
    code, reason = refusal(lambda: report(stub, running.game_id))
    assert (code, reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_FINISHED")
    assert sorted(rdb.keys("olympus:scoring:*")) == before
    code, reason = refusal(lambda: rating(stub, "pending", "p1"))
    assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "UNKNOWN_QUEUE")


def test_bad_requests_are_refused_with_their_reasons(
    stub: ScoringServiceStub, played: Played
) -> None:
    cases: list[tuple[Any, grpc.StatusCode, str]] = [
        (lambda: report(stub, "nope"), grpc.StatusCode.INVALID_ARGUMENT, "INVALID_GAME_ID"),
        (lambda: report(stub, "0123456789abcdef"), grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND"),
        (
            lambda: report(stub, "0123456789abcdef", "bad{queue}", ["a", "b"]),
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_ARGUMENT",
        ),
        (
            lambda: rating(stub, "never-rated-queue", "a"),
            grpc.StatusCode.NOT_FOUND,
            "UNKNOWN_QUEUE",
        ),
        (
            lambda: stub.Leaderboard(pb.LeaderboardRequest(queue="never-rated-queue")),
            grpc.StatusCode.NOT_FOUND,
            "UNKNOWN_QUEUE",
        ),
    ]
    for call, code, reason in cases:
        assert refusal(call) == (code, reason)
    created = played.take(2)
    # a rated game names every seat once
    for players in (["solo"], ["a", "a"], ["a", "b", "c"]):
        code, reason = refusal(lambda p=players: report(stub, created.game_id, "bad", p))
        assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT")
    report(stub, created.game_id, "bad", ["a", "b"])
    assert refusal(lambda: rating(stub, "bad", "zed")) == (grpc.StatusCode.NOT_FOUND, "NOT_RATED")
    assert refusal(lambda: stub.GetHistory(pb.GetHistoryRequest(queue="bad", player="zed"))) == (
        grpc.StatusCode.NOT_FOUND,
        "NOT_RATED",
    )
    for request, reason in (
        (pb.LeaderboardRequest(queue="bad", page_size=101), "INVALID_PAGE_SIZE"),
        (pb.LeaderboardRequest(queue="bad", page_size=-1), "INVALID_PAGE_SIZE"),
        (pb.LeaderboardRequest(queue="bad", page_token="garbage!"), "INVALID_PAGE_TOKEN"),
    ):
        assert refusal(lambda r=request: stub.Leaderboard(r)) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            reason,
        )
    # a token from another queue's leaderboard
    other = stub.Leaderboard(pb.LeaderboardRequest(queue="twice", page_size=1))
    assert other.next_page_token
    assert refusal(
        lambda: stub.Leaderboard(
            pb.LeaderboardRequest(queue="bad", page_token=other.next_page_token)
        )
    ) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_PAGE_TOKEN")


def leaderboard(stub: ScoringServiceStub, queue: str, page_size: int) -> list[pb.LeaderboardEntry]:
    entries: list[pb.LeaderboardEntry] = []
    token = ""
    for _ in range(100):
        page = stub.Leaderboard(
            pb.LeaderboardRequest(queue=queue, page_size=page_size, page_token=token), timeout=10
        )
        assert len(page.entries) <= page_size
        entries.extend(page.entries)
        token = page.next_page_token
        if not token:
            return entries
    raise AssertionError("the pages never ended")


def test_the_winner_of_every_game_ends_rated_above_those_it_beat_and_the_board_pages(
    stub: ScoringServiceStub, games: OlympusClient, played: Played
) -> None:
    """ "champ" takes the winning seat of four games, against four rivals; ties on the board
    (the rivals' identical histories) come in player-id order, on every page size."""
    rivals = ["rival-d", "rival-b", "rival-c", "rival-a"]
    for rival in rivals:
        created = played.take(2)
        seats = ["", ""]
        win = winner_seat(games, created.game_id)
        seats[win], seats[1 - win] = "champ", rival
        reply = report(stub, created.game_id, "ladder", seats)
        assert reply.result.seats[win].place == 1
    champ = rating(stub, "ladder", "champ")
    assert (champ.rating.games, champ.rating.wins, champ.rank) == (4, 4, 1)
    for rival in rivals:
        r = rating(stub, "ladder", rival)
        assert r.rating.ordinal < champ.rating.ordinal
        assert (r.rating.games, r.rating.wins) == (1, 0)

    full = leaderboard(stub, "ladder", 100)
    assert full[0].player == "champ"
    ordinals = [e.rating.ordinal for e in full]
    assert ordinals == sorted(ordinals, reverse=True)
    # each rival lost once to a stronger and stronger champ: those who met him later lost to a
    # better-known winner; equal ordinals are listed by player id
    keyed = [(-e.rating.ordinal, e.player) for e in full]
    assert keyed == sorted(keyed)
    assert [e.rank for e in full] == list(range(1, len(full) + 1))
    for size in (1, 2, 3):
        assert leaderboard(stub, "ladder", size) == full
    page = stub.Leaderboard(pb.LeaderboardRequest(queue="ladder", page_size=2))
    assert page.total_count == 5

    history = stub.GetHistory(pb.GetHistoryRequest(queue="ladder", player="champ", page_size=3))
    assert history.total_count == 4 and len(history.games) == 3
    rest = stub.GetHistory(
        pb.GetHistoryRequest(
            queue="ladder", player="champ", page_size=3, page_token=history.next_page_token
        )
    )
    assert len(rest.games) == 1 and not rest.next_page_token
    games_seen = [*history.games, *rest.games]
    assert all(g.place == 1 and g.players == 2 for g in games_seen)
    # newest first, each game's rating before is the one after the game before it
    for newer, older in itertools.pairwise(games_seen):
        assert newer.rating_before == older.rating_after
    assert games_seen[-1].rating_before.games == 0
    assert games_seen[0].rating_after == champ.rating


def test_tied_players_page_in_id_order_even_when_one_moves_between_pages(
    stub: ScoringServiceStub, games: OlympusClient, played: Played
) -> None:
    """Two players each beat a newcomer once: identical ratings. Paging one at a time lists
    them by id; if the first seen then loses a game, the next page still goes on after it."""
    for winner, loser in (("tie-b", "low-1"), ("tie-a", "low-2")):
        created = played.take(2)
        seats = ["", ""]
        win = winner_seat(games, created.game_id)
        seats[win], seats[1 - win] = winner, loser
        report(stub, created.game_id, "ties", seats)
    a, b = rating(stub, "ties", "tie-a").rating, rating(stub, "ties", "tie-b").rating
    assert a == b
    full = leaderboard(stub, "ties", 10)
    assert [e.player for e in full] == ["tie-a", "tie-b", "low-1", "low-2"]
    first = stub.Leaderboard(pb.LeaderboardRequest(queue="ties", page_size=1))
    assert [e.player for e in first.entries] == ["tie-a"]
    # tie-a loses to a newcomer: its rating moves below the token's
    created = played.take(2)
    seats = ["", ""]
    win = winner_seat(games, created.game_id)
    seats[win], seats[1 - win] = "newcomer", "tie-a"
    report(stub, created.game_id, "ties", seats)
    nxt = stub.Leaderboard(
        pb.LeaderboardRequest(queue="ties", page_size=1, page_token=first.next_page_token)
    )
    assert [e.player for e in nxt.entries] == ["tie-b"]


def test_only_a_ladder_key_may_rate_a_game_and_a_refusal_changes_nothing(
    stub: ScoringServiceStub,
    anonymous: ScoringServiceStub,
    played: Played,
    own_redis: Any,
    scoring: Any,
    rdb: redis.Redis,
) -> None:
    created = played.take(2)
    before = sorted(rdb.keys("olympus:scoring:*"))
    assert refusal(lambda: report(anonymous, created.game_id, "keyed", ["a", "b"])) == (
        grpc.StatusCode.UNAUTHENTICATED,
        "API_KEY_REQUIRED",
    )
    play_key = make_key(own_redis.url, "player-only", "play")
    with grpc.insecure_channel(scoring.address) as channel:
        keyed = grpc.intercept_channel(channel, Bearer(play_key))
        player = ScoringServiceStub(keyed)  # type: ignore[no-untyped-call]
        assert refusal(lambda: report(player, created.game_id, "keyed", ["a", "b"])) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "SCOPE_REQUIRED",
        )
    assert sorted(rdb.keys("olympus:scoring:*")) == before
    # Unrated, the game's own result may be recorded by anyone; rated with the ladder key.
    assert report(anonymous, created.game_id).recorded_now
    assert report(stub, played.take(2).game_id, "keyed", ["a", "b"]).recorded_now
