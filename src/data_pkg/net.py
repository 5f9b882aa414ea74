"""Sockets and addresses, shared by the sandbox and the hosted-compatible server.

Kept apart from :mod:`data_pkg.serving` so that a command line can check its options before importing uvicorn.
"""

from __future__ import annotations

import ipaddress
import socket

__all__ = ["base_url", "bind", "is_loopback"]


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int, *, backlog: int = 1024) -> socket.socket:
    """A listening TCP socket on ``host:port`` (``port=0`` picks a free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # Naming the protocol matters: asyncio only turns Nagle off (TCP_NODELAY) on accepted
    # sockets whose proto is IPPROTO_TCP, and with Nagle on, every reply sent as
    # headers-then-body waits ~40 ms for a delayed ACK.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(backlog)
    except BaseException:
        sock.close()
        raise
    return sock


def base_url(sock: socket.socket) -> str:
    """``http://host:port`` of a bound socket (brackets around an IPv6 host)."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
