"""The analyst profile on the premium plan: transcripts are left out."""

EXTENDS = ["analyst"]
MAX_TIER = "premium"
