#!/usr/bin/env bash
# Installs the MCP Inspector CLI, and a Node.js it supports (>= 22; both from the npm registry),
# into .ci/node. The Inspector test uses it when present and is skipped with a reason otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=.ci/node
if [ -x "$prefix/node_modules/.bin/mcp-inspector" ] && [ -x "$prefix/node_modules/.bin/node" ]; then
  exit 0
fi
command -v npm >/dev/null 2>&1 || { echo "npm not found: the Inspector test will be skipped" >&2; exit 0; }
npm install --silent --no-audit --no-fund --prefix "$prefix" node@22 @modelcontextprotocol/inspector@2.12.0 >&2
