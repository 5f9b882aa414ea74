"""A local HTTP server that speaks the upstream REST API with deterministic synthetic data.

Tests, demos, benchmarks and new users run against it with no key and no
network::

    from data_pkg.sandbox import running_sandbox

    with running_sandbox() as url:  # http://127.0.0.1:<free port>
        ...  # GET {url}/stable/quote?symbol=AAPL&apikey=demo

Answers are as deep as the upstream's (five years of daily bars when no dates
are given, symbol lists of tens of thousands of rows) and long ones are
streamed; ``SandboxConfig(list_rows=N)`` caps the symbol lists.

Keys: ``demo`` (every plan) and ``sandbox-basic``, ``sandbox-starter``,
``sandbox-premium``, ``sandbox-ultimate``. Error bodies, HTTP statuses, plan
gating and rate-limit headers follow the upstream; faults (latency, 503s,
truncated or dropped replies) can be injected through :class:`SandboxConfig`,
the command line (``python -m data_pkg.sandbox --help``) or at runtime with
``POST /_sandbox/faults``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from data_pkg.sandbox._config import SandboxConfig
from data_pkg.sandbox._plans import Quota

if TYPE_CHECKING:
    from data_pkg.sandbox._app import create_app
    from data_pkg.sandbox._server import running_sandbox

__all__ = ["Quota", "SandboxConfig", "create_app", "running_sandbox"]


def __getattr__(name: str) -> Any:
    # The web stack (starlette, uvicorn, pydantic models) loads on first use, so
    # that ``python -m data_pkg.sandbox --help`` and option errors answer at once.
    if name == "create_app":
        from data_pkg.sandbox._app import create_app

        return create_app
    if name == "running_sandbox":
        from data_pkg.sandbox._server import running_sandbox

        return running_sandbox
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
