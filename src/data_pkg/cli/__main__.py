"""``python -m data_pkg.cli``: the data-mcp command."""

from data_pkg.cli import main

raise SystemExit(main())
