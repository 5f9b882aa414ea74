"""Where the desktop assistant's config and logs are on each system, and which assistant is meant."""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from data_pkg.desktop import AssistantError, Host, locate_assistant
from data_pkg.desktop._locations import ASSISTANT_ENV, config_file_name
from tests.desktop.test_config_support import ASSISTANT, MODES, base_env, run, write_config


def test_macos_paths_follow_the_spec() -> None:
    host = Host("macos", "/Users/me")
    assert host.config_file("Acme") == PurePosixPath(
        "/Users/me/Library/Application Support/Acme/acme_desktop_config.json"
    )
    assert host.log_dir("Acme") == PurePosixPath("/Users/me/Library/Logs/Acme")


def test_windows_paths_use_appdata() -> None:
    host = Host("windows", "C:\\Users\\me", appdata="C:\\Users\\me\\AppData\\Roaming")
    assert str(host.config_file("Acme")) == "C:\\Users\\me\\AppData\\Roaming\\Acme\\acme_desktop_config.json"
    assert str(host.log_dir("Acme")) == "C:\\Users\\me\\AppData\\Roaming\\Acme\\logs"
    assert isinstance(host.config_file("Acme"), PureWindowsPath)


def test_windows_without_appdata_falls_back_to_the_roaming_folder() -> None:
    host = Host("windows", "C:\\Users\\me")
    assert str(host.config_dir("Acme")) == "C:\\Users\\me\\AppData\\Roaming\\Acme"


def test_linux_paths_follow_the_spec() -> None:
    host = Host("linux", "/home/me")
    assert host.config_file("Acme") == PurePosixPath("/home/me/.config/Acme/acme_desktop_config.json")
    assert host.log_dir("Acme") == PurePosixPath("/home/me/.config/Acme/logs")


@pytest.mark.parametrize(
    ("sys_platform", "expected"),
    [("darwin", "macos"), ("win32", "windows"), ("linux", "linux"), ("freebsd14", "linux")],
)
def test_other_systems_count_as_linux(sys_platform: str, expected: str) -> None:
    from data_pkg.desktop._locations import platform_of

    assert platform_of(sys_platform) == expected


def test_current_host_reads_home_and_appdata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    host = Host.current({"APPDATA": "C:\\Roaming"})
    assert host.home == str(tmp_path)
    assert host.appdata == "C:\\Roaming"


def test_file_name_is_the_lowercase_assistant_name() -> None:
    assert config_file_name("Acme") == "acme_desktop_config.json"
    assert Host("linux", "/h").config_file("ACME").name == "acme_desktop_config.json"
    assert Host("linux", "/h").config_dir("ACME").name == "ACME"


def test_an_existing_folder_in_another_case_is_used(tmp_path: Path) -> None:
    existing = write_config(tmp_path, "{}", assistant="acme")
    host = Host("linux", str(tmp_path))
    assert host.config_file("Acme") == existing
    assert locate_assistant(host, "ACME", {}).config_file == existing


@pytest.mark.parametrize("bad", ["", " ", "../x", "a/b", "a\\b", "C:", "..", "tab\there"])
def test_names_that_cannot_be_folders_are_refused(bad: str) -> None:
    with pytest.raises(AssistantError):
        Host("linux", "/h").config_dir(bad)


def test_option_wins_over_environment_over_discovery(tmp_path: Path) -> None:
    write_config(tmp_path, "{}", assistant="Found")
    host = Host("linux", str(tmp_path))
    assert locate_assistant(host, "Given", {ASSISTANT_ENV: "FromEnv"}).name == "Given"
    by_env = locate_assistant(host, None, {ASSISTANT_ENV: "FromEnv"})
    assert (by_env.name, by_env.source) == ("FromEnv", "environment")
    found = locate_assistant(host, None, {})
    assert (found.name, found.source, found.exists) == ("Found", "discovered", True)


def test_discovery_of_several_configs_lists_them(tmp_path: Path) -> None:
    write_config(tmp_path, "{}", assistant="Acme")
    write_config(tmp_path, "{}", assistant="Other")
    with pytest.raises(AssistantError, match=r"several desktop assistant configs found: Acme \(.*\); Other") as caught:
        locate_assistant(Host("linux", str(tmp_path)), None, {})
    assert "--assistant NAME" in str(caught.value)


def test_discovery_of_none_explains_how_to_name_the_assistant(tmp_path: Path) -> None:
    (tmp_path / ".config" / "unrelated").mkdir(parents=True)
    with pytest.raises(AssistantError, match="no desktop assistant config found") as caught:
        locate_assistant(Host("linux", str(tmp_path)), None, {})
    assert "--assistant NAME" in str(caught.value) and ASSISTANT_ENV in str(caught.value)


def test_discovery_on_macos_looks_in_application_support(tmp_path: Path) -> None:
    folder = tmp_path / "Library" / "Application Support" / "Acme"
    folder.mkdir(parents=True)
    (folder / "acme_desktop_config.json").write_text("{}")
    found = locate_assistant(Host("macos", str(tmp_path)), None, {})
    assert found.config_file == folder / "acme_desktop_config.json"


def test_other_locations_are_where_configs_get_misplaced() -> None:
    host = Host("linux", "/home/me")
    others = {str(p) for p in host.other_locations("Acme")}
    assert "/home/me/acme_desktop_config.json" in others
    assert "/home/me/Library/Application Support/Acme/acme_desktop_config.json" in others
    assert "/home/me/.config/Acme/acme_desktop_config.json" not in others


@pytest.mark.parametrize("mode", MODES)
def test_config_path_prints_the_path_and_log_folder(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = base_env(tmp_path)
    result = run(mode, ["config", "path", "--assistant", ASSISTANT], env, monkeypatch, capsys)
    assert result.code == 0
    assert result.stdout.strip() == str(tmp_path / ".config" / "Acme" / "acme_desktop_config.json")
    assert "does not exist yet" in result.stderr
    logs = run(mode, ["config", "path", "--logs"], {**env, ASSISTANT_ENV: ASSISTANT}, monkeypatch, capsys)
    assert (logs.code, logs.stdout.strip()) == (0, str(tmp_path / ".config" / "Acme" / "logs"))


@pytest.mark.parametrize("mode", MODES)
def test_config_path_without_an_assistant_is_a_usage_error(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(mode, ["config", "path"], base_env(tmp_path), monkeypatch, capsys)
    assert result.code == 2
    assert "no desktop assistant config found" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("mode", MODES)
def test_config_path_finds_the_one_existing_config(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_config(tmp_path, "{}")
    result = run(mode, ["config", "path"], base_env(tmp_path), monkeypatch, capsys)
    assert (result.code, result.stdout.strip(), result.stderr) == (0, str(path), "")
