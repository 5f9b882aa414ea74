"""Did-you-mean for a manifest path that names no file: the closest existing manifest near where it points.

Typos in ``extends`` are a suffix (``desk.yml`` for ``desk.yaml``), a letter in the file name, or a letter in
the folder name. The suggestion is written the way the entry was (relative to the manifest, forward
slashes), so it can be pasted over the wrong one.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from data_pkg.suggest import closest

_SUFFIXES = (".py", ".yaml", ".yml", ".json")


def _close(name: str, choices: list[str]) -> str | None:
    found = closest(name, choices)
    return found[0] if found else None


def _entries(folder: Path, *, files: bool) -> list[str]:
    try:
        children = list(folder.iterdir())
    except OSError:
        return []
    if files:
        return sorted(p.name for p in children if p.suffix in _SUFFIXES and p.is_file())
    return sorted(p.name for p in children if p.is_dir() and not p.name.startswith("."))


def _file_in(folder: Path, name: str) -> str | None:
    names = _entries(folder, files=True)
    stem = PurePosixPath(name).stem
    same_stem = [n for n in names if PurePosixPath(n).stem == stem]
    return same_stem[0] if len(same_stem) == 1 else _close(name, names)


def nearby_path(written: str, folder: Path) -> str | None:
    """The closest existing manifest to ``written`` (a path relative to ``folder``), spelled like it; or None."""
    value = PurePosixPath(written)
    if not value.name or value.name in (".", ".."):
        return None
    target_folder = folder / value.parent
    if target_folder.is_dir():
        found = _file_in(target_folder, value.name)
        return None if found is None else str(value.parent / found)
    # The folder itself may be misspelled: try the closest sibling folder, then the file in it.
    above = target_folder.parent
    if not above.is_dir():
        return None
    folder_name = _close(value.parent.name, _entries(above, files=False))
    if folder_name is None:
        return None
    found = _file_in(above / folder_name, value.name)
    if found is None:
        return None
    return str(value.parent.parent / folder_name / found)
