"""What an agent reads back from a tool: chosen fields, a compact format, a token budget with a note.

One writer serves both servers. :func:`write_answer` shapes the upstream's JSON values by the
tool's :class:`~data_pkg.toolsets.AnswerSpec`; :mod:`data_pkg.answers.results` wraps answers and
errors as MCP tool results (it needs the ``mcp`` extra).
"""

from __future__ import annotations

from data_pkg.answers._note import CallContext
from data_pkg.answers._rows import find_rows as find_rows
from data_pkg.answers._tokens import estimate_tokens
from data_pkg.answers._writer import Answer, write_answer

# The user API, rendered on docs/api.md. A name imported as itself (``name as name``) is for the project's other
# layers (the servers, analysis, the command line), not users: importable and type-checked, not listed here.
__all__ = ["Answer", "CallContext", "estimate_tokens", "write_answer"]
