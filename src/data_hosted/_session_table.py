"""The table of open sessions: idle expiry, termination, and bounds that no caller can exhaust.

A signed token says who a session belongs to; only a record can say whether
it was ended (DELETE), has been idle too long, or was evicted. Each record
belongs to a key tag, and the table is bounded twice:

- **per key** (``max_per_key``): a key opening one session more than its
  bound ends its own least recently used session, so a client that never
  ends its sessions crowds out only itself;
- **in all** (``max_sessions``): a full table ends the least recently used
  session of any key, expired ones first. A new session is never refused for
  lack of room, so nobody can lock others out by filling the table; with
  sessions opened only for keys the upstream accepts (:mod:`data_hosted._keys`)
  and at most ``max_per_key`` each, filling it takes that many real keys.

Two stores:

- :class:`MemorySessions` keeps the table in the worker's memory: exact, but
  only that worker knows its sessions;
- :class:`RedisSessions` keeps one key per session with a TTL of the idle
  time, plus a sorted set per key tag and one for all sessions, scored by last
  activity on Redis's clock, each with the same TTL. Small Lua scripts open,
  touch and end a session atomically in one round trip, so every worker
  sharing the Redis sees one table with one set of bounds.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["ALL_KEY", "KEY_PREFIX", "PER_KEY_PREFIX", "MemorySessions", "RedisSessions", "SessionStore"]

KEY_PREFIX = "data_hosted:session:"
"""One Redis key per open session (its id follows), expiring after the idle time."""
PER_KEY_PREFIX = "data_hosted:sessions_of:"
"""A sorted set per key tag (the tag follows): the key's session ids by last activity (µs)."""
ALL_KEY = "data_hosted:sessions"
"""A sorted set of every open session, ``<tag>:<session id>`` by last activity (µs)."""


class SessionStore(Protocol):
    """Where open sessions are recorded, by session id and the tag of the key that opened them."""

    shared: bool
    """Whether other workers see the same sessions."""

    async def open(self, session_id: str, tag: str) -> int:
        """Record a new session, ending older ones beyond the bounds; how many were ended."""
        ...

    async def touch(self, session_id: str, tag: str) -> bool:
        """Whether the session is still open; restarts its idle time when it is."""
        ...

    async def close(self, session_id: str, tag: str) -> bool:
        """End the session; False when it was not open."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...


@dataclass
class _Record:
    tag: str
    seen: float


class MemorySessions:
    """Open sessions of this worker, least recently used first, each expiring after ``idle`` seconds."""

    shared = False

    def __init__(
        self, *, idle: float, max_sessions: int, max_per_key: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.idle = idle
        self.max_sessions = max_sessions
        self.max_per_key = max_per_key
        self._clock = clock
        self._records: OrderedDict[str, _Record] = OrderedDict()
        self._of_key: dict[str, OrderedDict[str, None]] = {}

    def __len__(self) -> int:
        return len(self._records)

    def sessions_of(self, tag: str) -> int:
        """Open sessions of the key with ``tag`` (expired ones included until the next sweep)."""
        return len(self._of_key.get(tag, ()))

    def _drop(self, session_id: str) -> None:
        record = self._records.pop(session_id)
        mine = self._of_key[record.tag]
        del mine[session_id]
        if not mine:
            del self._of_key[record.tag]

    def _sweep(self, now: float) -> None:
        # Ordered by last activity, so the expired ones are all at the front.
        while self._records:
            session_id, record = next(iter(self._records.items()))
            if now - record.seen < self.idle:
                break
            self._drop(session_id)

    async def open(self, session_id: str, tag: str) -> int:
        now = self._clock()
        self._sweep(now)
        ended = 0
        while self.sessions_of(tag) >= self.max_per_key:
            self._drop(next(iter(self._of_key[tag])))
            ended += 1
        while len(self._records) >= self.max_sessions:
            self._drop(next(iter(self._records)))
            ended += 1
        self._records[session_id] = _Record(tag, now)
        self._of_key.setdefault(tag, OrderedDict())[session_id] = None
        return ended

    async def touch(self, session_id: str, tag: str) -> bool:
        now = self._clock()
        record = self._records.get(session_id)
        if record is None or record.tag != tag:
            return False
        if now - record.seen >= self.idle:
            self._drop(session_id)
            return False
        record.seen = now
        self._records.move_to_end(session_id)
        self._of_key[tag].move_to_end(session_id)
        return True

    async def close(self, session_id: str, tag: str) -> bool:
        is_open = await self.touch(session_id, tag)
        if is_open:
            self._drop(session_id)
        return is_open

    async def aclose(self) -> None:
        self._records.clear()
        self._of_key.clear()


# The three scripts share these: the Redis clock, and ending one session everywhere it is recorded.
# Scores are microseconds, so that two requests in the same millisecond still keep their order.
# KEYS[1] the session's key, KEYS[2] its key tag's set, KEYS[3] the set of all sessions.
# ARGV[1] idle ms, ARGV[2] session id, ARGV[3] key tag, ARGV[4] session key prefix, ARGV[5] per-key set prefix.
_COMMON = """
local idle = tonumber(ARGV[1])
local function now_us()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000000 + tonumber(t[2])
end
local function drop(tag, sid)
  redis.call('DEL', ARGV[4] .. sid)
  redis.call('ZREM', ARGV[5] .. tag, sid)
  redis.call('ZREM', KEYS[3], tag .. ':' .. sid)
end
local function seen(now)
  redis.call('ZADD', KEYS[2], now, ARGV[2])
  redis.call('PEXPIRE', KEYS[2], idle)
  redis.call('ZADD', KEYS[3], now, ARGV[3] .. ':' .. ARGV[2])
  redis.call('PEXPIRE', KEYS[3], idle)
end
"""

# ARGV[6] sessions per key, ARGV[7] sessions in all. Answers how many sessions were ended to make room.
_OPEN = (
    _COMMON
    + """
local now = now_us()
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - idle * 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - idle * 1000)
local ended = 0
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[6]) + 1
if over > 0 then
  for _, sid in ipairs(redis.call('ZRANGE', KEYS[2], 0, over - 1)) do
    drop(ARGV[3], sid)
    ended = ended + 1
  end
end
over = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[7]) + 1
if over > 0 then
  for _, member in ipairs(redis.call('ZRANGE', KEYS[3], 0, over - 1)) do
    local at = string.find(member, ':', 1, true)
    drop(string.sub(member, 1, at - 1), string.sub(member, at + 1))
    ended = ended + 1
  end
end
redis.call('SET', KEYS[1], '1', 'PX', idle)
seen(now)
return ended
"""
)

# PEXPIRE answers 0 for a key that is gone: check and refresh in one step.
_TOUCH = (
    _COMMON
    + """
if redis.call('PEXPIRE', KEYS[1], idle) == 0 then
  drop(ARGV[3], ARGV[2])
  return 0
end
seen(now_us())
return 1
"""
)

_CLOSE = (
    _COMMON
    + """
local existed = redis.call('EXISTS', KEYS[1])
drop(ARGV[3], ARGV[2])
return existed
"""
)


class RedisSessions:
    """The session table in Redis, shared by every worker using it; every key it writes has a TTL.

    The scripts reach session keys of other key tags when they make room, so the Redis must be one
    server (with or without replicas), not a cluster.
    """

    shared = True

    def __init__(self, client: Any, *, idle: float, max_sessions: int, max_per_key: int) -> None:
        self._idle_ms = max(1, round(idle * 1000))
        self.max_sessions = max_sessions
        self.max_per_key = max_per_key
        self._open = client.register_script(_OPEN)
        self._touch = client.register_script(_TOUCH)
        self._close = client.register_script(_CLOSE)

    def _call(self, session_id: str, tag: str) -> dict[str, list[Any]]:
        return {
            "keys": [KEY_PREFIX + session_id, PER_KEY_PREFIX + tag, ALL_KEY],
            "args": [self._idle_ms, session_id, tag, KEY_PREFIX, PER_KEY_PREFIX],
        }

    async def open(self, session_id: str, tag: str) -> int:
        call = self._call(session_id, tag)
        call["args"] += [self.max_per_key, self.max_sessions]
        return int(await self._open(**call))

    async def touch(self, session_id: str, tag: str) -> bool:
        return bool(await self._touch(**self._call(session_id, tag)))

    async def close(self, session_id: str, tag: str) -> bool:
        return bool(await self._close(**self._call(session_id, tag)))

    async def aclose(self) -> None:
        """The Redis client belongs to the caller, who closes it."""
