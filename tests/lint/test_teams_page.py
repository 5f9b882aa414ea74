"""docs/teams.md shows real output: its files are the test repository's, and each command it shows, run in the
page's order on that repository, prints exactly what the page says. UPDATE_SNAPSHOTS=1 rewrites the outputs.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from data_pkg.lint import lint_paths, load_config
from tests.lint._teams import BREAKING_BASE, COMMAND, FILES, TIMEOUT, Repo, clean_env, make_repo

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "teams.md"
SUFFIX = {"yaml": ".yaml", "python": ".py", "json": ".json"}


@dataclass(frozen=True)
class Block:
    language: str
    text: str
    label: str | None
    """The file a ``path``: line before the block names."""


def blocks(page: str) -> list[Block]:
    """Every fenced block of the page, with fences of any length (outputs with fences inside use four)."""
    found = []
    for match in re.finditer(r"^(`{3,})(\w*)\n(.*?)^\1$", page, flags=re.S | re.M):
        before = page[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        label = re.fullmatch(r"`([\w./-]+)`:", before)
        found.append(Block(match.group(2), match.group(3), label.group(1) if label else None))
    return found


def _commands() -> list[tuple[str, str]]:
    """(command, output) of every block showing a data-mcp run, in page order."""
    shown = []
    for block in blocks(PAGE.read_text()):
        if block.language == "text" and block.text.startswith("$ data-mcp "):
            command, _, output = block.text.partition("\n")
            shown.append((command.removeprefix("$ "), output))
    return shown


def _run(repo: Repo, command: str) -> str:
    assert COMMAND
    done = subprocess.run(
        [COMMAND, *command.split()[1:]],
        cwd=repo.root,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # as a terminal shows them, in order
        text=True,
        timeout=TIMEOUT,
        check=False,
        env=clean_env(PYTHONUNBUFFERED="1"),
    )
    return done.stdout


def test_the_page_shows_the_files_the_test_repository_holds() -> None:
    labelled = [b for b in blocks(PAGE.read_text()) if b.label is not None]
    shown = {b.label: b.text for b in labelled if b.label != "base/desk.yaml"}
    assert shown == {name: text for name, text in FILES.items() if name != "base/desk.yaml"}
    assert [b.text for b in labelled if b.label == "base/desk.yaml"] == [FILES["base/desk.yaml"], BREAKING_BASE]


def test_every_command_on_the_page_prints_what_the_page_shows(tmp_path: Path) -> None:
    shown = _commands()
    assert [command for command, _ in shown] == [
        "data-mcp lock base teams",
        "data-mcp lint base/desk.yaml",
        "data-mcp impact base/desk.yaml",
        "data-mcp lock --check teams/research/desk.py",
    ]
    repo = make_repo(tmp_path / "desk-repo")
    actual = [_run(repo, shown[0][0])]
    repo.commit("Locks")
    repo.write("base/desk.yaml", BREAKING_BASE)
    actual += [_run(repo, command) for command, _ in shown[1:]]
    # The commit differs from run to run: keep the page's.
    page_commit = re.search(r"against HEAD \(([0-9a-f]{12})\)", shown[2][1])
    assert page_commit is not None
    actual[2] = re.sub(r"(against HEAD \()[0-9a-f]{12}\)", rf"\g<1>{page_commit.group(1)})", actual[2])
    if os.environ.get("UPDATE_SNAPSHOTS"):
        text = PAGE.read_text()
        for (command, output), new in zip(shown, actual, strict=True):
            text = text.replace(f"$ {command}\n{output}", f"$ {command}\n{new}", 1)
        PAGE.write_text(text)
    assert actual == [output for _, output in shown], "docs/teams.md is stale: UPDATE_SNAPSHOTS=1 rewrites it"


def _section(title: str) -> list[Block]:
    page = PAGE.read_text()
    start = page.index(f"### {title}")
    following = re.compile(r"^#{2,3} ", re.M).search(page, start + 4)
    return blocks(page[start : following.start() if following else len(page)])


def test_the_inline_ignore_examples_silence_what_they_say(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    examples = [b for b in _section("Inline ignores") if b.language in SUFFIX]
    assert [b.language for b in examples] == ["yaml", "python", "json"]
    for number, block in enumerate(examples):
        path = tmp_path / f"example{number}{SUFFIX[block.language]}"
        path.write_text(block.text)
        assert [str(f) for f in lint_paths([path], env={}).findings] == []
        named = set(re.findall(r"ignore(?:-file)?\[([A-Z0-9, ]+)\]", block.text))
        path.write_text(re.sub(r"data-mcp: ignore(-file)?\[", "data-mcp: ignored[", block.text))
        codes = {f.code for f in lint_paths([path], env={}).findings}
        assert codes == {c.strip() for group in named for c in group.split(",")}, block.text


def test_the_settings_example_is_valid(tmp_path: Path) -> None:
    (toml,) = [b for b in _section("Repository settings") if b.language == "toml"]
    (tmp_path / "pyproject.toml").write_text(toml.text)
    config = load_config(tmp_path)
    assert config.disable == {"DM502"} and config.severity == {"DM505": "warning"} and config.max_tokens == 8000
    assert config.paths == (tmp_path / "base", tmp_path / "teams")
