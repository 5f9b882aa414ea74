"""Sockets and addresses, shared by the sandbox and the hosted-compatible server.

Kept apart from :mod:`data_pkg.serving` so that a command line can check its options before importing uvicorn.
"""

from __future__ import annotations

import errno
import ipaddress
import socket
from collections.abc import Collection
from urllib.parse import urlsplit

__all__ = ["base_url", "bind", "cannot_listen", "host_allowed", "hostname", "is_loopback", "origin_allowed"]


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only.

    ``localhost`` (any case), the whole of 127.0.0.0/8, ``::1``, an IPv6 address in brackets as a URL or a
    ``Host`` header writes it (``[::1]``), and IPv4-mapped forms of those (``::ffff:127.0.0.1``). Anything
    else, a name that may resolve elsewhere included, is not.
    """
    if host.lower() == "localhost":
        return True
    bracketed = host.startswith("[") and host.endswith("]")
    if bracketed:
        host = host[1:-1]
    if bracketed and ":" not in host:
        return False  # brackets hold an IPv6 address, never an IPv4 one or a name
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    # Python 3.13 started calling mapped loopback addresses loopback; older versions do not: ask the IPv4 side.
    mapped = getattr(address, "ipv4_mapped", None)
    return (mapped or address).is_loopback


def hostname(authority: str) -> str:
    """The host of a ``Host``/``Origin`` authority, lower-cased, without its port (IPv6 kept in brackets)."""
    if authority.startswith("["):
        return authority[: authority.find("]") + 1].lower()
    return authority.rsplit(":", 1)[0].lower() if authority.count(":") == 1 else authority.lower()


def origin_allowed(origin: str, allowed: Collection[str]) -> bool:
    """Whether a browser's ``Origin`` may call a server: a loopback page (http or https), one of ``allowed``
    (written without a trailing slash), or anything when ``allowed`` holds ``*``.

    A page elsewhere is refused however it reached the server (a DNS-rebinding page included), and so is
    ``null`` (a sandboxed frame, a local file).
    """
    if "*" in allowed or origin.rstrip("/") in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and is_loopback(hostname(parts.netloc))


def host_allowed(host: str, allowed: Collection[str]) -> bool:
    """Whether a request's ``Host`` names this server: a loopback name, one of ``allowed`` (with or without
    the port), or anything when ``allowed`` holds ``*``.

    The DNS-rebinding defence: a page whose name was made to resolve to 127.0.0.1 still sends its own name.
    """
    name = hostname(host)
    return "*" in allowed or host in allowed or name in allowed or is_loopback(name)


def cannot_listen(host: str, port: int, error: OSError, what: str) -> str:
    """Why :func:`bind` failed on ``host:port``, and, for a port that is taken, what to do.

    ``what`` names the kind of server (``sandbox``, ``server``): a taken port is most often one
    started earlier and still running.
    """
    text = f"cannot listen on {host}:{port}: {error.strerror or error}"
    if error.errno == errno.EADDRINUSE:
        text += f" (another {what} may be running there: stop it, or pass another --port, 0 for any free one)"
    return text


def bind(host: str, port: int, *, backlog: int = 1024) -> socket.socket:
    """A listening TCP socket on ``host:port`` (``port=0`` picks a free one)."""
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]  # as a URL writes it; the socket wants the bare address
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
