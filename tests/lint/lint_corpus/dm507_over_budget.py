"""The minimal profile costs more than this budget."""

EXTENDS = ["minimal"]
MAX_TOKENS = 800
