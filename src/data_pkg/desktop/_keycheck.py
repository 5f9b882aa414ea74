"""Check an API key the way the spec does: ``GET {base_url}/stable/profile?symbol=AAPL`` answers 200.

Outcomes, and whether they count as a usable key:

- ``valid``: 200 with the profile's JSON shape (rows that are objects naming their symbol, or none: the
  key was accepted). Only such a reply proves the key: anything else that answers 200 could be any
  web server;
- ``plan_limited``: 402, the key was accepted but the plan does not cover this request; usable;
- ``invalid``: 401, the key is wrong;
- ``rate_limited``: 429, the plan's calls are used up (``retry_after`` says when to try again);
- ``unreachable``: no HTTP answer (address wrong, offline, timeout);
- ``wrong_address``: could not check: the address does not look like the API (a redirect, a web page,
  a reply that is not the profile's JSON), or ends in the version path (``http://host/stable``);
- ``missing_key`` / ``missing_base_url``: nothing to check with (a placeholder such as
  ``<your API key>`` is not sent);
- ``error``: the API failed (5xx), or a ``DATA_*`` setting is unusable.

The check uses the typed client with its cache off and no retries, so the answer is the API's
own and comes quickly. The key is never shown: at most its last four characters.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from data_pkg.desktop._redact import mask_key
from data_pkg.errors import (
    AuthenticationError,
    ConfigurationError,
    DataError,
    NotFoundError,
    PlanRestrictedError,
    RateLimitError,
    ResponseValidationError,
    TransportError,
    WrongAddressError,
)
from data_pkg.placeholders import is_placeholder
from data_pkg.redact import redact
from data_pkg.settings import base_url_problem

__all__ = ["KeyCheck", "KeyStatus", "check_key", "mask_key"]

KeyStatus = Literal[
    "valid",
    "plan_limited",
    "invalid",
    "rate_limited",
    "unreachable",
    "wrong_address",
    "missing_key",
    "missing_base_url",
    "error",
]
"""The outcome of :func:`check_key`, one word per kind of answer (``plan_limited``: the key works, the plan is
below the endpoint asked)."""


@dataclass(frozen=True)
class KeyCheck:
    """The answer to "does this key work?"."""

    status: KeyStatus
    message: str
    fix: str | None
    key: str
    """The masked key."""
    base_url: str | None
    symbol: str
    http_status: int | None = None
    retry_after: float | None = None
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """Whether the key is usable (valid, or valid but limited by the plan)."""
        return self.status in ("valid", "plan_limited")

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready data (the key masked)."""
        return {
            "status": self.status,
            "ok": self.ok,
            "message": self.message,
            "fix": self.fix,
            "key": self.key,
            "base_url": self.base_url,
            "symbol": self.symbol,
            "http_status": self.http_status,
            "retry_after": self.retry_after,
            "seconds": round(self.seconds, 3),
        }


def check_key(
    env: Mapping[str, str],
    *,
    base_url: str | None = None,
    symbol: str = "AAPL",
    timeout: float = 10.0,
) -> KeyCheck:
    """Call the profile endpoint for ``symbol`` with ``DATA_API_KEY`` and ``DATA_BASE_URL`` from ``env``.

    ``base_url`` overrides ``DATA_BASE_URL``. Never raises for a bad key or a network problem:
    the outcome is in the returned :class:`KeyCheck`.
    """
    key = env.get("DATA_API_KEY", "").strip()
    url = (base_url or env.get("DATA_BASE_URL", "")).strip().rstrip("/") or None
    masked = mask_key(key)
    shown = redact(url) if url else None

    def answer(status: KeyStatus, message: str, fix: str | None, **extra: Any) -> KeyCheck:
        return KeyCheck(status, message, fix, masked, shown, symbol, **extra)

    if not key:
        return answer("missing_key", "DATA_API_KEY is not set", "export DATA_API_KEY=<your key>")
    if is_placeholder(key):
        return answer(
            "missing_key",
            f"DATA_API_KEY is a placeholder ({masked}), not a key: nothing was sent",
            "put your API key in DATA_API_KEY (from your account page), not the text that stands for it",
        )
    if url is None:
        return answer(
            "missing_base_url",
            "DATA_BASE_URL is not set: there is no API address to check the key against",
            "export DATA_BASE_URL=https://... (the API address), or pass --base-url",
        )
    if (problem := base_url_problem(url)) is not None:
        return answer("wrong_address", f"could not check: {problem}", _ADDRESS_FIX)
    from data_pkg.client import DataClient, Settings

    overrides: dict[str, Any] = {
        "cache": "off",
        "max_retries": 0,
        "timeout": timeout,
        "validation_mode": "lenient",
        "base_url": url,
    }
    try:
        settings = Settings.from_env(env, **overrides)
    except ConfigurationError as error:
        return answer("error", f"a setting is unusable: {error}", "fix the DATA_* variable it names")
    where = f"GET {shown}/stable/profile?symbol={symbol}"
    started = time.monotonic()
    try:
        with DataClient(settings=settings) as client:
            profile = client.call_json("company.profile", symbol=symbol)
    except DataError as error:
        outcome = next(o for o in _OUTCOMES if isinstance(error, o.raised) and o.proves(error))
        return outcome.check(error, answer, time.monotonic() - started, masked=masked, where=where, url=redact(url))
    if not (isinstance(profile, dict) and isinstance(profile.get("symbol"), str)):
        return answer(
            "wrong_address",
            f"could not check: the address does not look like the API ({where} answered JSON that is not a"
            " profile), so the answer says nothing about the key",
            _ADDRESS_FIX,
            http_status=200,
            seconds=time.monotonic() - started,
        )
    return answer(
        "valid",
        f"the key {masked} is valid ({where} answered 200)",
        None,
        http_status=200,
        seconds=time.monotonic() - started,
    )


@dataclass(frozen=True)
class _Outcome:
    """What a failed call says about the key: its status, the words for it (``{masked}``, ``{where}``,
    ``{url}``, ``{error}``, ``{status}``, ``{wait}``), the fix, and the HTTP status to record."""

    raised: type[DataError] | tuple[type[DataError], ...]
    status: KeyStatus
    message: str
    fix: str | None
    http_status: Callable[[DataError], int | None] = lambda error: error.status
    usual_status: int | None = None
    """Shown as ``{status}`` when the error carries none."""
    proves: Callable[[DataError], bool] = lambda error: True
    """Whether ``error`` is this outcome's evidence; when not, the next outcome that matches is taken."""

    def check(self, error: DataError, answer: Callable[..., KeyCheck], seconds: float, **words: str) -> KeyCheck:
        """The :class:`KeyCheck` for ``error``; ``words`` fill the message."""
        retry_after = getattr(error, "retry_after", None)
        wait = f"; try again in {retry_after:g} s" if retry_after is not None else ""
        message = self.message.format(error=error, status=error.status or self.usual_status, wait=wait, **words)
        http_status = self.http_status(error)
        return answer(self.status, message, self.fix, http_status=http_status, retry_after=retry_after, seconds=seconds)


_ADDRESS_FIX = "point DATA_BASE_URL (or --base-url) at the API's own address: scheme, host and port"

# The first that matches wins, so subclasses come before DataError.
_OUTCOMES = (
    _Outcome(
        PlanRestrictedError,
        "plan_limited",
        "the key {masked} is valid, but the plan does not cover this request ({where} answered 402: {error})",
        "nothing to fix for the key; upgrade the plan for data it does not include",
        # Only the API's own words for a plan limit prove the key: a bare 402 or 403 could be any server's.
        proves=lambda error: getattr(error, "kind", "other") != "other",
    ),
    _Outcome(
        AuthenticationError,
        "invalid",
        "the key {masked} was refused ({where} answered {status}): {error}",
        "check DATA_API_KEY: copy the key again from your account page, without spaces",
        usual_status=401,
    ),
    _Outcome(
        RateLimitError,
        "rate_limited",
        "the key {masked} is rate-limited ({where} answered {status}{wait}): the plan's call allowance is used up"
        " (the agent stops returning data after a few queries)",
        "wait for the allowance to refill, or upgrade the plan",
        usual_status=429,
    ),
    _Outcome(
        (WrongAddressError, ResponseValidationError),
        "wrong_address",
        "could not check: {error}",
        _ADDRESS_FIX,
    ),
    _Outcome(
        TransportError,
        "unreachable",
        "no answer from {url}: {error}",
        "check DATA_BASE_URL and the network (is the sandbox or API running?)",
        http_status=lambda error: None,
    ),
    _Outcome(
        NotFoundError,
        "valid",
        "the key {masked} was accepted ({where} answered: {error})",
        None,
        http_status=lambda error: 200,
        # An empty list proves it; an HTTP 404 means the address has no such path.
        proves=lambda error: error.status is None,
    ),
    _Outcome(
        (PlanRestrictedError, NotFoundError),
        "wrong_address",
        "could not check: {where} answered {status}, which says nothing about the key: {error}",
        _ADDRESS_FIX,
    ),
    _Outcome(
        DataError,
        "error",
        "{where} failed: {error}",
        "try again later; if it persists, the API is having trouble",
    ),
)
