"""Python, YAML and JSON manifests mean the same thing, and reading one never runs anything in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from data_pkg.toolsets import Manifest, resolve
from data_pkg.toolsets._parse import parse_manifest
from tests.toolsets.helpers import NamesOf, Write

SAME_MANIFEST = {
    "team.py": '''
        """Team tools."""

        EXTENDS = ["minimal"]
        TOOLS = ["market.gainers", "losers"]
        INCLUDE = ["group:technical"]
        EXCLUDE = ["technical.williams"]
        NAME_STYLE = "snake"
        PREFIX = "t_"
        MAX_TIER = "starter"
        OVERRIDES = {
            "company.quote": {"name": "live_quote", "fixed": {"symbol": "AAPL"}},
            "technical.rsi": {"description": "RSI.", "fixed": {"timeframe": "1day", "period_length": 14}},
            "technical.sma": {"title": "Moving average"},
        }
        OUTPUT_SCHEMAS = False
    ''',
    "team.yaml": """
        description: Team tools.
        extends: [minimal]
        tools: [market.gainers, losers]
        include: ["group:technical"]
        exclude: [technical.williams]
        name_style: snake
        prefix: t_
        max_tier: starter
        overrides:
          company.quote: {name: live_quote, fixed: {symbol: AAPL}}
          technical.rsi:
            description: RSI.
            fixed: {timeframe: 1day, period_length: 14}
          technical.sma: {title: Moving average}
        output_schemas: false
    """,
    "team.json": """
        {
          "description": "Team tools.",
          "extends": ["minimal"],
          "tools": ["market.gainers", "losers"],
          "include": ["group:technical"],
          "exclude": ["technical.williams"],
          "name_style": "snake",
          "prefix": "t_",
          "max_tier": "starter",
          "overrides": {
            "company.quote": {"name": "live_quote", "fixed": {"symbol": "AAPL"}},
            "technical.rsi": {"description": "RSI.", "fixed": {"timeframe": "1day", "period_length": 14}},
            "technical.sma": {"title": "Moving average"}
          },
          "output_schemas": false
        }
    """,
}


def _without_positions(manifest: Manifest) -> object:
    def strip(value: object) -> object:
        if hasattr(value, "value") and hasattr(value, "line"):
            return strip(value.value)
        if isinstance(value, tuple):
            return tuple(strip(v) for v in value)
        if hasattr(value, "__dataclass_fields__"):
            return {name: strip(getattr(value, name)) for name in value.__dataclass_fields__}
        return value

    fields = strip(manifest)
    assert isinstance(fields, dict)
    del fields["file"], fields["format"]
    return fields


def test_the_same_manifest_in_three_formats_parses_to_the_same_fields(write: Write) -> None:
    parsed = [parse_manifest(write(name, text)) for name, text in SAME_MANIFEST.items()]
    assert all(p.ok for p in parsed), [str(d) for p in parsed for d in p.diagnostics]
    first, *others = (_without_positions(p.manifest) for p in parsed if p.manifest is not None)
    assert others == [first, first]


def test_the_same_manifest_in_three_formats_resolves_to_the_same_tools(write: Write) -> None:
    registries = [resolve(write(name, text), env={}).raise_for_errors() for name, text in SAME_MANIFEST.items()]
    lists = [r.tools_list() for r in registries]
    assert lists[0] == lists[1] == lists[2]
    assert "t_company_live_quote" not in registries[0]  # a rename replaces the style's name...
    assert "t_live_quote" in registries[0]  # ...and the prefix still applies
    titles = {tool.name: tool.title for tool in registries[0]}
    assert titles["t_technical_sma"] == "Moving average"  # the override's title...
    assert titles["t_technical_rsi"] == "Relative strength index (RSI)"  # ...else the catalog's


def test_python_docstring_is_the_description(write: Write) -> None:
    parsed = parse_manifest(write("m.py", '"""\n    Research desk.\n\n    More text.\n"""\nTOOLS = ["quote"]\n'))
    assert parsed.manifest is not None
    assert parsed.manifest.description == "Research desk.\n\nMore text."


def test_python_literals_include_tuples_sets_negative_numbers_concatenation_and_references(write: Write) -> None:
    path = write(
        "m.py",
        """
        TOOLS = ("company.quote", "company.profile")
        EXCLUDE = {"company.profile"}
        INCLUDE = ["fundamental.income_statement"] + ["fundamental.balance_sheet"]
        OVERRIDES = {"company.historical_market_cap": {"fixed": {"limit": -1}}}
        EXTENDS = []
        """,
    )
    parsed = parse_manifest(path)
    assert parsed.ok, [str(d) for d in parsed.diagnostics]
    assert parsed.manifest is not None
    assert [i.value for i in parsed.manifest.include] == ["fundamental.income_statement", "fundamental.balance_sheet"]
    assert parsed.manifest.overrides[0].fixed[0][1].value == -1


def test_python_reference_to_an_earlier_field_copies_its_value(write: Write, names_of: NamesOf) -> None:
    path = write("m.py", 'TOOLS = ["company.quote", "company.profile"]\nINCLUDE = TOOLS + ["market.search"]\n')
    assert names_of(path) == ("quote", "profile", "search")


def test_python_string_statements_after_assignments_are_documentation(write: Write) -> None:
    path = write("m.py", '"""Doc."""\nTOOLS = ["quote"]\n"""The quote tool, for everyone."""\n')
    assert parse_manifest(path).ok


def test_python_manifest_code_never_runs(write: Write, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    path = write(
        "evil.py",
        f"""
        import os
        __import__("os").system("touch {marker}")
        TOOLS = [open("{marker}", "w").name]
        INCLUDE = [os.system("touch {marker}")]
        EXCLUDE = [(lambda: exec("open('{marker}', 'w')"))()]
        def tools():
            open("{marker}", "w")
        class Tools:
            open("{marker}", "w")
        """,
    )
    resolution = resolve(path, env={})
    assert not marker.exists()
    assert resolution.registry is None
    codes = [d.code for d in resolution.diagnostics]
    assert codes == ["DM102"] * 7


def test_yaml_python_tags_are_refused_and_never_constructed(write: Write, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    path = write("evil.yaml", f'tools: !!python/object/apply:os.system ["touch {marker}"]\n')
    resolution = resolve(path, env={})
    assert not marker.exists()
    assert [d.code for d in resolution.diagnostics] == ["DM102"]


def test_yaml_anchors_and_aliases_are_refused_so_documents_cannot_explode(write: Write) -> None:
    lol = "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    assert [d.code for d in parse_manifest(write("lol.yaml", lol)).diagnostics] == ["DM102"]


def test_yaml_merge_keys_are_refused(write: Write) -> None:
    problems = parse_manifest(write("m.yaml", "overrides:\n  quote:\n    <<: {name: q}\n")).diagnostics
    assert [(d.code, d.line, d.col) for d in problems] == [("DM102", 3, 5)]


def test_yaml_dates_stay_strings_for_date_parameters(write: Write) -> None:
    path = write(
        "m.yaml", "tools: [company.dividends]\noverrides:\n  company.dividends: {fixed: {from_date: 2024-01-31}}\n"
    )
    registry = resolve(path, env={}).raise_for_errors()
    tool = registry.get("dividends")
    assert tool is not None
    assert dict(tool.fixed) == {"from_date": "2024-01-31"}


def test_yaml_null_fields_mean_not_set(write: Write, names_of: NamesOf) -> None:
    assert names_of(write("m.yaml", "tools: [quote]\ninclude:\nprefix:\noverrides:\n")) == ("quote",)


def test_empty_yaml_file_is_an_empty_tool_set(write: Write) -> None:
    assert [d.code for d in resolve(write("m.yaml", ""), env={}).diagnostics] == ["DM207"]


def test_json_must_be_strict(write: Write) -> None:
    for text in ('{"tools": ["quote"],}', "{'tools': ['quote']}", '{"tools": ["quote"]} // note', '{"x": NaN}'):
        problems = parse_manifest(write("m.json", text)).diagnostics
        assert [d.code for d in problems] == ["DM101"], text


def test_json_with_a_schema_key_and_a_bom_is_accepted(write: Write, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(b'\xef\xbb\xbf{"$schema": "../schemas/manifest.schema.json", "tools": ["quote"]}')
    assert parse_manifest(path).ok


def test_json_positions_count_escaped_strings_and_nesting(write: Write) -> None:
    path = write("m.json", '{"description": "a \\"quoted\\" \\u00e9 word",\n "tools": [\n\t"quote", "qoute"]}')
    problems = resolve(path, env={}).diagnostics
    assert [(d.code, d.line, d.col) for d in problems] == [("DM201", 3, 11)]


def test_python_manifest_may_not_assign_a_description_field(write: Write) -> None:
    problems = parse_manifest(write("m.py", 'DESCRIPTION = "x"\nTOOLS = ["quote"]\n')).diagnostics
    assert [(d.code, d.hint) for d in problems] == [("DM103", "in Python the module docstring is the description")]


def test_schema_key_is_not_a_python_field_and_yaml_fields_are_lowercase(write: Write) -> None:
    problems = parse_manifest(write("m.yaml", "Tools: [quote]\n")).diagnostics
    assert [(d.code, d.hint) for d in problems] == [("DM103", "YAML and JSON spell fields in lowercase: tools")]


def test_unsupported_suffix_and_missing_file_are_reported_not_raised(tmp_path: Path) -> None:
    assert [d.code for d in parse_manifest(tmp_path / "m.toml").diagnostics] == ["DM107"]
    assert [d.code for d in parse_manifest(tmp_path / "m.yaml").diagnostics] == ["DM302"]


def test_a_directory_or_oversized_file_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "dir.yaml").mkdir()
    assert [d.code for d in parse_manifest(tmp_path / "dir.yaml").diagnostics] == ["DM106"]
    big = tmp_path / "big.json"
    big.write_text('{"tools": [' + ", ".join(['"quote"'] * 200_000) + "]}")
    assert [d.code for d in parse_manifest(big).diagnostics] == ["DM106"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("TOOLS = [" * 300 + "]" * 300, "DM101"),  # nesting the parser refuses
        ("TOOLS = ['quote']\x00", "DM101"),
        ("MAX_TIER = ...", "DM104"),
        ("PREFIX = 1j", "DM104"),
        ("TOOLS += ['quote']", "DM102"),
        ("TOOLS: list = ['quote']", "DM102"),
        ("A, B = 1, 2", "DM102"),
        ("TOOLS = [*['quote']]", "DM102"),
        ("TOOLS = ['quote'] if True else []", "DM102"),
        ("TOOLS = 'quote' + 'x'", "DM102"),
        ("TOOLS = -True", "DM102"),
        ("pass", "DM102"),
    ],
)
def test_python_constructs_outside_the_literal_subset_are_reported(write: Write, text: str, code: str) -> None:
    problems = parse_manifest(write("m.py", text + "\n")).diagnostics
    assert [d.code for d in problems] == [code]


@pytest.mark.parametrize(
    ("text", "line", "col"),
    [('{"tools": ["company.quote" , ]}', 1, 28), ('{\n  "prefix": "x",\n}', 2, 16), ('{"tools": [],}', 1, 13)],
)
def test_a_trailing_comma_is_reported_at_the_comma_on_every_python(
    write: Write, text: str, line: int, col: int
) -> None:
    parsed = parse_manifest(write("m.json", text))
    assert [(d.code, d.line, d.col) for d in parsed.diagnostics] == [("DM101", line, col)]
    assert "trailing comma" in parsed.diagnostics[0].message
