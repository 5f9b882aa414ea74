"""``python -m data_hosted``: the ``data-hosted`` command."""

from data_hosted._cli import main

raise SystemExit(main())
