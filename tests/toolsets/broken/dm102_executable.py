"""Broken on purpose: code in a manifest is reported, never run."""

import os

TOOLS = ["company.quote", os.environ["HOME"]]
INCLUDE = [name for name in ("a", "b")]
__import__("os").system("echo pwned")
