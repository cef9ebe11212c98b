"""How a gRPC service treats its connections: idle ones closed, slow handshakes cut, a cap on
open connections, the keepalive policy, and the heartbeat on long streams.

**Keepalive policy (documented for clients).** A client may ping every `min_client_ping_s`
seconds or more (10 s by default: a standard NAT-friendly keepalive), also while it has no call
open (`keepalive_permit_without_calls`). A client pinging faster is told off by gRPC itself
(GOAWAY `too_many_pings`) after a few strikes. The server pings every client itself every
`keepalive_s` seconds (20 by default), on every connection: that is the heartbeat of long
streams (WatchGame, WatchTicket, WatchKeyEvents), which keeps NAT mappings and proxies open,
and a peer that does not answer within `keepalive_timeout_s` is gone: its connection is closed
and its streams end (they are counted out of `olympus_grpc_streams_open`).

**What is bounded.**
- A connection with no call for `max_connection_idle_s` (300 s) is closed (GOAWAY, then close):
  an attacker holding connections open must keep making calls, which the quotas count.
- A connection that does not finish its HTTP/2 handshake (the client preface and SETTINGS
  exchange) within `handshake_timeout_s` (10 s) is closed: a socket that sent the preface only,
  or nothing, holds a descriptor for at most that long.
- At most `max_connections` connections are open at once (gRPC core's
  `grpc.max_allowed_incoming_connections`); beyond it new connections are refused at accept.
- The process's open-file limit is raised to its hard limit at start, so the descriptor limit
  is the system's, not a shell's default of 1,024.

**What is not.** gRPC offers no hook before it accepts a connection, so there is no cap per
client address without a proxy in front that copies every byte (which would cost the answer
path more than it saves). One address can therefore hold up to `max_connections` connections,
but only for `handshake_timeout_s` unless it completes them, and only for
`max_connection_idle_s` unless it makes calls, which the per-address quotas then limit. A host
exposed to the internet should still sit behind a load balancer that caps connections per
address.
"""

from __future__ import annotations

import logging
import resource
from dataclasses import dataclass

log = logging.getLogger("olympus.platform.connections")


@dataclass(frozen=True, slots=True)
class ConnectionPolicy:
    max_connection_idle_s: float = 300.0
    handshake_timeout_s: float = 10.0
    max_connections: int = 10_000
    min_client_ping_s: float = 10.0
    keepalive_s: float = 20.0
    keepalive_timeout_s: float = 10.0

    def server_options(self) -> list[tuple[str, int]]:
        """gRPC core's channel arguments for the server."""
        # A client at exactly the minimum interval is seen a hair early now and then (timers,
        # scheduling): accept a little under it rather than count a strike.
        accepted_ping_ms = int(self.min_client_ping_s * 1000 * 0.9)
        return [
            ("grpc.max_connection_idle_ms", int(self.max_connection_idle_s * 1000)),
            ("grpc.server_handshake_timeout_ms", int(self.handshake_timeout_s * 1000)),
            ("grpc.max_allowed_incoming_connections", self.max_connections),
            ("grpc.keepalive_time_ms", int(self.keepalive_s * 1000)),
            ("grpc.keepalive_timeout_ms", int(self.keepalive_timeout_s * 1000)),
            # How long a ping may go unanswered before the connection is closed (gRPC core's
            # ping manager goes by this one, default a minute, not by keepalive_timeout).
            ("grpc.http2.ping_timeout_ms", int(self.keepalive_timeout_s * 1000)),
            ("grpc.keepalive_permit_without_calls", 1),
            # gRPC core's name for the *received* pings' minimum interval, on a server
            # (GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS), default 5 minutes.
            ("grpc.http2.min_ping_interval_without_data_ms", accepted_ping_ms),
            ("grpc.http2.max_ping_strikes", 3),
            # The server's own pings on an idle stream: unlimited in number, one per heartbeat
            # (gRPC's defaults stop after 2 pings without data, then allow one per 5 minutes).
            ("grpc.http2.max_pings_without_data", 0),
            ("grpc.http2.min_time_between_pings_ms", int(self.keepalive_s * 1000)),
        ]


def raise_open_files_limit() -> int:
    """Raise this process's open-file soft limit to its hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):  # not allowed here: keep what we have
            return soft
        log.info("open files limit raised from %d to %d", soft, hard)
        return hard
    return soft
