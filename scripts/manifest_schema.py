"""Write ``schemas/manifest.schema.json`` from the manifest model; ``--check`` fails when it is stale.

Run ``python scripts/manifest_schema.py`` after changing the manifest model
(``src/data_pkg/toolsets/_model.py``) and commit the result. CI runs
``python scripts/manifest_schema.py --check``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from _artifacts import sync

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from data_pkg.toolsets import manifest_json_schema  # noqa: E402

DEFAULT_OUTPUT = ROOT / "schemas" / "manifest.schema.json"


def render() -> str:
    """The schema file's exact text."""
    return json.dumps(manifest_json_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) the schema file; the exit status is 1 when it is stale."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file differs from the model")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="schema file (default: %(default)s)")
    args = parser.parse_args(argv)
    return sync({args.output: render()}, check=args.check, command="python scripts/manifest_schema.py")


if __name__ == "__main__":
    sys.exit(main())
