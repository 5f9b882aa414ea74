"""A bad and a fixed manifest for every code lint can report: the data behind ``docs/lint-rules.md``.

The test suite lints every example: each ``bad`` one must report its code and nothing else, each
``fixed`` one nothing at all (both with an empty environment). So the docs page cannot show an
example that does not do what it says.

A snippet (:class:`data_pkg.rules.Snippet`) is one manifest file, optionally with companion files
it extends (paths relative to it). ``{here}`` in a snippet stands for the folder the manifest is in
(an absolute path); the docs show it as ``/home/me/manifests``. :func:`data_pkg.lint.all_rules`
attaches each example to its rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from data_pkg.rules import HERE, Example, Snippet

_BASE = "tools: [company.quote]\n"


_FIELDS = ("TOOLS", "INCLUDE", "EXCLUDE")
_DOUBLINGS = tuple((_FIELDS[i % 3], _FIELDS[(i + 1) % 3]) for i in range(11))
"""(field doubled, field assigned) for each line of the DM108 example."""


_QUOTE = "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio."
_LONG_QUOTE = f"      {_QUOTE}\n" * 25
"""A folded YAML text of 25 lines, 2,150 characters: over the 2,048 some hosts keep (DM508)."""
_LONG_DESK = "  This desk covers the companies the team follows, with statements, prices and news.\n" * 20
"""A folded YAML text of 20 lines, 1,660 characters: more than the instructions have room for (DM509)."""


def _examples(*examples: Example) -> Mapping[str, Example]:
    return MappingProxyType({e.code: e for e in examples})


EXAMPLES = _examples(
    Example(
        "DM101",
        Snippet("tools: [company.quote, market.search\n"),
        Snippet("tools: [company.quote, market.search]\n"),
    ),
    Example(
        "DM102",
        Snippet('"""Desk."""\n\nTOOLS = sorted(["market.search", "company.quote"])\n', "desk.py"),
        Snippet('"""Desk."""\n\nTOOLS = ["company.quote", "market.search"]\n', "desk.py"),
        "Python manifests are parsed, never run: only literals, + of lists and earlier names.",
    ),
    Example(
        "DM103",
        Snippet("tools: [company.quote]\nmax_teir: starter\n"),
        Snippet("tools: [company.quote]\nmax_tier: starter\n"),
    ),
    Example(
        "DM104",
        Snippet("tools: company.quote\n"),
        Snippet("tools: [company.quote]\n"),
    ),
    Example(
        "DM105",
        Snippet('{\n  "tools": ["company.quote"],\n  "tools": ["market.search"]\n}\n', "desk.json"),
        Snippet('{\n  "tools": ["company.quote", "market.search"]\n}\n', "desk.json"),
    ),
    Example(
        "DM106",
        Snippet("description: Café desk\ntools: [company.quote]\n", encoding="latin-1"),
        Snippet("description: Café desk\ntools: [company.quote]\n"),
        "The bad file is saved as Latin-1; manifests are UTF-8 (at most 1 MiB).",
    ),
    Example(
        "DM107",
        Snippet('tools = ["company.quote"]\n', "desk.toml"),
        Snippet("tools: [company.quote]\n", "desk.yaml"),
    ),
    Example(
        "DM108",
        Snippet(
            '"""Desk."""\n\nTOOLS = ["company.quote", "market.search"]\n'
            + "".join(f"{field} = {base} + {base}\n" for base, field in _DOUBLINGS),
            "desk.py",
        ),
        Snippet('"""Desk."""\n\nTOOLS = ["company.quote", "market.search"]\n', "desk.py"),
        "Each line doubles the list before it: sixty such lines would be 2**60 entries, so reading stops at the"
        " line that crosses the limit. The same rule bounds nesting and integers in YAML and JSON too.",
    ),
    Example(
        "DM109",
        Snippet('tools: [company.quote]\noverrides:\n  company.quote:\n    description: "Quote \\ud83d"\n'),
        Snippet('tools: [company.quote]\noverrides:\n  company.quote:\n    description: "Quote \\U0001F4C8"\n'),
        "Half of a character beyond U+FFFF, written as an escape, reads in YAML, JSON and Python alike, but no UTF-8"
        " message can carry it. YAML and Python spell such a character as one escape (\\U0001F4C8) and read a"
        " pair of \\u escapes as two halves; JSON pairs them.",
    ),
    Example(
        "DM201",
        Snippet('{"tools": ["company.quote", "company.simple_qoute"]}\n', "desk.json"),
        Snippet('{"tools": ["company.quote", "company.simple_quote"]}\n', "desk.json"),
    ),
    Example(
        "DM202",
        Snippet("tools: [company.quote, quote]\n"),
        Snippet("tools: [company.quote]\n"),
    ),
    Example(
        "DM203",
        Snippet("tools: [company.quote, company.profile]\noverrides:\n  company.profile:\n    name: quote\n"),
        Snippet("tools: [company.quote, company.profile]\noverrides:\n  company.profile:\n    name: company_profile\n"),
    ),
    Example(
        "DM204",
        Snippet("tools: [company.quote, batch.eod_bulk]\n"),
        Snippet("tools: [company.quote]\n"),
        "Bulk and file endpoints are for the Python client, never tools.",
    ),
    Example(
        "DM205",
        Snippet("tools: [company.quote, company.core_information]\n"),
        Snippet("tools: [company.quote, company.profile]\n"),
    ),
    Example(
        "DM206",
        Snippet("tools: [company.quote, provider_articles]\n"),
        Snippet("tools: [company.quote]\n"),
        "Or keep the tool and set the variable the message names, in the server's environment.",
    ),
    Example(
        "DM207",
        Snippet("description: A desk that has not picked its tools yet.\n"),
        Snippet("description: A desk that has picked one tool.\ntools: [company.quote]\n"),
    ),
    Example(
        "DM208",
        Snippet('tools: [company.quote]\ninclude: ["tag:bulk"]\n'),
        Snippet('tools: [company.quote]\ninclude: ["tag:calendar"]\n'),
    ),
    Example(
        "DM209",
        Snippet('tools: [company.quote]\nexclude: ["group:fundamentals"]\n'),
        Snippet('tools: [company.quote]\nexclude: ["group:fundamental"]\n'),
    ),
    Example(
        "DM210",
        Snippet("tools: [company.quote]\nmax_tier: gold\n"),
        Snippet("tools: [company.quote]\nmax_tier: premium\n"),
    ),
    Example(
        "DM301",
        Snippet("extends: [./desk.yaml]\ntools: [company.quote]\n"),
        Snippet("extends: [analyst]\ntools: [company.quote]\n"),
    ),
    Example(
        "DM302",
        Snippet("extends: [./base.yaml]\ntools: [company.quote]\n"),
        Snippet("extends: [./base.yaml]\ntools: [company.quote]\n", files=(("base.yaml", _BASE),)),
        "Paths in extends are relative to the manifest that names them.",
    ),
    Example(
        "DM303",
        Snippet("extends: [analist]\n"),
        Snippet("extends: [analyst]\n"),
    ),
    Example(
        "DM304",
        Snippet("extends: ['shared\\base.yaml']\n", files=(("shared/base.yaml", _BASE),)),
        Snippet("extends: [shared/base.yaml]\n", files=(("shared/base.yaml", _BASE),)),
        "On POSIX systems; on Windows the server accepts backslashes and lint reports DM504 instead.",
    ),
    Example(
        "DM401",
        Snippet("tools: [company.quote]\nname_style: camel\n"),
        Snippet("tools: [company.quote]\nname_style: snake\n"),
    ),
    Example(
        "DM402",
        Snippet("tools: [company.quote]\nprefix: market.data_\n"),
        Snippet("tools: [company.quote]\nprefix: mkt_\n"),
    ),
    Example(
        "DM403",
        Snippet("tools: [company.quote]\noverrides:\n  market.search:\n    description: Find a symbol by name.\n"),
        Snippet(
            "tools: [company.quote, market.search]\n"
            "overrides:\n  market.search:\n    description: Find a symbol by name.\n"
        ),
    ),
    Example(
        "DM404",
        Snippet(
            '"""Desk."""\n\nTOOLS = ["fundamental.income_statement"]\n'
            'OVERRIDES = {"fundamental.income_statement": {"fixed": {"limitt": 5}}}\n',
            "desk.py",
        ),
        Snippet(
            '"""Desk."""\n\nTOOLS = ["fundamental.income_statement"]\n'
            'OVERRIDES = {"fundamental.income_statement": {"fixed": {"limit": 5}}}\n',
            "desk.py",
        ),
    ),
    Example(
        "DM405",
        Snippet("tools: [company.quote]\noverrides:\n  company.quote:\n    name: stock.quote\n"),
        Snippet("tools: [company.quote]\noverrides:\n  company.quote:\n    name: stock_quote\n"),
        "Dots are allowed only under the spec style.",
    ),
    Example(
        "DM406",
        Snippet(
            "tools: [company.historical_prices]\noverrides:\n  company.historical_prices:\n    fields: [date, Close]\n"
        ),
        Snippet(
            "tools: [company.historical_prices]\noverrides:\n  company.historical_prices:\n    fields: [date, close]\n"
        ),
        "Names are the answer's own (its JSON keys, as `data-mcp catalog` lists them), in any format of manifest.",
    ),
    Example(
        "DM407",
        Snippet("tools: [company.quote]\nmax_answer_tokens: 100\n"),
        Snippet("tools: [company.quote]\nmax_answer_tokens: 4000\n"),
        "The same check applies to DATA_MCP_MAX_ANSWER_TOKENS and DATA_MCP_ANSWER_FORMAT, which then fail every"
        " manifest and the server's start.",
    ),
    Example(
        "DM408",
        Snippet("tools: [company.profile]\noverrides:\n  company.profile:\n    fields: [symbol, mktCap]\n"),
        Snippet(
            "tools: [company.profile]\noverrides:\n  company.profile:\n    fields: [symbol, marketCap, lastDividend]\n"
        ),
        "The earlier names come from the earlier client's models (the table in the client docs lists them all);"
        " the server answers with the current field until the manifest is updated.",
    ),
    Example(
        "DM409",
        Snippet("tools: [company.historical_prices]\nanalysis:\n  max_table_rows: 2000000\n  max_rows: 1000000\n"),
        Snippet("tools: [company.historical_prices]\nanalysis:\n  max_table_rows: 200000\n  max_rows: 1000000\n"),
        "Every limit has a range (docs/analysis.md lists them with their defaults), and a table's rows and bytes"
        " must fit within the totals, since the oldest tables are dropped to make room for a new one.",
    ),
    Example(
        "DM501",
        Snippet("tools: [company.quote]\nname_style: spec\n"),
        Snippet("tools: [company.quote]\nname_style: snake\n"),
        "Keep spec only when every host that uses the server accepts dots in tool names.",
    ),
    Example(
        "DM502",
        Snippet("extends: [analyst]\nmax_tier: premium\n"),
        Snippet('extends: [analyst]\nexclude: ["transcripts.*"]\nmax_tier: premium\n'),
        "A note, never a failure: dropping what the plan cannot call is what max_tier is for."
        " Excluding those tools by name says so explicitly.",
    ),
    Example(
        "DM503",
        Snippet(
            "description: Quotes from https://api.example.com/v3/quote?apikey=9f3c2a7b1e8d4c6f0a5b9e2d7c1f4a8b\n"
            "tools: [company.quote]\n"
        ),
        Snippet("description: Quotes for the desk.\ntools: [company.quote]\n"),
        "An error although the server would start: a key in a committed file is leaked. Rotate it.",
    ),
    Example(
        "DM504",
        Snippet(f'extends: ["{HERE}/shared/base.yaml"]\n', files=(("shared/base.yaml", _BASE),)),
        Snippet("extends: [./shared/base.yaml]\n", files=(("shared/base.yaml", _BASE),)),
        "A warning, not an error: the server starts on this machine, but nowhere else.",
    ),
    Example(
        "DM505",
        Snippet("extends: [../shared/base.yaml]\n", files=(("../shared/base.yaml", _BASE),)),
        Snippet("extends: [./shared/base.yaml]\n", files=(("shared/base.yaml", _BASE),)),
        "A note, and only outside a repository (or for a path that leaves the one the manifest is in): the"
        " natural base/ + team-folder layout inside one repository is quiet. Disable it, or make it a warning,"
        " in the repository's configuration (see the teams page).",
    ),
    Example(
        "DM506",
        Snippet("tools: [company.quote, transcripts.transcript]\nmax_tier: premium\n"),
        Snippet("tools: [company.quote]\nmax_tier: premium\n"),
    ),
    Example(
        "DM507",
        Snippet("extends: [minimal]\nmax_tokens: 800\n"),
        Snippet('extends: [minimal]\nexclude: ["fundamental.*", "intelligence.*"]\nmax_tokens: 800\n'),
        "Tokens are counted as data-mcp tools counts them. A budget is the manifest's own (not inherited through"
        " extends); max_tokens in the repository's configuration covers manifests that set none.",
    ),
    Example(
        "DM508",
        Snippet(f"tools: [company.quote]\noverrides:\n  company.quote:\n    description: >\n{_LONG_QUOTE}"),
        Snippet(f'tools: [company.quote]\noverrides:\n  company.quote:\n    description: "{_QUOTE}"\n'),
        "The same sentence 25 times makes 2,150 characters. The catalog's own descriptions are one line each.",
    ),
    Example(
        "DM509",
        Snippet(f"description: >\n{_LONG_DESK}tools: [company.quote]\n"),
        Snippet(
            "description: This desk covers the companies the team follows, with statements, prices and news.\n"
            "tools: [company.quote]\n"
        ),
        "The same sentence 20 times makes 1,660 characters; the server adds about 700 of its own (the tools, how"
        " answers are cut and noted, how errors read), so the instructions keep the first sentences. Notes for the"
        " people who maintain the manifest fit in a comment.",
    ),
    Example(
        "DM510",
        Snippet('include: ["*"]\n'),
        Snippet('include: ["group:company", "group:fundamental", "group:market"]\n'),
        "Every tool is what the full profile serves, for exploration and for hosts with tool search; it says so"
        " with an inline ignore.",
    ),
)
"""Every code's example, by code."""
