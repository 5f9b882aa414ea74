"""One line per client group, for docstrings and docs tables."""

from __future__ import annotations

GROUP_DOCS: dict[str, str] = {
    "alternative": "Crypto, forex and commodity lists, quotes and price history.",
    "batch": "Quotes for many symbols or whole markets at once, and bulk CSV files.",
    "company": "Company quotes, prices, profiles, people, corporate events and statement variants.",
    "economics": "Treasury rates, economic indicators and calendar, risk premium, commitment of traders.",
    "fundamental": "Financial statements, metrics, ratios and discounted cash flow valuations.",
    "index": "Index constituents and their history.",
    "institutional": "Insider trades, 13F institutional ownership and beneficial ownership.",
    "intelligence": "Calendars, news, analyst grades and ratings, ESG, government trades, fundraising.",
    "investment": "ETF and mutual fund holdings, weightings and disclosures.",
    "market": "Search, symbol directories, market movers, sector performance and market hours.",
    "sec": "SEC filings, company registrations and industry classification.",
    "technical": "Technical indicators computed on price bars.",
    "transcripts": "Earnings call transcripts.",
    "commodity": "Commodity directory.",
    "esg": "ESG disclosures.",
    "ratings_addon": "The paid ratings add-on (hosted MCP server only).",
}
