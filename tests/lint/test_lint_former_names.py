"""data-mcp lint names what to write instead of a renamed tool, as it does for a withdrawn one (DM205)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

COMMAND = shutil.which("data-mcp", path=str(Path(sys.executable).parent))

MANIFEST = """\
tools:
  - quote
  - getEconomicIndicators
  - economics.getEconomicIndicators
  - commodities_quotes
  - company.price_target
  - quotez
"""


def test_a_former_name_is_an_unknown_tool_whose_hint_is_the_name_to_use(tmp_path: Path) -> None:
    (tmp_path / "desk.yaml").write_text(MANIFEST)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    assert COMMAND, "data-mcp is installed beside this interpreter"
    done = subprocess.run(
        [COMMAND, "lint", "desk.yaml"], capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path, env=env
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[:5] == [
        "desk.yaml:3:5: DM201 error: unknown tool 'getEconomicIndicators': the former name of"
        " economics.economic_indicator (use economic_indicator instead)",
        "desk.yaml:4:5: DM201 error: unknown tool 'economics.getEconomicIndicators': the former name of"
        " economics.economic_indicator (use economics.economic_indicator instead)",
        "desk.yaml:5:5: DM201 error: unknown tool 'commodities_quotes': the former name of"
        " alternative.legacy_commodity_quotes, which was withdrawn upstream (use commodity_quotes instead)",
        "desk.yaml:6:5: DM205 warning: company.price_target was withdrawn upstream and is skipped"
        " (use company.price_target_summary instead)",
        "desk.yaml:7:5: DM201 error: unknown tool 'quotez' (did you mean 'quote'?)",
    ]
