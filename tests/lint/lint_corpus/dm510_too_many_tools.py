"""Every tool: more than some hosts take."""

INCLUDE = ["*"]
