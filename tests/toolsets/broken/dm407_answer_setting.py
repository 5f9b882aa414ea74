"""Answer settings out of range."""

TOOLS = ["company.quote"]
MAX_ANSWER_TOKENS = 100
ANSWER_FORMAT = "markdown"
