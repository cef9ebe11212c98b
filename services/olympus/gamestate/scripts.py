"""The game store's Lua scripts: each change to a game is one of them, atomic in the game's
Redis Cluster slot (store.py runs them; the codes they return are store.py's outcomes: 1 APPLIED,
2 DUPLICATE, 3 STALE, 4 MISSING, 5 REUSED, 6 OVER, 7 BUSY; a create's 0 TAKEN, 1 CREATED,
2 SAME_REQUEST)."""

# The scripts that append an event (create, commit, abort) PUBLISH it on the game's channel, named after KEYS[1] so that
# it carries the game's hash tag: a process's one subscriber connection (notify.py) fans it out
# to every local watcher. In Redis Cluster a plain PUBLISH reaches every node; the upgrade path
# is SPUBLISH / SSUBSCRIBE (Redis 7), which keep the message in the game's own shard.
CREATE = """
-- KEYS: game hash, state, events
-- ARGV: meta, state, event, created ms, generation, phase, waiting, request fingerprint ('':
--       no request id)
-- Sent again after a lost reply, it finds its own game (same meta: same fresh tokens): done.
-- A game of the same request id made by the same request (two repeats at once): 2.
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], 'meta') == ARGV[1] then return 1 end
  if ARGV[8] ~= '' and redis.call('HGET', KEYS[1], 'request') == ARGV[8] then return 2 end
  return 0
end
redis.call('HSET', KEYS[1], 'version', 1, 'status', 'active', 'meta', ARGV[1],
  'created', ARGV[4], 'updated', ARGV[4], 'generation', ARGV[5], 'phase', ARGV[6],
  'waiting', ARGV[7])
if ARGV[8] ~= '' then redis.call('HSET', KEYS[1], 'request', ARGV[8]) end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('XADD', KEYS[3], '1-0', 'e', ARGV[3])
redis.call('PUBLISH', (string.gsub(KEYS[1], ':game$', ':live')), '1:' .. ARGV[3])
return 1
"""

_APPEND_EVENT = """
local function append_event(key, version, event, keep)
  redis.call('XADD', key, version .. '-0', 'e', event)
  if redis.call('XLEN', key) >= 2 * keep then
    local last = redis.call('XRANGE', key, (version - keep + 1) .. '-0', '+')
    redis.call('DEL', key)
    for _, entry in ipairs(last) do redis.call('XADD', key, entry[1], unpack(entry[2])) end
  end
end
"""

COMMIT = (
    _APPEND_EVENT
    + """
-- KEYS: game hash, state, answer log, events[, idempotency hash, idempotency ring]
-- ARGV: expected version, state, log entry, event, status, generation, phase, waiting,
--       updated ms, result ('' while the game goes on), events kept,
--       idempotency field, request digest, records kept, idempotency ttl s
if KEYS[5] then
  local seen = redis.call('HGET', KEYS[5], ARGV[12])
  if seen then
    local at = string.find(seen, ':', 1, true)
    local made = tonumber(string.sub(seen, 1, at - 1))
    if string.sub(seen, at + 1) == ARGV[13] then return {2, made} end
    return {5, made}
  end
end
local head = redis.call('HMGET', KEYS[1], 'version', 'status')
local current = tonumber(head[1])
if not current then return {4, 0} end
if head[2] == 'aborted' then return {6, current} end
if current ~= tonumber(ARGV[1]) then return {3, current} end
if head[2] ~= 'active' then return {6, current} end
local version = current + 1
redis.call('SET', KEYS[2], ARGV[2])
redis.call('RPUSH', KEYS[3], ARGV[3])
append_event(KEYS[4], version, ARGV[4], tonumber(ARGV[11]))
redis.call('PUBLISH', (string.gsub(KEYS[1], ':game$', ':live')), version .. ':' .. ARGV[4])
redis.call('HSET', KEYS[1], 'version', version, 'status', ARGV[5], 'generation', ARGV[6],
  'phase', ARGV[7], 'waiting', ARGV[8], 'updated', ARGV[9])
if KEYS[5] then
  redis.call('HSET', KEYS[5], ARGV[12], version .. ':' .. ARGV[13])
  if redis.call('RPUSH', KEYS[6], ARGV[12]) > tonumber(ARGV[14]) then
    redis.call('HDEL', KEYS[5], redis.call('LPOP', KEYS[6]))
  end
  redis.call('EXPIRE', KEYS[5], ARGV[15])
  redis.call('EXPIRE', KEYS[6], ARGV[15])
end
if ARGV[10] ~= '' then redis.call('HSET', KEYS[1], 'result', ARGV[10]) end
return {1, version}
"""
)

ABORT = (
    _APPEND_EVENT
    + """
-- KEYS: game hash, state, events
-- ARGV: expected version, event, reason, note, now ms, events kept,
--       idle since ms ('' for the host: abort whenever)
local head = redis.call('HMGET', KEYS[1], 'version', 'status', 'updated')
local current = tonumber(head[1])
if not current then return {4, 0} end
if head[2] ~= 'active' then return {6, current} end
if current ~= tonumber(ARGV[1]) then return {3, current} end
if ARGV[7] ~= '' and tonumber(head[3]) > tonumber(ARGV[7]) then return {7, current} end
local version = current + 1
local state = redis.call('GET', KEYS[2])
local raw = string.sub(state, string.find(state, ':', 1, true) + 1)
redis.call('SET', KEYS[2], version .. ':' .. raw)
append_event(KEYS[3], version, ARGV[2], tonumber(ARGV[6]))
redis.call('PUBLISH', (string.gsub(KEYS[1], ':game$', ':live')), version .. ':' .. ARGV[2])
redis.call('HSET', KEYS[1], 'version', version, 'status', 'aborted', 'updated', ARGV[5],
  'waiting', '[]', 'reason', ARGV[3])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'note', ARGV[4]) end
return {1, version}
"""
)

# A process holds the games it played in memory, parsed (core.py). A state is named by its
# version and the `updated` ms of the write that made it: two writes never make the same
# version (each compares the version before it), and the pair also tells apart a version
# made again after a failover lost the first one. The holder sends that pair; the state comes
# back only when the stored one is another, so an unchanged game costs no transfer and no
# parse, and its idempotency record is read in the same trip.
LOAD = """
-- KEYS: game hash, state[, idempotency hash]
-- ARGV: the version held (0: none), its updated ms[, idempotency field]
-- Returns {version, status, updated, state (nil when it is the one held), idempotency record}
local head = redis.call('HMGET', KEYS[1], 'version', 'status', 'updated')
local seen = false
if KEYS[3] then seen = redis.call('HGET', KEYS[3], ARGV[3]) end
if head[1] == ARGV[1] and head[3] == ARGV[2] then return {head[1], head[2], head[3], false, seen} end
return {head[1], head[2], head[3], redis.call('GET', KEYS[2]), seen}
"""

# A repeat (an answer or a creation sent again after a lost or refused reply) is acknowledged
# like the first try, so under WAIT it must wait for the replicas to hold the original write
# too. WAIT counts the replicas that reached this connection's last write, and a repeat writes
# nothing: this writes the game's `updated` field back unchanged, a write replicated after the
# original, so a replica that acknowledges it holds the original as well.
CONFIRM = """
-- KEYS: game hash
local updated = redis.call('HGET', KEYS[1], 'updated')
if updated then redis.call('HSET', KEYS[1], 'updated', updated) return 1 end
return 0
"""

CLAIM = """
-- KEYS: a timer shard; ARGV: now ms, lease until ms, most to claim
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, game in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], game) end
return due
"""

PACK = """
-- KEYS: game hash, answer log, packed log
-- ARGV: chunks packed so far, the chunk (the log's first LOG_CHUNK entries, packed), LOG_CHUNK
if tonumber(redis.call('HGET', KEYS[1], 'packed') or '0') ~= tonumber(ARGV[1]) then
  return 0
end
if redis.call('LLEN', KEYS[2]) < tonumber(ARGV[3]) then return 0 end
redis.call('RPUSH', KEYS[3], ARGV[2])
redis.call('LTRIM', KEYS[2], ARGV[3], -1)
redis.call('HINCRBY', KEYS[1], 'packed', 1)
return 1
"""

# The seats' rating changes into the game's hash, only while the game exists.
RECORD_RATINGS = """
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('HSET', KEYS[1], 'ratings', ARGV[1]) end
return -1
"""
