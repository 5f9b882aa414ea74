"""Names a tool its own tier filter drops; the other dropped tool comes from the profile."""

EXTENDS = ["analyst"]
TOOLS = ["transcripts.transcript"]
MAX_TIER = "premium"
