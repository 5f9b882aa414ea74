"""MCP tool results for both servers: an answer, or an error an agent can act on.

One writer, one next-step table. A server with other wording (the hosted-compatible server
names the endpoint, and mirrors the hosted server's plan message) subclasses :class:`ResultWriter`
and overrides what differs. Needs the ``mcp`` extra (``mcp_types``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import mcp_types as types
import pydantic_core
from pydantic import BaseModel

from data_pkg.answers._note import CallContext
from data_pkg.answers._schema_fit import misfit
from data_pkg.answers._writer import Answer, cut_like, write_answer
from data_pkg.errors import DataError, PlanRestrictedError, RateLimitError
from data_pkg.models import ResponseModel
from data_pkg.toolsets import AnswerSpec

# The user API, rendered on docs/api.md; the module's other public names are for the project's other layers.
__all__ = ["NEXT_STEPS", "ResultWriter"]

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

WITHHELD = "config"
"""The category of an answer over its budget even cut: the budget is the server's configuration (its note says
which setting, and that narrowing the request may do), and the same call answers the same way until it changes."""

logger = logging.getLogger("data_pkg.answers")

_CAUSES: tuple[tuple[type[BaseException], str], ...] = (
    (RecursionError, "it nests values too deeply"),
    (UnicodeError, "it holds text that is not valid Unicode"),
    (OverflowError, "it holds a number or a date out of range"),
    (MemoryError, "it is too large to hold in memory"),
)
"""A writer failure's cause in plain words, by exception class (the first that matches)."""

_NOT_STRUCTURED: tuple[tuple[str, str], ...] = (
    ("depth", "it nests values deeper than structured content can carry"),
    ("surrogate", "a text holds a lone surrogate, which is not a character"),
)
"""Why an answer cannot travel as structured content, by a word of the JSON encoder's message."""

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


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


def _structured_rows(models: Any, values: Any) -> Any:
    """The JSON of each row of an answer for structured content: a validated model's dump, else the row as sent.

    A row the client kept unvalidated holds the upstream's values as they came; dumping it through
    its model would convert some of them ("n/a" for a float warns, a 4,000-digit integer for a float
    overflows), and it is checked against the schema as it is in any case.
    """
    if isinstance(models, list) and isinstance(values, list) and len(models) == len(values):
        return [_structured_rows(model, value) for model, value in zip(models, values, strict=True)]
    if isinstance(models, ResponseModel) and not models.validated:
        return values
    return plain(models)


def _leading(rows: Any, shown: int | None) -> Any:
    """The first ``shown`` of ``rows`` (each read then) when they are rows and some are shown, else ``rows``."""
    if shown is None or not isinstance(rows, Sequence) or isinstance(rows, (str, bytes)):
        return rows
    return rows[:shown]


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
        models: Any = None,
        also: str | None = None,
        tool: str | None = None,
    ) -> types.CallToolResult:
        """A result holding ``value`` as the agent should read it; the note, when rows were cut, as a last block.

        ``value`` is what the text shows: the upstream's JSON values (or models, dumped by their wire
        names). With ``schema`` (the tool's output schema) the result also carries structured content
        that fits it, built from ``models`` (the client's models of the same answer) when given, else
        from ``value``, cut to the same rows: a single-row answer is the object itself; a list travels
        under ``"result"`` because the schema's root must be an object. ``also`` is a sentence the note
        ends with (where the server kept the rows), making a note when there was none. Of ``models``
        only the rows shown are read, so the client's rows read on demand are validated (and under the
        strict validation mode refused) only where they are shown: its error is then the result, naming
        the endpoint as ``tool`` (the name the agent called) when given.

        Whatever fails while writing (an upstream value nobody foresaw) is an ``[invalid_response]``
        result naming the cause, never an exception: the SDK would answer one with a JSON-RPC error
        that says nothing an agent can act on.
        """
        try:
            written = write_answer(plain(value), spec, call, also=also)
            # Structured content holds the rows shown, and only they are validated: the client's rows
            # read on demand are validated as they are read, under the validation mode.
            value, models = _leading(value, written.shown), _leading(models, written.shown)
            if schema is None:
                return self.result(written)
            if models is None:
                return self.result(written, schema=schema, check=not _validated(value))
            try:
                structured = cut_like(written, _structured_rows(models, value), spec)
            except ValueError as error:  # a model's dump refused a value (nested past the encoder's depth)
                return self.unstructured(written, _unencodable(error))
            return self.result(written, schema=schema, check=not _validated(models), structured=structured)
        except DataError as error:  # a row read that is not JSON, or (strict validation mode) misfits its model
            return self.failure(error, tool=tool)
        except Exception as error:
            logger.warning("the answer could not be written", exc_info=True)
            return self.unwritten(error)

    def unwritten(self, error: BaseException) -> types.CallToolResult:
        """``[invalid_response]`` for an answer the writer failed on, with the cause in plain words."""
        cause = next((words for kind, words in _CAUSES if isinstance(error, kind)), None)
        cause = cause or f"writing it failed unexpectedly ({type(error).__name__})"
        return self.problem(
            f"[invalid_response] The data service's answer could not be written: {cause}."
            f" {self.next_steps['invalid_response']}"
        )

    def result(
        self,
        written: Answer,
        *,
        schema: Mapping[str, Any] | None = None,
        check: bool = True,
        structured: Any = None,
    ) -> types.CallToolResult:
        """The tool result of a written answer, structured when the tool has an output ``schema``.

        The structured content is ``structured`` when given (the same rows as the text, from the
        models), else the value the text shows. An answer that misses the schema (rows the
        validation mode kept although they do not fit their model) cannot be structured content:
        clients would refuse the whole result. It is an ``[invalid_response]`` error instead, naming
        the misfit, and the answer follows as text. So is an answer no JSON encoder can send as
        structured content (values nested past its depth, a lone surrogate). ``check=False`` skips
        the schema check for an answer whose rows were all validated against the models the schema
        comes from (checking costs about 0.1 ms a row).
        """
        if written.withheld:  # over the budget even cut: no value to structure, and the note says why
            return self.problem(f"[{WITHHELD}] {written.note}")
        content = _blocks(written)
        if schema is None:
            return types.CallToolResult(content=content)
        shown = written.value if structured is None else structured
        wrapped = shown if isinstance(shown, dict) else {"result": shown}
        problem = misfit(schema, wrapped) if check else None
        if problem is None:
            problem = _not_sendable(wrapped)
        if problem is None:
            return types.CallToolResult(content=content, structured_content=wrapped)
        return self.unstructured(written, problem)

    def unstructured(self, written: Answer, problem: str) -> types.CallToolResult:
        """An ``isError`` result for an answer that cannot be structured content: ``problem``, then the text."""
        lead = types.TextContent(text=self.misfit_text(problem))
        return types.CallToolResult(content=[lead, *_blocks(written)], is_error=True)

    def misfit_text(self, problem: str) -> str:
        """``[invalid_response]``: the answer does not fit the output schema (where, why); it follows as text."""
        step = self.next_steps["invalid_response"]
        return (
            f"[invalid_response] The answer does not fit this tool's output schema ({problem}), so it comes"
            f" without structured content; the upstream's answer follows as text. {step}"
        )

    def failure(self, error: DataError, subject: str | None = None, *, tool: str | None = None) -> types.CallToolResult:
        """An ``isError`` result for ``error``; ``subject`` (e.g. the endpoint) leads the message.

        ``tool`` is the name the agent called: the message names the endpoint by it, not by the catalog's
        name (``historical_prices does not take ...``, never ``company.historical_prices ...``).
        """
        return self.problem(self.failure_text(error, subject, tool=tool))

    def failure_text(self, error: DataError, subject: str | None = None, *, tool: str | None = None) -> str:
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
        message = error.message
        if tool is not None and error.endpoint:
            message = _named(message, error.endpoint, tool)
        return f"[{error.category}] {lead}{message.rstrip('.')}. {step}".strip()

    @staticmethod
    def problem(text: str) -> types.CallToolResult:
        """An ``isError`` result carrying ``text`` (a lone surrogate, from an upstream's message, as its escape)."""
        text = _LONE_SURROGATE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
        return types.CallToolResult(content=[types.TextContent(text=text)], is_error=True)


def _named(message: str, spec: str, tool: str) -> str:
    """``message`` with the endpoint's catalog name ``spec`` (a whole word of it) as the tool ``tool``."""
    return re.sub(rf"(?<![\w.]){re.escape(spec)}(?!\w|\.\w)", lambda _: tool, message)


def _blocks(written: Answer) -> list[types.ContentBlock]:
    """The answer's text, then its note when rows were cut."""
    content: list[types.ContentBlock] = [types.TextContent(text=written.text)]
    if written.note:
        content.append(types.TextContent(text=written.note))
    return content


def _not_sendable(structured: Any) -> str | None:
    """Why ``structured`` cannot be sent as JSON (the MCP library encodes it the same way), or None."""
    try:
        pydantic_core.to_json(structured)
    except ValueError as error:
        return _unencodable(error)
    return None


def _unencodable(error: ValueError) -> str:
    """The JSON encoder's refusal in plain words."""
    message = str(error)
    return next((words for word, words in _NOT_STRUCTURED if word in message), "it cannot be encoded as JSON")
