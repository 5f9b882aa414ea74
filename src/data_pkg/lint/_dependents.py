"""The manifests a change reaches: every manifest in the repository that extends a given one.

Linting a shared base alone would pass a change that breaks a team's manifest built on it (an override
of a tool the base now excludes, say). So lint, and the pre-commit hook that passes it only the changed
files, also lints every manifest that extends a linted one, directly or through a chain, and names the
base as the cause of what it finds there.

The search covers the repository a linted file is in (the folder holding ``.git``), or the folder of the
repository configuration when there is no git; a file in neither has no dependents to find.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from data_pkg.lint._repo import extending_files, repository_root
from data_pkg.toolsets import Dependent, ExtendsGraph, real_path


class DependentFinder:
    """Finds dependents, reading each repository's ``extends`` edges once."""

    def __init__(self, fallback_root: Path | None = None) -> None:
        self.fallback_root = real_path(fallback_root) if fallback_root is not None else None
        self._graphs: dict[Path, ExtendsGraph] = {}

    def root(self, file: Path) -> Path | None:
        """The repository ``file`` is in, else the fallback root when it contains the file."""
        found = repository_root(file)
        if found is not None:
            return found
        if self.fallback_root is not None and real_path(file).is_relative_to(self.fallback_root):
            return self.fallback_root
        return None

    def graph(self, root: Path) -> ExtendsGraph:
        """The ``extends`` edges among the repository's manifests (read on first use)."""
        if root not in self._graphs:
            self._graphs[root] = ExtendsGraph.read(extending_files(root))
        return self._graphs[root]

    def of(self, file: Path) -> list[Dependent]:
        """Every manifest that extends ``file``, nearest first."""
        root = self.root(file)
        return [] if root is None else self.graph(root).dependents(file)

    def of_missing(self, folder: Path) -> list[Dependent]:
        """The manifests of ``folder``'s repository that extend a file of it that is not there, nearest first.

        A deleted or renamed base reaches no linter as a changed file (pre-commit passes only files that
        exist), yet every manifest that extends it stops resolving: these are the ones to lint.
        """
        root = self.root(folder)
        if root is None:
            return []
        graph = self.graph(root)
        found: dict[Path, Dependent] = {}
        for base in graph.missing_bases(root):
            for dependent in graph.dependents(base):
                found.setdefault(dependent.path, dependent)
        return list(found.values())

    def of_all(self, files: Iterable[Path]) -> list[Dependent]:
        """The dependents of ``files`` that are not among them, each once (reached first, first kept)."""
        files = [real_path(f) for f in files]
        given = set(files)
        found: dict[Path, Dependent] = {}
        for file in files:
            for dependent in self.of(file):
                if dependent.path not in given:
                    found.setdefault(dependent.path, dependent)
        return list(found.values())
