"""How the page writes figures, and the page being written (its lines, the plots drawn, the notes kept)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from pathlib import Path


def fmt_s(x: float) -> str:
    """Seconds, or milliseconds below a tenth of a second."""
    # Thresholds compare the rounded value, so 0.0996 s reads "0.10 s", not "100 ms".
    return f"{x:.2f} s" if x >= 0.0995 else f"{x * 1e3:.0f} ms"


def fmt_ms(x: float) -> str:
    """Milliseconds with two significant places or more."""
    return f"{x:.0f} ms" if x >= 10 else f"{x:.1f} ms" if x >= 1 else f"{x:.2f} ms"


def fmt_us(x: float) -> str:
    """Microseconds, or milliseconds from one on."""
    if x >= 999.5:
        return f"{x / 1e3:.2f} ms" if x < 9_995 else f"{x / 1e3:.0f} ms"
    return f"{x:.0f} µs" if x >= 10 else f"{x:.1f} µs"


def span(s: Mapping[str, float], fmt: Callable[[float], str], low: str = "min", high: str = "max") -> str:
    """``median (low–high)`` with the unit once, at the end."""
    median, lo, hi = fmt(s["median"]), fmt(s[low]), fmt(s[high])
    unit = median.split()[-1]
    if lo.split()[-1] == unit and hi.split()[-1] == unit:
        lo, hi = lo.split()[0], hi.split()[0]
        return f"{median.split()[0]} ({lo}–{hi}) {unit}"
    return f"{median} ({lo}–{hi})"


def kb(n: float) -> str:
    """Bytes as kilobytes, one decimal."""
    return f"{n / 1000:.1f} KB"


def png_width(path: Path) -> int:
    """The width in pixels a PNG file's header gives."""
    with path.open("rb") as file:
        header = file.read(24)
    return int.from_bytes(header[16:20], "big")


class Page:
    """The page being written: its lines, the plots there are to show, and the notes kept with the results."""

    def __init__(self, img: Path, images: Collection[str], notes: Mapping[str, str]) -> None:
        self.lines: list[str] = []
        self.img = img
        self.images = images
        self.notes = notes

    def w(self, text: str) -> None:
        """One block of the page (a paragraph, a table row, a heading)."""
        self.lines.append(text)

    def image(self, name: str, alt: str) -> None:
        """A plot at half its pixel width (drawn at twice the size for high-density screens), if it was drawn."""
        if name in self.images:
            self.w(f'![{alt}](img/{name}){{ width="{png_width(self.img / name) // 2}" }}\n')

    def note(self, section: str) -> None:
        """What report.json's ``notes`` say about how ``section``'s figures were taken, where there is a note."""
        text = self.notes.get(section)
        if text:
            self.w(text.rstrip("\n") + "\n")

    def text(self) -> str:
        """The page as written so far."""
        return "\n".join(self.lines).rstrip() + "\n"
