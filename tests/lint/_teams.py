"""A platform team's repository in a temporary folder, under git: a shared base and team manifests in three formats.

``base/desk.yaml`` extends the ``analyst`` profile and includes ``company.market_cap``. Teams, each in a folder of ``teams/``, extend it by path:
``risk/limits.yaml``, ``quant/models.json`` and ``macro/rates.py`` override ``company.market_cap`` (so they
break when the base stops selecting it), ``research/desk.py`` adds a tool, and ``news/wire.json`` extends the
research desk (a chain) and overrides ``company.market_cap`` too. :data:`BREAKING_BASE` is the base change the teams page
starts from: one more ``exclude``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests import preforked

COMMAND = shutil.which("data-mcp", path=str(Path(sys.executable).parent))
TIMEOUT = 120

BASE = "description: The desk every team starts from.\nextends: [analyst]\ninclude: [company.market_cap]\n"
BREAKING_BASE = BASE + "exclude: [company.market_cap]\n"

FILES = {
    "base/desk.yaml": BASE,
    "teams/risk/limits.yaml": (
        "description: Position limits.\n"
        "extends: [../../base/desk.yaml]\n"
        "overrides:\n"
        "  company.market_cap:\n"
        "    description: Market value of one company, for position limits.\n"
    ),
    "teams/quant/models.json": (
        "{\n"
        '  "description": "Factor models.",\n'
        '  "extends": ["../../base/desk.yaml"],\n'
        '  "include": ["technical.*"],\n'
        '  "overrides": {\n'
        '    "company.market_cap": {"name": "market_value"}\n'
        "  }\n"
        "}\n"
    ),
    "teams/macro/rates.py": (
        '"""Rates and macro."""\n'
        "\n"
        'EXTENDS = ["../../base/desk.yaml"]\n'
        'INCLUDE = ["economics.*"]\n'
        'OVERRIDES = {"company.market_cap": {"description": "Market value, to size issuers."}}\n'
    ),
    "teams/research/desk.py": (
        '"""Research desk."""\n\nEXTENDS = ["../../base/desk.yaml"]\nTOOLS = ["intelligence.stock_news"]\n'
    ),
    "teams/news/wire.json": (
        "{\n"
        '  "extends": ["../research/desk.py"],\n'
        '  "exclude": ["transcripts.*"],\n'
        '  "overrides": {"company.market_cap": {"description": "Market value, for headlines."}}\n'
        "}\n"
    ),
}
BROKEN_BY_THE_BASE = (
    "teams/macro/rates.py",
    "teams/quant/models.json",
    "teams/risk/limits.yaml",
    "teams/news/wire.json",
)


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without the developer's DATA_* settings, git identity set, ``extra`` on top."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "GIT_"))}
    env.update(
        GIT_AUTHOR_NAME="Team",
        GIT_AUTHOR_EMAIL="team@example.org",
        GIT_COMMITTER_NAME="Team",
        GIT_COMMITTER_EMAIL="team@example.org",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_CONFIG_NOSYSTEM="1",
    )
    env.update(extra)
    return env


@dataclass
class Repo:
    """A git repository of manifests at ``root``."""

    root: Path

    def write(self, relative: str, text: str) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    def read(self, relative: str) -> str:
        return (self.root / relative).read_text()

    def git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", *args], cwd=self.root, capture_output=True, text=True, timeout=TIMEOUT, check=True, env=clean_env()
        )
        return done.stdout

    def commit(self, message: str) -> str:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD").strip()

    def run(self, *args: str, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
        """``data-mcp ARGS`` as a subprocess, in the repository (or ``cwd``)."""
        assert COMMAND, "data-mcp is installed beside this interpreter"
        settings = clean_env(**env)
        return subprocess.run(
            preforked.argv([COMMAND, *args], settings),
            cwd=cwd or self.root,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
            env=settings,
        )

    def state(self) -> tuple[str, str, str]:
        """HEAD, the index and the work tree's status: to prove a command changed none of them."""
        return self.git("rev-parse", "HEAD"), self.git("ls-files", "-s"), self.git("status", "--porcelain")


def make_repo(folder: Path, files: dict[str, str] | None = None) -> Repo:
    """A new repository in ``folder`` holding ``files`` (default :data:`FILES`), committed."""
    folder.mkdir(parents=True, exist_ok=True)
    repo = Repo(folder)
    repo.git("init", "-q", "-b", "main")
    for relative, text in (FILES if files is None else files).items():
        repo.write(relative, text)
    repo.commit("The desk base and the teams' manifests")
    return repo
