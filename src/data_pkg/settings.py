"""Settings for reaching the upstream API, read from ``DATA_*`` environment variables or given directly.

A public module below the client, beside :mod:`data_pkg.errors`: the client, both servers and the
desktop checks read the same :class:`Settings` and :class:`Secret` without loading the HTTP stack
(it imports the catalog and the errors only). ``data_pkg.client`` re-exports all three names.

Every value is checked when read: an unknown validation mode, a negative
timeout or a misspelt plan is a :class:`ConfigurationError` that names the
variable and the accepted values, never a silent fallback.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Literal, get_args

from data_pkg.catalog import SEGMENT_ENV, TIERS
from data_pkg.errors import ConfigurationError
from data_pkg.redact import redact, remember

__all__ = [
    "HTTP_TOKEN_VARIABLE",
    "RANDOM_VALUE_COMMAND",
    "Secret",
    "Settings",
    "ValidationMode",
    "base_url_problem",
    "http_token",
]

_SEGMENT = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")

ValidationMode = Literal["strict", "warn", "lenient"]
"""What the client does with an answer that does not fit its model: raise (``strict``), log and keep it
(``warn``), or keep it silently (``lenient``); ``DATA_VALIDATION_MODE``."""
VALIDATION_MODES: tuple[str, ...] = get_args(ValidationMode)


class Secret:
    """A string that never shows itself in ``repr``, ``str`` or f-strings."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value
        # From now on, the value is masked wherever it shows in an error or a log line.
        remember(value)

    def reveal(self) -> str:
        """The secret itself; call it only where the value must go on the wire."""
        return self._value

    def __repr__(self) -> str:
        return "Secret('********')"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)

    def __bool__(self) -> bool:
        return bool(self._value)


@dataclass(frozen=True)
class Settings:
    """Everything the client needs to reach the upstream API."""

    api_key: Secret | None = None
    base_url: str | None = None
    """Scheme, host and port, without ``/stable``; there is no built-in default."""
    timeout: float = 30.0
    max_retries: int = 2
    cache: str | None = None
    """A ``DATA_CACHE`` spec: ``off``, ``memory``, ``sqlite:///path``, ``redis://...``."""
    validation_mode: ValidationMode = "warn"
    plan: str | None = None
    """The caller's plan tier; sets the local rate limit when ``rate_limit`` is not given."""
    rate_limit: int | None = None
    """Local limit in calls per minute; None means none (or the plan's)."""
    rate_limit_max_wait: float = 5.0
    segments: Mapping[str, str] = field(default_factory=dict)
    """Values of configurable path segments: ``provider``, ``ratings_addon``."""
    log_level: str | None = None
    deadline: float = 120.0
    """Seconds one call may take in all, retries and waits between them included (``DATA_DEADLINE``)."""
    max_reply_bytes: int = 64 * 2**20
    """The most bytes an answer may hold once decompressed (``DATA_MAX_REPLY_BYTES``)."""
    max_rows: int = 200_000
    """The most rows a JSON answer may hold (``DATA_MAX_ROWS``)."""
    download_deadline: float = 3600.0
    """Seconds a bulk stream or download may take (``DATA_DOWNLOAD_DEADLINE``)."""
    max_download_bytes: int = 4 * 2**30
    """The most bytes a bulk stream or download may hold once decompressed (``DATA_MAX_DOWNLOAD_BYTES``)."""

    def __post_init__(self) -> None:
        if self.validation_mode not in VALIDATION_MODES:
            raise ConfigurationError(
                f"validation mode {self.validation_mode!r} is not one of {', '.join(VALIDATION_MODES)}"
                " (set DATA_VALIDATION_MODE)"
            )
        if self.plan is not None and self.plan not in TIERS:
            raise ConfigurationError(f"plan {self.plan!r} is not one of {', '.join(TIERS)} (set DATA_PLAN)")
        if self.timeout <= 0:
            raise ConfigurationError(f"timeout must be positive, got {self.timeout!r} (set DATA_TIMEOUT)")
        if self.max_retries < 0:
            raise ConfigurationError(f"max retries must be 0 or more, got {self.max_retries!r} (DATA_MAX_RETRIES)")
        if self.rate_limit is not None and self.rate_limit <= 0:
            raise ConfigurationError(
                f"rate limit must be a positive number of calls per minute (DATA_RATE_LIMIT), got {self.rate_limit!r}"
            )
        if self.rate_limit_max_wait < 0:
            raise ConfigurationError("DATA_RATE_LIMIT_MAX_WAIT must be 0 or more seconds")
        for name, value in _BOUNDS.items():
            if getattr(self, name) <= 0:
                raise ConfigurationError(f"{value} must be more than 0, got {getattr(self, name)!r}")
        for name, value in self.segments.items():
            if not _SEGMENT.fullmatch(value):
                raise ConfigurationError(
                    f"path segment {name}={value!r} may hold only lowercase letters, digits and dashes"
                )
        if self.base_url is not None and (problem := base_url_problem(self.base_url)) is not None:
            raise ConfigurationError(problem)

    def __repr__(self) -> str:
        shown = redact(", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)))
        return f"Settings({shown})"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        """Read ``DATA_*`` variables; keyword arguments win over the environment."""
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        key = env.get("DATA_API_KEY", "").strip()
        if key:
            values["api_key"] = Secret(key)
        if base := env.get("DATA_BASE_URL", "").strip():
            values["base_url"] = base.rstrip("/")
        if (raw := env.get("DATA_TIMEOUT")) is not None:
            values["timeout"] = _number("DATA_TIMEOUT", raw, float)
        if (raw := env.get("DATA_MAX_RETRIES")) is not None:
            values["max_retries"] = _number("DATA_MAX_RETRIES", raw, int)
        if (raw := env.get("DATA_CACHE")) is not None:
            values["cache"] = raw.strip() or None
        if (raw := env.get("DATA_VALIDATION_MODE")) is not None:
            values["validation_mode"] = raw.strip().lower()
        if (raw := env.get("DATA_PLAN")) is not None:
            values["plan"] = raw.strip().lower() or None
        if (raw := env.get("DATA_RATE_LIMIT")) is not None and raw.strip():
            values["rate_limit"] = _number("DATA_RATE_LIMIT", raw, int)
        if (raw := env.get("DATA_RATE_LIMIT_MAX_WAIT")) is not None:
            values["rate_limit_max_wait"] = _number("DATA_RATE_LIMIT_MAX_WAIT", raw, float)
        for name, variable in _BOUNDS.items():
            if (raw := env.get(variable)) is not None and raw.strip():
                values[name] = _number(variable, raw, float if "deadline" in name else int)
        segments = {name: value.strip() for name, var in SEGMENT_ENV.items() if (value := env.get(var, "")).strip()}
        if segments:
            values["segments"] = segments
        if (raw := env.get("DATA_LOG_LEVEL")) is not None and raw.strip():
            values["log_level"] = raw.strip().upper()
        values.update(overrides)
        if isinstance(values.get("api_key"), str):
            values["api_key"] = Secret(str(values["api_key"]))
        return cls(**values)  # type: ignore[arg-type]


_VERSION = re.compile(r"stable|v[0-9]+")
"""A path segment that names the API's version: the client adds it to every path itself."""


def base_url_problem(base_url: str) -> str | None:
    """What is wrong with ``base_url`` as the API's address (``DATA_BASE_URL``), with the fix; None when nothing is.

    The address is the API's root: scheme, host and port (and a proxy's own prefix, if any). A root that
    ends in the version segment (``http://host/stable``) would make every request ask ``/stable/stable/...``,
    which the API answers as if nothing were found.
    """
    shown = redact(base_url)
    if not base_url.startswith(("http://", "https://")):
        return f"base URL {shown!r} must start with http:// or https:// (DATA_BASE_URL)"
    scheme, _, rest = base_url.partition("://")
    host, _, path = rest.partition("/")
    segments = path.split("/")
    version = next((i for i, segment in enumerate(segments) if _VERSION.fullmatch(segment)), None)
    if version is None:
        return None
    # The earlier API's root was ``/api/v3``: its ``api`` goes with the version.
    start = version - 1 if version > 0 and segments[version - 1] == "api" else version
    root = redact("/".join([f"{scheme}://{host}", *segments[:start]]))
    tail = "/".join(segments[start:])
    return (
        f"base URL {shown!r} ends in the version path /{tail}, which the client adds to every request itself"
        f" (it would ask /{tail}/stable/... and find nothing): set DATA_BASE_URL={root}"
    )


HTTP_TOKEN_VARIABLE = "DATA_MCP_HTTP_TOKEN"  # noqa: S105 - the variable's name, not a token
"""The bearer token clients of ``data-mcp serve --http`` must send; without it, the HTTP server takes no token."""

HTTP_TOKEN_MIN = 16
"""The shortest token accepted: a guessable one would let any machine that reaches the port call with your key."""

RANDOM_VALUE_COMMAND = 'python -c "import secrets; print(secrets.token_urlsafe(32))"'
"""How to make a value nobody can guess, for a message that asks for one."""

_B64TOKEN = re.compile(r"[A-Za-z0-9._~+/-]+=*")
"""What a bearer token may hold (RFC 6750's ``b64token``): it travels in a header as written."""


def http_token(environ: Mapping[str, str] | None = None) -> Secret | None:
    """The bearer token of the local server's HTTP mode (``DATA_MCP_HTTP_TOKEN``); None when unset or blank.

    A :class:`Secret`, so it is masked in every log line from then on. A token too short, or holding what a
    header cannot carry as written, is a :class:`ConfigurationError` that says what is wrong, never the token.
    """
    env = os.environ if environ is None else environ
    token = env.get(HTTP_TOKEN_VARIABLE, "").strip()
    if not token:
        return None
    secret = Secret(token)
    if not _B64TOKEN.fullmatch(token):
        raise ConfigurationError(
            f"{HTTP_TOKEN_VARIABLE} may hold only letters, digits and - . _ ~ + / (then = signs), as a bearer"
            f" token is sent in a header; make one with: {RANDOM_VALUE_COMMAND}"
        )
    if len(token) < HTTP_TOKEN_MIN:
        raise ConfigurationError(
            f"{HTTP_TOKEN_VARIABLE} is {len(token)} characters long; use at least {HTTP_TOKEN_MIN}, made with:"
            f" {RANDOM_VALUE_COMMAND}"
        )
    return secret


_BOUNDS = {
    "deadline": "DATA_DEADLINE",
    "max_reply_bytes": "DATA_MAX_REPLY_BYTES",
    "max_rows": "DATA_MAX_ROWS",
    "download_deadline": "DATA_DOWNLOAD_DEADLINE",
    "max_download_bytes": "DATA_MAX_DOWNLOAD_BYTES",
}
"""The limits that keep a hostile or broken upstream from taking unbounded time or memory, and their variables."""


def _number(name: str, raw: str, kind: type[int] | type[float]) -> int | float:
    try:
        return kind(raw.strip())
    except ValueError:
        noun = "a whole number" if kind is int else "a number"
        raise ConfigurationError(f"{name}={raw!r} is not {noun}") from None
