"""The value types the catalog is made of.

Plain frozen dataclasses (not pydantic) so that importing the catalog costs
about a millisecond: the stdio server lists tools from it before anything
else is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, Union

from data_pkg.catalog._default_set import DEFAULT_SET
from data_pkg.catalog._titles import TITLES

_DEFAULT_MEMBERS = frozenset(DEFAULT_SET)

ParamType = Literal["str", "int", "float", "bool", "date", "cik", "list"]
"""Python-side parameter kinds.

``cik`` is a string of up to ten digits; ``list`` is a list of strings sent
comma-joined on the wire (``symbols=AAPL,MSFT``).
"""

Format = Literal["json", "csv", "xlsx"]
Status = Literal["live", "withdrawn"]
Freshness = Literal["realtime", "intraday", "daily", "static"]
"""How quickly an endpoint's data goes stale; it picks the cache TTL."""

SEGMENT_ENV: Mapping[str, str] = MappingProxyType(
    {"provider": "DATA_PROVIDER_SEGMENT", "ratings_addon": "DATA_RATINGS_ADDON_SEGMENT"}
)
"""Configurable path segments and the variable that sets each; the names never appear in code."""

TIERS: tuple[str, ...] = ("basic", "starter", "premium", "ultimate")
"""Plan tiers, cheapest first. ``basic`` is the free plan."""

Tier = Literal["basic", "starter", "premium", "ultimate"]

Scalar = Union[str, int, float, bool]


@dataclass(frozen=True, slots=True)
class Param:
    """One argument of an endpoint, as Python sees it and as the wire sends it."""

    name: str
    """Python argument name (``from_date``)."""
    wire: str
    """Query or path parameter name upstream (``from``)."""
    type: ParamType
    description: str
    required: bool = False
    default: Scalar | None = None
    enum: tuple[Scalar, ...] = ()
    location: Literal["query", "path"] = "query"
    aliases: tuple[str, ...] = ()
    """Earlier names of this argument that the client still accepts (``start_date`` for ``from_date``)."""
    client_default: Scalar | None = None
    """What the client sends for a required argument the caller left out (the earlier client's default)."""
    synonyms: tuple[tuple[str, str], ...] = ()
    """Other spellings of allowed values, rewritten before sending: ``(("daily", "1day"),)``."""


@dataclass(frozen=True, slots=True)
class HostedRef:
    """Where the hosted MCP server exposes this endpoint: tool name and enum slug."""

    tool: str
    slug: str
    fixed: tuple[tuple[str, str], ...] = ()
    """Arguments the slug implies, e.g. ``(("interval", "1min"),)``."""


@dataclass(frozen=True, slots=True)
class Endpoint:
    """One upstream REST endpoint: the single source of truth for everything derived."""

    key: str
    """Globally unique snake_case key, e.g. ``quote``."""
    group: str
    """Dataset family and client group, e.g. ``company``."""
    method: str
    """Client method name, e.g. ``get_quote``."""
    path: str
    """REST path under the base URL, e.g. ``/stable/quote``."""
    description: str
    """One line written for an agent: what it returns and when to use it."""
    params: tuple[Param, ...] = ()
    model: str | None = None
    """Response model class name (rows of CSV endpoints too); None for raw bytes."""
    format: Format = "json"
    bulk: bool = False
    tier: Tier = "basic"
    tags: tuple[str, ...] = ()
    status: Status = "live"
    successor: str | None = None
    """Spec name (``group.key``) of the closest live endpoint, for withdrawn ones."""
    hosted: tuple[HostedRef, ...] = ()
    single: bool = False
    """The upstream answers a one-element list; the client returns that element."""
    freshness: Freshness = "daily"
    hosted_only: bool = False
    """Served by the hosted MCP server only (the ratings add-on): no client method, no local tool."""
    segments: tuple[str, ...] = field(default=())
    """Configurable path segments (``provider``, ``ratings_addon``) this path needs."""
    aliases: tuple[str, ...] = ()
    """Earlier client method names of this endpoint (same group): extra names of the client method, never tool names."""
    recent_days: int | None = None
    """For required ``from_date``/``to_date``: when left out, the client asks for this many days up to today."""
    by_symbol: str | None = None
    """Key of the same answer narrowed to chosen symbols; the client method then takes an optional ``symbol``."""
    history: bool = False
    """One symbol's price history: the client's list also answers ``.historical`` and ``.symbol`` (earlier shape)."""
    title: str | None = None
    """What hosts show for the tool where the words of the key would not do ("Simple moving average (SMA)" for
    ``sma``); ``scripts/generate.py`` writes every endpoint's title into ``_titles.py`` (see :attr:`tool_title`)."""

    @property
    def spec(self) -> str:
        """The dotted name the spec uses: ``company.quote``."""
        return f"{self.group}.{self.key}"

    @property
    def tool_title(self) -> str:
        """The tool's human title (``title`` in ``tools/list``): the catalog's own, else the words of its key."""
        return TITLES.get(self.key) or self.title or self.key

    @property
    def default(self) -> bool:
        """Member of the local server's default tool set (:data:`DEFAULT_SET`)."""
        return self.spec in _DEFAULT_MEMBERS

    @property
    def is_tool_candidate(self) -> bool:
        """Whether the local server may ever expose this endpoint as a tool."""
        return not (self.bulk or self.hosted_only or self.format != "json")

    @property
    def call_order(self) -> tuple[Param, ...]:
        """Required parameters as the client's methods take them: the symbol first, the others as listed."""
        required = [p for p in self.params if p.required]
        return tuple(sorted(required, key=lambda p: p.name != "symbol"))

    @property
    def after_symbol(self) -> Param | None:
        """The required parameter listed before the symbol that the client takes after it (``interval``), if any."""
        required = [p for p in self.params if p.required]
        if required and required[0].name != "symbol" and any(p.name == "symbol" for p in required):
            return required[0]
        return None

    def param(self, name: str) -> Param:
        """The parameter called ``name``; KeyError when there is none."""
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)
