"""Session tokens: signed, so any worker can check one without a lookup.

A session id is a token ``s1.<id>.<issued>.<signature>``: 16 random bytes, the
issue time (Unix seconds) and an HMAC over both plus the caller's key tag. Any
worker holding the secret can check a token without a lookup, and a token
presented with another key fails the check, exactly as an unknown one does.
A session also ends ``max_age`` seconds after it was issued, busy or not.

What the signature cannot say is whether the session was ended (DELETE), has
been idle too long or was evicted: :mod:`data_hosted._session_table` keeps
that record.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["SessionTokens", "Token", "key_tag"]

_VERSION = "s1"


def key_tag(secret: bytes, api_key: str) -> str:
    """A stable, non-reversible name for an API key: what logs, Redis and caches see instead of the key."""
    return hmac.new(secret, b"key\x00" + api_key.encode(), hashlib.sha256).hexdigest()[:32]


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass(frozen=True)
class Token:
    """A checked token's parts."""

    session_id: str
    issued: int


class SessionTokens:
    """Makes and checks signed session tokens."""

    def __init__(self, secret: bytes, *, max_age: float, clock: Callable[[], float] = time.time) -> None:
        self._secret = secret
        self.max_age = max_age
        self._clock = clock

    def _signature(self, session_id: str, issued: int, tag: str) -> str:
        message = f"{_VERSION}.{session_id}.{issued}.{tag}".encode()
        return _b64(hmac.new(self._secret, message, hashlib.sha256).digest()[:18])

    def issue(self, tag: str) -> tuple[str, Token]:
        """A new token for the key with ``tag``, and its parts."""
        session_id = _b64(secrets.token_bytes(16))
        issued = int(self._clock())
        return f"{_VERSION}.{session_id}.{issued}.{self._signature(session_id, issued, tag)}", Token(session_id, issued)

    def check(self, token: str, tag: str) -> Token | None:
        """The token's parts when it is ours, for this key, and younger than ``max_age``; else None."""
        if len(token) > 128:
            return None
        parts = token.split(".")
        if len(parts) != 4 or parts[0] != _VERSION or not parts[2].isdigit():
            return None
        session_id, issued = parts[1], int(parts[2])
        if not hmac.compare_digest(parts[3], self._signature(session_id, issued, tag)):
            return None
        if self._clock() - issued > self.max_age:
            return None
        return Token(session_id, issued)
