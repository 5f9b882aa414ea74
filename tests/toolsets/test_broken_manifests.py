"""Every rule fires on a broken manifest, with its code at the exact line and column, in every format it applies to.

Each file under ``broken/`` is listed here with every diagnostic it must produce, in order:
``"CODE line:col"``, or ``"CODE other_file:line:col"`` when the problem sits in a file it extends,
or just ``"CODE"`` when no position applies. Resolution uses an empty environment.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from data_pkg.toolsets import RULES, resolve

BROKEN = Path(__file__).parent / "broken"

EXPECTED: dict[str, list[str]] = {
    "dm101_syntax.json": ["DM101 2:28"],  # at the trailing comma, on every Python
    "dm101_syntax.py": ["DM101 3:9"],
    "dm101_syntax.yaml": ["DM101 3:2"],
    "dm102_alias.yaml": ["DM102 1:8"],
    "dm102_executable.py": ["DM102 3:1", "DM102 5:27", "DM102 6:11", "DM102 7:1"],
    "dm102_tag.yaml": ["DM102 3:5"],
    "dm103_unknown_field.json": ["DM103 3:3"],
    "dm103_unknown_field.py": ["DM103 3:1", "DM103 4:1"],
    "dm103_unknown_field.yaml": ["DM103 2:1", "DM103 3:1", "DM103 6:5"],
    "dm104_wrong_type.json": ["DM104 2:30", "DM104 3:21", "DM104 4:55"],
    "dm104_wrong_type.py": ["DM104 3:9", "DM104 4:24", "DM104 4:27", "DM104 5:18"],
    "dm104_wrong_type.yaml": ["DM104 2:10", "DM104 3:9", "DM104 5:18"],
    "dm105_duplicate_field.py": ["DM105 4:1"],
    "dm105_duplicate_key.json": ["DM105 4:3"],
    "dm105_duplicate_key.yaml": ["DM105 5:5", "DM105 6:1"],
    "dm106_not_utf8.yaml": ["DM106 2:18"],
    "dm107_unsupported.toml": ["DM107"],
    "dm108_doubling.py": ["DM108 13:11"],
    "dm108_long_integer.json": ["DM108 3:54"],
    "dm108_nested.yaml": ["DM108 5:31"],
    "dm109_surrogate.json": ["DM109 3:50"],
    "dm109_surrogate.py": ["DM109 1:1"],
    "dm109_surrogate.yaml": ["DM109 4:18"],  # a pair of \u escapes is two halves in YAML
    "dm201_unicode_columns.py": ["DM201 3:27", "DM201 3:42"],
    "dm201_unknown_tool.json": ["DM201 1:29"],
    "dm201_unknown_tool.py": ["DM201 3:27", "DM201 3:35", "DM201 4:12"],
    "dm201_unknown_tool.yaml": ["DM201 3:5", "DM201 5:3"],
    "dm202_duplicate_entry.json": ["DM202 3:34"],
    "dm202_duplicate_entry.py": ["DM202 3:46", "DM202 4:24"],
    "dm202_duplicate_entry.yaml": ["DM202 1:20", "DM202 5:3"],
    "dm203_collision.json": ["DM203 4:45"],
    "dm203_collision.py": ["DM203 4:40"],
    "dm203_collision.yaml": ["DM203 4:25"],
    "dm204_bulk.json": ["DM204 1:29"],
    "dm204_bulk.py": ["DM204 3:27", "DM204 3:49"],
    "dm204_bulk.yaml": ["DM204 2:11"],
    "dm205_withdrawn.json": ["DM205 1:29"],
    "dm205_withdrawn.py": ["DM205 3:27", "DM205 3:51"],
    "dm205_withdrawn.yaml": ["DM205 3:5"],
    "dm206_unconfigured.json": ["DM206 1:14"],
    "dm206_unconfigured.py": ["DM206 3:27"],
    "dm206_unconfigured.yaml": ["DM206 1:24"],
    "dm207_empty.json": ["DM207 1:1"],
    "dm207_empty.py": ["DM207 1:1"],
    "dm207_empty.yaml": ["DM207 1:1"],
    "dm208_matches_nothing.json": ["DM208 1:42"],
    "dm208_matches_nothing.py": ["DM208 4:12", "DM208 5:12"],
    "dm208_matches_nothing.yaml": ["DM208 2:11"],
    "dm209_bad_pattern.json": ["DM209 1:29"],
    "dm209_bad_pattern.py": ["DM209 3:27", "DM209 4:12", "DM209 4:30"],
    "dm209_bad_pattern.yaml": ["DM209 2:11"],
    "dm210_unknown_tier.json": ["DM210 1:42"],
    "dm210_unknown_tier.py": ["DM210 4:12"],
    "dm210_unknown_tier.yaml": ["DM210 2:11"],
    "dm301_cycle_a.yaml": ["DM301 dm301_cycle_c.py:3:12"],
    "dm301_cycle_b.json": ["DM301 dm301_cycle_a.yaml:1:11"],
    "dm301_cycle_c.py": ["DM301 dm301_cycle_b.json:2:15"],
    "dm301_cycle_self.py": ["DM301 3:12"],
    "dm302_missing.json": ["DM302 1:14"],
    "dm302_missing.py": ["DM302 3:12"],
    "dm302_missing.yaml": ["DM302 3:5"],
    "dm303_unknown_profile.json": ["DM303 1:22"],
    "dm303_unknown_profile.py": ["DM303 3:12"],
    "dm303_unknown_profile.yaml": ["DM303 1:11"],
    "dm304_backslashes.yaml": ["DM304 1:11"],
    "dm401_unknown_style.json": ["DM401 1:44"],
    "dm401_unknown_style.py": ["DM401 4:14"],
    "dm401_unknown_style.yaml": ["DM401 2:13"],
    "dm402_bad_prefix.json": ["DM402 1:40"],
    "dm402_bad_prefix.py": ["DM402 4:10"],
    "dm402_bad_prefix.yaml": ["DM402 2:9"],
    "dm403_override_not_selected.json": ["DM403 1:44"],
    "dm403_override_not_selected.py": ["DM403 4:14"],
    "dm403_override_not_selected.yaml": ["DM403 4:3"],
    "dm404_fixed_invalid.json": ["DM404 3:61", "DM404 3:89"],
    "dm404_fixed_invalid.py": ["DM404 5:57", "DM404 5:72", "DM404 6:55", "DM404 6:63", "DM404 7:50"],
    "dm404_fixed_invalid.yaml": ["DM404 5:14", "DM404 6:15"],
    "dm405_bad_rename.json": ["DM405 4:43"],
    "dm405_bad_rename.py": ["DM405 4:40"],
    "dm405_bad_rename.yaml": ["DM405 4:11"],
    "dm406_unknown_field.json": ["DM406 3:66"],
    "dm406_unknown_field.py": ["DM406 5:54", "DM406 6:42"],
    "dm406_unknown_field.yaml": ["DM406 6:9"],
    "dm407_answer_setting.json": ["DM407 1:47"],
    "dm407_answer_setting.py": ["DM407 4:21", "DM407 5:17"],
    "dm407_answer_setting.yaml": ["DM407 2:20", "DM407 4:38"],
    "dm408_renamed_field.json": ["DM408 3:58"],
    "dm408_renamed_field.py": ["DM408 5:46", "DM408 5:56", "DM408 6:54"],
    "dm408_renamed_field.yaml": ["DM408 6:9"],
    "dm409_analysis_limit.json": ["DM409 1:74"],
    "dm409_analysis_limit.py": ["DM409 4:29", "DM409 4:50"],
    "dm409_analysis_limit.yaml": ["DM409 3:14", "DM409 4:19"],
}

# Reported only from the environment, never from a file in the corpus.
ENV_ONLY: set[str] = set()

POSIX_ONLY = {"dm304_backslashes.yaml"}


def _found(name: str) -> list[str]:
    resolution = resolve(str(BROKEN / name), env={})
    found = []
    for problem in resolution.diagnostics:
        where = ""
        if problem.file is not None and Path(problem.file).name != name:
            where = Path(problem.file).name + (":" if problem.line else "")
        if problem.line is not None:
            where += f"{problem.line}:{problem.col}"
        found.append(f"{problem.code} {where}".strip())
    return found


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_manifest_reports_exactly_the_expected_codes_and_positions(name: str) -> None:
    if name in POSIX_ONLY and os.sep != "/":
        pytest.skip("backslashes are path separators on Windows")
    assert _found(name) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_manifest_blocks_the_registry_unless_it_only_warns(name: str) -> None:
    if name in POSIX_ONLY and os.sep != "/":
        pytest.skip("backslashes are path separators on Windows")
    resolution = resolve(str(BROKEN / name), env={})
    only_warnings = all(RULES[entry.split()[0]].severity == "warning" for entry in EXPECTED[name])
    assert resolution.ok is only_warnings


def test_every_file_in_the_corpus_has_expectations() -> None:
    on_disk = {p.name for p in BROKEN.iterdir() if p.name != "ruff.toml" and not p.name.startswith(".")}
    assert on_disk == set(EXPECTED)


def test_every_rule_is_exercised_by_the_corpus() -> None:
    exercised = {entry.split()[0] for entries in EXPECTED.values() for entry in entries}
    assert set(RULES) - exercised == ENV_ONLY


def test_rules_that_apply_to_every_format_are_proven_in_python_yaml_and_json() -> None:
    # Not here: DM102 (Python statements, YAML tags and aliases; JSON has no such thing), DM106/DM107 (not
    # about the format), DM301 (a cycle spans three formats), DM304 (one path rule for all).
    per_format = sorted(set(RULES) - {"DM102", "DM106", "DM107", "DM301", "DM304"})
    for code in per_format:
        suffixes = {
            Path(name).suffix for name, entries in EXPECTED.items() for entry in entries if entry.startswith(code)
        }
        assert suffixes >= {".py", ".yaml", ".json"}, code


def test_diagnostic_text_is_file_line_col_code_message_hint() -> None:
    (problem,) = resolve(str(BROKEN / "dm201_unknown_tool.json"), env={}).diagnostics
    assert str(problem) == (
        f"{BROKEN / 'dm201_unknown_tool.json'}:1:29: DM201 unknown tool 'search_symbol'"
        " (did you mean 'filings_search_symbol'?)"
    )


def test_withdrawn_warning_names_the_successor() -> None:
    (problem,) = resolve(str(BROKEN / "dm205_withdrawn.yaml"), env={}).diagnostics
    assert problem.severity == "warning"
    assert "company.profile" in str(problem)


def test_unconfigured_segment_error_names_the_variable_to_set() -> None:
    (problem,) = resolve(str(BROKEN / "dm206_unconfigured.py"), env={}).diagnostics
    assert "DATA_PROVIDER_SEGMENT" in str(problem)


def test_cycle_message_shows_the_whole_chain() -> None:
    (problem,) = resolve(str(BROKEN / "dm301_cycle_a.yaml"), env={}).diagnostics
    assert problem.message == (
        "extends cycle: dm301_cycle_a.yaml -> dm301_cycle_b.json -> dm301_cycle_c.py -> dm301_cycle_a.yaml"
    )


def test_unknown_profile_lists_the_available_ones() -> None:
    (problem,) = resolve(str(BROKEN / "dm303_unknown_profile.yaml"), env={}).diagnostics
    assert problem.hint == "profiles: analyst, default, full, minimal, news, quant"


def test_unknown_tool_suggests_the_closest_name() -> None:
    problems = resolve(str(BROKEN / "dm201_unknown_tool.yaml"), env={}).diagnostics
    assert [p.hint for p in problems] == [
        "did you mean 'company.quote'?",
        "did you mean 'fundamental.income_statement'?",
    ]
