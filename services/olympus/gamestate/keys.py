"""The game store's Redis keys (store.py reads and writes them).

Keys of one game share the hash tag ``{g:<id>}``, so they live in one Redis Cluster slot and a
Lua script may touch them all at once:

    olympus:{g:<id>}:game      hash: version, status (active|finished|aborted), meta (JSON,
                               immutable), created, updated (ms of the last change), generation,
                               phase, waiting (JSON), result (JSON, once finished), packed (log
                               chunks), reason and note (once aborted: "host"|"inactivity", the
                               host's words), request (a CreateGame with request_id: the
                               fingerprint of that request, chosen.py)
    olympus:{g:<id>}:state     string: b"<version>:" + the engine's saved game
    olympus:{g:<id>}:log       list: the answers not yet packed, one "<seat>[b]:<answer text>" each
                               ("b": a bot answered); the answer at list index i made version
                               2 + LOG_CHUNK * packed + i
    olympus:{g:<id>}:logz      list: the older answers, LOG_CHUNK per entry, packed: b"z" + zlib
                               of the entries joined by newlines
    olympus:{g:<id>}:events    stream: the last EVENTS_KEPT (up to 2 * EVENTS_KEPT - 1) events;
                               entry id "<version>-0", field "e" = a GameEvent (older ones are
                               rebuilt from the answer log)
    olympus:{g:<id>}:idem      hash: "<seat>:<key hash>" -> "<version made>:<request digest>",
                               the game's last IDEMPOTENCY_RECORDS keyed answers
    olympus:{g:<id>}:idemring  list: the fields of `idem`, oldest first (which one goes next)
    olympus:{g:<id>}:grants    hash: seat tokens issued again to an account's keys (grants.py)
    olympus:{g:<id>}:live      pub/sub channel (not a key): b"<version>:" + the GameEvent,
                               published by the script that appends it (see watch.py)

and, outside any game's slot (written after the game's own keys, each a one-key command):

    olympus:token:<sha256>           string: "<game id>" (deleted with the game)
    olympus:games:<all|active|finished|aborted>
                                     sorted sets, all scores 0, members "<created ms>:<id>"
    olympus:games:activity           sorted set: active games, scored by when the sweeper looks
                                     at them next (their last change + the inactivity limit)
    olympus:games:expiry             sorted set: finished and aborted games, scored by when the
                                     sweeper deletes them (their end + the retention)
    olympus:games:scheduled          string "1": games written before the two schedules existed
                                     were put on them (`GameStore.adopt`)
    olympus:timers:{t<n>}            sorted sets, TIMER_SHARDS of them (a game's shard from its
                                     id): game ids scored by when the workers must next act on
                                     the game (a bot's turn, a seat's deadline: clocks.py)
"""

from __future__ import annotations

import base64
import hashlib

PREFIX = "olympus"
GAME_PARTS = ("game", "state", "log", "logz", "events", "idem", "idemring", "grants")
TIMER_SHARDS = 16


def game_key(game_id: str, part: str) -> str:
    return f"{PREFIX}:{{g:{game_id}}}:{part}"


def idem_field(seat: int, key: str) -> str:
    """A key's field in the game's idempotency hash: as short whatever the key's length."""
    return f"{seat}:{short_digest(f'{seat}:{key}')}"


def short_digest(text: str) -> str:
    """72 bits of SHA-256 in 12 URL-safe characters: collisions among a game's few dozen
    records (or a changed request keeping its digest) are beyond any practical chance."""
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()[:9]).decode()


def timer_key(game_id: str) -> str:
    """The timer shard of a game (a game id is 16 hex digits)."""
    return timer_shard(int(game_id[:8], 16) % TIMER_SHARDS)


def timer_shard(n: int) -> str:
    return f"{PREFIX}:timers:{{t{n}}}"


def token_key(digest: str) -> str:
    return f"{PREFIX}:token:{digest}"


def index_key(status: str) -> str:
    return f"{PREFIX}:games:{status}"


def member_game(member: str) -> str:
    """The game id of an index member ("<created ms>:<id>")."""
    return member.split(":", 1)[1]


def pack_state(version: int, raw: bytes) -> bytes:
    return b"%d:" % version + raw


def unpack_state(value: bytes) -> tuple[int, bytes]:
    head, _, raw = value.partition(b":")
    return int(head), raw


def live_channel(game_id: str) -> str:
    """The channel the commit scripts publish the game's events on (named like its keys)."""
    return game_key(game_id, "live")
