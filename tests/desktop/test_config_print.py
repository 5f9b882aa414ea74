"""`data-mcp config print`: the entry a desktop assistant needs, with no key on the terminal by default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from data_pkg.desktop import BASE_URL_PLACEHOLDER, server_entry, validate_config
from data_pkg.desktop._entry import KEY_PLACEHOLDER, manifest_value
from tests.desktop.test_config_support import MODES, base_env, entry_python, run
from tests.support import SECRET_KEY


@pytest.mark.parametrize("mode", MODES)
def test_print_gives_the_entry_with_absolute_python_and_no_key(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL="http://127.0.0.1:8765/")
    result = run(mode, ["config", "print"], env, monkeypatch, capsys)
    assert result.code == 0
    entry = json.loads(result.stdout)["mcpServers"]["market-data"]
    # Absolute, but links kept: a venv's python is a link and only the link sees the venv's packages.
    assert entry["command"] == entry_python(mode)
    assert Path(entry["command"]).is_absolute()
    assert entry["args"] == ["-m", "data_pkg.mcp"]
    assert entry["env"] == {
        "DATA_API_KEY": KEY_PLACEHOLDER,
        "DATA_BASE_URL": "http://127.0.0.1:8765",
        "PYTHONUNBUFFERED": "1",
    }
    assert SECRET_KEY not in result.output
    assert SECRET_KEY[-4:] not in result.output
    assert "--with-key" in result.stderr


@pytest.mark.parametrize("mode", MODES)
def test_with_key_prints_the_key(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL="http://127.0.0.1:8765")
    result = run(mode, ["config", "print", "--with-key", "--name", "desk"], env, monkeypatch, capsys)
    assert result.code == 0
    assert json.loads(result.stdout)["mcpServers"]["desk"]["env"]["DATA_API_KEY"] == SECRET_KEY


@pytest.mark.parametrize("mode", MODES)
def test_manifest_paths_become_absolute_with_forward_slashes(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = tmp_path / "team" / "desk.yaml"
    manifest.parent.mkdir()
    manifest.write_text("tools: [company.quote]\n")
    env = base_env(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run(mode, ["config", "print", "--manifest", "team/../team/desk.yaml"], env, monkeypatch, capsys)
    entry = json.loads(result.stdout)["mcpServers"]["market-data"]
    assert entry["env"]["DATA_MCP_MANIFEST"] == manifest.as_posix()
    assert "\\" not in entry["env"]["DATA_MCP_MANIFEST"]
    assert entry["env"]["DATA_API_KEY"] == KEY_PLACEHOLDER
    assert entry["env"]["DATA_BASE_URL"] == BASE_URL_PLACEHOLDER
    assert "DATA_API_KEY is not set" in result.stderr and "DATA_BASE_URL is not set" in result.stderr
    from_env = run("in-process", ["config", "print"], {**env, "DATA_MCP_MANIFEST": "analyst"}, monkeypatch, capsys)
    assert json.loads(from_env.stdout)["mcpServers"]["market-data"]["env"]["DATA_MCP_MANIFEST"] == "analyst"


def test_a_missing_manifest_is_printed_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(
        "in-process",
        ["config", "print", "--manifest", str(tmp_path / "nope.py")],
        base_env(tmp_path),
        monkeypatch,
        capsys,
    )
    assert result.code == 0
    assert "does not exist (yet)" in result.stderr


def test_manifest_value_keeps_profiles_and_normalises_paths(tmp_path: Path) -> None:
    assert manifest_value("analyst") == "analyst"
    assert manifest_value("desk.py", cwd=tmp_path) == (tmp_path / "desk.py").as_posix()
    assert manifest_value(str(tmp_path / "a" / ".." / "b.yaml")) == (tmp_path / "b.yaml").as_posix()


def test_entry_carries_the_settings_the_shell_has() -> None:
    env = {
        "DATA_API_KEY": SECRET_KEY,
        "DATA_BASE_URL": "http://api.test",
        "DATA_MCP_PROFILE": "news",
        "DATA_MCP_TOOL_NAME_STYLE": "snake",
        "DATA_LOG_LEVEL": "DEBUG",
        "UNRELATED": "x",
    }
    entry = server_entry(env, python="/opt/py/bin/python3", with_key=True)
    assert entry["command"] == "/opt/py/bin/python3"
    assert entry["env"] == {
        "DATA_API_KEY": SECRET_KEY,
        "DATA_BASE_URL": "http://api.test",
        "DATA_MCP_PROFILE": "news",
        "DATA_LOG_LEVEL": "DEBUG",
        "DATA_MCP_TOOL_NAME_STYLE": "snake",
        "PYTHONUNBUFFERED": "1",
    }


def test_the_printed_entry_validates_clean_once_key_and_address_are_set() -> None:
    entry = server_entry({"DATA_API_KEY": SECRET_KEY, "DATA_BASE_URL": "http://api.test"}, with_key=True)
    validation = validate_config(json.dumps({"mcpServers": {"market-data": entry}}))
    assert validation.ok and validation.findings == ()
    placeholder = server_entry({})
    codes = {f.code for f in validate_config(json.dumps({"mcpServers": {"m": placeholder}})).findings}
    assert codes == {"DC210", "DC302"}


def test_print_help_has_examples(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in (["config"], ["config", "path"], ["config", "print"], ["config", "install"], ["config", "validate"]):
        result = run("in-process", [*args, "--help"], base_env(tmp_path), monkeypatch, capsys)
        assert result.code == 0
        assert "  Examples:\n    data-mcp config " in result.stdout, args
