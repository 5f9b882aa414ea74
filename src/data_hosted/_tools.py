"""The 28 dataset tools, derived from the catalog's hosted references.

Every catalog :class:`~data_pkg.catalog.Endpoint` names the hosted tool and
enum slug(s) that expose it (``Endpoint.hosted``). Grouping those by tool
gives each tool's ``endpoint`` enum; the parameters of the endpoints behind a
tool's slugs give its shared optional fields. Nothing here repeats a path or a
slug: only the one-line summaries that agents read, and the titles hosts show, are written by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import mcp_types as types

from data_pkg.catalog import ENDPOINTS, Endpoint, Param, tier_rank
from data_pkg.toolsets import type_schema

__all__ = ["ADDON_TOOL", "SUMMARIES", "TITLES", "HostedTool", "Route", "Toolset", "build_toolset"]

ADDON_TOOL = "ratingsAddon"
"""The paid add-on's tool: named neutrally, its path segment comes from ``DATA_RATINGS_ADDON_SEGMENT``."""

# The spec's table, in its order; the catalog supplies everything but these words.
SUMMARIES: Mapping[str, str] = MappingProxyType(
    {
        "quote": "Live quotes: one symbol, short form, price change, batches, after-hours, and whole markets "
        "(exchange, ETF, fund, crypto, forex, commodity, index).",
        "search": "Find symbols and companies by symbol, name, CIK, ISIN or CUSIP, exchange listings, and a screener.",
        "company": "Company facts: profile, executives and pay, employees, market cap, share float, peers, notes, "
        "mergers and acquisitions, delisted companies.",
        "chart": "Price history: end-of-day bars (full, light, dividend-adjusted, unadjusted) and intraday bars.",
        "statements": "Financial statements (annual, quarterly, TTM, growth, as reported), key metrics, ratios, "
        "scores, enterprise values, revenue segments, 10-K reports.",
        "analyst": "Analyst grades and their history, ratings, price-target consensus and summary, estimates.",
        "calendar": "Earnings, dividend, split and IPO calendars, market-wide or for one company.",
        "news": "News and press releases, latest or searched by symbol, for stocks, crypto and forex.",
        "senate": "Trades disclosed by members of the Senate and the House: latest, by symbol, by name.",
        "directory": "Symbol directories: stocks, ETFs, active symbols, CIKs, statement and transcript symbols, "
        "sectors, industries, exchanges, countries, symbol changes.",
        "discountedCashFlow": "Discounted cash flow valuations, standard and levered, optionally with custom "
        "assumptions.",
        "economics": "Economic calendar and indicators, treasury rates, market risk premium.",
        "commitmentOfTraders": "Commitment of traders reports, their list and their analysis.",
        "ESG": "Environmental, social and governance ratings, disclosures and benchmarks.",
        "Fundraisers": "Crowdfunding and equity offerings: latest, searched, or for one CIK.",
        "form13F": "Institutional ownership from 13F filings: filings, dates, holdings, holder analytics, "
        "position and industry summaries.",
        "insiderTrades": "Insider trades: latest, searched, statistics, beneficial ownership, reporting names, "
        "transaction types.",
        "secFilings": "SEC filings by symbol, CIK, form type or name; latest 8-K and financial filings; company "
        "registrations; industry classifications.",
        "earningsTranscript": "Earnings call transcripts: latest, one by symbol and quarter, dates, symbols covered.",
        "etfAndMutualFunds": "ETF and mutual fund information, holdings, sector and country weightings, exposure, "
        "fund disclosures.",
        "indexes": "Index constituents and their history, the index list, index quotes and prices.",
        "marketPerformance": "Biggest gainers and losers, most active, sector and industry performance and P/E, "
        "with history.",
        "marketHours": "Trading hours of exchanges and their holidays.",
        "technicalIndicators": "Technical indicators on price bars: SMA, EMA, DEMA, TEMA, WMA, RSI, ADX, Williams %R, "
        "standard deviation.",
        "commodity": "Commodities: list, quotes, end-of-day and intraday prices.",
        "crypto": "Cryptocurrencies: list, quotes, end-of-day and intraday prices.",
        "forex": "Currency pairs: list, quotes, end-of-day and intraday prices.",
        ADDON_TOOL: "Paid analyst-ratings add-on: search; point-in-time ratings by symbol or analyst; symbol, "
        "analyst and firm summaries; analysts covered.",
    }
)


TITLES: Mapping[str, str] = MappingProxyType(
    {
        "quote": "Quotes",
        "search": "Symbol and company search",
        "company": "Company facts",
        "chart": "Price history",
        "statements": "Financial statements",
        "analyst": "Analyst views",
        "calendar": "Earnings, dividend, split and IPO calendars",
        "news": "News and press releases",
        "senate": "Congress trades",
        "directory": "Symbol directories",
        "discountedCashFlow": "Discounted cash flow",
        "economics": "Economics",
        "commitmentOfTraders": "Commitment of traders",
        "ESG": "ESG ratings",
        "Fundraisers": "Crowdfunding and equity offerings",
        "form13F": "Institutional ownership (13F)",
        "insiderTrades": "Insider trades",
        "secFilings": "SEC filings",
        "earningsTranscript": "Earnings call transcripts",
        "etfAndMutualFunds": "ETFs and mutual funds",
        "indexes": "Indexes",
        "marketPerformance": "Market performance",
        "marketHours": "Market hours",
        "technicalIndicators": "Technical indicators",
        "commodity": "Commodities",
        "crypto": "Cryptocurrencies",
        "forex": "Currency pairs",
        ADDON_TOOL: "Analyst ratings add-on",
    }
)
"""What hosts show for each tool (its ``title``), beside the names the hosted interface fixes."""


@dataclass(frozen=True)
class Route:
    """One enum value of a tool: the endpoint it dispatches to and the arguments the slug fixes."""

    tool: str
    slug: str
    """As listed: configurable segments (``{ratings_addon}``) already replaced by their values."""
    endpoint: Endpoint
    fixed: Mapping[str, str]
    covering: tuple[Endpoint, ...]
    """Every catalog entry behind this slug (several share a path); ``endpoint`` is one of them."""

    @property
    def fields(self) -> tuple[Param, ...]:
        """What a caller may pass with this slug: the endpoint's parameters less the fixed ones."""
        return tuple(p for p in self.endpoint.params if p.name not in self.fixed)

    @property
    def path(self) -> str:
        """The REST path with the fixed path values filled in (segments left as placeholders)."""
        path = self.endpoint.path
        for name, value in self.fixed.items():
            path = path.replace("{" + name + "}", value)
        return path


@dataclass(frozen=True)
class HostedTool:
    """One dataset tool: its slugs in catalog order and the union of their fields."""

    name: str
    routes: Mapping[str, Route]
    fields: Mapping[str, dict[str, Any]] = field(repr=False)
    tier: str | None
    """The cheapest plan that opens any of its slugs; None for the paid add-on (outside every plan)."""

    @property
    def plan_note(self) -> str:
        """What the tool needs, in the words of the spec's table."""
        if self.tier is None:
            return "Paid add-on, not part of any plan."
        if self.tier == "basic":
            return ""
        return f"Needs the {self.tier.capitalize()} plan or higher."

    def input_schema(self) -> dict[str, Any]:
        """``endpoint`` (required enum) plus every shared optional field, compact."""
        properties: dict[str, Any] = {
            "endpoint": {
                "type": "string",
                "enum": list(self.routes),
                "description": "Which endpoint to call; each takes only some of the other fields.",
            }
        }
        properties.update(self.fields)
        return {"type": "object", "properties": properties, "required": ["endpoint"], "additionalProperties": False}

    def description(self) -> str:
        """The summary, the number of endpoints and the plan note."""
        parts = [SUMMARIES[self.name], f"{len(self.routes)} endpoints: set `endpoint` to pick one."]
        if note := self.plan_note:
            parts.append(note)
        return " ".join(parts)

    def to_mcp(self) -> types.Tool:
        """The tool as ``tools/list`` shows it."""
        return types.Tool(
            name=self.name,
            title=TITLES[self.name],
            description=self.description(),
            input_schema=self.input_schema(),
            annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=True),
        )


@dataclass(frozen=True)
class Toolset:
    """Every listed tool, by name, in the spec's order; plus what could not be listed and why."""

    tools: Mapping[str, HostedTool]
    unlisted: tuple[str, ...] = ()
    """Slugs left out because a path segment they need is not configured (one line each)."""

    def mcp_tools(self) -> list[types.Tool]:
        """The ``tools/list`` answer."""
        return [tool.to_mcp() for tool in self.tools.values()]


def _render(text: str, endpoint: Endpoint, segments: Mapping[str, str]) -> str | None:
    for segment in endpoint.segments:
        value = segments.get(segment)
        if not value:
            return None
        text = text.replace("{" + segment + "}", value)
    return text


def _preference(indexed: tuple[int, Endpoint]) -> tuple[bool, bool, int, bool, int]:
    # Live before withdrawn, client endpoints before hosted-only ones, then the entry that takes
    # the most parameters (entries sharing a path differ only in how much of it they declare),
    # then the local default set, then catalog order: the same choice on every run.
    index, endpoint = indexed
    return (endpoint.status != "live", endpoint.hosted_only, -len(endpoint.params), not endpoint.default, index)


def _shared_fields(routes: Iterable[Route]) -> dict[str, dict[str, Any]]:
    """The union of the routes' fields: type from the catalog, enum values merged, first description kept."""
    merged: dict[str, dict[str, Any]] = {}
    for route in routes:
        for param in route.fields:
            entry = merged.get(param.name)
            if entry is None:
                entry = merged[param.name] = {**type_schema(param.type), "description": param.description}
            if param.enum:
                values = entry.setdefault("enum", [])
                values.extend(v for v in param.enum if v not in values)
    # Optional fields first by how often they are used would be nicer to read, but a stable
    # alphabetical order keeps the schema (and its snapshot) independent of catalog order.
    return {name: merged[name] for name in sorted(merged)}


def build_toolset(segments: Mapping[str, str], endpoints: Iterable[Endpoint] = ENDPOINTS) -> Toolset:
    """The tools whose slugs can be served with the configured path ``segments``."""
    candidates: dict[tuple[str, str], list[tuple[int, Endpoint]]] = {}
    fixed_of: dict[tuple[str, str, str], Mapping[str, str]] = {}
    for index, endpoint in enumerate(endpoints):
        for ref in endpoint.hosted:
            candidates.setdefault((ref.tool, ref.slug), []).append((index, endpoint))
            fixed_of[(ref.tool, ref.slug, endpoint.key)] = MappingProxyType(dict(ref.fixed))
    by_tool: dict[str, dict[str, Route]] = {}
    unlisted: list[str] = []
    for (tool, slug), entries in candidates.items():
        _, chosen = min(entries, key=_preference)
        shown = _render(slug, chosen, segments)
        if shown is None:
            missing = [s for s in chosen.segments if not segments.get(s)]
            unlisted.append(f"{tool}/{slug}: needs the {', '.join(missing)} path segment")
            continue
        covering = tuple(e for _, e in sorted(entries, key=lambda item: item[0]))
        route = Route(tool, shown, chosen, fixed_of[(tool, slug, chosen.key)], covering)
        by_tool.setdefault(tool, {})[shown] = route
    unknown = sorted(set(by_tool) - (set(SUMMARIES) & set(TITLES)))
    if unknown:
        raise ValueError(f"hosted tools without a summary and a title in data_hosted._tools: {', '.join(unknown)}")
    tools: dict[str, HostedTool] = {}
    for name in SUMMARIES:
        routes = by_tool.get(name)
        if not routes:
            continue
        addon = all(r.endpoint.hosted_only for r in routes.values())
        tier = None if addon else min((str(r.endpoint.tier) for r in routes.values()), key=tier_rank)
        tools[name] = HostedTool(name, MappingProxyType(routes), _shared_fields(routes.values()), tier)
    return Toolset(MappingProxyType(tools), tuple(sorted(unlisted)))
