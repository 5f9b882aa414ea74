"""`data-mcp config print|install|validate --shape editor`: an editor's workspace file (`servers`, `"type": "stdio"`).

Real files in a temporary folder and the real command (the installed entry point and `main()`), as the
desktop shape's tests do.
"""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

from tests.desktop.test_config_support import MODES, base_env, entry_python, run
from tests.support import SECRET_KEY

OTHERS = {
    "servers": {
        "notes": {"type": "stdio", "command": "/usr/bin/notes", "args": ["--stdio"], "env": {"NOTES_TOKEN": "keep"}},
        "remote": {"type": "http", "url": "https://notes.invalid/mcp"},
    },
    "inputs": [{"type": "promptString", "id": "notes-token", "description": "Notes token", "password": True}],
}


def _env(home: Path, **extra: str) -> dict[str, str]:
    return base_env(home, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL="http://127.0.0.1:8765", **extra)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _ours(**changes: object) -> dict[str, object]:
    """An entry of ours that validates clean, with ``changes`` (a value of None removes the key)."""
    entry: dict[str, object] = {
        "type": "stdio",
        "command": sys.executable,
        "args": ["-m", "data_pkg.mcp"],
        "env": {"DATA_API_KEY": SECRET_KEY, "DATA_BASE_URL": "http://127.0.0.1:8765", "PYTHONUNBUFFERED": "1"},
    }
    entry.update(changes)
    return {k: v for k, v in entry.items() if v is not None}


def _at(text: str, needle: str) -> str:
    """``line:col`` (from 1) of the first ``needle`` in ``text``."""
    offset = text.index(needle)
    line = text.count("\n", 0, offset) + 1
    return f"{line}:{offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"


@pytest.mark.parametrize("mode", MODES)
def test_print_gives_the_editor_shape_without_the_key(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(mode, ["config", "print", "--shape", "editor"], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0, result.output
    printed = json.loads(result.stdout)
    assert list(printed) == ["servers"]
    entry = printed["servers"]["market-data"]
    assert list(entry) == ["type", "command", "args", "env"]
    assert entry["type"] == "stdio"
    assert entry["command"] == entry_python(mode)
    assert entry["args"] == ["-m", "data_pkg.mcp"]
    assert entry["env"]["DATA_API_KEY"] == "<your API key>"
    assert SECRET_KEY not in result.output
    assert "config install --shape editor PATH" in result.stderr


def test_print_default_shape_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run("in-process", ["config", "print"], _env(tmp_path), monkeypatch, capsys)
    printed = json.loads(result.stdout)
    assert list(printed) == ["mcpServers"]
    assert "type" not in printed["mcpServers"]["market-data"]


def test_an_unknown_shape_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run("in-process", ["config", "print", "--shape", "ide"], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 2
    assert "unknown config shape 'ide'; choose one of: desktop, editor" in result.stderr


@pytest.mark.parametrize("command", ["install", "validate"])
def test_the_editor_shape_needs_the_workspace_file(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run("in-process", ["config", command, "--shape", "editor"], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 2
    assert "--shape editor needs PATH: the workspace file your editor reads" in result.stderr
    assert list(tmp_path.iterdir()) == []  # no assistant's config was created instead


@pytest.mark.parametrize("mode", MODES)
def test_install_creates_the_workspace_file_with_mode_0600(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "project" / "settings" / "mcp.json"
    result = run(mode, ["config", "install", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0, result.output
    data = json.loads(workspace.read_text())
    assert list(data) == ["servers"]
    entry = data["servers"]["market-data"]
    assert list(entry) == ["type", "command", "args", "env"]
    assert entry["type"] == "stdio"
    assert entry["env"]["DATA_API_KEY"] == SECRET_KEY  # the file holds the key ...
    assert SECRET_KEY not in result.output  # ... the terminal never shows it
    assert "DATA_API_KEY: ****CRET from the environment" in result.stdout
    assert "keep it out of version control" in result.stdout
    assert _mode(workspace) == 0o600
    assert [p.name for p in workspace.parent.iterdir()] == ["mcp.json"]  # no temporary file, no backup
    checked = run(
        mode, ["config", "validate", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys
    )
    assert checked.code == 0, checked.output
    assert "no problems found" in checked.stdout


@pytest.mark.parametrize("mode", MODES)
def test_install_merges_and_keeps_other_servers_and_inputs(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "mcp.json"
    original = json.dumps(OTHERS, indent=4)
    workspace.write_text(original)
    workspace.chmod(0o644)
    result = run(mode, ["config", "install", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0, result.output
    data = json.loads(workspace.read_text())
    assert data["servers"]["notes"] == OTHERS["servers"]["notes"]  # type: ignore[index]
    assert data["servers"]["remote"] == OTHERS["servers"]["remote"]  # type: ignore[index]
    assert data["inputs"] == OTHERS["inputs"]
    assert data["servers"]["market-data"]["type"] == "stdio"
    assert "Other servers kept as they are: notes, remote" in result.stdout
    assert _mode(workspace) == 0o600
    (backup,) = tmp_path.glob("mcp.json.*.bak")
    assert backup.read_text() == original
    assert _mode(backup) == 0o600
    again = run(mode, ["config", "install", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys)
    assert again.code == 0, again.output
    assert 'already has this "market-data" entry; nothing to change' in again.stdout


def test_install_refuses_to_replace_an_entry_without_force(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "mcp.json"
    text = json.dumps({"servers": {"market-data": _ours(command="/usr/bin/other")}}, indent=2)
    workspace.write_text(text)
    args = ["config", "install", "--shape", "editor", str(workspace)]
    result = run("in-process", args, _env(tmp_path), monkeypatch, capsys)
    assert result.code == 1
    assert "pass --force to replace it" in result.stderr
    assert workspace.read_text() == text
    forced = run("in-process", [*args, "--force"], _env(tmp_path), monkeypatch, capsys)
    assert forced.code == 0, forced.output
    assert json.loads(workspace.read_text())["servers"]["market-data"]["command"] == sys.executable


@pytest.mark.parametrize("mode", MODES)
def test_install_leaves_a_file_with_comments_and_trailing_commas_untouched(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "mcp.json"
    text = '{\n  // the team\'s servers\n  "servers": {\n    "notes": {"type": "stdio", "command": "/usr/bin/notes",},\n  }\n}\n'
    workspace.write_text(text)
    result = run(mode, ["config", "install", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 2
    assert workspace.read_text() == text
    assert [p.name for p in tmp_path.iterdir()] == ["mcp.json"]
    assert "the existing file is not strict JSON; it was left untouched" in result.stderr
    assert f"{workspace}:{_at(text, '//')}: error DC101:" in result.stderr
    assert f"{workspace}:{_at(text, ',}')}: error DC102:" in result.stderr
    checked = run(
        mode, ["config", "validate", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys
    )
    assert checked.code == 1
    assert f"{workspace}:{_at(text, '//')}: error DC101:" in checked.stdout
    assert "config install leaves the file as it is" in checked.stdout


# Each problem, the text that holds it, and where (the first occurrence of a needle) it is reported.
_PROBLEMS = {
    "type missing": ("DC215", "error", {"servers": {"market-data": _ours(type=None)}}, '"market-data"'),
    "type not stdio": ("DC215", "error", {"servers": {"market-data": _ours(type="http")}}, '"http"'),
    "type not a string": ("DC215", "error", {"servers": {"market-data": _ours(type=True)}}, "true"),
    "misspelt env": ("DC216", "warning", {"servers": {"market-data": {**_ours(), "evn": {}}}}, '"evn"'),
    "unknown top-level key": ("DC216", "warning", {"servers": {"market-data": _ours()}, "server": {}}, '"server"'),
    "inputs not a list": ("DC217", "error", {"servers": {"market-data": _ours()}, "inputs": {}}, "{}"),
    "input without id": (
        "DC217",
        "error",
        {"servers": {"market-data": _ours()}, "inputs": [{"type": "promptString"}]},
        '{\n      "type": "promptString"',
    ),
    "undeclared input": (
        "DC217",
        "error",
        {"servers": {"market-data": _ours(args=["-m", "data_pkg.mcp", "${input:profile}"])}},
        '"${input:profile}"',
    ),
    "no servers": ("DC201", "error", {"mcpServers": {"market-data": _ours()}}, "{"),
    "bad JSON": ("DC108", "error", '{"servers": {"market-data": {"type": "stdio"}}', None),
}


@pytest.mark.parametrize("problem", list(_PROBLEMS))
def test_validate_reports_each_problem_with_its_code_and_position(
    problem: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, severity, document, needle = _PROBLEMS[problem]
    text = document if isinstance(document, str) else json.dumps(document, indent=2)
    workspace = tmp_path / "mcp.json"
    workspace.write_text(text)
    args = ["config", "validate", "--shape", "editor", str(workspace)]
    result = run("in-process", args, _env(tmp_path), monkeypatch, capsys)
    assert result.code == (1 if severity == "error" else 0), result.output
    where = f"{workspace}:{_at(text, needle) if needle else ''}"
    found = [line for line in result.stdout.splitlines() if f" {severity} {code}: " in line]
    assert found, result.stdout
    assert any(line.startswith(where) for line in found), found
    assert "\n  fix: " in result.stdout
    assert SECRET_KEY not in result.output
    as_json = json.loads(run("in-process", [*args, "--json"], _env(tmp_path), monkeypatch, capsys).stdout)
    assert as_json["shape"] == "editor"
    assert code in [f["code"] for f in as_json["findings"]]


def test_a_misspelt_key_names_the_key_meant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "mcp.json"
    workspace.write_text(json.dumps({"servers": {"market-data": {**_ours(), "argz": []}}}, indent=2))
    result = run(
        "in-process", ["config", "validate", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys
    )
    assert 'has the key "argz", which the editor does not read (it ignores it); did you mean "args"?' in result.stdout


def test_a_key_prompted_through_a_declared_input_validates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = _ours()
    entry["env"] = {**entry["env"], "DATA_API_KEY": "${input:data-api-key}"}  # type: ignore[dict-item]
    inputs = [{"type": "promptString", "id": "data-api-key", "description": "API key", "password": True}]
    workspace = tmp_path / "mcp.json"
    workspace.write_text(json.dumps({"servers": {"market-data": entry}, "inputs": inputs}, indent=2))
    result = run(
        "in-process", ["config", "validate", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys
    )
    assert result.code == 0, result.output
    assert "no problems found" in result.stdout


def test_each_shape_points_to_the_other_for_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "mcp.json"
    workspace.write_text(json.dumps({"servers": {"market-data": _ours()}}, indent=2))
    desktop = run("in-process", ["config", "validate", str(workspace)], _env(tmp_path), monkeypatch, capsys)
    assert desktop.code == 1
    assert "this file has servers, the editor shape: check it with --shape editor" in desktop.stdout
    workspace.write_text(json.dumps({"mcpServers": {"market-data": _ours(type=None)}}, indent=2))
    editor = run(
        "in-process", ["config", "validate", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys
    )
    assert editor.code == 1
    assert "this file has mcpServers, the desktop shape: check it with --shape desktop" in editor.stdout


@pytest.mark.parametrize(
    "text",
    [
        # Parsed: the key is DATA_API_KEY's value, and also pasted as a name the editor does not read (DC216 quotes it).
        json.dumps({"servers": {"market-data": {**_ours(type="sse"), SECRET_KEY: "1"}}}, indent=2),
        # Not JSON: a single-quoted key, never parsed as a value.
        '{"servers": {"market-data": {"type": "stdio", "env": {"DATA_API_KEY": \'' + SECRET_KEY + "'}}}}",
    ],
    ids=["parsed", "not-json"],
)
def test_validate_never_shows_the_key(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "mcp.json"
    workspace.write_text(text)
    args = ["config", "validate", "--shape", "editor", str(workspace)]
    result = run("in-process", args, _env(tmp_path), monkeypatch, capsys)
    assert result.code == 1
    assert SECRET_KEY not in result.output
    assert "****" in result.output
    as_json = run("in-process", [*args, "--json"], _env(tmp_path), monkeypatch, capsys)
    assert SECRET_KEY not in as_json.output


def test_a_dry_run_shows_the_editor_entry_masked_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "mcp.json"
    args = ["config", "install", "--shape", "editor", "--dry-run", str(workspace)]
    result = run("in-process", args, _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0, result.output
    assert '"type": "stdio"' in result.stdout
    assert SECRET_KEY not in result.output
    assert not workspace.exists()


@pytest.mark.parametrize("mode", MODES)
def test_prompt_key_keeps_the_key_out_of_the_workspace_file(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "mcp.json"
    workspace.write_text(json.dumps(OTHERS, indent=2))
    args = ["config", "install", "--shape", "editor", "--prompt-key", str(workspace)]
    result = run(mode, args, _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0, result.output
    text = workspace.read_text()
    assert SECRET_KEY not in text and SECRET_KEY not in result.output
    data = json.loads(text)
    assert data["servers"]["market-data"]["env"]["DATA_API_KEY"] == "${input:data-api-key}"
    ids = [item["id"] for item in data["inputs"]]
    assert ids == ["notes-token", "data-api-key"]  # the user's input first, as it was
    assert data["inputs"][1]["password"] is True
    assert "an input the editor prompts for; the key is not in the file" in result.stdout
    assert "version control" not in result.stdout
    assert _mode(workspace) == 0o600
    again = run(mode, args, _env(tmp_path), monkeypatch, capsys)
    assert 'already has this "market-data" entry; nothing to change' in again.stdout
    assert json.loads(workspace.read_text()) == data
    checked = run(
        mode, ["config", "validate", "--shape", "editor", str(workspace)], _env(tmp_path), monkeypatch, capsys
    )
    assert checked.code == 0, checked.output


def test_print_prompt_key_declares_the_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["config", "print", "--shape", "editor", "--prompt-key", "--with-key"]
    result = run("in-process", args, _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0, result.output
    printed = json.loads(result.stdout)
    assert printed["servers"]["market-data"]["env"]["DATA_API_KEY"] == "${input:data-api-key}"
    assert [item["id"] for item in printed["inputs"]] == ["data-api-key"]
    assert SECRET_KEY not in result.output  # the key stays out even with --with-key: the editor asks for it


@pytest.mark.parametrize("command", ["print", "install"])
def test_prompt_key_needs_the_editor_shape(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["config", command, "--prompt-key", *([str(tmp_path / "c.json")] if command == "install" else [])]
    result = run("in-process", args, _env(tmp_path), monkeypatch, capsys)
    assert result.code == 2
    assert "--prompt-key: the desktop shape has no inputs" in result.stderr
    assert not (tmp_path / "c.json").exists()


def test_prompt_key_leaves_a_file_whose_inputs_are_not_a_list_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "mcp.json"
    text = json.dumps({"servers": {}, "inputs": {"id": "data-api-key"}}, indent=2)
    workspace.write_text(text)
    args = ["config", "install", "--shape", "editor", "--prompt-key", str(workspace)]
    result = run("in-process", args, _env(tmp_path), monkeypatch, capsys)
    assert result.code == 2
    assert "inputs in the existing file is not a list; it was left untouched" in result.stderr
    assert workspace.read_text() == text
