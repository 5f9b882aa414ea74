"""Who extends whom: the ``extends`` edges between manifest files, read backwards for a blast radius.

The resolver follows ``extends`` from a manifest down to its bases; a team changing a shared base
needs the other direction: every manifest that extends it, directly or through a chain. This module
reads a set of files once (parse and validate only, no resolution) and answers that question.

Only path entries make edges: an entry naming a profile (``analyst``) extends the installed profile,
not a file in the repository. A path that names no file still makes an edge, so the manifests that
extend a deleted base are found too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from data_pkg.files import real_path
from data_pkg.toolsets._sources import is_profile_name, manifest_path


@dataclass(frozen=True)
class Dependent:
    """A manifest that extends a base, and how: ``chain`` runs from it to the base (both included)."""

    path: Path
    chain: tuple[Path, ...]


def extended_files(path: Path) -> tuple[Path, ...]:
    """The files the manifest at ``path`` names in ``extends`` (resolved), profiles left out; () when unreadable."""
    from data_pkg.toolsets._parse import parse_manifest

    manifest = parse_manifest(path).manifest
    if manifest is None:
        return ()
    folder = path.parent
    found: list[Path] = []
    for entry in manifest.extends:
        if is_profile_name(entry.value):
            continue
        target = manifest_path(entry.value, base=folder)
        if isinstance(target, Path):
            found.append(real_path(target))
    return tuple(dict.fromkeys(found))


class ExtendsGraph:
    """The ``extends`` edges among a set of manifest files, with every path resolved."""

    def __init__(self, edges: Mapping[Path, tuple[Path, ...]]) -> None:
        self.edges: Mapping[Path, tuple[Path, ...]] = MappingProxyType(dict(edges))
        """Each file -> the files it extends."""
        reverse: dict[Path, list[Path]] = {}
        for child, bases in self.edges.items():
            for base in bases:
                reverse.setdefault(base, []).append(child)
        self._extended_by = {base: tuple(sorted(children)) for base, children in reverse.items()}

    @classmethod
    def read(cls, files: Iterable[Path]) -> ExtendsGraph:
        """Read each file's ``extends`` (files that are not manifests simply have no edges)."""
        edges: dict[Path, tuple[Path, ...]] = {}
        for file in files:
            bases = extended_files(file)
            if bases:
                edges[real_path(file)] = bases
        return cls(edges)

    def missing_bases(self, within: Path) -> list[Path]:
        """The files under ``within`` that some file extends and that are not there (deleted or renamed), sorted."""
        folder = real_path(within)
        return sorted(base for base in self._extended_by if base.is_relative_to(folder) and not base.exists())

    def extended_by(self, base: Path) -> tuple[Path, ...]:
        """The files that name ``base`` in their own ``extends``, sorted."""
        return self._extended_by.get(real_path(base), ())

    def dependents(self, base: Path) -> list[Dependent]:
        """Every file that extends ``base`` directly or through others, nearest first, each once.

        A cycle (an error the resolver reports) ends the walk where it closes.
        """
        start = real_path(base)
        seen = {start}
        found: list[Dependent] = []
        frontier: list[tuple[Path, ...]] = [(start,)]
        while frontier:
            following: list[tuple[Path, ...]] = []
            for chain in frontier:
                for child in self.extended_by(chain[0]):
                    if child in seen:
                        continue
                    seen.add(child)
                    longer = (child, *chain)
                    found.append(Dependent(child, longer))
                    following.append(longer)
            frontier = following
        return found
