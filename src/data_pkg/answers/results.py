"""MCP tool results for both servers: an answer, or an error an agent can act on.

One writer, one next-step table. A server with other wording (the hosted-compatible server
names the endpoint, and mirrors the hosted server's plan message) subclasses :class:`ResultWriter`
and overrides what differs. Needs the ``mcp`` extra (``mcp_types``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import mcp_types as types
from pydantic import BaseModel

from data_pkg.answers._note import CallContext
from data_pkg.answers._schema_fit import misfit
from data_pkg.answers._writer import Answer, write_answer
from data_pkg.errors import DataError, PlanRestrictedError, RateLimitError
from data_pkg.models import ResponseModel
from data_pkg.toolsets import AnswerSpec

NEXT_STEPS: Mapping[str, str] = MappingProxyType(
    {
        "auth": "Ask the user to set a valid DATA_API_KEY in the server's environment, then retry.",
        "config": "Ask the user to fix the server's configuration; retrying will not help.",
        "bad_arguments": "Fix the argument and call again.",
        "unavailable": "Use the suggested tool instead, or another tool.",
        "not_found": "Check the symbol or identifier, or try other arguments.",
        "upstream": "The data service failed; retry in a minute.",
        "transport": "The data service could not be reached; retry shortly.",
        "invalid_response": "The data service answered in an unexpected shape; try another tool or report it.",
    }
)
"""What to do next, by error category: the agent reads it after the message."""


def plain(value: Any) -> Any:
    """JSON values of ``value`` (models dumped by their wire names)."""
    if isinstance(value, BaseModel):
        # A row kept unvalidated holds the upstream's values as they came ('n/a' where a float was
        # expected): dumped as they are, without a serializer warning for each. A field whose text
        # was no date is None in the row and the text in ``unparsed``: the answer says what was sent.
        written = value.model_dump(mode="json", by_alias=True, warnings=False)
        unparsed = getattr(value, "unparsed", None)
        return {**written, **unparsed} if unparsed else written
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def _validated(value: Any) -> bool:
    """Whether every row of a client result was validated against its model (see ``ResponseModel.validated``)."""
    rows = value if isinstance(value, list) else [value]
    return all(isinstance(row, ResponseModel) and row.validated for row in rows)


class ResultWriter:
    """Writes tool results: answers through the answer writer, errors as ``[category] message. Next step``."""

    def __init__(self, next_steps: Mapping[str, str] | None = None) -> None:
        self.next_steps = MappingProxyType({**NEXT_STEPS, **(next_steps or {})})

    def answer(
        self,
        value: Any,
        spec: AnswerSpec,
        call: CallContext | None = None,
        *,
        schema: Mapping[str, Any] | None = None,
        also: str | None = None,
    ) -> types.CallToolResult:
        """A result holding ``value`` as the agent should read it; the note, when rows were cut, as a last block.

        With ``schema`` (the tool's output schema) the result also carries structured content that
        fits it: a single-row answer is the object itself; a list travels under ``"result"`` because
        the schema's root must be an object. ``also`` is a sentence the note ends with (where the
        server kept the rows), making a note when there was none.
        """
        written = write_answer(plain(value), spec, call)
        if also:
            written = replace(written, note=f"{written.note} {also}" if written.note else also)
        return self.result(written, schema=schema, check=not _validated(value))

    def result(
        self, written: Answer, *, schema: Mapping[str, Any] | None = None, check: bool = True
    ) -> types.CallToolResult:
        """The tool result of a written answer, structured when the tool has an output ``schema``.

        An answer that misses the schema (rows the validation mode kept although they do not fit
        their model) cannot be structured content: clients would refuse the whole result. It is an
        ``[invalid_response]`` error instead, naming the misfit, and the answer follows as text.
        ``check=False`` skips that check for an answer whose rows were all validated against the
        models the schema comes from (checking costs about 0.1 ms a row).
        """
        content: list[types.ContentBlock] = [types.TextContent(text=written.text)]
        if written.note:
            content.append(types.TextContent(text=written.note))
        if schema is None:
            return types.CallToolResult(content=content)
        shown = written.value
        wrapped = shown if isinstance(shown, dict) else {"result": shown}
        problem = misfit(schema, wrapped) if check else None
        if problem is None:
            return types.CallToolResult(content=content, structured_content=wrapped)
        lead = types.TextContent(text=self.misfit_text(problem))
        return types.CallToolResult(content=[lead, *content], is_error=True)

    def misfit_text(self, problem: str) -> str:
        """``[invalid_response]``: the answer does not fit the output schema (where, why); it follows as text."""
        step = self.next_steps["invalid_response"]
        return (
            f"[invalid_response] The answer does not fit this tool's output schema ({problem}), so it comes"
            f" without structured content; the upstream's answer follows as text. {step}"
        )

    def failure(self, error: DataError, subject: str | None = None) -> types.CallToolResult:
        """An ``isError`` result for ``error``; ``subject`` (e.g. the endpoint) leads the message."""
        return self.problem(self.failure_text(error, subject))

    def failure_text(self, error: DataError, subject: str | None = None) -> str:
        """``[category] message. Next step``, never the key (error messages never hold it)."""
        if isinstance(error, RateLimitError):
            when = f"Retry after {error.retry_after:.0f} s." if error.retry_after is not None else "Retry later."
            step = f"{when} Do not retry sooner; each retry uses the same allowance."
        elif isinstance(error, PlanRestrictedError):
            tier = f"the {error.required_tier} plan" if error.required_tier else "a higher plan"
            step = f"This needs {tier}; tell the user, or use another tool."
        else:
            step = self.next_steps.get(error.category, "")
        lead = f"{subject}: " if subject else ""
        return f"[{error.category}] {lead}{error.message.rstrip('.')}. {step}".strip()

    @staticmethod
    def problem(text: str) -> types.CallToolResult:
        """An ``isError`` result carrying ``text``."""
        return types.CallToolResult(content=[types.TextContent(text=text)], is_error=True)
