"""Whether the data service accepts an API key: asked before a session opens, remembered briefly.

Without this, any string in ``?apikey=`` would get a session, and a few
thousand made-up keys would fill the session table. The question is the
key check of the spec, ``GET /stable/profile?symbol=AAPL``, sent past the
response cache (a cached answer says the key worked once, not that it works
now). Only a reply that the data service alone could give proves anything,
because a proxy or CDN in front of it answers redirects, error pages and
rate limits of its own for any key:

- a JSON array (the profile, or an empty one: nothing found), or a plan
  denial in the service's own words (402 ``Restricted Endpoint`` ...): the
  service knew the key, so it is **accepted**;
- 401, or an ``Invalid API KEY`` message: **rejected**;
- anything else (a redirect, an HTML page, a 403 or 429 without the
  service's words, no answer, a 5xx): **unknown**; not remembered, and the
  session is refused for now (503 with ``Retry-After``) rather than opened
  for a key nobody vouched for.

Verdicts are remembered by key tag (never by the key) in two bounded tables,
so that rejected keys never push out accepted ones: an accepted key for
:data:`ACCEPTED_FOR` seconds, a rejected one for :data:`REJECTED_FOR`.
Concurrent checks of one key share one upstream call.
A check that has to go upstream is counted against the rate limits given
(per client address, and per worker), so made-up keys cannot make the
server send one upstream request per ``initialize``.
"""

from __future__ import annotations

import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal

import anyio

from data_hosted._limits import RateLimit
from data_pkg.client import Secret
from data_pkg.errors import AuthenticationError, DataError, PlanRestrictedError, RateLimitError

__all__ = [
    "ACCEPTED_FOR",
    "MAX_VERDICTS",
    "REJECTED_FOR",
    "KeyCheckRefusedError",
    "KeyVerdicts",
    "Verdict",
    "proves_key",
]

logger = logging.getLogger("data_hosted.keys")

Verdict = Literal["accepted", "rejected", "unknown"]

ACCEPTED_FOR = 300.0
"""Seconds an accepted key is believed without asking again."""
REJECTED_FOR = 60.0
"""Seconds a rejected key is refused without asking again (a key just created upstream waits at most this)."""
MAX_VERDICTS = 4096
"""Verdicts of each kind kept (accepted, rejected); the least recently used one is forgotten beyond that."""

# A plan denial without one of the service's own phrases (kind "other") is a bare 402/403 status: anyone can send one.
_OWN_WORDS = ("restricted", "exclusive", "legacy", "premium_query")


def proves_key(body: bytes) -> bool:
    """Whether a successful reply to the key check is the data service's answer: a JSON array of objects."""
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return False
    return isinstance(value, list) and all(isinstance(row, dict) for row in value)


class KeyCheckRefusedError(Exception):
    """Too many key checks asked for: by this client address (``per_client``) or on this worker."""

    def __init__(self, retry_after: float, *, per_client: bool) -> None:
        super().__init__("too many key checks")
        self.retry_after = retry_after
        self.per_client = per_client


@dataclass
class _Pending:
    done: anyio.Event = field(default_factory=anyio.Event)
    verdict: Verdict = "unknown"


class KeyVerdicts:
    """Asks ``ask`` about a key and remembers the verdict.

    ``ask`` answers the body of a usable reply, or raises the upstream's DataError. ``per_client`` and
    ``per_worker`` bound how many checks go upstream (per client address, and in all).
    """

    def __init__(
        self,
        ask: Callable[[Secret], Awaitable[bytes]],
        *,
        accepted_for: float = ACCEPTED_FOR,
        rejected_for: float = REJECTED_FOR,
        max_entries: int = MAX_VERDICTS,
        clock: Callable[[], float] = time.monotonic,
        per_client: RateLimit | None = None,
        per_worker: RateLimit | None = None,
    ) -> None:
        self._ask = ask
        self._per_client = per_client
        self._per_worker = per_worker
        self._ttl: dict[Verdict, float] = {"accepted": accepted_for, "rejected": rejected_for}
        self._max_entries = max_entries
        self._clock = clock
        # One table per verdict, each bounded on its own: made-up keys churn the rejected one only, and never
        # push a real user's accepted verdict out (which would cost that user a check at the next initialize).
        self._known: dict[Verdict, OrderedDict[str, float]] = {"accepted": OrderedDict(), "rejected": OrderedDict()}
        self._pending: dict[str, _Pending] = {}

    def __len__(self) -> int:
        return sum(len(table) for table in self._known.values())

    def _remembered(self, tag: str) -> Verdict | None:
        for verdict, table in self._known.items():
            until = table.get(tag)
            if until is None:
                continue
            if self._clock() >= until:
                del table[tag]
                return None
            table.move_to_end(tag)
            return verdict
        return None

    def _remember(self, tag: str, verdict: Verdict) -> None:
        for table in self._known.values():
            table.pop(tag, None)
        table = self._known[verdict]
        table[tag] = self._clock() + self._ttl[verdict]
        while len(table) > self._max_entries:
            table.popitem(last=False)

    async def _question(self, api_key: Secret) -> Verdict:
        try:
            body = await self._ask(api_key)
        except AuthenticationError:
            return "rejected"
        except PlanRestrictedError as error:
            return "accepted" if error.kind in _OWN_WORDS else "unknown"
        except DataError:
            # Among them a 429: the service's quota and a proxy's rate limit look alike, so it proves nothing.
            return "unknown"
        except Exception as exc:
            # A failure of the check itself must not take the request down; only its kind is logged.
            logger.warning("key check failed unexpectedly (%s)", type(exc).__name__)
            return "unknown"
        return "accepted" if proves_key(body) else "unknown"

    async def _may_ask(self, client: str) -> None:
        """Count one upstream check; raises KeyCheckRefusedError when a bound is reached."""
        for limit, tag, per_client in ((self._per_client, client, True), (self._per_worker, "", False)):
            if limit is None:
                continue
            try:
                await limit.take(tag)
            except RateLimitError as error:
                raise KeyCheckRefusedError(error.retry_after or 1.0, per_client=per_client) from None

    async def verdict(self, api_key: Secret, tag: str, client: str = "-") -> Verdict:
        """What the upstream says about ``api_key`` (named ``tag``, sent from address ``client``): remembered,
        or asked now; raises KeyCheckRefusedError when asking would pass a bound on key checks."""
        known = self._remembered(tag)
        if known is not None:
            return known
        pending = self._pending.get(tag)
        if pending is not None:
            await pending.done.wait()
            return pending.verdict
        await self._may_ask(client)
        pending = self._pending[tag] = _Pending()
        try:
            pending.verdict = await self._question(api_key)
            if pending.verdict != "unknown":
                self._remember(tag, pending.verdict)
        finally:
            del self._pending[tag]
            pending.done.set()
        return pending.verdict
