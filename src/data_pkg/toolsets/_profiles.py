"""Built-in profiles: where they live, which exist, and the one that is not a file.

Profiles are manifests shipped with the package. Installed from a wheel they sit in the package
(``data_pkg/profiles``, what ``importlib.resources.files("data_pkg") / "profiles"`` names); in a
source checkout they are the repository's top-level ``profiles/`` folder. ``default`` is built
in: it is the catalog's default set (entries marked ``default=True``), the tool set a server has
with no manifest at all."""

from __future__ import annotations

from functools import cache
from pathlib import Path

DEFAULT_PROFILE = "default"
"""The profile name of the default tool set (what the server serves when no manifest or profile is set)."""
DEFAULT_DESCRIPTION = (
    "The default set of market-data tools: the ones agents ask for most (quotes, prices, statements, news,"
    " economics ...). A manifest or another profile chooses others."
)
"""What the built-in default set is for, as a manifest's description says it (the set has no file)."""
"""The built-in profile: the catalog's default set. Also what ``resolve(None)`` gives."""

SUFFIXES: tuple[str, ...] = (".py", ".yaml", ".yml", ".json")
"""Manifest file suffixes, in the order a profile name is looked up."""


@cache
def profiles_dir() -> Path:
    """The folder holding the built-in profiles: the packaged copy first, else the source tree's."""
    # data_pkg/toolsets/_profiles.py: the package folder is two levels up.
    return find_profiles(Path(__file__).resolve().parent.parent)


def find_profiles(package: Path) -> Path:
    """The profiles folder for the ``data_pkg`` package installed at ``package``.

    A wheel puts it inside the package, where ``importlib.resources.files("data_pkg") / "profiles"``
    would find it; looking beside ``data_pkg/__init__.py`` finds the same folder without importing
    ``importlib.resources`` (about 10 ms, paid before the first tool list). A source checkout
    (``src/data_pkg``) has it at the repository root instead.
    """
    inside = package / "profiles"
    if inside.is_dir():
        return inside
    in_checkout = package.parent.parent / "profiles"
    if package.parent.name == "src" and in_checkout.is_dir():
        return in_checkout
    # Neither: an unusual install (a zip, say). Ask the import system, whatever it costs.
    from importlib.resources import files

    packaged = files("data_pkg") / "profiles"
    return packaged if isinstance(packaged, Path) else inside


def available_profiles(directory: Path | None = None) -> tuple[str, ...]:
    """Names of every profile, the built-in ``default`` included, sorted."""
    folder = profiles_dir() if directory is None else directory
    names = {DEFAULT_PROFILE}
    if folder.is_dir():
        names.update(p.stem for p in folder.iterdir() if p.suffix in SUFFIXES and not p.name.startswith(("_", ".")))
    return tuple(sorted(names))


def profile_path(name: str, directory: Path | None = None) -> Path | None:
    """The file of profile ``name``, or None when there is none (``default`` has no file)."""
    folder = profiles_dir() if directory is None else directory
    for suffix in SUFFIXES:
        candidate = folder / f"{name}{suffix}"
        if candidate.is_file():
            return candidate
    return None
