"""Keep secrets out of every text that leaves the process: a public module every layer and both servers use.

Three kinds of secret can reach a text:

- the ``apikey`` query parameter: every URL we send carries the key there, and the HTTP library logs
  URLs at INFO and DEBUG;
- the credentials of a URL (``https://user:password@host``), which a ``DATA_BASE_URL`` may hold;
- the key's value on its own, wherever an upstream echoes it (an ``Error Message`` that quotes it).

:func:`redact` masks all three. Every :class:`~data_pkg.settings.Secret` made in this process tells
this module its value (:func:`remember`), so the key is masked even where nothing marks it as one.
A filter on the loggers that print URLs rewrites each record before any handler sees it, and
:class:`RedactingFormatter` masks a handler's whole output, tracebacks included.
"""

from __future__ import annotations

import logging
import re
import threading

__all__ = ["MIN_SECRET", "RedactingFilter", "RedactingFormatter", "install_log_redaction", "redact", "remember"]

_APIKEY = re.compile(r"(?i)(apikey=)[^&\s\"'#]+")
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/?#@\s\"'<>]+@")
"""The ``user:password@`` of a URL; the scheme is kept, the credentials go."""

MIN_SECRET = 8
"""Values shorter than this are not masked on their own: a four-letter sandbox key such as ``demo``
would otherwise mask that word in every message. Real keys are much longer."""

_MAX_REMEMBERED = 1024
"""A server that speaks for many callers sees many keys: the oldest are forgotten past this many."""

_lock = threading.Lock()
_remembered: dict[str, None] = {}
_longest_first: tuple[str, ...] = ()

# Loggers that may print request URLs. Filters do not inherit down the logger
# tree, so each one that logs gets its own.
_HTTP_LOGGERS = (
    "httpx2",
    "httpcore2",
    "httpcore2.connection",
    "httpcore2.connection_pool",
    "httpcore2.http11",
    "httpcore2.http2",
    "httpcore2.proxy",
    "httpcore2.socks",
    "data_pkg",
    "data_pkg.client",
    "data_pkg.cache",
    "data_pkg.mcp",
)


def remember(secret: str) -> None:
    """Mask ``secret`` wherever :func:`redact` sees it from now on (values under :data:`MIN_SECRET` aside)."""
    global _longest_first
    if len(secret) < MIN_SECRET or secret in _remembered:
        return
    with _lock:
        _remembered[secret] = None
        while len(_remembered) > _MAX_REMEMBERED:
            del _remembered[next(iter(_remembered))]
        # Longest first, so a key that contains another is masked whole.
        _longest_first = tuple(sorted(_remembered, key=len, reverse=True))


def redact(text: str) -> str:
    """``text`` with ``apikey=`` values, URL credentials and every remembered secret masked."""
    for secret in _longest_first:
        if secret in text:
            text = text.replace(secret, "***")
    if "://" in text:
        text = _USERINFO.sub(r"\1***@", text)
    return _APIKEY.sub(r"\1***", text)


class RedactingFilter(logging.Filter):
    """Masks secrets in a record's final message."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = redact(message)
        if masked != message:
            record.msg = masked
            record.args = None
        return True


class RedactingFormatter(logging.Formatter):
    """Formats a record as usual, then masks secrets in the whole text, traceback included."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))

    def formatException(self, ei: object) -> str:  # noqa: N802 - logging's name
        return redact(super().formatException(ei))  # type: ignore[arg-type]


_FILTER = RedactingFilter()


def install_log_redaction() -> None:
    """Attach the redacting filter to every logger that may print a URL; idempotent."""
    for name in _HTTP_LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
