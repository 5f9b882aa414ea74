"""The performance report's page and its record of what it measured (benchmarks/report.py, benchmarks/sections/).

The page is report.json rendered, with the sections written elsewhere kept as they are; each section of report.json
records the code it was measured against, and a figure another page quotes fails once that code has changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks.sections import BY_NAME, NAMES, targets
from benchmarks.sections.common import IMG, PAGE, REPORT
from benchmarks.sections.page import KEPT, render
from benchmarks.sections.stale import QUOTED, changes, check, closure, sources


def committed() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(REPORT.read_text())
    found["targets"] = targets(found)
    return found


def rendered(results: dict[str, Any], old: str) -> str:
    return render(results, NAMES, [p.name for p in IMG.glob("bench-*.png")], IMG, old)


def test_the_page_is_report_json_rendered() -> None:
    # `report.py --render-only` gives the committed page back: edit report.json (or a kept section), not the page.
    page = PAGE.read_text(encoding="utf-8")
    assert rendered(committed(), page) == page


def test_rendering_keeps_the_sections_it_does_not_write_where_they_were() -> None:
    page = PAGE.read_text(encoding="utf-8")
    kept = [block for block in page.split("\n## ") if KEPT in block]
    assert [b.split("\n", 1)[0] for b in kept] == [
        "Analysis",
        "Columns per call",
        "Analyst tasks",
        "Cost of a cut answer",
        "Mutation sample",
    ]
    old = "# Performance\n\n## Answers\n\nold figures\n\n## Hand-made\n\n" + KEPT + "\n\nby hand\n\n## Method\n\nold\n"
    new = rendered(committed(), old)
    assert "old figures" not in new  # a section the report writes is written again
    assert (
        new.index("## Answers") < new.index("## Hand-made\n\n" + KEPT + "\n\nby hand\n") < new.index("## CPU per call")
    )


def test_every_section_records_what_it_was_measured_against() -> None:
    results = committed()
    assert set(results["measured"]) == {name for name in NAMES if results.get(name)}
    for name, measured in results["measured"].items():
        assert measured["commit"] and measured["sources"], name
        assert set(measured["sources"]) <= set(sources(BY_NAME[name])) | set(changes(BY_NAME[name], measured)), name


def test_no_page_quotes_a_figure_of_code_changed_since_it_was_measured() -> None:
    # The CI gate: staleness alone is a warning (report.py --check-stale lists it); a quoted figure is not.
    assert check(committed()).failures == []


def test_a_changed_source_makes_its_section_stale_and_names_the_file() -> None:
    results = committed()
    measured = results["measured"]["answers"]
    path = "src/data_pkg/answers/_tokens.py"
    assert path in measured["sources"]
    edited = {**measured, "sources": {**measured["sources"], path: "0" * 16, "src/data_pkg/gone.py": "1" * 16}}
    del edited["sources"]["src/data_pkg/answers/__init__.py"]
    found = changes(BY_NAME["answers"], edited)
    edits = {"src/data_pkg/answers/__init__.py": "added", path: "changed", "src/data_pkg/gone.py": "removed"}
    assert found.items() >= edits.items()
    # Besides the edits: what has changed since the section was measured (other work goes on in src/).
    assert found.keys() - edits.keys() == changes(BY_NAME["answers"], measured).keys() - edits.keys()
    verdict = check({**results, "measured": {**results["measured"], "answers": edited}})
    (failure,) = verdict.failures
    assert failure.startswith("docs/server.md states") and path in failure and "--only answers" in failure
    assert any(line.startswith("answers: measured at") and path in line for line in verdict.warnings)


def test_a_section_without_a_record_fails_the_check() -> None:
    results = committed()
    del results["measured"]["lint"]
    assert check(results).failures == ["lint: report.json does not say what it was measured against; measure it again"]


def test_a_sections_sources_follow_its_imports_through_the_tree() -> None:
    found = closure(["data_pkg.answers"])
    assert {"src/data_pkg/__init__.py", "src/data_pkg/answers/__init__.py", "src/data_pkg/answers/_tokens.py"} <= found
    assert not any(path.startswith(("src/data_pkg/mcp/", "src/data_hosted/")) for path in found)
    assert "benchmarks/answers.py" in sources(BY_NAME["answers"])
    for quoted in QUOTED:
        assert set(quoted.inputs) <= set(sources(BY_NAME[quoted.section])), quoted
        assert Path(quoted.page).name in {p.name for p in (PAGE.parent).glob("*.md")}


def test_the_answers_profiles_are_the_summary_of_its_tools() -> None:
    # Each profile's figures are read off the same per-tool measurements (benchmarks/answers.py's summarise).
    from benchmarks import answers

    results = committed()["answers"]
    by_key = {row["key"]: row for row in results["tools"]}
    for name, keys in answers.profile_keys().items():
        assert answers.summarise([by_key[k] for k in keys if k in by_key]) == results["profiles"][name], name
    assert answers.cpu_shares(results["tools"]) == {k: results[k] for k in answers.CPU_SHARES}
