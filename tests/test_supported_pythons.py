"""Every place that states the supported Pythons says what pyproject's ``requires-python`` says.

pyproject is the source (pip reads it); ``./dev`` (bash: the interpreter it accepts, the ones it looks for, what it
says), the build hook (``hatch_build.SUPPORTED``, which names the range before pip resolves anything) and doctor
(``data_pkg.desktop._doctor.SUPPORTED``, the range it checks a config's Python against) repeat it where they cannot
read it, and messages and docstrings of the source say it in words. The docs' statements are
tests/test_stated_figures.py's.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import hatch_build

from data_pkg.desktop._doctor import SUPPORTED as DOCTOR

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
Version = tuple[int, int]


def required() -> tuple[Version, Version]:
    """The oldest and newest Python of pyproject's ``requires-python`` (``>=3.10,<3.15``: 3.10 and 3.14)."""
    spec = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    low, high = re.fullmatch(r">=3\.(\d+),<3\.(\d+)", spec).groups()  # type: ignore[union-attr]
    return (3, int(low)), (3, int(high) - 1)


def dev_ranges(script: str) -> dict[str, tuple[Version, Version]]:
    """Each range ``./dev`` states, by where: its check, its candidates (newest first) and its messages."""
    found: dict[str, tuple[Version, Version]] = {}
    check = re.search(r"\((\d+), (\d+)\) <= sys\.version_info\[:2\] <= \((\d+), (\d+)\)", script)
    assert check, "./dev checks the interpreter's version with (3, X) <= sys.version_info[:2] <= (3, Y)"
    a, b, c, d = map(int, check.groups())
    found["check"] = ((a, b), (c, d))
    loop = re.search(r"for candidate in ((?:python3\.\d+ ?)+); do", script)
    assert loop, "./dev looks for python3.X candidates"
    minors = [int(word.split(".")[1]) for word in loop.group(1).split()]
    assert minors == sorted(minors, reverse=True), "newest first"
    assert minors == list(range(minors[0], minors[-1] - 1, -1)), "no version skipped"
    found["candidates"] = ((3, minors[-1]), (3, minors[0]))
    for number, (low, high) in enumerate(re.findall(r"3\.(\d+) to 3\.(\d+)", script)):
        found[f"words {number + 1}"] = ((3, int(low)), (3, int(high)))
    return found


def test_dev_states_the_range_pyproject_requires() -> None:
    ranges = dev_ranges((ROOT / "dev").read_text(encoding="utf-8"))
    assert len(ranges) >= 4, ranges  # the check, the candidates and at least its two messages
    assert ranges == dict.fromkeys(ranges, required())


def test_the_build_hook_and_doctor_state_the_range_pyproject_requires() -> None:
    assert required() == hatch_build.SUPPORTED
    assert required() == DOCTOR


def test_a_dev_that_disagrees_is_caught() -> None:
    script = (ROOT / "dev").read_text(encoding="utf-8")
    for changed in (
        script.replace("<= (3, 14))", "<= (3, 13))"),
        script.replace("python3.14 python3.13", "python3.13"),
        script.replace("needs Python 3.10 to 3.14", "needs Python 3.10 to 3.13"),
    ):
        assert changed != script
        ranges = dev_ranges(changed)
        assert ranges != dict.fromkeys(ranges, required())


def test_every_range_the_source_states_is_the_one_pyproject_requires() -> None:
    # Messages and docstrings say the range in words ("Python 3.10-3.14", "needs 3.10 to 3.14").
    (low, high), wrong = required(), []
    for path in sorted((ROOT / "src").rglob("*.py")):
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for first, last in re.findall(r"\b3\.(\d+) ?(?:-|–|to) ?3\.(\d+)\b", text):
                if ((3, int(first)), (3, int(last))) != (low, high):
                    wrong.append(f"{path.relative_to(ROOT)}:{number}: 3.{first} to 3.{last}")
    assert wrong == []
