"""``python -m data_pkg.sandbox`` (also installed as ``data-sandbox``): run the sandbox in the foreground.

Fault settings come from the options, else from ``DATA_SANDBOX_*``
environment variables, else they are off. A bad value exits with status 2
and a message naming it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from data_pkg.net import base_url, bind, cannot_listen, is_loopback
from data_pkg.sandbox._config import SandboxConfig
from data_pkg.sandbox._plans import Quota, parse_quota

__all__ = ["main"]

ENV_PREFIX = "DATA_SANDBOX_"

# option dest -> (converter, help); the environment variable is ENV_PREFIX + dest.upper().
_SETTINGS: dict[str, tuple[Callable[[str], Any], str]] = {
    "latency_ms": (float, "delay added to every API reply, in milliseconds"),
    "error_rate": (float, "fraction of replies that are HTTP 503"),
    "malformed_rate": (float, "fraction of replies that are 200 with a truncated body"),
    "error200_rate": (float, "fraction of replies that are 200 with the quota Error Message body"),
    "drop_rate": (float, "fraction of replies whose connection closes mid-body"),
    "fail_first": (int, "the first N requests to each path answer 503"),
    "seed": (int, "seed of the random fault stream (default 0)"),
    "bulk_rows": (int, "rows in each bulk CSV answer (default 2000)"),
    "list_rows": (int, "at most N rows in each symbol list (default: the upstream's sizes, up to ~48,000)"),
}


def _parser(prog: str = "data-sandbox") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Serve the upstream REST API locally with deterministic synthetic data (keys: demo, sandbox-*).",
        epilog=f"Every fault option can also be set as an environment variable, e.g. {ENV_PREFIX}ERROR_RATE=0.1 "
        f"({ENV_PREFIX}QUOTA takes space-separated KEY=CALLS/SECONDS items). Options win over the environment.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port to listen on; 0 picks a free one (default 8765)")
    parser.add_argument(
        "--allow-remote", action="store_true", help="allow a non-loopback --host (the sandbox has no real security)"
    )
    for dest, (_, text) in _SETTINGS.items():
        parser.add_argument(f"--{dest.replace('_', '-')}", dest=dest, metavar="N", help=text)
    parser.add_argument(
        "--quota",
        action="append",
        default=None,
        metavar="KEY=CALLS/SECONDS",
        help="override a key's quota window, e.g. sandbox-basic=3/60 (repeatable)",
    )
    return parser


def _settings(args: argparse.Namespace, environ: Mapping[str, str]) -> dict[str, Any]:
    """Config keyword arguments from options, falling back to the environment; ValueError names the bad one."""
    kwargs: dict[str, Any] = {}
    for dest, (convert, _) in _SETTINGS.items():
        option, env = getattr(args, dest), environ.get(ENV_PREFIX + dest.upper())
        text, source = (
            (option, f"--{dest.replace('_', '-')}") if option is not None else (env, ENV_PREFIX + dest.upper())
        )
        if text is None or text == "":
            continue
        try:
            kwargs[dest] = convert(text)
        except ValueError:
            kind = "an integer" if convert is int else "a number"
            raise ValueError(f"{source}: expected {kind}, got {text!r}") from None
    quota_items = args.quota if args.quota is not None else environ.get(ENV_PREFIX + "QUOTA", "").split()
    quotas: dict[str, Quota] = {}
    for item in quota_items:
        key, quota = parse_quota(item)
        quotas[key] = quota
    if quotas:
        kwargs["quotas"] = quotas
    return kwargs


def main(argv: Sequence[str] | None = None, *, prog: str = "data-sandbox") -> None:
    """Entry point of ``python -m data_pkg.sandbox`` and ``data-sandbox`` (``prog`` names it in messages)."""
    parser = _parser(prog)
    args = parser.parse_args(argv)
    if not is_loopback(args.host) and not args.allow_remote:
        parser.error(f"refusing to listen on non-loopback host {args.host!r}; pass --allow-remote to do it anyway")
    if not 0 <= args.port <= 65535:
        parser.error(f"--port must be between 0 and 65535, got {args.port}")
    try:
        config = SandboxConfig(**_settings(args, os.environ))
    except ValueError as exc:
        parser.error(str(exc))
    try:
        sock = bind(args.host, args.port)
    except OSError as exc:
        print(f"{parser.prog}: {cannot_listen(args.host, args.port, exc, 'sandbox')}", file=sys.stderr)
        raise SystemExit(1) from None
    url = base_url(sock)
    keys = ", ".join(config.keys())

    def announce() -> None:
        print(f"sandbox listening on {url} (keys: {keys})", file=sys.stderr, flush=True)

    # Imported only now: option errors above are reported without loading the web stack.
    try:
        from data_pkg.sandbox._server import serve_forever
    except ModuleNotFoundError as error:
        from data_pkg.extras import exit_for_missing_extra

        sock.close()
        exit_for_missing_extra(error, "sandbox", "data-sandbox", "the sandbox")

    try:
        serve_forever(config, sock, announce)
    finally:
        sock.close()


if __name__ == "__main__":
    main()
