"""The tools' titles, what hosts show for a tool: made from each catalog key, or the entry's own ``title``.

``crypto_list`` reads as "Crypto list" and ``income_statement_ttm`` as "Income statement (TTM)"; an entry
whose key reads badly as words (``sma``, ``historical_prices``) says its title in the catalog (``title=``).
``scripts/generate.py`` writes every title into ``src/data_pkg/catalog/_titles.py``, and fails when two
tools would carry the same one.
"""

from __future__ import annotations

from collections.abc import Iterable

from data_pkg.catalog import Endpoint

WORDS = {
    "adx": "ADX",
    "cik": "CIK",
    "cusip": "CUSIP",
    "dcf": "DCF",
    "dowjones": "Dow Jones",
    "eod": "EOD",
    "esg": "ESG",
    "etf": "ETF",
    "id": "ID",
    "ipo": "IPO",
    "isin": "ISIN",
    "json": "JSON",
    "mutualfund": "mutual fund",
    "nasdaq": "Nasdaq",
    "pe": "P/E",
    "pit": "point-in-time",
    "rss": "RSS",
    "sec": "SEC",
    "sic": "SIC",
    "sp500": "S&P 500",
    "ttm": "(TTM)",
    "xlsx": "XLSX",
    "8k": "8-K",
    "13f": "13F",
}
"""Words of keys that are written otherwise in a title: acronyms, names, joined words."""

LEADING = ("latest", "historical")
"""Words that end a key (``grades_historical``) and lead its title ("Historical grades")."""


def derived_title(key: str) -> str:
    """The title the words of ``key`` make: ``crowdfunding_by_cik`` is "Crowdfunding by CIK"."""
    words = key.split("_")
    if len(words) > 1 and words[-1] in LEADING:
        words = [words[-1], *words[:-1]]
    text = " ".join(WORDS.get(word, word) for word in words)
    return text[:1].upper() + text[1:]


def title(endpoint: Endpoint) -> str:
    """The entry's own title, else the one its key makes."""
    return endpoint.title or derived_title(endpoint.key)


def titles_module(endpoints: Iterable[Endpoint], header: str) -> str:
    """Source of ``catalog/_titles.py``; exits when two endpoints that can be tools would share a title."""
    endpoints = list(endpoints)
    owners: dict[str, str] = {}
    for endpoint in endpoints:
        if endpoint.is_tool_candidate and endpoint.status == "live":
            shown = title(endpoint)
            if shown in owners:
                raise SystemExit(f"{owners[shown]} and {endpoint.spec} would both be titled {shown!r}: set title=")
            owners[shown] = endpoint.spec
    lines = [
        header + '"""What hosts show for each endpoint\'s tool: its title, by catalog key (see scripts/_titles.py)."""',
        "",
        "from __future__ import annotations",
        "",
        "TITLES: dict[str, str] = {",
        *(f"    {endpoint.key!r}: {title(endpoint)!r}," for endpoint in endpoints),
        "}",
    ]
    return "\n".join(lines) + "\n"
