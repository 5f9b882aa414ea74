"""The selector: reads a source (a profile name, a manifest path) and what it extends, and selects each file.

Each manifest file is read once per resolution, and what it extends is read first, depth first, so that
its selection (``_select_steps.select``, steps 1 to 6 of ``_resolve``) starts from theirs. Problems of the
files themselves (not found, a cycle, extended twice) are reported here; those of what they say, by the steps.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from data_pkg.catalog import DEFAULT_SET, by_spec
from data_pkg.files import real_path
from data_pkg.suggest import suggest
from data_pkg.toolsets._diagnostics import Diagnostic
from data_pkg.toolsets._lookup import Lookup
from data_pkg.toolsets._profiles import DEFAULT_PROFILE, available_profiles, profile_path
from data_pkg.toolsets._select_steps import select
from data_pkg.toolsets._selection import Selection, Where, at
from data_pkg.toolsets._sources import is_profile_name, manifest_path

if TYPE_CHECKING:
    from data_pkg.toolsets._manifest import Manifest
    from data_pkg.toolsets._parse import ParsedManifest

__all__ = ["Selector"]


class Selector:
    """Reads the files of one resolution and selects each (diagnostics in :attr:`lookup`).

    One instance per resolution: it remembers the files it read, and each file's selection, so
    that a file extended twice (a diamond) is read and reported once.
    """

    def __init__(self, env: Mapping[str, str], profiles_dir: Path | None) -> None:
        self.lookup = Lookup(env)
        self.profiles_dir = profiles_dir
        self.files: dict[Path, None] = {}
        self.selections: dict[Path, Selection | None] = {}
        self.top = Where(None)
        """Where to report problems of the whole result (an empty tool set, say): the top manifest."""
        self.top_parsed: ParsedManifest | None = None
        """The top manifest file as parsed (None for the built-in default set)."""

    def default_selection(self) -> Selection:
        """The built-in ``default`` profile: the catalog's ``DEFAULT_SET`` in its order, where available."""
        chosen = (by_spec(spec) for spec in DEFAULT_SET)
        return Selection(tools={e.key: e for e in chosen if self.lookup.available(e)})

    def source(self, source: str | os.PathLike[str]) -> Selection | None:
        """The selection of the top-level source: a profile name or a manifest path."""
        if isinstance(source, str) and is_profile_name(source):
            if source == DEFAULT_PROFILE:
                return self.default_selection()
            path = self.locate(source, Path(), Where(None))
        else:
            found = manifest_path(source, base=None) if isinstance(source, str) else Path(source)
            if isinstance(found, Diagnostic):
                self.lookup.report.findings.append(found)
                return None
            path = found
        if path is None:
            return None
        self.top = Where(str(path), 1, 1)
        return self.manifest(path, Where(str(path)), ())

    def manifest(self, path: Path, where: Where, stack: tuple[Path, ...]) -> Selection | None:
        """Read and select one manifest file (once per resolution); None when it cannot be read or parsed."""
        identity = real_path(path)
        # Watch the name as written and where it leads: replacing either must trigger a reload.
        self.files.setdefault(Path(os.path.abspath(path)), None)
        self.files.setdefault(identity, None)
        if identity in self.selections:
            return self.selections[identity]
        from data_pkg.toolsets._parse import parse_manifest

        parsed = parse_manifest(path)
        if not stack:
            self.top_parsed = parsed
        problems = parsed.diagnostics
        if parsed.manifest is None and problems and problems[0].code == "DM302" and where.line is not None:
            # Missing extended file: point at the extends entry, not at the file that is not there, and
            # name it as written there (never as an absolute path only this machine has).
            from data_pkg.toolsets._nearby import nearby_path

            folder = Path(where.file or "").parent
            written = path.relative_to(folder).as_posix() if path.is_relative_to(folder) else str(path)
            close = nearby_path(written, folder)
            hint = f"did you mean {close!r}?" if close else None
            if path.stem in available_profiles(self.profiles_dir) and path.suffix == ".py":
                hint = f"to extend the built-in profile, write {path.stem!r} without a suffix"
            self.lookup.report.add(
                "DM302", f"extended manifest not found: {written!r}", hint=hint, at=where, file=where.file
            )
            problems = problems[1:]
        self.lookup.report.findings.extend(problems)
        selection = None
        if parsed.manifest is not None:
            bases = self.extends(parsed.manifest, (*stack, identity))
            selection = select(self.lookup, parsed.manifest, bases)
        self.selections[identity] = selection
        return selection

    def locate(self, value: str, folder: Path, where: Where) -> Path | None:
        """The file an ``extends`` entry names, or None after reporting why there is none."""
        if is_profile_name(value):
            path = profile_path(value, self.profiles_dir)
            if path is None:
                names = available_profiles(self.profiles_dir)
                listing = f"profiles: {', '.join(names)}"
                hint = suggest(value, names)
                self.lookup.report.add(
                    "DM303",
                    f"unknown profile {value!r}",
                    hint=f"{hint} {listing}" if hint else listing,
                    at=where,
                    file=where.file,
                )
            return path
        found = manifest_path(value, base=folder)
        if isinstance(found, Diagnostic):
            self.lookup.report.add(found.code, found.message, hint=found.hint, at=where, file=where.file)
            return None
        return found

    def extends(self, manifest: Manifest, stack: tuple[Path, ...]) -> list[Selection]:
        """The selections of the extended manifests, in order (DM202, DM301, DM302, DM303); ``stack`` is the
        chain of files extending them, this one last (for cycles)."""
        bases: list[Selection] = []
        seen: set[object] = set()
        folder = Path(manifest.file).parent
        for entry in manifest.extends:
            where = at(manifest, entry)
            builtin = entry.value == DEFAULT_PROFILE
            path = None if builtin else self.locate(entry.value, folder, where)
            if path is None and not builtin:
                continue
            identity: object = real_path(path) if path is not None else DEFAULT_PROFILE
            if identity in seen:
                self.lookup.report.add(
                    "DM202", f"{entry.value!r} is extended twice", hint="keep one", at=where, file=where.file
                )
                continue
            seen.add(identity)
            if isinstance(identity, Path) and identity in stack:
                chain = (*stack[stack.index(identity) :], identity)
                self.lookup.report.add(
                    "DM301", "extends cycle: " + " -> ".join(p.name for p in chain), at=where, file=where.file
                )
                continue
            base = self.default_selection() if path is None else self.manifest(path, where, stack)
            if base is not None:
                bases.append(base)
        return bases
