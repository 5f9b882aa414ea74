"""Secret scan (DM503) benchmark: how its time grows with the text, on texts built to make a scan slow.

Run: ``.venv/bin/python benchmarks/secret_scan.py [--sizes 4000 8000 16000 32000] [--runs 5]``.
Each case is a manifest comment of the given length in characters: the ``a_a_a_...`` run that once
made the scan quadratic (32 KB took 42.6 s), credential names with short values, many key-carrying
URLs, and long runs of letters and digits. For each size the median of ``--runs`` scans is printed, and
the ratio to the previous size: about 2 when each doubling of the text doubles the time (linear), 4
when it quadruples it (quadratic).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from data_pkg.lint._secrets import find_secrets  # noqa: E402


def _repeat(unit: str) -> Callable[[int], str]:
    return lambda size: "# " + (unit * (size // len(unit) + 1))[:size] + "\ntools: [company.quote]\n"


CASES: dict[str, Callable[[int], str]] = {
    "underscored run (a_a_a_...)": _repeat("a_"),
    "credential names (apikey=k1 ...)": _repeat("apikey=k1 "),
    "key-carrying URLs": _repeat("https://h.example/q?apikey=Zx9fK2pQ7wLm4RtY8vBn3CsD "),
    "one run of letters and digits": _repeat("aB3"),
}


def median_seconds(text: str, runs: int) -> float:
    """The median wall time of ``runs`` complete scans of ``text``."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        for _secret in find_secrets(text):
            pass
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    """Time each case at each size; print seconds and the growth ratio."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4000, 8000, 16000, 32000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    for name, build in CASES.items():
        previous = None
        for size in args.sizes:
            seconds = median_seconds(build(size), args.runs)
            ratio = f"x{seconds / previous:.1f}" if previous else ""
            print(f"{name:>34} {size:>8,} chars: {seconds * 1000:9.2f} ms {ratio}")
            previous = seconds
    return 0


if __name__ == "__main__":
    sys.exit(main())
