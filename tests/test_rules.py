"""data_pkg.rules: one way to report a finding (Report.add), and every family's codes in one namespace.

Before, a finding was made three ways (the resolver's ``diagnostic()``, lint's ``finding()``, the
desktop checker's ``add()``, each over ``RuleTable.finding``) besides the parsers' and the selection's
own helpers. Now every check reports through :class:`data_pkg.rules.Report`; the scan below fails
when another way appears.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from data_pkg.desktop import CODES
from data_pkg.lint import all_rules
from data_pkg.rules import Finding, Report, Rule, RuleTable

SRC = Path(__file__).resolve().parents[1] / "src"
RULES_MODULE = SRC / "data_pkg" / "rules.py"


def _other_ways(path: Path) -> list[str]:
    """Where ``path`` makes a finding another way than ``Report.add``: ``Finding(...)``, a ``finding(...)`` or
    ``diagnostic(...)`` of a rule code, or an ``add``/``report`` of a rule code with more than the two
    positional arguments ``Report.add`` takes (the old checker's ``add(code, node, message, fix)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        first = node.args[0] if node.args else None
        code = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else ""
        if name == "Finding":
            found.append(f"{path.name}:{node.lineno} builds a Finding")
        elif code[:2] in ("DM", "DC") and (
            name in ("finding", "diagnostic") or (name in ("add", "report") and len(node.args) > 2)
        ):
            found.append(f"{path.name}:{node.lineno} reports {code} through {name}()")
    return found


def test_every_finding_is_reported_through_report_add() -> None:
    others = [where for path in sorted(SRC.rglob("*.py")) if path != RULES_MODULE for where in _other_ways(path)]
    assert others == [], "report with Report(rules, file).add(code, ...):\n" + "\n".join(others)


def test_the_scan_sees_the_ways_that_were_removed(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    text = (
        'diagnostic("DM101", "x")\nfinding("DM503", "x")\nchecker.add("DC101", node, "x", None)\n'
        'self.report("DM201", where, "x", "y")\nCODES.finding("DC111", "x")\nFinding("DM101", "error", "x")\n'
        'report.add("DM101", "x", at=node)\nself.report.add("DM101", "x", hint="y")\n'
    )
    module.write_text(text, encoding="utf-8")
    assert [w.split(" ", 1)[1] for w in _other_ways(module)] == [
        "reports DM101 through diagnostic()",
        "reports DM503 through finding()",
        "reports DC101 through add()",
        "reports DM201 through report()",
        "reports DC111 through finding()",
        "builds a Finding",
    ]


TABLE = RuleTable(Rule("XX101", "thing", "error", "A thing."), Rule("XX102", "note", "info", "A note."))


class _At:
    line = 3
    col = 7


def test_report_add_gives_the_rule_severity_the_position_and_the_file() -> None:
    report = Report(TABLE, "desk.yaml")
    first = report.add("XX101", "bad thing", hint="fix it", at=_At())
    second = report.add("XX102", "a note", line=1, col=2, file="base.yaml")
    third = report.add("XX101", "milder", severity="warning")
    assert first == Finding("XX101", "error", "bad thing", "fix it", "desk.yaml", 3, 7)
    assert second == Finding("XX102", "info", "a note", None, "base.yaml", 1, 2)
    assert third == Finding("XX101", "warning", "milder", None, "desk.yaml", None, None)
    assert report.findings == [first, second, third]


def test_report_add_refuses_a_code_its_family_does_not_have() -> None:
    with pytest.raises(KeyError):
        Report(TABLE).add("DM101", "not this family's")


def test_no_code_is_declared_by_two_families() -> None:
    assert not set(all_rules()) & set(CODES)
