"""Whether the data service accepts an API key: asked before a session opens, remembered briefly.

Without this, any string in ``?apikey=`` would get a session, and a few
thousand made-up keys would fill the session table. The question is the
key check of the spec, ``GET /stable/profile?symbol=AAPL``, sent past the
response cache (a cached answer says the key worked once, not that it works
now). What the answer says about the key:

- 2xx, a plan denial (402), a used-up quota (429), nothing found: the upstream
  knew the key, so it is **accepted**;
- 401 (or an ``Invalid API KEY`` body): **rejected**;
- anything else (no answer, 5xx): **unknown**; not remembered, and the session
  is refused for now rather than opened for a key nobody vouched for.

Verdicts are remembered by key tag (never by the key) in a bounded table:
an accepted key for :data:`ACCEPTED_FOR` seconds, a rejected one for
:data:`REJECTED_FOR`. Concurrent checks of one key share one upstream call.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal

import anyio

from data_pkg.client import Secret
from data_pkg.errors import (
    AuthenticationError,
    DataError,
    EndpointUnavailableError,
    NotFoundError,
    PlanRestrictedError,
    RateLimitError,
    ResponseValidationError,
)

__all__ = ["ACCEPTED_FOR", "MAX_VERDICTS", "REJECTED_FOR", "KeyVerdicts", "Verdict"]

logger = logging.getLogger("data_hosted.keys")

Verdict = Literal["accepted", "rejected", "unknown"]

ACCEPTED_FOR = 300.0
"""Seconds an accepted key is believed without asking again."""
REJECTED_FOR = 60.0
"""Seconds a rejected key is refused without asking again (a key just created upstream waits at most this)."""
MAX_VERDICTS = 4096
"""Verdicts kept; the least recently used one is forgotten beyond that."""

# Answers that only a key the upstream knows can get.
_KNOWN_KEY = (PlanRestrictedError, RateLimitError, NotFoundError, EndpointUnavailableError, ResponseValidationError)


@dataclass
class _Pending:
    done: anyio.Event = field(default_factory=anyio.Event)
    verdict: Verdict = "unknown"


class KeyVerdicts:
    """Asks ``ask`` about a key (it raises the upstream's DataError, if any) and remembers the verdict."""

    def __init__(
        self,
        ask: Callable[[Secret], Awaitable[object]],
        *,
        accepted_for: float = ACCEPTED_FOR,
        rejected_for: float = REJECTED_FOR,
        max_entries: int = MAX_VERDICTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._ask = ask
        self._ttl: dict[Verdict, float] = {"accepted": accepted_for, "rejected": rejected_for}
        self._max_entries = max_entries
        self._clock = clock
        self._known: OrderedDict[str, tuple[Verdict, float]] = OrderedDict()
        self._pending: dict[str, _Pending] = {}

    def __len__(self) -> int:
        return len(self._known)

    def _remembered(self, tag: str) -> Verdict | None:
        found = self._known.get(tag)
        if found is None:
            return None
        verdict, until = found
        if self._clock() >= until:
            del self._known[tag]
            return None
        self._known.move_to_end(tag)
        return verdict

    def _remember(self, tag: str, verdict: Verdict) -> None:
        self._known[tag] = (verdict, self._clock() + self._ttl[verdict])
        self._known.move_to_end(tag)
        while len(self._known) > self._max_entries:
            self._known.popitem(last=False)

    async def _question(self, api_key: Secret) -> Verdict:
        try:
            await self._ask(api_key)
        except AuthenticationError:
            return "rejected"
        except _KNOWN_KEY:
            return "accepted"
        except DataError:
            return "unknown"
        except Exception as exc:
            # A failure of the check itself must not take the request down; only its kind is logged.
            logger.warning("key check failed unexpectedly (%s)", type(exc).__name__)
            return "unknown"
        return "accepted"

    async def verdict(self, api_key: Secret, tag: str) -> Verdict:
        """What the upstream says about ``api_key`` (named ``tag``): remembered, or asked now."""
        known = self._remembered(tag)
        if known is not None:
            return known
        pending = self._pending.get(tag)
        if pending is not None:
            await pending.done.wait()
            return pending.verdict
        pending = self._pending[tag] = _Pending()
        try:
            pending.verdict = await self._question(api_key)
            if pending.verdict != "unknown":
                self._remember(tag, pending.verdict)
        finally:
            del self._pending[tag]
            pending.done.set()
        return pending.verdict
