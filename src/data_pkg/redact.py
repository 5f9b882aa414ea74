"""Keep the API key out of every log line: a public module every layer and both servers use.

The upstream takes the key only as the ``apikey`` query parameter, so every
URL we send carries it, and the HTTP library logs URLs at INFO and DEBUG. A
filter on those loggers rewrites each record before any handler sees it.
"""

from __future__ import annotations

import logging
import re

__all__ = ["RedactingFilter", "install_log_redaction", "redact"]

_APIKEY = re.compile(r"(?i)(apikey=)[^&\s\"'#]+")

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
)


def redact(text: str) -> str:
    """``text`` with the value of every ``apikey=`` query parameter masked."""
    return _APIKEY.sub(r"\1***", text)


class RedactingFilter(logging.Filter):
    """Masks ``apikey=`` values in a record's final message."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "apikey=" in message.lower():
            record.msg = redact(message)
            record.args = None
        return True


_FILTER = RedactingFilter()


def install_log_redaction() -> None:
    """Attach the redacting filter to every logger that may print a URL; idempotent."""
    for name in _HTTP_LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
