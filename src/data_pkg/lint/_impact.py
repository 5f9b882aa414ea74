"""The blast radius of a change: every manifest it reaches, before and after, tool by tool.

Given changed files, :func:`impact` finds every manifest of the repository that extends one of them
(directly or through others; from the work tree), and resolves each twice with the same resolver and
environment: as it is in the work tree, and as it was at a git ref. The old versions are read with
``git show REF:path`` into a temporary folder, following ``extends`` as far as it goes; nothing is
checked out, and the work tree is never touched.

Limits: a base outside the repository is not in git, so its old version is not known (it resolves as
missing); profiles by name resolve to the installed ones on both sides.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath

from data_pkg.files import write_atomic
from data_pkg.lint._dependents import DependentFinder
from data_pkg.lint._git import GitError, commit_of, files_at, show, toplevel
from data_pkg.lint._inputs import is_manifest_path
from data_pkg.toolsets import Registry, RegistryDiff, Resolution, diff, real_path, resolve

IMPACT_VERSION = 1


class ImpactError(ValueError):
    """The question cannot be answered: not a git repository, an unknown ref, a file in neither version."""


@dataclass(frozen=True)
class SetState:
    """One side of a manifest: whether it resolves, what its tool list costs, and its errors if not."""

    resolves: bool
    tools: tuple[str, ...] = ()
    bytes: int = 0
    tokens: int = 0
    errors: tuple[str, ...] = ()


@dataclass(frozen=True)
class ManifestImpact:
    """What the change does to one manifest. ``before`` is None for a new file, ``after`` for a deleted one."""

    path: str
    via: tuple[str, ...]
    """From this manifest to the changed file it extends (both included); empty for a changed file."""
    before: SetState | None
    after: SetState | None
    change: RegistryDiff = field(default_factory=RegistryDiff)

    @property
    def status(self) -> str:
        """new, deleted, broken, fixed, still broken, changed or unchanged."""
        if self.before is None:
            return "new" if self.after is None or self.after.resolves else "new, does not resolve"
        if self.after is None:
            return "deleted"
        if not self.after.resolves:
            return "does not resolve" if self.before.resolves else "still does not resolve"
        if not self.before.resolves:
            return "fixed"
        return "changed" if self.change or self.before.bytes != self.after.bytes else "unchanged"

    @property
    def token_change(self) -> int | None:
        """Estimated tokens after minus before, when both sides resolve (a new or deleted file counts as 0)."""
        before = self.before.tokens if self.before is not None and self.before.resolves else None
        after = self.after.tokens if self.after is not None and self.after.resolves else None
        if self.before is None and after is not None:
            return after
        if self.after is None and before is not None:
            return -before
        return None if before is None or after is None else after - before


@dataclass(frozen=True)
class Impact:
    """Every manifest a change reaches, against ``base`` (a ref as given) at ``commit``."""

    base: str
    commit: str
    files: tuple[str, ...]
    """The changed manifests, relative to the repository root."""
    skipped: tuple[str, ...]
    """Changed files that are not manifests (by name: README.md, lock files, schemas)."""
    manifests: tuple[ManifestImpact, ...]

    @property
    def exit_code(self) -> int:
        """1 when a reached manifest does not resolve in the work tree, else 0."""
        return 1 if any(m.after is not None and not m.after.resolves for m in self.manifests) else 0


def _state(resolution: Resolution, folder: Path) -> SetState:
    """One side's state; file paths in errors relative to ``folder`` (the repository, or the snapshot)."""

    def relative(file: str | None) -> str | None:
        if file is None:
            return None
        path = real_path(Path(file))
        return path.relative_to(folder).as_posix() if path.is_relative_to(folder) else file

    errors = tuple(str(replace(d, file=relative(d.file))) for d in resolution.errors)
    registry = resolution.registry
    if registry is None:
        return SetState(False, errors=errors)
    names = tuple(tool.name for tool in registry.listed)
    return SetState(True, names, registry.tools_list_bytes(), registry.estimated_tokens(), errors)


class _Snapshot:
    """The repository's files at one commit, fetched into a temporary folder as ``extends`` needs them."""

    def __init__(self, commit: str, root: Path, folder: Path) -> None:
        self.commit, self.root, self.folder = commit, root, real_path(folder)
        self.present = files_at(commit, root)
        self.fetched: set[str] = set()

    def fetch(self, relative: str) -> None:
        self.fetched.add(relative)
        target = self.folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, show(self.commit, relative, self.root), mode=None)

    def resolve(self, relative: str, env: Mapping[str, str]) -> Resolution:
        """Resolve ``relative`` as it was, fetching what it extends until nothing more is missing."""
        self.fetch(relative)
        while True:
            resolution = resolve(self.folder / relative, env=env)
            wanted = []
            for file in resolution.files:
                path = real_path(file)
                if path.is_relative_to(self.folder):
                    name = path.relative_to(self.folder).as_posix()
                    if name in self.present and name not in self.fetched:
                        wanted.append(name)
            if not wanted:
                return resolution
            for name in wanted:
                self.fetch(name)


def _changed(files: Iterable[str], root: Path, cwd: Path, present: frozenset[str]) -> tuple[list[str], list[str]]:
    changed: list[str] = []
    skipped: list[str] = []
    for given in files:
        path = Path(os.path.abspath(cwd / given))
        located = real_path(path.parent) / path.name
        if not located.is_relative_to(root):
            raise ImpactError(f"{given}: not in the repository at {root}")
        relative = located.relative_to(root).as_posix()
        if not located.exists() and relative not in present:
            raise ImpactError(f"{given}: no such file, neither in the work tree nor at the base ref")
        if located.is_dir():
            raise ImpactError(f"{given}: a folder; name the changed files (git diff --name-only)")
        target = skipped if not is_manifest_path(Path(PurePosixPath(relative))) else changed
        if relative not in target:
            target.append(relative)
    return changed, skipped


def impact(
    files: Iterable[str],
    *,
    base: str = "HEAD",
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Impact:
    """What changing ``files`` (paths relative to ``cwd``) does to every manifest it reaches, against ``base``.

    Raises :class:`ImpactError` outside a git repository, for a ref that names no commit, and for a path
    that is in neither the work tree nor the ref.
    """
    environ = dict(os.environ if env is None else env)
    here = Path(os.path.abspath(cwd or Path.cwd()))
    try:
        root = toplevel(here)
        commit = commit_of(base, root)
        with tempfile.TemporaryDirectory(prefix="data-mcp-impact-") as temporary:
            snapshot = _Snapshot(commit, root, Path(temporary))
            changed, skipped = _changed(files, root, here, snapshot.present)
            reached: dict[str, tuple[str, ...]] = dict.fromkeys(changed, ())
            for dependent in DependentFinder().of_all(root / name for name in changed):
                chain = tuple(p.relative_to(root).as_posix() for p in dependent.chain)
                reached.setdefault(chain[0], chain)
            results = []
            for name, via in reached.items():
                before = snapshot.resolve(name, environ) if name in snapshot.present else None
                now = root / name
                after = resolve(now, env=environ) if now.is_file() else None
                change = RegistryDiff()
                if before is not None and after is not None:
                    change = _diff(before.registry, after.registry)
                results.append(
                    ManifestImpact(
                        name,
                        via,
                        None if before is None else _state(before, snapshot.folder),
                        None if after is None else _state(after, root),
                        change,
                    )
                )
    except GitError as error:
        raise ImpactError(str(error)) from None
    return Impact(base, commit, tuple(changed), tuple(skipped), tuple(results))


def _diff(before: Registry | None, after: Registry | None) -> RegistryDiff:
    return diff(before, after) if before is not None and after is not None else RegistryDiff()
