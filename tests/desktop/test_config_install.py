"""`data-mcp config install`: merge without touching others, back up, write atomically with mode 0600."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from data_pkg.desktop import InstallRefusedError, install_entry
from data_pkg.desktop._filelock import file_lock
from data_pkg.files import write_atomic
from tests.desktop.test_config_support import (
    ASSISTANT,
    COMMAND,
    MODES,
    TIMEOUT,
    base_env,
    entry_python,
    run,
    write_config,
)
from tests.support import SECRET_KEY

EXISTING = {
    "theme": "dark",
    "mcpServers": {
        "notes": {"command": "/usr/bin/notes", "args": ["--stdio"], "env": {"NOTES_TOKEN": "keep-me"}},
        "files": {"command": "/usr/bin/files"},
    },
    "windowState": {"width": 800},
}


def _env(home: Path, **extra: str) -> dict[str, str]:
    return base_env(home, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL="http://127.0.0.1:8765", **extra)


def _config(home: Path) -> Path:
    return home / ".config" / ASSISTANT / "acme_desktop_config.json"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("mode", MODES)
def test_install_creates_the_file_and_folder_with_mode_0600(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(mode, ["config", "install", "--assistant", ASSISTANT], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0, result.output
    config = _config(tmp_path)
    data = json.loads(config.read_text())
    entry = data["mcpServers"]["market-data"]
    assert entry["command"] == entry_python(mode)
    assert entry["env"]["DATA_API_KEY"] == SECRET_KEY  # the file holds the key ...
    assert SECRET_KEY not in result.output  # ... the terminal never shows it
    assert _mode(config) == 0o600
    assert f'Created server "market-data" in {config}' in result.stdout
    assert "quit Acme completely" in result.stdout
    assert list(config.parent.glob("*.bak")) == []
    assert [p.name for p in config.parent.iterdir()] == [config.name]  # no temporary file left


@pytest.mark.parametrize("mode", MODES)
def test_install_merges_and_keeps_everything_else_with_a_backup(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    original = json.dumps(EXISTING, indent=4)
    config = write_config(tmp_path, original)
    os.chmod(config, 0o644)
    result = run(mode, ["config", "install", "--manifest", "analyst"], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0, result.output
    data = json.loads(config.read_text())
    assert data["theme"] == "dark" and data["windowState"] == {"width": 800}
    assert data["mcpServers"]["notes"] == EXISTING["mcpServers"]["notes"]  # type: ignore[index]
    assert data["mcpServers"]["files"] == EXISTING["mcpServers"]["files"]  # type: ignore[index]
    assert list(data["mcpServers"]) == ["notes", "files", "market-data"]
    assert data["mcpServers"]["market-data"]["env"]["DATA_MCP_MANIFEST"] == "analyst"
    assert _mode(config) == 0o600
    (backup,) = config.parent.glob("*.bak")
    assert backup.read_text() == original
    assert _mode(backup) == 0o600
    assert f"Backup of the previous file: {backup}" in result.stdout
    assert "Other servers kept as they are: notes, files" in result.stdout
    assert "keep-me" not in result.output


@pytest.mark.parametrize("mode", MODES)
def test_an_existing_entry_needs_force(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = {"mcpServers": {"market-data": {"command": "/old/python", "args": ["-m", "data_pkg.mcp"]}}}
    config = write_config(tmp_path, json.dumps(existing))
    refused = run(mode, ["config", "install"], _env(tmp_path), monkeypatch, capsys)
    assert refused.code == 1
    assert 'a server named "market-data" is already configured; pass --force' in refused.stderr
    assert json.loads(config.read_text()) == existing
    assert list(config.parent.glob("*.bak")) == []
    forced = run(mode, ["config", "install", "--force"], _env(tmp_path), monkeypatch, capsys)
    assert forced.code == 0
    assert f'Replaced server "market-data" in {config}' in forced.stdout
    assert json.loads(config.read_text())["mcpServers"]["market-data"]["command"] == entry_python(mode)
    (backup,) = config.parent.glob("*.bak")
    assert json.loads(backup.read_text()) == existing
    again = run(mode, ["config", "install"], _env(tmp_path), monkeypatch, capsys)
    assert again.code == 0 and "nothing to change" in again.stdout
    assert len(list(config.parent.glob("*.bak"))) == 1


@pytest.mark.parametrize("mode", MODES)
def test_a_file_that_is_not_json_is_never_overwritten(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = '{\n  "mcpServers": {\n    // mine\n    "notes": {"command": "/usr/bin/notes"},\n  }\n}\n'
    config = write_config(tmp_path, broken)
    result = run(mode, ["config", "install", "--force"], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 2
    assert "not strict JSON; it was left untouched" in result.stderr
    assert f"{config}:3:5: error DC101: comment" in result.stderr
    assert f"{config}:4:43: error DC102: trailing comma" in result.stderr
    assert config.read_text() == broken
    assert [p.name for p in config.parent.iterdir()] == [config.name]


@pytest.mark.parametrize("mode", MODES)
def test_dry_run_shows_the_entry_and_writes_nothing(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path, json.dumps(EXISTING))
    before = config.read_text()
    result = run(mode, ["config", "install", "--dry-run", "--name", "desk"], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0
    assert f"Dry run: nothing written. Would add to {config}:" in result.stdout
    shown = json.loads(result.stdout.split(":\n", 1)[1].split("\nOther servers")[0])
    assert shown["desk"]["env"]["DATA_API_KEY"] == "****" + SECRET_KEY[-4:]
    assert SECRET_KEY not in result.output and "keep-me" not in result.output
    assert config.read_text() == before
    assert [p.name for p in config.parent.iterdir()] == [config.name]


def test_install_to_an_explicit_path_without_a_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "elsewhere" / "acme_desktop_config.json"
    result = run("in-process", ["config", "install", str(target)], base_env(tmp_path), monkeypatch, capsys)
    assert result.code == 1  # written, but the assistant could not use it yet
    assert json.loads(target.read_text())["mcpServers"]["market-data"]["env"]["DATA_API_KEY"] == "<your API key>"
    assert "placeholder written" in result.stdout
    assert "DC302" in result.stdout and "DC210" in result.stdout  # what is still to fill in
    assert "will not work until the problems above are fixed; then restart the desktop assistant" in result.stdout


def test_a_dry_run_over_an_existing_entry_shows_what_force_would_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = {"mcpServers": {"market-data": {"command": "/old/python", "args": ["-m", "data_pkg.mcp"]}}}
    config = write_config(tmp_path, json.dumps(existing))
    before = config.read_text()
    result = run("in-process", ["config", "install", "--dry-run"], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 1, result.output  # as the install itself exits without --force
    assert "Dry run: nothing written. Without --force the install stops here: " in result.stdout
    assert 'a server named "market-data" is already configured' in result.stdout
    assert f"With --force it would replace the entry in {config}:" in result.stdout
    shown = json.loads(result.stdout.split(":\n", 1)[1])
    assert shown["market-data"]["command"] == sys.executable
    assert shown["market-data"]["env"]["DATA_API_KEY"] == "****" + SECRET_KEY[-4:]
    assert config.read_text() == before


def test_install_without_an_assistant_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run("in-process", ["config", "install"], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 2 and "--assistant NAME" in result.stderr


def test_a_failed_write_leaves_the_original_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = write_config(tmp_path, json.dumps(EXISTING))
    before = config.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("data_pkg.files.os.replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        install_entry(config, "market-data", {"command": "/x/python", "args": ["-m", "data_pkg.mcp"]})
    assert config.read_bytes() == before
    leftovers = sorted(p.name for p in config.parent.iterdir() if not p.name.endswith(".bak"))
    assert leftovers == [config.name]  # the temporary file is gone


def test_a_failed_sync_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "config.json"
    target.write_text("old")

    def broken_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("data_pkg.files.os.fsync", broken_fsync)
    with pytest.raises(OSError, match="Input/output"):
        write_atomic(target, b"new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["config.json"]


def test_backups_never_overwrite_each_other(tmp_path: Path) -> None:
    config = write_config(tmp_path, json.dumps(EXISTING))
    moment = datetime(2026, 1, 2, 3, 4, 5)
    for n in range(3):
        entry = {"command": f"/py{n}/python", "args": ["-m", "data_pkg.mcp"]}
        install_entry(config, "market-data", entry, force=True, now=moment)
    names = sorted(p.name for p in config.parent.glob("*.bak"))
    stem = "acme_desktop_config.json.20260102-030405"
    assert names == [f"{stem}-1.bak", f"{stem}-2.bak", f"{stem}.bak"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [("[1, 2]", "not-a-config"), ('{"mcpServers": []}', "not-a-config"), ("{'a': 1}", "not-json")],
)
def test_refusals_name_their_reason(tmp_path: Path, text: str, reason: str) -> None:
    config = tmp_path / "c.json"
    config.write_text(text)
    with pytest.raises(InstallRefusedError) as caught:
        install_entry(config, "market-data", {"command": "/x"})
    assert caught.value.reason == reason
    assert config.read_text() == text


def test_an_empty_existing_file_is_filled(tmp_path: Path) -> None:
    config = tmp_path / "c.json"
    config.write_text("\n")
    result = install_entry(config, "market-data", {"command": "/x"})
    assert json.loads(config.read_text()) == {"mcpServers": {"market-data": {"command": "/x"}}}
    assert result.backup is not None and result.backup.read_text() == "\n"


@pytest.mark.slow
def test_parallel_installs_into_one_config_keep_every_entry(tmp_path: Path) -> None:
    """Eight real data-mcp processes at once, each adding its own server: none is lost."""
    assert COMMAND
    config = tmp_path / "acme_desktop_config.json"
    config.write_text(json.dumps(EXISTING))
    names = [f"server-{n}" for n in range(8)]
    processes = [
        subprocess.Popen(
            [COMMAND, "config", "install", str(config), "--name", name],
            env=_env(tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    ]
    outputs = [process.communicate(timeout=TIMEOUT) for process in processes]
    assert [p.returncode for p in processes] == [0] * 8, outputs
    servers = json.loads(config.read_text())["mcpServers"]
    assert sorted(servers) == sorted([*names, "notes", "files"])
    assert servers["notes"] == EXISTING["mcpServers"]["notes"]  # type: ignore[index]
    assert _mode(config) == 0o600
    # Each install read what the one before it wrote: the backups hold 2, 3, ... 9 servers.
    backups = sorted(config.parent.glob("*.bak"))
    assert sorted(len(json.loads(b.read_text())["mcpServers"]) for b in backups) == list(range(2, 10))
    assert sorted(p.name for p in config.parent.iterdir()) == sorted([config.name, *(b.name for b in backups)])


@pytest.mark.skipif(sys.platform == "win32", reason="creating symbolic links needs a privilege on Windows")
@pytest.mark.parametrize("mode", MODES)
def test_a_linked_config_stays_a_link_and_the_file_it_points_to_is_written(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = tmp_path / "dotfiles" / "acme.json"
    real.parent.mkdir()
    original = json.dumps(EXISTING, indent=4)
    real.write_text(original)
    os.chmod(real, 0o644)
    link = _config(tmp_path)
    link.parent.mkdir(parents=True)
    link.symlink_to(os.path.relpath(real, link.parent))  # relative, as dotfile managers write them
    result = run(mode, ["config", "install", "--assistant", ASSISTANT], _env(tmp_path), monkeypatch, capsys)
    assert result.code == 0, result.output
    assert link.is_symlink() and link.resolve() == real.resolve()
    data = json.loads(real.read_text())
    assert data["mcpServers"]["market-data"]["env"]["DATA_API_KEY"] == SECRET_KEY
    assert data["mcpServers"]["notes"] == EXISTING["mcpServers"]["notes"]  # type: ignore[index]
    assert _mode(real) == 0o600  # it holds the key now
    assert f'Added server "market-data" in {link}, a link to {real.resolve()}, which stays a link' in result.stdout
    (backup,) = link.parent.glob("*.bak")
    assert backup.read_text() == original and _mode(backup) == 0o600
    assert [p.name for p in real.parent.iterdir()] == [real.name]  # no temporary or lock file left
    assert SECRET_KEY not in result.output


@pytest.mark.skipif(sys.platform == "win32", reason="creating symbolic links needs a privilege on Windows")
def test_a_link_to_a_file_not_there_yet_is_created_through_the_link(tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "acme.json"
    link = tmp_path / "acme_desktop_config.json"
    link.symlink_to(real)
    result = install_entry(link, "market-data", {"command": "/x"})
    assert result.created and result.written == real.resolve()
    assert link.is_symlink() and json.loads(real.read_text()) == {"mcpServers": {"market-data": {"command": "/x"}}}
    assert _mode(real) == 0o600


@pytest.mark.skipif(sys.platform == "win32", reason="creating symbolic links needs a privilege on Windows")
def test_a_link_loop_is_refused_and_left_alone(tmp_path: Path) -> None:
    link = tmp_path / "acme_desktop_config.json"
    link.symlink_to(link.name)
    with pytest.raises(InstallRefusedError) as caught:
        install_entry(link, "market-data", {"command": "/x"})
    assert caught.value.reason == "unreadable"
    assert link.is_symlink() and os.readlink(link) == link.name


def test_an_install_waits_for_the_lock_and_gives_up_without_writing(tmp_path: Path) -> None:
    config = tmp_path / "c.json"
    config.write_text(json.dumps(EXISTING))
    # Held here, on another open file: to the install, that is another process's install.
    with file_lock(config), pytest.raises(InstallRefusedError) as caught:
        install_entry(config, "market-data", {"command": "/x"}, lock_timeout=0.2)
    assert caught.value.reason == "busy" and "locked by another process" in str(caught.value)
    assert json.loads(config.read_text()) == EXISTING
    result = install_entry(config, "market-data", {"command": "/x"})  # free again: it goes through
    assert not result.unchanged and sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".bak")) == [
        "c.json"
    ]


def test_a_dry_run_reports_what_the_real_install_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "desks" / "desk.yaml"
    dry_config, real_config = tmp_path / "dry" / "config.json", tmp_path / "real" / "config.json"
    install = ["config", "install", "--manifest", str(missing)]
    dry = run("in-process", [*install, str(dry_config), "--dry-run"], _env(tmp_path), monkeypatch, capsys)
    real = run("in-process", [*install, str(real_config)], _env(tmp_path), monkeypatch, capsys)
    assert (dry.code, real.code) == (1, 1)
    for result in (dry, real):
        assert "DC402" in result.stdout and "desk.yaml" in result.stdout, result.output
    assert "would not work until the problems above are fixed" in dry.stdout
    assert not dry_config.parent.exists()  # still nothing written


POSIX_FILES = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and /dev/zero as POSIX has them")


def _capped(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``data-mcp COMMAND`` bounded in time and, on Linux, in memory: a hang or a runaway read fails fast."""

    def cap() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    assert COMMAND, "data-mcp is installed beside this interpreter"
    return subprocess.run(
        [COMMAND, *command],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT,
        check=False,
        preexec_fn=cap if sys.platform == "linux" else None,
    )


@POSIX_FILES
@pytest.mark.parametrize(
    ("make", "why"),
    [
        (os.mkfifo, "a named pipe (FIFO), not a regular file"),
        (lambda path: os.symlink("/dev/zero", path), "a device, not a regular file"),
    ],
    ids=["fifo", "link-to-dev-zero"],
)
def test_a_config_that_is_not_a_regular_file_is_refused_at_once(tmp_path: Path, make: object, why: str) -> None:
    config = tmp_path / "config.json"
    make(config)  # type: ignore[operator]
    for command in (["config", "validate", str(config)], ["config", "install", str(config)]):
        done = _capped(command, _env(tmp_path))
        assert done.returncode == 2, done.stdout + done.stderr
        assert why in done.stderr and "Traceback" not in done.stderr, command
