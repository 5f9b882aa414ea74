"""Logs that never carry an API key.

Every caller's key is in the query string of every request, so any line
that prints a URL, an exception or a traceback could leak it. Two layers:

- the access log is written by the app itself with the query redacted
  (uvicorn's own access log is off);
- every log line of the process passes through one handler whose formatter
  masks ``apikey=`` values in the final text, traceback included, whoever
  logged it (uvicorn, the SDK, the HTTP library, us).
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

from data_pkg.redact import RedactingFormatter, install_log_redaction

__all__ = ["RedactingFormatter", "configure_logging"]

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure_logging(level: str = "INFO", stream: TextIO | None = None) -> logging.Handler:
    """Send every logger's lines to ``stream`` (stderr) through the redacting formatter."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(RedactingFormatter(FORMAT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    try:
        root.setLevel(level.upper())
    except ValueError:
        root.setLevel(logging.INFO)
        logging.getLogger("data_hosted").error("log level %r is not DEBUG, INFO, WARNING or ERROR; using INFO", level)
    # uvicorn attaches no handlers when given no log config; make sure its loggers reach ours.
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True
    if root.level > logging.DEBUG:
        # The HTTP library logs every upstream request at INFO (redacted, but noisy), and the SDK's
        # stateless transport "Terminating session: None" after every request.
        for noisy in ("httpx2", "mcp.server.streamable_http", "mcp.client.streamable_http"):
            logging.getLogger(noisy).setLevel(logging.WARNING)
    install_log_redaction()
    return handler
