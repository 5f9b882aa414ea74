"""Broken on purpose: everything selected is excluded again."""

INCLUDE = ["group:technical"]
EXCLUDE = ["technical.*"]
