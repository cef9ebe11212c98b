"""The fault matrix: games played through the compose stack while a fault is injected.

`python -m olympus.faults --games N` (`make faults`) brings docker-compose.yml up under a
private project name on free ports, plays N games per fault from this host, many at once (an
SDK client with the random player on one seat, the service's random bot, played by the Celery
workers, on the other), injects the fault while they run, and prints one JSON line per fault:

    {"fault": "gamestate-crash", "games": N, "finished": .., "aborted": .., "lost": 0,
     "doubled": 0, "mismatched": 0, "misclocked": 0, "uncounted": 0, ...}

lost: answers the service acknowledged that are not in the game's log; doubled: answers in the
log that no acknowledgement accounts for (one answer applied twice); mismatched: games whose
stored state differs from a replay of their log; misclocked: games whose log breaks the
clock's rules; uncounted: games in the store the run did not make or count (`check.py`).
Games are created with a request_id, so a creation whose reply the fault lost is sent again
and finds the same game (`play.py`).

The faults: a game-state replica SIGKILLed; Redis SIGKILLed and restarted from its append-only
file; a replica cut off the network; a worker SIGKILLed and bot turns delivered twice; beat
stopped (for `--beat-pause` seconds, default 60) while the clocks of tables with a short time
per decision run out, some of them with a seat nobody answers. The stack (`stack.py`) runs
Redis with `appendfsync always`, the setting under which no acknowledged answer is lost when
Redis dies.
"""
