"""Settings of the hosted-compatible server, read from ``DATA_*`` variables.

The upstream base URL, timeouts, retries, validation mode, response cache
(``DATA_CACHE``), path segments and the per-key call limit (``DATA_RATE_LIMIT``,
calls per minute) are the client's own settings. ``DATA_HOSTED_*`` variables
add what only a shared server needs. A bad value is a
:class:`~data_pkg.errors.ConfigurationError` naming the variable.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TypeVar

from data_pkg.client import Settings
from data_pkg.errors import ConfigurationError
from data_pkg.toolsets import DEFAULT_MAX_ANSWER_TOKENS, budget_problem

__all__ = ["HostedConfig"]

_MIN_SECRET = 32
_LONGEST = 86_400.0
_DURATIONS = (
    ("read_timeout", "DATA_HOSTED_READ_TIMEOUT"),
    ("shutdown_grace", "DATA_HOSTED_SHUTDOWN_GRACE"),
    ("redis_wait", "DATA_HOSTED_REDIS_WAIT"),
)
_N = TypeVar("_N", int, float)


@dataclass(frozen=True)
class HostedConfig:
    """Everything the server needs; build it with :meth:`from_env`."""

    settings: Settings
    """The client settings every caller's requests use; ``api_key`` is ignored (each caller brings one)."""
    secret: bytes = field(repr=False, default_factory=lambda: secrets.token_bytes(32))
    """Signs session tokens and derives key tags; every worker sharing sessions needs the same one."""
    secret_is_shared: bool = False
    """Whether the secret came from ``DATA_HOSTED_SECRET`` (random per process otherwise)."""
    redis_url: str | None = field(default=None, repr=False)
    """``DATA_HOSTED_REDIS``: sessions and per-key limits shared by every worker that uses it."""
    session_idle: float = 1800.0
    """Seconds a session lives without a request (``DATA_HOSTED_SESSION_IDLE``)."""
    session_max_age: float = 86400.0
    """Seconds a session lives at most, busy or not (``DATA_HOSTED_SESSION_MAX_AGE``)."""
    max_sessions: int = 10_000
    """Open sessions in all: per worker in memory, across workers with Redis (``DATA_HOSTED_MAX_SESSIONS``)."""
    max_sessions_per_key: int = 100
    """Open sessions one key may have; opening one more ends its oldest (``DATA_HOSTED_MAX_SESSIONS_PER_KEY``)."""
    max_body: int = 1_048_576
    """Largest request body accepted, in bytes (``DATA_HOSTED_MAX_BODY``)."""
    max_concurrency: int = 16
    """Requests one key may have in flight on one worker (``DATA_HOSTED_MAX_CONCURRENCY``)."""
    rate_limit: int | None = None
    """Tool calls per minute per key, across every worker sharing Redis (``DATA_RATE_LIMIT``)."""
    allowed_origins: tuple[str, ...] = ()
    """Extra ``Origin`` values accepted besides loopback ones; ``*`` accepts any (``DATA_HOSTED_ALLOWED_ORIGINS``)."""
    allowed_hosts: tuple[str, ...] = ()
    """Extra ``Host`` values accepted besides loopback ones; ``*`` accepts any (``DATA_HOSTED_ALLOWED_HOSTS``)."""
    max_answer_tokens: int = DEFAULT_MAX_ANSWER_TOKENS
    """Token budget of one tool answer; longer ones are cut with a note (``DATA_HOSTED_MAX_ANSWER_TOKENS``)."""
    redis_connections: int = 64
    """Redis connections one worker opens at most; past them a request waits (``DATA_HOSTED_REDIS_CONNECTIONS``)."""
    redis_wait: float = 5.0
    """Seconds a request waits for a free Redis connection, and for Redis's answer, before a 503
    (``DATA_HOSTED_REDIS_WAIT``)."""
    max_header: int = 32_768
    """Bytes of a request line and headers at most (``DATA_HOSTED_MAX_HEADER``)."""
    read_timeout: float = 20.0
    """Seconds a request (headers and body) has to arrive whole (``DATA_HOSTED_READ_TIMEOUT``)."""
    max_connections: int = 1000
    """Connections one worker holds at most (``DATA_HOSTED_MAX_CONNECTIONS``)."""
    shutdown_grace: float = 25.0
    """Seconds requests in flight get to finish after SIGTERM/SIGINT (``DATA_HOSTED_SHUTDOWN_GRACE``)."""
    key_checks_per_client: int = 60
    """Key checks sent upstream per minute for one client address (``DATA_HOSTED_KEY_CHECKS_PER_CLIENT``)."""
    key_checks: int = 600
    """Key checks sent upstream per minute by one worker, for all clients (``DATA_HOSTED_KEY_CHECKS``)."""
    max_batch: int = 16
    """Messages in one JSON-RPC batch (2025-03-26 sessions and older) (``DATA_HOSTED_MAX_BATCH``)."""
    path: str = "/mcp"

    def __post_init__(self) -> None:
        if self.redis_url is not None and not self.redis_url.startswith(("redis://", "rediss://", "unix://")):
            raise ConfigurationError("DATA_HOSTED_REDIS must be a redis://, rediss:// or unix:// URL")
        if self.redis_url is not None and not self.secret_is_shared:
            raise ConfigurationError(
                "DATA_HOSTED_REDIS is set but DATA_HOSTED_SECRET is not: every worker that shares sessions must "
                f"sign them with the same secret (at least {_MIN_SECRET} characters, e.g. from `openssl rand -hex 32`)"
            )
        if (problem := budget_problem(self.max_answer_tokens)) is not None:
            raise ConfigurationError(f"DATA_HOSTED_MAX_ANSWER_TOKENS {problem}")
        for name, var in _DURATIONS:
            if getattr(self, name) > _LONGEST:
                # The event loop's timers take no longer delay than that (uvloop overflows on far larger ones).
                raise ConfigurationError(f"{var} must be at most {_LONGEST:g} seconds (a day)")
        if not self.path.startswith("/"):
            raise ConfigurationError(f"the MCP path must start with '/', got {self.path!r}")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> HostedConfig:
        """Read the client's ``DATA_*`` settings and the ``DATA_HOSTED_*`` ones; keywords win."""
        env = os.environ if environ is None else environ
        client = Settings.from_env(env)
        values: dict[str, object] = {
            # Each caller's own key goes upstream; limits are the server's, per key, not the client's per process.
            "settings": replace(client, api_key=None, rate_limit=None, plan=None),
            "rate_limit": client.rate_limit,
        }
        if raw := env.get("DATA_HOSTED_SECRET", "").strip():
            if len(raw) < _MIN_SECRET:
                raise ConfigurationError(f"DATA_HOSTED_SECRET must be at least {_MIN_SECRET} characters long")
            values["secret"] = raw.encode()
            values["secret_is_shared"] = True
        if raw := env.get("DATA_HOSTED_REDIS", "").strip():
            values["redis_url"] = raw
        numbers: tuple[tuple[str, str, Callable[[str], float]], ...] = (
            ("session_idle", "DATA_HOSTED_SESSION_IDLE", float),
            ("session_max_age", "DATA_HOSTED_SESSION_MAX_AGE", float),
            ("max_sessions", "DATA_HOSTED_MAX_SESSIONS", int),
            ("max_sessions_per_key", "DATA_HOSTED_MAX_SESSIONS_PER_KEY", int),
            ("max_body", "DATA_HOSTED_MAX_BODY", int),
            ("max_concurrency", "DATA_HOSTED_MAX_CONCURRENCY", int),
            ("max_answer_tokens", "DATA_HOSTED_MAX_ANSWER_TOKENS", int),
            ("redis_connections", "DATA_HOSTED_REDIS_CONNECTIONS", int),
            ("redis_wait", "DATA_HOSTED_REDIS_WAIT", float),
            ("max_batch", "DATA_HOSTED_MAX_BATCH", int),
            ("key_checks_per_client", "DATA_HOSTED_KEY_CHECKS_PER_CLIENT", int),
            ("key_checks", "DATA_HOSTED_KEY_CHECKS", int),
            ("shutdown_grace", "DATA_HOSTED_SHUTDOWN_GRACE", float),
            ("max_header", "DATA_HOSTED_MAX_HEADER", int),
            ("read_timeout", "DATA_HOSTED_READ_TIMEOUT", float),
            ("max_connections", "DATA_HOSTED_MAX_CONNECTIONS", int),
        )
        for name, var, kind in numbers:
            if (raw := env.get(var, "").strip()) != "":
                values[name] = _positive(var, raw, kind)
        for name, var in (
            ("allowed_origins", "DATA_HOSTED_ALLOWED_ORIGINS"),
            ("allowed_hosts", "DATA_HOSTED_ALLOWED_HOSTS"),
        ):
            if raw := env.get(var, "").strip():
                values[name] = tuple(part.strip().rstrip("/") for part in raw.split(",") if part.strip())
        values.update(overrides)
        return cls(**values)  # type: ignore[arg-type]


def _positive(name: str, raw: str, kind: Callable[[str], _N]) -> _N:
    try:
        value = kind(raw)
    except ValueError:
        raise ConfigurationError(f"{name}={raw!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise ConfigurationError(f"{name} must be a positive number, got {raw!r}")
    return value
