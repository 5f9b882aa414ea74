"""What an agent reads back from a tool: chosen fields, a compact format, a token budget with a note.

One writer serves both servers. :func:`write_answer` shapes the upstream's JSON values by the
tool's :class:`~data_pkg.toolsets.AnswerSpec`; :mod:`data_pkg.answers.results` wraps answers and
errors as MCP tool results (it needs the ``mcp`` extra).
"""

from __future__ import annotations

from data_pkg.answers._note import CallContext
from data_pkg.answers._rows import Rows, find_rows
from data_pkg.answers._tokens import estimate_tokens
from data_pkg.answers._writer import Answer, write_answer
from data_pkg.toolsets import AnswerSpec

__all__ = ["Answer", "AnswerSpec", "CallContext", "Rows", "estimate_tokens", "find_rows", "write_answer"]
