"""Times on the wire: google.protobuf.Timestamp fields named `*_time` (AIP-142) beside the older
int64 unix-ms fields they replace, which v1 keeps filling (docs/api-compatibility.md)."""

from __future__ import annotations

from google.protobuf.timestamp_pb2 import Timestamp


def timestamp(ms: int) -> Timestamp | None:
    """A unix-ms time as a Timestamp; None (the field left unset) for 0, which the ms fields
    use for "none"."""
    if not ms:
        return None
    out = Timestamp()
    out.FromMilliseconds(ms)
    return out
