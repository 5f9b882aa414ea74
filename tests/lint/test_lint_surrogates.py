"""A lone surrogate escape in a manifest: lint and the server's resolver refuse it where it was written.

Each format spells one (``"\\ud800"``) and reads it into a string no UTF-8 message can carry; a
description holding one once passed lint and then ended the server at its first ``tools/list``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from data_pkg.toolsets import resolve
from tests.lint.test_lint_hostile import lint

HINTS = {
    ".json": "(write the character itself, or both halves of its escape pair: \\ud83d\\udcc8)",
    ".yaml": "(write the character itself, or its one escape: \\U0001F4C8, not \\ud83d\\udcc8)",
    ".py": "(write the character itself, or its one escape: \\U0001F4C8, not \\ud83d\\udcc8)",
}

# file name, text, where (line:col) and what lint reports
CASES = [
    (
        "override.yaml",
        'tools: [company.quote]\noverrides:\n  company.quote:\n    description: "Quote \\ud800 now"\n',
        "4:18",
        "a lone surrogate (\\ud800) at character 7",
    ),
    (
        "override.json",
        '{"tools": ["company.quote"],\n "overrides": {"company.quote": {"description": "Quote \\udfff"}}}\n',
        "2:49",
        "a lone surrogate (\\udfff) at character 7",
    ),
    ("docstring.py", '"""Desk \\ud83d tools."""\nTOOLS = ["company.quote"]\n', "1:1", "(\\ud83d) at character 6"),
    (
        "override.py",
        '"""Desk."""\nTOOLS = ["company.quote"]\nOVERRIDES = {"company.quote": {"description": "x \\udc00"}}\n',
        "3:47",
        "(\\udc00) at character 3",
    ),
    ("description.yaml", 'description: "\\ud800"\ntools: [company.quote]\n', "1:14", "(\\ud800) at character 1"),
    ("comment.json", '{"$comment": "\\ud800", "tools": ["company.quote"]}\n', "1:14", "(\\ud800)"),
    ("key.yaml", 'tools: [company.quote]\noverrides:\n  "\\ud800": {}\n', "3:3", "(\\ud800)"),
]


@pytest.mark.parametrize(("name", "text", "where", "what"), CASES, ids=[case[0] for case in CASES])
def test_lint_reports_a_lone_surrogate_with_where_and_a_hint(
    tmp_path: Path, name: str, text: str, where: str, what: str
) -> None:
    (tmp_path / name).write_text(text)
    done = lint(name, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (1, "")
    first = done.stdout.splitlines()[0]
    assert first.startswith(f"{name}:{where}: DM109 error: this string holds ")
    assert what in first and first.endswith(HINTS[Path(name).suffix])


@pytest.mark.parametrize(("name", "text", "where", "what"), CASES, ids=[case[0] for case in CASES])
def test_the_resolver_refuses_it_too(tmp_path: Path, name: str, text: str, where: str, what: str) -> None:
    """The server resolves with the same code lint does: such a manifest never becomes a tool set."""
    (tmp_path / name).write_text(text)
    resolution = resolve(str(tmp_path / name), env={})
    assert resolution.registry is None
    assert any(d.code == "DM109" and f"{d.line}:{d.col}" == where for d in resolution.errors)
    for problem in resolution.errors:
        str(problem).encode("utf-8")  # what the server would tell its clients can be sent


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("desk.json", '{"description": "Charts \\ud83d\\udcc8", "tools": ["company.quote"]}\n'),
        ("desk.yaml", 'description: "Charts \\U0001F4C8"\ntools: [company.quote]\n'),
        ("desk.py", '"""Charts \\U0001F4C8."""\nTOOLS = ["company.quote"]\n'),
    ],
)
def test_the_whole_character_as_each_format_spells_it_is_fine(tmp_path: Path, name: str, text: str) -> None:
    (tmp_path / name).write_text(text)
    done = lint(name, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "1 file checked: no problems\n")
