"""Shared by the config, doctor and check-key tests: run data-mcp as a subprocess or in-process.

(No tests here; the name keeps it among the files of these commands.)
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from data_pkg.cli import main
from data_pkg.desktop._probe import shebang_interpreter
from tests import preforked

COMMAND = shutil.which("data-mcp", path=str(Path(sys.executable).parent))
CORPUS = Path(__file__).resolve().parent / "config_corpus"
MODES = (pytest.param("subprocess", marks=pytest.mark.slow), "in-process")
"""Parametrize ``mode`` with these: the real entry point (a slow subprocess) and ``main()`` in this process."""
TIMEOUT = 90.0
ASSISTANT = "Acme"
"""A neutral assistant name; no real one is ever written in the project."""


@dataclass(frozen=True)
class Result:
    code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


def base_env(home: Path, **extra: str) -> dict[str, str]:
    """This process's environment without DATA_*, APPDATA or XDG variables, HOME set, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "XDG_")) and k not in ("APPDATA", "HOME")}
    env["HOME"] = str(home)
    env.update(extra)
    return env


def run(
    mode: str, args: list[str], env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Result:
    """``data-mcp ARGS`` through the installed entry point (subprocess) or ``data_pkg.cli.main`` (in-process)."""
    if mode == "subprocess":
        assert COMMAND, "data-mcp is installed beside this interpreter"
        command = preforked.argv([COMMAND, *args], env)
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=TIMEOUT, check=False)
        return Result(done.returncode, done.stdout, done.stderr)
    for name in list(os.environ):
        if name not in env:
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    capsys.readouterr()
    code = main(args)
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def entry_python(mode: str) -> str:
    """The Python an entry written in ``mode`` names: this one, or the one on data-mcp's ``#!`` line.

    They are the same interpreter but may differ in name (``python`` / ``python3``) when the tests are
    started through a script whose ``#!`` names the other link.
    """
    if mode == "subprocess":
        assert COMMAND
        named = shebang_interpreter(COMMAND)
        assert named is not None and os.path.samefile(named, sys.executable)
        return named
    return os.path.abspath(sys.executable)


def corpus_text(name: str) -> str:
    """A corpus file with its placeholders filled in: this Python (path and name), the corpus folder, data-mcp."""
    text = (CORPUS / name).read_bytes().decode("utf-8")
    python = json.dumps(os.path.abspath(sys.executable))[1:-1]
    data_mcp = json.dumps(COMMAND or "/missing/data-mcp")[1:-1]
    name = json.dumps(os.path.basename(sys.executable))[1:-1]
    text = text.replace("{{PYTHON}}", python).replace("{{PYTHON_NAME}}", name)
    return text.replace("{{CORPUS}}", CORPUS.as_posix()).replace("{{DATA_MCP}}", data_mcp)


def closed_port_url() -> str:
    """The address of a loopback port nothing listens on (connections are refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def write_config(home: Path, text: str, assistant: str = ASSISTANT) -> Path:
    """Put ``text`` where the Linux host reads the config of ``assistant`` under ``home``."""
    path = home / ".config" / assistant / f"{assistant.lower()}_desktop_config.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path
