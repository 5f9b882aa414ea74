"""`data-mcp config validate` on a corpus of broken configs: one file per failure, message and position asserted.

Corpus files may hold placeholders filled in at run time: {{PYTHON}} (this interpreter),
{{PYTHON_NAME}} (its file name, found on PATH: the folder of this interpreter is put first on
PATH for every test here), {{CORPUS}} (the corpus folder) and {{DATA_MCP}} (the installed
command). Each sits inside a string whose opening quote is what a finding points at, so
positions do not move.

Files named ``editor_*`` are editors' workspace files, validated with ``--shape editor``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from data_pkg.desktop import CODES, DESKTOP, EDITOR, Shape, validate_config
from tests.desktop.test_config_support import CORPUS, MODES, base_env, corpus_text, run

# file -> (code, severity, line, col, fragment of the message or fix)
CASES: dict[str, tuple[str, str, int, int, str]] = {
    "comment_line.json": ("DC101", "error", 2, 3, "comment (// ...): JSON has no comments"),
    "comment_block.json": ("DC101", "error", 3, 5, "comment (/* ... */): JSON has no comments"),
    "comment_hash.json": ("DC101", "error", 2, 21, "comment (# ...): JSON has no comments"),
    "trailing_comma_object.json": ("DC102", "error", 5, 37, "trailing comma before }"),
    "trailing_comma_array.json": ("DC102", "error", 5, 36, "trailing comma before ]"),
    "single_quotes.json": (
        "DC103",
        "error",
        3,
        5,
        "single-quoted string 'market-data': JSON strings use double quotes",
    ),
    "unquoted_key.json": ("DC104", "error", 2, 3, "unquoted key mcpServers: JSON keys must be in double quotes"),
    "text_after_value.json": (
        "DC105",
        "error",
        2,
        1,
        "Unexpected non-whitespace character after JSON at position 4 (line 2 column 1)",
    ),
    "invalid_escape_windows_path.json": (
        "DC106",
        "error",
        4,
        21,
        'invalid escape "\\U" in "C:\\Users\\me\\python.exe": single backslashes in a Windows path',
    ),
    "invalid_unicode_escape.json": ("DC106", "error", 4, 21, 'invalid escape "\\u" in "C:\\users\\me\\python.exe"'),
    "silent_escape_control_characters.json": (
        "DC107",
        "error",
        9,
        33,
        "JSON reads \\n as a line break, \\t as a tab, so the value silently holds control characters",
    ),
    "missing_comma.json": ("DC108", "error", 5, 7, "missing comma between two entries"),
    "unterminated_string.json": ("DC108", "error", 4, 18, "this string is not closed on its line"),
    "unclosed_bracket.json": ("DC108", "error", 4, 1, "the file ends inside the object opened at line 2, column 17"),
    "empty.json": ("DC108", "error", 1, 1, "the file is empty"),
    "nan_value.json": ("DC108", "error", 3, 14, "NaN is not JSON"),
    "byte_order_mark.json": ("DC109", "error", 1, 1, "byte-order mark"),
    "duplicate_server.json": ("DC110", "warning", 4, 5, '"market-data" appears twice in this object (first at line 3'),
    "top_level_array.json": ("DC201", "error", 1, 1, "the file holds a JSON array"),
    "no_mcpservers.json": ("DC201", "error", 1, 1, "has no mcpServers key"),
    "entry_missing.json": ("DC202", "error", 2, 17, "no server entry starts data-mcp"),
    "url_only.json": ("DC203", "error", 3, 5, "has only a url: the host skips it as not a valid server configuration"),
    "command_missing.json": ("DC204", "error", 3, 5, 'server "market-data" has no command'),
    "command_not_string.json": ("DC204", "error", 4, 18, "command is a JSON array"),
    "command_relative.json": ("DC205", "error", 4, 18, 'command "venv/bin/python3" is a relative path'),
    "command_not_found.json": ("DC206", "error", 4, 18, "Failed to spawn process: No such file or directory"),
    "command_name_not_found.json": ("DC206", "error", 4, 18, 'command "python3.0" is not found on this PATH'),
    "command_not_executable.json": ("DC207", "error", 4, 18, 'not_executable.txt" is not executable'),
    "args_wrong.json": ("DC208", "error", 5, 15, 'args are ["data_pkg.mcp"], which do not start the server'),
    "args_missing.json": ("DC208", "error", 3, 20, "without args Python opens an interactive prompt"),
    "data_mcp_wrong_args.json": ("DC208", "error", 5, 15, "data-mcp is started with args ['--verbose']"),
    "launcher_not_checked.json": ("DC208", "warning", 5, 15, 'started through "sh", a launcher'),
    "env_not_object.json": ("DC209", "error", 6, 14, "env is a JSON array; it must be an object of names to strings"),
    "env_value_not_string.json": ("DC209", "error", 9, 29, "env value of PYTHONUNBUFFERED is a JSON number"),
    "base_url_missing.json": ("DC210", "error", 6, 14, "DATA_BASE_URL is not in env"),
    "base_url_not_http.json": ("DC210", "error", 8, 26, "must start with http:// or https://"),
    "bad_setting.json": ("DC211", "error", 9, 33, "validation mode 'loose' is not one of strict, warn, lenient"),
    "unbuffered_missing.json": ("DC212", "warning", 6, 14, "PYTHONUNBUFFERED is not set"),
    "entry_not_object.json": ("DC213", "error", 3, 20, 'server "market-data" is a JSON string, not an object'),
    "command_name.json": (
        "DC214",
        "warning",
        4,
        18,
        "the host looks it up on its own PATH, which may differ from your",
    ),
    "key_missing.json": ("DC301", "error", 6, 14, "DATA_API_KEY is not in env"),
    "key_placeholder.json": ("DC302", "error", 7, 25, "DATA_API_KEY is a placeholder (****_KEY), not a key"),
    "manifest_relative.json": ("DC401", "error", 9, 30, 'DATA_MCP_MANIFEST "manifests/desk.yaml" is a relative path'),
    "manifest_missing.json": ("DC402", "error", 9, 30, 'DATA_MCP_MANIFEST "/nonexistent/desk.yaml" does not exist'),
    "manifest_nul.json": (
        "DC402",
        "error",
        9,
        30,
        'DATA_MCP_MANIFEST "/desks/desk\\x00.yaml" holds a control character (U+0000)',
    ),
    "manifest_lint_fails.json": (
        "DC403",
        "error",
        9,
        30,
        "manifests/unknown_tool.yaml:4:5: DM201 unknown tool 'quot' (did you mean 'quote'?)",
    ),
    "manifest_unknown_profile.json": ("DC403", "error", 9, 30, "DM303 unknown profile 'analysts'"),
    "unknown_name_style.json": (
        "DC403",
        "error",
        9,
        37,
        "DM401 DATA_MCP_TOOL_NAME_STYLE='camel' is not a naming style",
    ),
    "editor_type_missing.json": ("DC215", "error", 3, 5, 'server "market-data" has no type: the editor needs "type"'),
    "editor_type_not_stdio.json": ("DC215", "error", 4, 15, 'type is "sse"; data-mcp runs as a local command'),
    "editor_unknown_entry_key.json": ("DC216", "warning", 7, 7, 'the key "argss", which the editor does not read'),
    "editor_unknown_top_key.json": ("DC216", "warning", 15, 3, 'the file has the key "inputz"'),
    "editor_inputs_not_list.json": ("DC217", "error", 15, 13, "inputs is a JSON object; the editor expects a list"),
    "editor_input_undeclared.json": (
        "DC217",
        "error",
        8,
        25,
        'a value refers to the input "data-key", which inputs does not declare (declared: data-api-key)',
    ),
}
FIXES: dict[str, str] = {
    "invalid_escape_windows_path.json": 'write "C:/Users/me/python.exe" or "C:\\\\Users\\\\me\\\\python.exe"',
    "silent_escape_control_characters.json": 'write "C:/new/tools.py" or "C:\\\\new\\\\tools.py"',
    "trailing_comma_object.json": "delete this comma",
    "command_relative.json": "write the absolute path",
    "command_name.json": f'write the absolute path to be sure: "{Path(sys.executable).parent.as_posix()}/',
    "editor_unknown_entry_key.json": 'rename it to "args"',
    "editor_unknown_top_key.json": 'rename it to "inputs"',
}
GOOD = ("good.json", "editor_good.json")


def _shape(name: str) -> Shape:
    """The shape a corpus file is written in: its name says so."""
    return EDITOR if name.startswith("editor_") else DESKTOP


def _shape_args(name: str) -> list[str]:
    return ["--shape", "editor"] if _shape(name) is EDITOR else []


@pytest.fixture(autouse=True)
def _python_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """This interpreter's folder first on PATH, so that {{PYTHON_NAME}} is found (DC214) on any machine."""
    monkeypatch.setenv("PATH", os.pathsep.join([os.path.dirname(os.path.abspath(sys.executable)), os.environ["PATH"]]))


def test_every_corpus_file_has_an_expectation_and_every_code_a_file() -> None:
    files = {p.name for p in CORPUS.glob("*.json")} - set(GOOD)
    assert files == set(CASES)
    covered = {case[0] for case in CASES.values()}
    assert set(CODES) - covered == {"DC111"}  # an unreadable file is a test of its own below


@pytest.mark.parametrize("name", GOOD)
def test_the_good_config_has_no_findings(name: str) -> None:
    validation = validate_config(corpus_text(name), shape=_shape(name))
    assert validation.ok and validation.findings == ()
    assert [e.name for e in validation.entries] == ["market-data"]
    assert validation.tool_counts["market-data"] > 0


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_broken_config_gets_exactly_its_finding(name: str) -> None:
    code, severity, line, col, fragment = CASES[name]
    validation = validate_config(corpus_text(name), shape=_shape(name))
    assert [(f.code, f.severity, f.line, f.col) for f in validation.findings] == [(code, severity, line, col)]
    (finding,) = validation.findings
    assert fragment in finding.message + " " + (finding.fix or "")
    assert finding.fix, "every finding says how to fix it"
    if name in FIXES:
        assert FIXES[name] in finding.fix


@pytest.mark.parametrize("name", sorted(CASES))
def test_validate_command_reports_file_line_col_and_exit_code(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, severity, line, col, _ = CASES[name]
    config = tmp_path / name
    config.write_bytes(corpus_text(name).encode("utf-8"))
    args = ["config", "validate", *_shape_args(name), str(config)]
    result = run("in-process", args, base_env(tmp_path), monkeypatch, capsys)
    assert result.code == (1 if severity == "error" else 0)
    assert f"{config}:{line}:{col}: {severity} {code}: " in result.stdout
    assert "  fix: " in result.stdout


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["good.json", "silent_escape_control_characters.json", "text_after_value.json"])
def test_validate_through_the_entry_point(
    mode: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / name
    config.write_bytes(corpus_text(name).encode("utf-8"))
    result = run(mode, ["config", "validate", str(config), "--json"], base_env(tmp_path), monkeypatch, capsys)
    payload = json.loads(result.stdout)
    if name == "good.json":
        assert result.code == 0
        assert payload["ok"] is True and payload["findings"] == []
        assert payload["servers"]["market-data"] > 0
        return
    code, _, line, col, fragment = CASES[name]
    assert result.code == 1
    (finding,) = payload["findings"]
    assert (finding["code"], finding["line"], finding["col"]) == (code, line, col)
    assert fragment in finding["message"]


@pytest.mark.parametrize("mode", MODES)
def test_unreadable_files_exit_2(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes(b'{\n  "mcpServers": {"caf\xe9": {}}\n}\n')
    result = run(mode, ["config", "validate", str(latin1)], base_env(tmp_path), monkeypatch, capsys)
    assert result.code == 2
    assert f"{latin1}:2:22: error DC111: " in result.stderr and "is not UTF-8 (byte 0xE9)" in result.stderr
    missing = run(mode, ["config", "validate", str(tmp_path / "nope.json")], base_env(tmp_path), monkeypatch, capsys)
    assert missing.code == 2 and "does not exist" in missing.stderr
    folder = run(mode, ["config", "validate", str(tmp_path), "--json"], base_env(tmp_path), monkeypatch, capsys)
    assert folder.code == 2 and json.loads(folder.stdout)["findings"][0]["code"] == "DC111"


def test_validate_checks_the_assistants_own_file_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.desktop.test_config_support import write_config

    path = write_config(tmp_path, corpus_text("key_placeholder.json"))
    result = run("in-process", ["config", "validate"], base_env(tmp_path), monkeypatch, capsys)
    assert result.code == 1
    assert f"{path}:7:25: error DC302" in result.stdout
    clean = run("in-process", ["config", "validate", "--name", "other"], base_env(tmp_path), monkeypatch, capsys)
    assert clean.code == 1 and 'no server named "other" in mcpServers (found: market-data)' in clean.stdout
