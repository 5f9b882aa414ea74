"""``data-mcp tools --answers``: what each tool of a set answers, in tokens, before anyone ships it.

Every tool is called through the Python client against the built-in sandbox (in this process, on
loopback, no key and no network), with the catalog's typical arguments, once per sample symbol when
it takes one. Each answer goes through the same writer as the server's, with the tool's own fields,
format and budget, and is counted with the writer's token estimate.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from data_pkg.answers import Answer, CallContext, estimate_tokens, find_rows, write_answer
from data_pkg.catalog import SEGMENT_ENV, by_key, typical_arguments
from data_pkg.toolsets import AnswerSpec, Registry, Tool

if TYPE_CHECKING:
    from data_pkg.analysis import KeptTable, KeptTables
    from data_pkg.client import DataClient

SYMBOLS = ("AAPL", "MSFT", "JPM")
"""Sample symbols: the sandbox's data differs per symbol, as real answers do."""


@dataclass(frozen=True)
class AnswerSize:
    """One tool's answers: estimated tokens (median and largest over the samples) and how often they were cut."""

    tool: str
    median: int
    max: int
    budget: int
    cut: int
    samples: int
    error: str | None = None
    """The error category when the sandbox refused the typical call (a plan the sandbox key lacks, say)."""


def _samples(tool: Tool) -> list[dict[str, object]]:
    endpoint = by_key(tool.endpoint)
    arguments = {k: v for k, v in typical_arguments(endpoint).items() if k not in tool.fixed}
    if "symbol" not in arguments:
        return [arguments]
    return [{**arguments, "symbol": symbol} for symbol in SYMBOLS]


@contextmanager
def sandbox_client() -> Iterator[DataClient]:
    """A client of a sandbox running in this process for as long as the block runs."""
    from data_pkg.client import DataClient, Settings
    from data_pkg.sandbox import running_sandbox

    with running_sandbox() as url:
        env = {"DATA_API_KEY": "demo", "DATA_BASE_URL": url, **dict.fromkeys(SEGMENT_ENV.values(), "sandbox")}
        with DataClient(settings=Settings.from_env(env)) as client:
            yield client


def answer_sizes(registry: Registry) -> list[AnswerSize]:
    """Every tool's answer sizes, in registry order."""
    from data_pkg.answers.results import plain
    from data_pkg.errors import DataError

    found = []
    kept = _Kept(registry)
    with sandbox_client() as client:
        for tool in registry:
            endpoint = by_key(tool.endpoint)
            sizes, cut = [], 0
            error = None
            for arguments in _samples(tool):
                try:
                    value = plain(client.call_json(tool.endpoint, **arguments, **tool.fixed))
                except DataError as failure:
                    error = failure.category
                    break
                also, spec = kept.keep(tool, value, arguments)
                answer = write_answer(value, spec, CallContext.of(endpoint, arguments, tool.fixed), also=also)
                sizes.append(_tokens(answer))
                cut += answer.cut
            found.append(
                AnswerSize(
                    tool.name,
                    round(statistics.median(sizes)) if sizes else 0,
                    max(sizes, default=0),
                    tool.answer.max_tokens,
                    cut,
                    len(sizes),
                    error,
                )
            )
    if registry.query is not None:
        found.append(kept.query_size(registry.query))
    return found


def _tokens(answer: Answer) -> int:
    return estimate_tokens(answer.text) + (estimate_tokens(answer.note) if answer.note else 0)


class _Kept:
    """With analysis on: each answer kept as the server keeps it (its note says so), and one typical query."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.store: KeptTables | None = None
        self.first: KeptTable | None = None
        """The first table kept from a price series (else the first kept), which the typical query reads."""

    def keep(self, tool: Tool, value: Any, arguments: dict[str, object]) -> tuple[str | None, AnswerSpec]:
        """As the server keeps the rows of ``value``: the sentence its note ends with (None when it keeps none)
        and how the answer is written."""
        spec, query = self.registry.analysis, self.registry.query
        found = find_rows(value)
        if spec is None or query is None or found is None:
            return None, tool.answer
        from data_pkg.analysis import KeptTables

        self.store = self.store or KeptTables()
        kept = self.store.keep(
            tool.endpoint, found.rows, found.envelope, tool=tool.name, arguments=arguments, spec=spec
        )
        if kept is None:
            return None, tool.answer
        if self.first is None or ("close" in kept.columns and "close" not in self.first.columns):
            self.first = kept
        return kept.note(query.name), kept.written_as(tool.answer, spec)

    def query_size(self, query: Tool) -> AnswerSize:
        """The size of the query tool's answer to a typical statement over the first table kept."""
        from data_pkg.analysis import QueryRefusedError

        spec = self.registry.analysis
        if self.store is None or self.first is None or spec is None:
            return AnswerSize(query.name, 0, 0, query.answer.max_tokens, 0, 0, "no rows kept")
        try:
            result = self.store.query(self.first.example(), spec)
        except QueryRefusedError:
            return AnswerSize(query.name, 0, 0, query.answer.max_tokens, 0, 0, "bad_arguments")
        answer = write_answer(result.rows, query.answer, CallContext())
        size = _tokens(answer)
        return AnswerSize(query.name, size, size, query.answer.max_tokens, int(answer.cut), 1)
