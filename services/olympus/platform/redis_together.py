"""Reads (and small writes) that must see one instant of a game or a queue, on a plain Redis
and on a Redis Cluster alike.

Not MULTI/EXEC: redis-py's asyncio cluster pipeline (6.x to 8.x) runs each command queued in a
transaction on an event loop of its own, in a thread of its own, while the caller's loop
waits for that thread. After a failover that thread re-reads the slot map with connections of
the caller's loop, and the whole process can hang (seen: a game service whose every call ran
into its deadline after a master was killed). A script is just as atomic and goes through the
client's ordinary path.
"""

from __future__ import annotations

from typing import Any

# ARGV: for each command, its number of words, then the words. Replies come raw (no redis-py
# reply parsing): a missing value is nil.
_TOGETHER = """
local out, i = {}, 1
while i <= #ARGV do
  local n = tonumber(ARGV[i])
  out[#out + 1] = redis.call(unpack(ARGV, i + 1, i + n))
  i = i + n + 1
end
return out
"""


class Together:
    """`await together(("HGET", key, "f"), ("LRANGE", key2, 0, -1))`: the commands' raw replies,
    run as one atomic step. Each command's key is its first argument; all keys in one hash
    slot (on a cluster: one hash tag)."""

    def __init__(self, redis: Any) -> None:
        self._script = redis.register_script(_TOGETHER)

    async def __call__(self, *commands: tuple[Any, ...]) -> list[Any]:
        keys = list(dict.fromkeys(command[1] for command in commands))
        args: list[Any] = []
        for command in commands:
            args += [len(command), *command]
        replies: list[Any] = await self._script(keys=keys, args=args)
        return replies
