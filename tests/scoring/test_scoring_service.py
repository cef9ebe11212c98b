"""The scoring service against real processes: rated games made with the service credential
(as matchmaking and the ladder make them), played to the end by the workers, rated from the game
service's own record: delivered by the workers, or reported by anyone, and rated once."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from typing import Any

import grpc
import pytest
import redis
from scoring_support import account_id, rated_game, wait_finished, winner_seat
from worker_support import create, finished, wait_for

from olympus.client import OlympusClient
from olympus.client.wire import log_dict
from olympus.engine import Game, GameOptions
from olympus.platform.errors import error_details
from olympus.scoring import store as st
from olympus.v1 import game_pb2, scoring_pb2 as pb
from olympus.v1.game_pb2_grpc import GameServiceStub
from olympus.v1.scoring_pb2_grpc import ScoringServiceStub

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


def rated_once(stub: ScoringServiceStub, queue: str, player: str, games: int = 1) -> pb.Rating:
    """The player's rating once `games` of its games were rated (the workers deliver them)."""

    def probe() -> pb.Rating | None:
        try:
            got = rating(stub, queue, player).rating
        except grpc.RpcError:
            return None
        return got if got.games >= games else None

    return wait_for(f"{player} rated in {queue}", probe)


def played(service_games: GameServiceStub, queue: str, seats: Sequence[str]) -> game_pb2.GameView:
    made = rated_game(service_games, queue, seats)
    return wait_finished(service_games, made.game_id)


def engine_result(games: OlympusClient, game_id: str, host_token: str) -> Game:
    log = games.stub.GetGameLog(
        game_pb2.GetGameLogRequest(game_id=game_id, token=host_token), timeout=10
    )
    data = log_dict(log)
    game = Game.replay(
        GameOptions.from_data(data["options"]), [(a["seat"], a["text"]) for a in data["answers"]]
    )
    assert game.is_over
    return game


def test_an_unrated_result_is_the_engines_scores_of_the_replayed_game(
    anonymous: ScoringServiceStub, games: OlympusClient
) -> None:
    created = create(games, 3, [0, 1, 2], seed=1001)
    wait_for("the game to finish", lambda: finished(games, created.game_id))
    reply = report(anonymous, created.game_id)
    assert reply.recorded_now
    result = reply.result
    assert (result.game_id, result.queue) == (created.game_id, "")
    replayed = engine_result(games, created.game_id, created.host_token)
    expected = [s.to_dict() for s in replayed.scores()]
    got = [{"seat": s.seat, **{f: getattr(s.score, f) for f in SCORE_FIELDS}} for s in result.seats]
    assert got == expected
    assert result.generation == replayed.generation
    assert list(result.winners) == replayed.result()["winners"]
    keys = {s.seat: (s.score.total, s.score.megacredits) for s in result.seats}
    for s in result.seats:
        assert s.place == 1 + sum(1 for k in keys.values() if k > keys[s.seat])
        assert s.bot == "random"
        assert not s.HasField("rating_before")
    assert result.seats[result.ranking[0]].place == 1
    again = report(anonymous, created.game_id)
    assert not again.recorded_now and again.result == result
    # Nobody can make it rated afterwards: the queue and players are the game's own (none).
    assert refusal(lambda: report(anonymous, created.game_id, "2p-test", ["x", "y", "z"])) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "NOT_THE_GAMES_RECORD",
    )


def test_a_rated_game_is_rated_from_its_record_once_whoever_reports_it(
    anonymous: ScoringServiceStub, service_games: GameServiceStub, rdb: redis.Redis
) -> None:
    ann, ben = account_id(), account_id()
    view = played(service_games, "twice", [ann, ben])
    assert view.settings.rated_queue == "twice"
    assert [s.account_id for s in view.settings.seats] == [ann, ben]
    # The workers deliver it; a report by anyone (no key) answers with the same record.
    after = {p: rated_once(anonymous, "twice", p) for p in (ann, ben)}
    second = report(anonymous, view.game_id)
    assert not second.recorded_now
    assert second.result.queue == "twice"
    assert [s.player for s in second.result.seats] == [ann, ben]
    assert {s.player: s.rating_after for s in second.result.seats} == after
    assert all(s.rating_before.mu == pytest.approx(25.0) for s in second.result.seats)
    assert rdb.hlen(st.queue_key("twice", "games")) == 1
    assert rdb.llen(st.history_key("twice", ann)) == 1
    # The deprecated queue and players may only repeat the record: a claim is refused.
    for queue, players in (("twice", [ben, ann]), ("other", [ann, ben]), ("twice", ["a", "b"])):
        assert refusal(lambda q=queue, p=players: report(anonymous, view.game_id, q, p)) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "NOT_THE_GAMES_RECORD",
        )
    assert report(anonymous, view.game_id, "twice", [ann, ben]).result == second.result
    assert rating(anonymous, "twice", ann).rating.games == 1


def test_concurrent_reports_of_one_game_rate_it_once(
    anonymous: ScoringServiceStub, service_games: GameServiceStub, rdb: redis.Redis
) -> None:
    cat, dog = account_id(), account_id()
    made = rated_game(service_games, "race", [cat, dog])
    view = wait_finished(service_games, made.game_id)
    threads = 8
    barrier = threading.Barrier(threads)
    replies: list[pb.ReportResultResponse] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def go() -> None:
        barrier.wait()
        try:
            r = report(anonymous, view.game_id)
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
    # The workers' delivery races these reports too: at most one of all of them rated it.
    assert sum(r.recorded_now for r in replies) <= 1
    assert all(r.result == replies[0].result for r in replies)
    for player in (cat, dog):
        assert rated_once(anonymous, "race", player).games == 1
        assert rdb.llen(st.history_key("race", player)) == 1


def test_a_game_not_finished_is_refused_and_changes_nothing(
    anonymous: ScoringServiceStub, service_games: GameServiceStub, rdb: redis.Redis
) -> None:
    made = service_games.CreateGame(
        game_pb2.CreateGameRequest(
            options=game_pb2.GameOptions(players=2),
            seats=[game_pb2.SeatSpec(account_id=account_id()) for _ in range(2)],
            rated_queue="pending",
        ),
        timeout=10,
    )  # nobody answers
    before = sorted(rdb.keys("olympus:scoring:*"))
    assert refusal(lambda: report(anonymous, made.game_id)) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "GAME_NOT_FINISHED",
    )
    assert sorted(rdb.keys("olympus:scoring:*")) == before
    assert refusal(lambda: rating(anonymous, "pending", "p1")) == (
        grpc.StatusCode.NOT_FOUND,
        "UNKNOWN_QUEUE",
    )


def test_bad_requests_are_refused_with_their_reasons(anonymous: ScoringServiceStub) -> None:
    cases: list[tuple[Any, grpc.StatusCode, str]] = [
        (lambda: report(anonymous, "nope"), grpc.StatusCode.INVALID_ARGUMENT, "INVALID_GAME_ID"),
        (
            lambda: report(anonymous, "0123456789abcdef"),
            grpc.StatusCode.NOT_FOUND,
            "GAME_NOT_FOUND",
        ),
        (
            lambda: report(anonymous, "0123456789abcdef", "bad{queue}", ["a", "b"]),
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_ARGUMENT",
        ),
        (
            lambda: rating(anonymous, "never-rated-queue", "a"),
            grpc.StatusCode.NOT_FOUND,
            "UNKNOWN_QUEUE",
        ),
        (
            lambda: anonymous.Leaderboard(pb.LeaderboardRequest(queue="never-rated-queue")),
            grpc.StatusCode.NOT_FOUND,
            "UNKNOWN_QUEUE",
        ),
        (
            lambda: anonymous.GetRatings(pb.GetRatingsRequest(queue="q", players=[])),
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_ARGUMENT",
        ),
        (
            lambda: anonymous.GetRatings(pb.GetRatingsRequest(queue="q", players=["a", "a"])),
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_ARGUMENT",
        ),
        (
            lambda: anonymous.GetRatings(
                pb.GetRatingsRequest(queue="q", players=[f"p{i}" for i in range(101)])
            ),
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_ARGUMENT",
        ),
    ]
    for call, code, reason in cases:
        assert refusal(call) == (code, reason)
    for request, reason in (
        (pb.LeaderboardRequest(queue="twice", page_size=101), "INVALID_PAGE_SIZE"),
        (pb.LeaderboardRequest(queue="twice", page_size=-1), "INVALID_PAGE_SIZE"),
        (pb.LeaderboardRequest(queue="twice", page_token="garbage!"), "INVALID_PAGE_TOKEN"),
    ):
        assert refusal(lambda r=request: anonymous.Leaderboard(r)) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            reason,
        )


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


def test_a_players_games_chain_its_ratings_and_the_board_pages(
    anonymous: ScoringServiceStub, service_games: GameServiceStub
) -> None:
    """`champ` plays four rated games against four rivals: its history chains (each game's
    rating before is the one after the game before), the board sorts by ordinal with ties in
    player-id order, and every page size lists the same board."""
    champ = account_id()
    rivals = [account_id() for _ in range(4)]
    for rival in rivals:
        view = played(service_games, "board", [champ, rival])
        theirs = rated_once(anonymous, "board", rival)
        won = [champ, rival][winner_seat(view)] == rival
        assert (theirs.games, theirs.wins) == (1, int(won))
    mine = rated_once(anonymous, "board", champ, games=4)
    assert mine.games == 4
    full = leaderboard(anonymous, "board", 100)
    keyed = [(-e.rating.ordinal, e.player) for e in full]
    assert keyed == sorted(keyed)
    assert [e.rank for e in full] == list(range(1, len(full) + 1))
    for size in (1, 2, 3):
        assert leaderboard(anonymous, "board", size) == full
    assert anonymous.Leaderboard(pb.LeaderboardRequest(queue="board", page_size=2)).total_count == 5
    batch = anonymous.GetRatings(
        pb.GetRatingsRequest(queue="board", players=[champ, "nobody", *rivals]), timeout=10
    )
    assert [r.player for r in batch.ratings] == [champ, "nobody", *rivals]
    assert batch.ratings[0].rating == mine and not batch.ratings[1].HasField("rating")
    ranks = {e.player: e.rank for e in full}
    assert batch.ratings[0].rank == ranks[champ] and batch.ratings[1].rank == 0

    history = anonymous.GetHistory(pb.GetHistoryRequest(queue="board", player=champ, page_size=3))
    assert history.total_count == 4 and len(history.games) == 3
    rest = anonymous.GetHistory(
        pb.GetHistoryRequest(
            queue="board", player=champ, page_size=3, page_token=history.next_page_token
        )
    )
    assert len(rest.games) == 1 and not rest.next_page_token
    seen = [*history.games, *rest.games]
    for newer, older in itertools.pairwise(seen):
        assert newer.rating_before == older.rating_after
    assert seen[-1].rating_before.games == 0 and seen[0].rating_after == mine


def test_tied_players_page_in_id_order_even_when_one_moves_between_pages(
    anonymous: ScoringServiceStub, service_games: GameServiceStub
) -> None:
    """Two newcomers each beat another newcomer once: identical ratings. Paging one at a time
    lists them by id; if the first seen then plays again (and moves), the next page still goes
    on after it."""
    winners = []
    for _ in range(2):
        a, b = account_id(), account_id()
        view = played(service_games, "ties", [a, b])
        rated_once(anonymous, "ties", a)
        winners.append([a, b][winner_seat(view)])
    first_id, second_id = sorted(winners)
    assert rating(anonymous, "ties", first_id).rating == rating(anonymous, "ties", second_id).rating
    first = anonymous.Leaderboard(pb.LeaderboardRequest(queue="ties", page_size=1))
    assert [e.player for e in first.entries] == [first_id]
    newcomer = account_id()
    played(service_games, "ties", [newcomer, first_id])
    rated_once(anonymous, "ties", first_id, games=2)
    nxt = anonymous.Leaderboard(
        pb.LeaderboardRequest(queue="ties", page_size=1, page_token=first.next_page_token)
    )
    assert [e.player for e in nxt.entries] == [second_id]
