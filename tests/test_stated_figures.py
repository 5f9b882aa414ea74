"""The figures README.md, docs/index.md and docs/server.md state are the code's: counts, sizes, extras, versions.

Each test reads the figure from the page's own sentence, so an edit to either side that makes them disagree fails.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from benchmarks import o200k

from data_hosted import build_toolset
from data_pkg.catalog import client_endpoints
from data_pkg.toolsets import resolve

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
INDEX = (ROOT / "docs" / "index.md").read_text()
SERVER = (ROOT / "docs" / "server.md").read_text()
PYPROJECT = (ROOT / "pyproject.toml").read_text()

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def one(pattern: str, text: str) -> tuple[str, ...]:
    (found,) = re.findall(pattern, text, flags=re.S)
    return found if isinstance(found, tuple) else (found,)


def default_set() -> tuple[int, int, int]:
    """Tools, bytes and exact o200k tokens of the default tool list as the server sends it (compact JSON)."""
    registry = resolve(None, env={}).raise_for_errors()
    text = json.dumps(registry.tools_list(), separators=(",", ":"), ensure_ascii=False)
    return len(registry), registry.tools_list_bytes(), o200k.count(text)


def test_the_readme_counts_the_catalogs_endpoints() -> None:
    total, withdrawn = map(int, one(r"\((\d+) client endpoints, (\d+) of them\s+withdrawn", README))
    endpoints = client_endpoints()
    assert (total, withdrawn) == (len(endpoints), sum(e.status == "withdrawn" for e in endpoints))


def test_the_readme_sizes_the_default_set() -> None:
    per_tool, tools, thousands = one(
        r"~(\d+) bytes per\s+tool; the default set of (\d+) tools is ~([\d.]+)K tokens, counted with o200k", README
    )
    count, size, tokens = default_set()
    assert int(tools) == count
    assert int(per_tool) == round(size / count, -2)
    assert float(thousands) == round(tokens / 1000, 1)


def test_the_readme_counts_the_hosted_tools() -> None:
    stated = {int(n) for n in re.findall(r"(\d+)\s+dataset tools", README)}
    assert stated == {len(build_toolset({"provider": "p", "ratings_addon": "r"}).tools)}


def test_the_server_page_sizes_a_tool() -> None:
    per_tool, tokens = map(int, one(r"each tool costs about (\d+)\s+bytes \(~(\d+) tokens\)", SERVER))
    count, size, _ = default_set()
    assert per_tool == round(size / count, -2)
    assert tokens == per_tool // 4  # the estimate data-mcp tools uses: four bytes a token


def test_the_supported_pythons_are_the_packages() -> None:
    project = tomllib.loads(PYPROJECT)["project"]
    low, high = one(r">=3\.(\d+),<3\.(\d+)", project["requires-python"])
    first, last = f"3.{low}", f"3.{int(high) - 1}"
    assert one(r"needs Python (3\.\d+) to (3\.\d+)", INDEX) == (first, last)
    assert one(r"`python3` (3\.\d+)–(3\.\d+)", README) == (first, last)
    classified = [c.rsplit(" :: ", 1)[1] for c in project["classifiers"] if re.search(r":: 3\.\d+$", c)]
    assert classified == [f"3.{n}" for n in range(int(low), int(high))]


def test_the_extras_table_lists_what_each_extra_brings() -> None:
    project = tomllib.loads(PYPROJECT)["project"]

    def names(requirements: list[str]) -> set[str]:
        return {re.split(r"[<>=!~;\[ ]", r, maxsplit=1)[0].lower() for r in requirements}

    rows = dict(re.findall(r"^\| (none|`\w+`) \| ([^|]+) \|", INDEX, flags=re.M))
    stated = {
        extra.strip("`"): {word.split()[0].lower() for word in cell.replace(", and ", ", ").split(", ")}
        for extra, cell in rows.items()
    }
    wanted = {extra: names(project["optional-dependencies"][extra]) for extra in ("mcp", "sandbox", "redis", "hosted")}
    assert stated == {"none": names(project["dependencies"])} | wanted


def test_the_server_page_states_the_measured_size_of_five_years_of_prices() -> None:
    # The answers section of the performance report measures it with the real o200k tokenizer.
    report = json.loads((ROOT / "benchmarks" / "results" / "report.json").read_text())
    measured = report["answers"]["history_5y"]["json_tokens"]
    (stated,) = one(r"five years of daily prices are\s+about ([\d,]+) tokens of JSON", SERVER)
    assert int(stated.replace(",", "")) == round(measured, -3)


def test_the_server_page_states_the_estimators_measured_error() -> None:
    # The answers section of the performance report counts every answer of the full profile with o200k.
    full = json.loads((ROOT / "benchmarks" / "results" / "report.json").read_text())["answers"]["profiles"]["full"]
    median, worst = one(
        r"it undercounts none and overcounts ([\d.]+)× at the median and ([\d.]+)× at most", SERVER.replace("\n", " ")
    )
    assert full["bound_under"] == 0
    assert (float(median), float(worst)) == (round(full["bound_over_median"], 1), round(full["bound_over_max"], 1))


def test_the_cli_page_states_how_far_the_tool_list_estimate_is_from_o200k() -> None:
    # The start section of the performance report counts each set's tools/list, as sent, with o200k.
    sets = json.loads((ROOT / "benchmarks" / "results" / "report.json").read_text())["start"]["sets"]
    cli = (ROOT / "docs" / "cli.md").read_text()
    low, high, exact_minimal = one(
        r"exact o200k count it reads (\d+)-(\d+)% high for each built-in profile's whole list \(([\d,]+) exact", cli
    )
    over = [s["est_tokens"] / s["tokens"] - 1 for s in sets.values()]
    assert (int(low), int(high)) == (round(min(over) * 100), round(max(over) * 100)), over
    assert int(exact_minimal.replace(",", "")) == sets["minimal"]["tokens"]
