"""Prometheus metrics of an Olympus service, served over HTTP at /metrics.

Every process serves its own registry (`--metrics-port`; see `start`). The series:

    olympus_grpc_calls_total{method, code}           finished calls by gRPC status code
    olympus_grpc_errors_total{method, code, reason}  refusals and failures by ErrorInfo reason
    olympus_grpc_call_seconds{method}                unary call latency (histogram)
    olympus_grpc_streams_open{method}                server streams open now (WatchGame: the
                                                     live watchers of this process)
    olympus_quota_refusals_total{method, reason, scope}  scope: peer, token or streams
    olympus_serving                                  1 while health says SERVING, else 0
    olympus_redis_errors_total{operation}            storage calls that found Redis out of reach
    olympus_redis_seconds{operation}                 storage call latency (histogram)
    olympus_games_active                             games in the active index (sampled)
    olympus_web_requests_total{route, status}        the web bridge's HTTP requests
    olympus_web_request_seconds{route}               their latency (histogram)
    olympus_web_streams_open                         server-sent event streams open now
    olympus_webhook_deliveries_total{kind, outcome}  webhook tries (the workers'): delivered,
                                                     retried (tried again later), failed (for
                                                     good), dropped (no webhook any more)
    olympus_webhook_seconds{kind}                    one try's latency (histogram)
    olympus_webhook_delay_seconds{kind}              from the event to its delivery, retries
                                                     included (histogram)
    olympus_worker_tasks_total{task, outcome}        the workers' finished tasks: success,
                                                     failure, retry (Celery's end state)
    olympus_worker_task_seconds{task}                a task's run time (histogram)
    olympus_worker_queue_depth{queue}                tasks waiting in a broker queue (read
                                                     from the broker at each scrape)
    olympus_bot_turn_seconds{outcome}                one bot_turn task, the bots' answers
                                                     included (histogram): played (it answered),
                                                     idle (nothing was the bots' to answer)
    olympus_bot_answers_total{via}                   answers the bots made: bot_turn (their
                                                     task), timer (a lost bot turn, fired)
    olympus_timers_total{event}                      game timers: due (the sweep found it due),
                                                     then what firing it did: timeout (a clock
                                                     ran out and answered), bot (a lost bot turn
                                                     played), idle (nothing was due any more)
    olympus_matchmaking_tickets_total{event}         enqueued, cancelled, matched (their game
                                                     made)
    olympus_matchmaking_time_to_match_seconds        from a ticket's enqueue to its match being
                                                     claimed (histogram)
    olympus_matchmaking_queues                       queues with a ticket waiting (each pass)
    olympus_matchmaking_tickets_waiting              tickets waiting in them (each pass)
    olympus_scoring_results_total{outcome}           reports: rated, unrated (recorded, no
                                                     ratings: an unrated or aborted game),
                                                     repeat (recorded before)
    olympus_scoring_rating_conflicts_total           rating writes that lost a race and were
                                                     tried again

`method` is the full gRPC method without the leading slash, e.g.
`olympus.v1.GameService/SubmitAction`. Other modules update these objects directly; a module
that needs a new series defines it here so the list above stays the whole list (and
deploy/grafana/olympus.json graphs only these: tests/platform/test_dashboard.py).

The workers' series are labelled counters and histograms only: a Celery worker's pool
processes write them to PROMETHEUS_MULTIPROC_DIR (prometheus_client's multiprocess mode), and
`olympus worker` sets that folder after this module may have been imported, so only a series
made later (a label's child, made in a task) goes to the files; an unlabelled one would stay in
the pool process's memory, and a gauge would need a mode of its own. Their queue depth is read
from the broker when scraped instead.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram, start_http_server

_CALL_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
_REDIS_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 1, 2.5)

CALLS = Counter("olympus_grpc_calls", "Finished gRPC calls by status code", ["method", "code"])
ERRORS = Counter(
    "olympus_grpc_errors",
    "gRPC calls that ended with an error, by status code and ErrorInfo reason",
    ["method", "code", "reason"],
)
CALL_SECONDS = Histogram(
    "olympus_grpc_call_seconds", "Unary gRPC call latency", ["method"], buckets=_CALL_BUCKETS
)
STREAMS_OPEN = Gauge("olympus_grpc_streams_open", "Server streams open now", ["method"])
QUOTA_REFUSALS = Counter(
    "olympus_quota_refusals",
    "Calls refused by a quota (scope: peer, token or streams)",
    ["method", "reason", "scope"],
)
SERVING = Gauge("olympus_serving", "1 while the service reports SERVING to health checks")
REDIS_ERRORS = Counter(
    "olympus_redis_errors", "Storage calls that found Redis out of reach", ["operation"]
)
REDIS_SECONDS = Histogram(
    "olympus_redis_seconds",
    "Latency of storage calls (one or a few pipelined Redis commands)",
    ["operation"],
    buckets=_REDIS_BUCKETS,
)
GAMES_ACTIVE = Gauge("olympus_games_active", "Games in the active index (sampled)")


WEBHOOK_DELIVERIES = Counter(
    "olympus_webhook_deliveries",
    "Webhook tries by kind and outcome: delivered, retried (to be tried again), failed (given "
    "up), dropped (the account has no webhook any more)",
    ["kind", "outcome"],
)
WEBHOOK_SECONDS = Histogram(
    "olympus_webhook_seconds",
    "Latency of one webhook try, from sending it to the receiver's answer (or failure)",
    ["kind"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
WEBHOOK_DELAY_SECONDS = Histogram(
    "olympus_webhook_delay_seconds",
    "From the event a webhook tells of to its delivery, retries included",
    ["kind"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 60, 300, 900, 3600),
)


def start(host: str, port: int) -> int:
    """Serve /metrics on a daemon thread; the port it got (`port` 0: an ephemeral one).
    Raises OSError when the port is taken."""
    server, _thread = start_http_server(port, addr=host)
    return int(server.server_address[1])


WEB_REQUESTS = Counter(
    "olympus_web_requests",
    "HTTP requests of the web bridge by route and status",
    ["route", "status"],
)
WEB_REQUEST_SECONDS = Histogram(
    "olympus_web_request_seconds",
    "HTTP request latency of the web bridge",
    ["route"],
    buckets=_CALL_BUCKETS,
)
WEB_STREAMS_OPEN = Gauge("olympus_web_streams_open", "Server-sent event streams open now")
WEB_CONNECTIONS_REFUSED = Counter(
    "olympus_web_connections_refused_total",
    "Connections the bridge closed: over the cap per address, or a request too slow to arrive",
)


# --- the workers (workers/tasks.py, workers/metrics.py) ---
WORKER_TASKS = Counter(
    "olympus_worker_tasks",
    "The workers' finished tasks by name and Celery end state (success, failure, retry)",
    ["task", "outcome"],
)
WORKER_TASK_SECONDS = Histogram(
    "olympus_worker_task_seconds",
    "Run time of a worker task",
    ["task"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
BOT_TURN_SECONDS = Histogram(
    "olympus_bot_turn_seconds",
    "One bot_turn task by outcome: played (the bots answered), idle (nothing was theirs to do)",
    ["outcome"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
BOT_ANSWERS = Counter(
    "olympus_bot_answers",
    "Answers the bots made, by the task that made them: bot_turn, timer (a lost bot turn)",
    ["via"],
)
TIMERS = Counter(
    "olympus_timers",
    "Game timers: due (the sweep found it due and fired it), then what firing one did: timeout "
    "(a clock ran out and answered), bot (a bot turn whose task was lost, played), idle "
    "(nothing was due any more)",
    ["event"],
)
QUEUE_DEPTH_NAME = "olympus_worker_queue_depth"  # a gauge read from the broker (workers/metrics)

# --- matchmaking (matchmaking/service.py, matchmaking/matcher.py) ---
MM_TICKETS = Counter(
    "olympus_matchmaking_tickets",
    "Matchmaking tickets by event: enqueued, cancelled, matched (their game made)",
    ["event"],
)
MM_TIME_TO_MATCH = Histogram(
    "olympus_matchmaking_time_to_match_seconds",
    "From a ticket's enqueue to the matcher claiming it into a match",
    buckets=(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800),
)
MM_QUEUES = Gauge("olympus_matchmaking_queues", "Queues with a ticket waiting (each pass)")
MM_WAITING = Gauge(
    "olympus_matchmaking_tickets_waiting", "Tickets waiting in the queues (each pass)"
)

# --- scoring (scoring/service.py) ---
SCORING_RESULTS = Counter(
    "olympus_scoring_results",
    "Results reported by outcome: rated, unrated (recorded without ratings: an unrated or "
    "aborted game), repeat (recorded before)",
    ["outcome"],
)
SCORING_CONFLICTS = Counter(
    "olympus_scoring_rating_conflicts",
    "Rating writes that found the ratings changed meanwhile and were tried again",
)
