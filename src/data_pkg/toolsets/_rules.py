"""The resolver's rules, DM1xx-DM4xx: what the server (and so lint) reports about a manifest.

Each rule is declared once, here, with everything about it: its code, slug, severity, the one-line
summary the docs table shows, and a bad and a fixed manifest (:class:`~data_pkg.rules.Example`) that
``docs/lint-rules.md`` shows and the tests lint (the bad one must report exactly its code, the fixed
one nothing). Codes are grouped by hundreds:

- ``DM1xx`` the document itself: syntax, constructs, fields and their types;
- ``DM2xx`` the selection: tool names, patterns, availability, plan tier, the result;
- ``DM3xx`` where manifests come from: files, profiles, ``extends`` chains;
- ``DM4xx`` naming and overrides: styles, prefixes, renames, fixed arguments.

A check reports a rule with :class:`~data_pkg.rules.Report` (``Report(RULES, file).add(code, ...)``), where
the problem is found: the parsers, the manifest's validation, the selection and the naming. Codes are
never renumbered or reused: tools, docs and people's notes refer to them.

In a snippet, ``{here}`` (:data:`~data_pkg.rules.HERE`) stands for the folder the manifest is written to.
"""

from __future__ import annotations

from data_pkg.rules import Example, Rule, RuleTable, Snippet
from data_pkg.toolsets._limits import MAX_DEPTH, MAX_DIGITS, MAX_VALUES

__all__ = ["RULES"]

_BASE = "tools: [company.quote]\n"
"""A manifest for another to extend."""

_FIELDS = ("TOOLS", "INCLUDE", "EXCLUDE")
_DOUBLINGS = tuple((_FIELDS[i % 3], _FIELDS[(i + 1) % 3]) for i in range(11))
"""(field doubled, field assigned) for each line of the DM108 example."""


RULES = RuleTable(
    Rule(
        "DM101",
        "syntax",
        "error",
        "The file is not valid Python, YAML or JSON.",
        example=Example(
            Snippet("tools: [company.quote, market.search\n"), Snippet("tools: [company.quote, market.search]\n")
        ),
    ),
    Rule(
        "DM102",
        "unsupported-construct",
        "error",
        "Something other than a literal: a Python statement or computed expression, a YAML alias, anchor or tag.",
        example=Example(
            Snippet('"""Desk."""\n\nTOOLS = sorted(["market.search", "company.quote"])\n', "desk.py"),
            Snippet('"""Desk."""\n\nTOOLS = ["company.quote", "market.search"]\n', "desk.py"),
            "Python manifests are parsed, never run: only literals, + of lists and earlier names.",
        ),
    ),
    Rule(
        "DM103",
        "unknown-field",
        "error",
        "A field (or override key) the manifest format does not define.",
        example=Example(
            Snippet("tools: [company.quote]\nmax_teir: starter\n"),
            Snippet("tools: [company.quote]\nmax_tier: starter\n"),
        ),
    ),
    Rule(
        "DM104",
        "wrong-type",
        "error",
        "A field's value has the wrong type or is empty.",
        example=Example(Snippet("tools: company.quote\n"), Snippet("tools: [company.quote]\n")),
    ),
    Rule(
        "DM105",
        "duplicate-field",
        "error",
        "The same field or mapping key is given twice.",
        example=Example(
            Snippet('{\n  "tools": ["company.quote"],\n  "tools": ["market.search"]\n}\n', "desk.json"),
            Snippet('{\n  "tools": ["company.quote", "market.search"]\n}\n', "desk.json"),
        ),
    ),
    Rule(
        "DM106",
        "unreadable-file",
        "error",
        "The file cannot be read: permissions, encoding (UTF-8 only), size (1 MiB), or it is not a regular file"
        " (a FIFO, a folder, a device, a symlink loop).",
        example=Example(
            Snippet("description: Café desk\ntools: [company.quote]\n", encoding="latin-1"),
            Snippet("description: Café desk\ntools: [company.quote]\n"),
            "The bad file is saved as Latin-1; manifests are UTF-8 (at most 1 MiB).",
        ),
    ),
    Rule(
        "DM107",
        "unsupported-format",
        "error",
        "The file's suffix is not .py, .yaml, .yml or .json.",
        example=Example(
            Snippet('tools = ["company.quote"]\n', "desk.toml"), Snippet("tools: [company.quote]\n", "desk.yaml")
        ),
    ),
    Rule(
        "DM108",
        "too-large",
        "error",
        f"The document builds more than a manifest may: over {MAX_VALUES:,} values (a Python + that keeps doubling"
        f" a list), nesting deeper than {MAX_DEPTH}, or an integer of more than {MAX_DIGITS} digits.",
        example=Example(
            Snippet(
                '"""Desk."""\n\nTOOLS = ["company.quote", "market.search"]\n'
                + "".join(f"{field} = {base} + {base}\n" for base, field in _DOUBLINGS),
                "desk.py",
            ),
            Snippet('"""Desk."""\n\nTOOLS = ["company.quote", "market.search"]\n', "desk.py"),
            "Each line doubles the list before it: sixty such lines would be 2**60 entries, so reading stops at the"
            " line that crosses the limit. The same rule bounds nesting and integers in YAML and JSON too.",
        ),
    ),
    Rule(
        "DM109",
        "not-unicode",
        "error",
        "A string holds text that cannot be encoded as UTF-8: a lone surrogate escape (\\ud800 without its pair).",
        example=Example(
            Snippet('tools: [company.quote]\noverrides:\n  company.quote:\n    description: "Quote \\ud83d"\n'),
            Snippet('tools: [company.quote]\noverrides:\n  company.quote:\n    description: "Quote \\U0001F4C8"\n'),
            "Half of a character beyond U+FFFF, written as an escape, reads in YAML, JSON and Python alike, but no"
            " UTF-8 message can carry it. YAML and Python spell such a character as one escape (\\U0001F4C8) and read a"
            " pair of \\u escapes as two halves; JSON pairs them.",
        ),
    ),
    Rule(
        "DM201",
        "unknown-tool",
        "error",
        "No catalog endpoint has this name; a close match is suggested.",
        example=Example(
            Snippet('{"tools": ["company.quote", "company.simple_qoute"]}\n', "desk.json"),
            Snippet('{"tools": ["company.quote", "company.simple_quote"]}\n', "desk.json"),
        ),
    ),
    Rule(
        "DM202",
        "duplicate-entry",
        "error",
        "The same tool, pattern or extended manifest is listed twice.",
        example=Example(Snippet("tools: [company.quote, quote]\n"), Snippet("tools: [company.quote]\n")),
    ),
    Rule(
        "DM203",
        "name-collision",
        "error",
        "Two tools get the same name under the active naming style and prefix.",
        example=Example(
            Snippet("tools: [company.quote, company.profile]\noverrides:\n  company.profile:\n    name: quote\n"),
            Snippet(
                "tools: [company.quote, company.profile]\noverrides:\n  company.profile:\n    name: company_profile\n"
            ),
        ),
    ),
    Rule(
        "DM204",
        "not-a-tool",
        "error",
        "A bulk, file-download or hosted-only endpoint is named: it is never a tool.",
        example=Example(
            Snippet("tools: [company.quote, batch.eod_bulk]\n"),
            Snippet("tools: [company.quote]\n"),
            "Bulk and file endpoints are for the Python client, never tools.",
        ),
    ),
    Rule(
        "DM205",
        "withdrawn",
        "warning",
        "A withdrawn endpoint is named; it is skipped and its successor suggested.",
        example=Example(
            Snippet("tools: [company.quote, company.core_information]\n"),
            Snippet("tools: [company.quote, company.profile]\n"),
        ),
    ),
    Rule(
        "DM206",
        "unavailable",
        "error",
        "The endpoint needs a path segment the environment does not configure.",
        example=Example(
            Snippet("tools: [company.quote, provider_articles]\n"),
            Snippet("tools: [company.quote]\n"),
            "Or keep the tool and set the variable the message names, in the server's environment.",
        ),
    ),
    Rule(
        "DM207",
        "empty-tool-set",
        "error",
        "The manifest resolves to no tools at all.",
        example=Example(
            Snippet("description: A desk that has not picked its tools yet.\n"),
            Snippet("description: A desk that has picked one tool.\ntools: [company.quote]\n"),
        ),
    ),
    Rule(
        "DM208",
        "pattern-matches-nothing",
        "warning",
        "An include or exclude pattern matches no available tool.",
        example=Example(
            Snippet('tools: [company.quote]\ninclude: ["tag:bulk"]\n'),
            Snippet('tools: [company.quote]\ninclude: ["tag:calendar"]\n'),
        ),
    ),
    Rule(
        "DM209",
        "bad-pattern",
        "error",
        "A pattern is malformed, names an unknown group or tag, or sits in tools.",
        example=Example(
            Snippet('tools: [company.quote]\nexclude: ["group:fundamentals"]\n'),
            Snippet('tools: [company.quote]\nexclude: ["group:fundamental"]\n'),
        ),
    ),
    Rule(
        "DM210",
        "unknown-tier",
        "error",
        "max_tier is not one of the plan tiers.",
        example=Example(
            Snippet("tools: [company.quote]\nmax_tier: gold\n"), Snippet("tools: [company.quote]\nmax_tier: premium\n")
        ),
    ),
    Rule(
        "DM301",
        "extends-cycle",
        "error",
        "Manifests extend each other in a cycle; the chain is shown.",
        example=Example(
            Snippet("extends: [./desk.yaml]\ntools: [company.quote]\n"),
            Snippet("extends: [analyst]\ntools: [company.quote]\n"),
        ),
    ),
    Rule(
        "DM302",
        "file-not-found",
        "error",
        "The manifest file, or a file it extends, does not exist.",
        example=Example(
            Snippet("extends: [./base.yaml]\ntools: [company.quote]\n"),
            Snippet("extends: [./base.yaml]\ntools: [company.quote]\n", files=(("base.yaml", _BASE),)),
            "Paths in extends are relative to the manifest that names them.",
        ),
    ),
    Rule(
        "DM303",
        "unknown-profile",
        "error",
        "No built-in profile has this name; the available ones are listed.",
        example=Example(Snippet("extends: [analist]\n"), Snippet("extends: [analyst]\n")),
    ),
    Rule(
        "DM304",
        "bad-path",
        "error",
        "A manifest path cannot be used as written (e.g. backslashes on POSIX).",
        example=Example(
            Snippet("extends: ['shared\\base.yaml']\n", files=(("shared/base.yaml", _BASE),)),
            Snippet("extends: [shared/base.yaml]\n", files=(("shared/base.yaml", _BASE),)),
            "On POSIX systems; on Windows the server accepts backslashes and lint reports DM504 instead.",
        ),
    ),
    Rule(
        "DM401",
        "unknown-name-style",
        "error",
        "The naming style (manifest or DATA_MCP_TOOL_NAME_STYLE) is unknown.",
        example=Example(
            Snippet("tools: [company.quote]\nname_style: camel\n"),
            Snippet("tools: [company.quote]\nname_style: snake\n"),
        ),
    ),
    Rule(
        "DM402",
        "invalid-prefix",
        "error",
        "The prefix is not a letter then up to 15 letters, digits, _ or -.",
        example=Example(
            Snippet("tools: [company.quote]\nprefix: market.data_\n"), Snippet("tools: [company.quote]\nprefix: mkt_\n")
        ),
    ),
    Rule(
        "DM403",
        "override-not-selected",
        "error",
        "An override names a tool that the manifest does not select.",
        example=Example(
            Snippet("tools: [company.quote]\noverrides:\n  market.search:\n    description: Find a symbol by name.\n"),
            Snippet(
                "tools: [company.quote, market.search]\n"
                "overrides:\n  market.search:\n    description: Find a symbol by name.\n"
            ),
        ),
    ),
    Rule(
        "DM404",
        "invalid-fixed-argument",
        "error",
        "A fixed argument names no parameter, or its value does not fit.",
        example=Example(
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
    ),
    Rule(
        "DM405",
        "invalid-tool-name",
        "error",
        "A tool name breaks the naming rules of the active style.",
        example=Example(
            Snippet("tools: [company.quote]\noverrides:\n  company.quote:\n    name: stock.quote\n"),
            Snippet("tools: [company.quote]\noverrides:\n  company.quote:\n    name: stock_quote\n"),
            "Dots are allowed only under the spec style.",
        ),
    ),
    Rule(
        "DM406",
        "unknown-answer-field",
        "error",
        "fields or exclude_fields names a field the tool's answer does not have; a close match is suggested.",
        example=Example(
            Snippet(
                "tools: [company.historical_prices]\noverrides:\n"
                "  company.historical_prices:\n    fields: [date, Close]\n"
            ),
            Snippet(
                "tools: [company.historical_prices]\noverrides:\n"
                "  company.historical_prices:\n    fields: [date, close]\n"
            ),
            "Names are the answer's own (its JSON keys, as `data-mcp catalog` lists them), in any format of manifest.",
        ),
    ),
    Rule(
        "DM407",
        "invalid-answer-setting",
        "error",
        "max_answer_tokens or answer_format (manifest or DATA_MCP_* variable) is out of range or unknown.",
        example=Example(
            Snippet("tools: [company.quote]\nmax_answer_tokens: 100\n"),
            Snippet("tools: [company.quote]\nmax_answer_tokens: 4000\n"),
            "The same check applies to DATA_MCP_MAX_ANSWER_TOKENS and DATA_MCP_ANSWER_FORMAT, which then fail every"
            " manifest and the server's start.",
        ),
    ),
    Rule(
        "DM408",
        "renamed-answer-field",
        "warning",
        "fields or exclude_fields uses the earlier name of a field the upstream now sends under another name"
        " (mktCap for marketCap); the current name is used.",
        example=Example(
            Snippet("tools: [company.profile]\noverrides:\n  company.profile:\n    fields: [symbol, mktCap]\n"),
            Snippet(
                "tools: [company.profile]\noverrides:\n"
                "  company.profile:\n    fields: [symbol, marketCap, lastDividend]\n"
            ),
            "The earlier names come from the earlier client's models (the table in the client docs lists them all);"
            " the server answers with the current field until the manifest is updated.",
        ),
    ),
    Rule(
        "DM409",
        "invalid-analysis-limit",
        "error",
        "A limit of analysis is out of its range, or a table's limit is above the total it is part of.",
        example=Example(
            Snippet("tools: [company.historical_prices]\nanalysis:\n  max_table_rows: 2000000\n  max_rows: 1000000\n"),
            Snippet("tools: [company.historical_prices]\nanalysis:\n  max_table_rows: 200000\n  max_rows: 1000000\n"),
            "Every limit has a range (docs/analysis.md lists them with their defaults), and a table's rows and bytes"
            " must fit within the totals, since the oldest tables are dropped to make room for a new one.",
        ),
    ),
)
"""Every rule the resolver reports, by code (``docs/lint-rules.md`` is generated from it and lint's)."""
