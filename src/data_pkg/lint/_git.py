"""Running git for lint, lock and impact: read-only commands, bounded in time, never interactive.

Nothing here changes a work tree, an index or a ref: old versions of files are read with
``git show REF:path`` into memory (``data-mcp impact`` writes them to a temporary folder of its own),
never checked out.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

TIMEOUT = 60
"""Seconds for one git command: generous for a large repository, bounded all the same."""


class GitError(RuntimeError):
    """git is missing, failed, or timed out; the message says which command and why."""


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["GIT_TERMINAL_PROMPT"] = "0"  # never wait for a password on a pipe
    env["GIT_OPTIONAL_LOCKS"] = "0"  # a read must not take index.lock from a concurrent commit
    return env


def git(args: Sequence[str], cwd: Path, *, ok: tuple[int, ...] = (0,)) -> bytes:
    """Run ``git ARGS`` in ``cwd``; its standard output. Raises :class:`GitError` for other exit codes."""
    command = ["git", *args]
    try:
        done = subprocess.run(  # noqa: S603 - fixed git subcommands; paths and refs are arguments, never shell
            command,
            cwd=cwd,
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
            env=_environment(),
        )
    except FileNotFoundError:
        raise GitError("git is not installed (or not on PATH)") from None
    except subprocess.TimeoutExpired:
        raise GitError(f"git {args[0]} took longer than {TIMEOUT} s") from None
    except OSError as error:
        raise GitError(f"git {args[0]} could not run: {error}") from None
    if done.returncode not in ok:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"git {' '.join(args[:2])}: {said[-1] if said else f'exit status {done.returncode}'}")
    return done.stdout


def toplevel(cwd: Path) -> Path:
    """The root of the work tree ``cwd`` is in (GitError outside one)."""
    try:
        return Path(git(["rev-parse", "--show-toplevel"], cwd).decode().strip()).resolve()
    except GitError as error:
        if "not a git repository" in str(error):
            raise GitError(f"{cwd} is not in a git repository (run it where the manifests are committed)") from None
        raise


def commit_of(ref: str, root: Path) -> str:
    """The commit ``ref`` names (GitError naming the ref when there is none)."""
    if ref.startswith("-"):
        raise GitError(f"{ref!r} is not a git ref")
    try:
        return git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], root).decode().strip()
    except GitError:
        hint = "a branch, tag or commit, e.g. HEAD or origin/main"
        raise GitError(f"{ref!r} names no commit in this repository ({hint})") from None


def files_at(commit: str, root: Path) -> frozenset[str]:
    """Every file path (relative to the root, forward slashes) in ``commit``."""
    out = git(["ls-tree", "-r", "-z", "--name-only", commit], root)
    return frozenset(os.fsdecode(raw) for raw in out.split(b"\0") if raw)


def show(commit: str, path: str, root: Path) -> bytes:
    """The bytes of ``path`` (relative to the root, forward slashes) in ``commit``."""
    return git(["show", f"{commit}:{path}"], root)
