"""`data-mcp doctor`: every check passes for a config written by install; broken setups fail by name."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from data_pkg import __version__
from data_pkg.desktop import DoctorOptions, Host, run_doctor
from data_pkg.desktop._probe import host_environment, probe_server, shebang_interpreter
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.desktop.test_config_support import ASSISTANT, CORPUS, MODES, base_env, corpus_text, run, write_config
from tests.support import SECRET_KEY

pytestmark = pytest.mark.slow  # every test here starts processes

ALL_CHECKS = [
    "python",
    "package",
    "config-location",
    "config-json",
    "config-entry",
    "server-start",
    "api-key-set",
    "api-key-valid",
    "manifest",
    "logs",
    "restart",
]


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    config = SandboxConfig(extra_keys={SECRET_KEY: "ultimate"}, quotas={"demo": Quota(10**6, 60)})
    with running_sandbox(config) as url:
        yield url


def _entry(python: str, *, args: list[str] | None = None, **env: str) -> str:
    block = {"DATA_API_KEY": SECRET_KEY, "DATA_BASE_URL": "http://127.0.0.1:9", "PYTHONUNBUFFERED": "1", **env}
    entry = {"command": python, "args": ["-m", "data_pkg.mcp"] if args is None else args, "env": block}
    return json.dumps({"mcpServers": {"market-data": entry}}, indent=2)


def _statuses(report_checks: list[dict[str, str]]) -> dict[str, str]:
    return {c["name"]: c["status"] for c in report_checks}


@pytest.mark.parametrize("mode", MODES)
def test_a_config_written_by_install_passes_every_check(
    mode: str, sandbox: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text("extends: [analyst]\ntools: [company.quote]\n")
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL=sandbox)
    installed = run(mode, ["config", "install", "-a", ASSISTANT, "-m", str(manifest)], env, monkeypatch, capsys)
    assert installed.code == 0, installed.output
    # doctor reads the config, not this shell: take the variables away to prove it.
    bare = base_env(tmp_path)
    result = run(mode, ["doctor"], bare, monkeypatch, capsys)
    assert result.code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split("]")[0] for line in lines[:-1]] == ["[  ok"] * 9 + ["[info"] * 2
    assert [line.split("] ")[1].split(":")[0] for line in lines[:-1]] == ALL_CHECKS
    assert lines[-1] == "All checks passed."
    assert f"config-location: {tmp_path}/.config/Acme/acme_desktop_config.json (Acme, found on disk" in result.stdout
    assert "answered initialize in" in result.stdout and "tools/list with" in result.stdout
    assert f"api-key-valid: valid: the key ****{SECRET_KEY[-4:]} is valid" in result.stdout
    assert f"manifest {manifest.as_posix()} resolves to" in result.stdout
    assert f"logs: {tmp_path}/.config/Acme/logs" in result.stdout and "mcp-server-market-data.log" in result.stdout
    assert "quit Acme completely" in result.stdout
    assert SECRET_KEY not in result.output


@pytest.mark.parametrize("mode", MODES)
def test_a_broken_config_fails_and_names_the_checks(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_config(tmp_path, _entry("/nonexistent/bin/python3", DATA_API_KEY="<your API key>"))
    result = run(mode, ["doctor", "--json"], base_env(tmp_path, DATA_ASSISTANT=ASSISTANT), monkeypatch, capsys)
    assert result.code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["assistant"] == ASSISTANT
    statuses = _statuses(report["checks"])
    assert [name for name, status in statuses.items() if status == "fail"] == [
        "python",
        "config-entry",
        "server-start",
        "api-key-set",
    ]
    assert statuses["package"] == statuses["api-key-valid"] == "skip"
    checks = {c["name"]: c for c in report["checks"]}
    assert "does not exist on this machine" in checks["config-entry"]["detail"]
    assert "Failed to spawn process: No such file or directory" in checks["server-start"]["detail"]
    assert "placeholder" in checks["api-key-set"]["detail"]
    assert all(checks[name]["fix"] for name in ("python", "config-entry", "server-start", "api-key-set"))


@pytest.mark.parametrize("mode", MODES)
def test_a_config_that_is_not_json_fails_config_json(
    mode: str, sandbox: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_config(tmp_path, corpus_text("trailing_comma_object.json"))
    env = base_env(tmp_path, DATA_API_KEY="demo", DATA_BASE_URL=sandbox)
    result = run(mode, ["doctor"], env, monkeypatch, capsys)
    assert result.code == 1
    assert "[FAIL] config-json: 5:37 trailing comma before }" in result.stdout
    assert "       fix: delete this comma" in result.stdout
    assert "[skip] config-entry: no readable config" in result.stdout
    # Without a usable config the server is started from this Python and this shell's variables.
    assert "no usable config" in result.stdout and "[  ok] server-start" in result.stdout
    assert result.stdout.splitlines()[-1] == "1 check(s) failed: config-json"


def test_a_server_that_never_answers_is_a_failure_not_a_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = _entry(os.path.abspath(sys.executable), args=["-c", _silent_for_a_minute(tmp_path)])
    write_config(tmp_path, config)
    result = run("subprocess", ["doctor", "--timeout", "2", "--json"], base_env(tmp_path), monkeypatch, capsys)
    assert _ended_early(tmp_path)  # doctor gave up at its bound and ended the server, never waited it out
    assert result.code == 1
    checks = {c["name"]: c for c in json.loads(result.stdout)["checks"]}
    assert checks["server-start"]["status"] == "fail"
    assert "no answer to initialize within 2 s" in checks["server-start"]["detail"]
    assert checks["config-entry"]["status"] == "fail"  # the args are not -m data_pkg.mcp either


def test_a_manifest_that_does_not_lint_fails_twice_over(tmp_path: Path) -> None:
    bad = (CORPUS / "manifests" / "unknown_tool.yaml").as_posix()
    write_config(tmp_path, _entry(os.path.abspath(sys.executable), DATA_MCP_MANIFEST=bad))
    report = run_doctor(DoctorOptions(host=Host("linux", str(tmp_path)), env=base_env(tmp_path), assistant=ASSISTANT))
    checks = {c.name: c for c in report.checks}
    assert checks["manifest"].status == "fail"
    assert "unknown_tool.yaml:4:5: DM201 unknown tool 'quot'" in checks["manifest"].detail
    assert checks["server-start"].status == "fail"
    assert "serves only setup_problem" in checks["server-start"].detail
    assert "quot" in checks["server-start"].detail  # what the server itself says about it


def test_a_config_in_the_wrong_place_is_pointed_out(tmp_path: Path) -> None:
    misplaced = tmp_path / "Library" / "Application Support" / ASSISTANT / "acme_desktop_config.json"
    misplaced.parent.mkdir(parents=True)
    misplaced.write_text(_entry(os.path.abspath(sys.executable)))
    report = run_doctor(
        DoctorOptions(host=Host("linux", str(tmp_path)), env=base_env(tmp_path), assistant=ASSISTANT, timeout=30)
    )
    location = next(c for c in report.checks if c.name == "config-location")
    assert location.status == "fail"
    assert f"a copy at {misplaced} is never read by the host" in location.detail
    assert location.fix == f"move it to {tmp_path}/.config/Acme/acme_desktop_config.json"


def test_no_assistant_found_is_a_failed_check(tmp_path: Path) -> None:
    report = run_doctor(DoctorOptions(host=Host("linux", str(tmp_path)), env=base_env(tmp_path), timeout=30))
    location = next(c for c in report.checks if c.name == "config-location")
    assert location.status == "fail" and "--assistant NAME" in location.detail
    assert not report.ok and report.assistant is None


def _fake_python(tmp_path: Path, name: str, answer: dict[str, object]) -> str:
    script = tmp_path / "bin" / name
    script.parent.mkdir(exist_ok=True)
    script.write_text(f"#!/bin/sh\necho '{json.dumps(answer)}'\n")
    script.chmod(0o755)
    return str(script)


def test_a_python_out_of_range_fails(tmp_path: Path) -> None:
    old = _fake_python(tmp_path, "python3.9", {"version": [3, 9, 18], "data_pkg": "0.1.0", "mcp": "2.3.0"})
    write_config(tmp_path, _entry(old))
    report = run_doctor(DoctorOptions(host=Host("linux", str(tmp_path)), env=base_env(tmp_path), timeout=10))
    checks = {c.name: c for c in report.checks}
    assert checks["python"].status == "fail"
    assert "is Python 3.9.18; data-pkg needs 3.10 to 3.14" in checks["python"].detail
    assert "exited with code 0 before answering initialize" in checks["server-start"].detail


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            {"version": [3, 12, 1], "data_pkg_error": "ModuleNotFoundError: No module named 'data_pkg'", "mcp": None},
            "data_pkg does not import in",
        ),
        ({"version": [3, 12, 1], "data_pkg": "0.1.0", "data_pkg_path": "/x", "mcp": None}, "without the mcp extra"),
    ],
)
def test_a_package_without_the_mcp_extra_fails(tmp_path: Path, answer: dict[str, object], expected: str) -> None:
    write_config(tmp_path, _entry(_fake_python(tmp_path, "python3", answer)))
    report = run_doctor(DoctorOptions(host=Host("linux", str(tmp_path)), env=base_env(tmp_path), timeout=10))
    package = next(c for c in report.checks if c.name == "package")
    assert package.status == "fail" and expected in package.detail
    by_url = f"data-pkg[mcp] @ git+https://github.com/data-pkg/data-pkg@v{__version__}"  # not on an index
    assert package.fix is not None and f'-m pip install "{by_url}"' in package.fix


def test_the_data_mcp_command_is_checked_through_its_python(tmp_path: Path) -> None:
    from tests.desktop.test_config_support import COMMAND

    assert COMMAND
    write_config(tmp_path, _entry(COMMAND, args=[]))
    report = run_doctor(DoctorOptions(host=Host("linux", str(tmp_path)), env=base_env(tmp_path), timeout=30))
    checks = {c.name: c for c in report.checks}
    assert checks["python"].status == "ok" and f"(the Python that {COMMAND} runs)" in checks["python"].detail
    assert checks["server-start"].status == "ok"
    assert shebang_interpreter(COMMAND) is not None


def test_probe_reports_a_server_that_exits_early_with_its_log() -> None:
    probe = probe_server([sys.executable, "-c", "import sys; sys.stderr.write('boom\\n'); sys.exit(3)"], os.environ)
    assert not probe.ok
    assert "exited with code 3 before answering initialize" in probe.detail
    assert "Server transport closed unexpectedly" in probe.detail
    assert probe.stderr == ("boom",)


def test_probe_reports_logs_written_to_stdout() -> None:
    probe = probe_server([sys.executable, "-c", "print('starting up'); import time; time.sleep(30)"], os.environ)
    assert not probe.ok and "not JSON-RPC to stdout: 'starting up'" in probe.detail


def test_probe_reports_a_command_that_cannot_start(tmp_path: Path) -> None:
    missing = probe_server([str(tmp_path / "nope")], {})
    assert not missing.ok and missing.detail.startswith("Failed to spawn process: No such file or directory")
    plain = tmp_path / "plain"
    plain.write_text("x")
    refused = probe_server([str(plain)], {})
    assert not refused.ok and "is not executable" in refused.detail


def test_probe_times_out_within_its_bound(tmp_path: Path) -> None:
    probe = probe_server([sys.executable, "-c", _silent_for_a_minute(tmp_path)], os.environ, timeout=1)
    assert not probe.ok and "no answer to initialize within 1 s" in probe.detail
    assert _ended_early(tmp_path)  # the probe ended the server at its bound, never waited it out


def _silent_for_a_minute(folder: Path) -> str:
    """A server that never answers: it writes its pid to ``folder``, sleeps a minute, then leaves a file there."""
    return (
        f"import os, pathlib, time; folder = pathlib.Path({str(folder)!r}); (folder / 'pid').write_text(str(os.getpid()));"
        " time.sleep(60); (folder / 'finished').touch()"
    )


def _ended_early(folder: Path) -> bool:
    """Whether the server of :func:`_silent_for_a_minute` started, is gone and never reached the end of its minute."""
    if not (folder / "pid").exists():
        return True  # ended before it could write it (a slow start): the process holding the file is gone
    pid = int((folder / "pid").read_text())
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return not (folder / "finished").exists()
    os.kill(pid, 9)  # still running (or a zombie): a failure; leave nothing behind
    return False


def test_the_server_gets_only_what_a_host_passes_on() -> None:
    env = host_environment({"DATA_API_KEY": "k"}, {"PATH": "/bin", "HOME": "/h", "DATA_BASE_URL": "x", "SECRET": "s"})
    assert env == {"PATH": "/bin", "HOME": "/h", "DATA_API_KEY": "k"}


def test_help_lists_the_checks_with_examples(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run("in-process", ["doctor", "--help"], base_env(tmp_path), monkeypatch, capsys)
    assert result.code == 0
    assert "  Examples:\n    data-mcp doctor\n" in result.stdout
    for name in ALL_CHECKS:
        assert f"    {name} " in result.stdout


def _on_path(tmp_path: Path, folder: str) -> dict[str, str]:
    return base_env(tmp_path, PATH=os.pathsep.join([folder, os.environ.get("PATH", "")]))


def test_a_bare_python_name_is_looked_up_on_path_as_the_host_does(tmp_path: Path) -> None:
    python = os.path.abspath(sys.executable)
    name = os.path.basename(python)
    write_config(tmp_path, _entry(name))
    env = _on_path(tmp_path, os.path.dirname(python))
    report = run_doctor(DoctorOptions(host=Host("linux", str(tmp_path)), env=env, assistant=ASSISTANT, timeout=30))
    checks = {c.name: c for c in report.checks}
    assert checks["python"].status == "ok" and f"{python} ({name} on PATH) is Python" in checks["python"].detail
    assert checks["package"].status == "ok"
    entry = checks["config-entry"]
    assert entry.status == "warn", entry  # a name is allowed, with a warning
    assert f'command "{name}" is a name, not a path' in entry.detail and "may differ from your shell's" in entry.detail
    assert entry.fix is not None and python in entry.fix
    assert (
        checks["server-start"].status == "ok" and f"started {python} -m data_pkg.mcp" in checks["server-start"].detail
    )
    assert [c.name for c in report.checks if c.status == "fail"] == ["api-key-valid"]  # nothing listens on port 9


def test_the_data_mcp_command_by_name_is_checked_through_its_python(tmp_path: Path) -> None:
    from tests.desktop.test_config_support import COMMAND

    assert COMMAND
    write_config(tmp_path, _entry("data-mcp", args=[]))
    env = _on_path(tmp_path, os.path.dirname(COMMAND))
    report = run_doctor(DoctorOptions(host=Host("linux", str(tmp_path)), env=env, assistant=ASSISTANT, timeout=30))
    checks = {c.name: c for c in report.checks}
    assert checks["python"].status == "ok", checks["python"]
    assert f"(the Python that {COMMAND} (data-mcp on PATH) runs)" in checks["python"].detail
    assert checks["config-entry"].status == "warn" and checks["server-start"].status == "ok"


def test_a_name_not_on_path_fails_where_the_host_would(tmp_path: Path) -> None:
    write_config(tmp_path, _entry("python3.0"))
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    env = base_env(tmp_path, PATH=str(empty))
    report = run_doctor(DoctorOptions(host=Host("linux", str(tmp_path)), env=env, assistant=ASSISTANT, timeout=30))
    checks = {c.name: c for c in report.checks}
    assert checks["python"].status == "fail" and '"python3.0" is not found on the PATH' in checks["python"].detail
    assert checks["config-entry"].status == "fail" and "is not found on this PATH" in checks["config-entry"].detail
    assert checks["server-start"].status == "fail" and "Failed to spawn process" in checks["server-start"].detail
