"""Nobody can fill the session table: keys are checked upstream first, and the table makes room by evicting.

Against the sandbox (valid keys ``demo``, ``sandbox-basic`` ...; any other key is refused with 401) and a
private redis-server, on loopback; the loops are bounded (a few hundred made-up keys against a small table).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from urllib.parse import parse_qsl

import httpx2
import pytest
import redis

from data_hosted import create_app
from data_hosted._serve import running
from data_hosted._session_table import ALL_KEY, KEY_PREFIX
from tests.hosted._support import (
    BASIC_KEY,
    INITIALIZE,
    KEY,
    OTHER_KEY,
    TIMEOUT,
    Upstream,
    headers,
    open_session,
    rpc,
    with_key,
)
from tests.hosted.conftest import hosted_config

MakeServer = Callable[..., tuple[str, Upstream]]

GARBAGE = 300
"""Made-up keys sent at a table with room for far fewer sessions."""
TABLE = 20
# The flood is about the session table: the bound on key checks (tested in test_hosted_key_checks) is lifted here.
CHECKS = {"key_checks_per_client": 2 * GARBAGE, "key_checks": 2 * GARBAGE}


@pytest.fixture
def http() -> Iterator[httpx2.Client]:
    with httpx2.Client(timeout=TIMEOUT) as client:
        yield client


def _is_open(http: httpx2.Client, url: str, session: str, key: str = KEY) -> bool:
    response = http.post(with_key(url, key), headers=headers(session), json=rpc("ping"))
    assert response.status_code in (200, 404), response.text
    return response.status_code == 200


def _flood(http: httpx2.Client, url: str) -> None:
    for number in range(GARBAGE):
        key = f"made-up-key-{number:04d}"
        refused = http.post(with_key(url, key), headers=headers(), json=INITIALIZE)
        assert refused.status_code == 401, refused.text
        assert "rejected this API key" in refused.json()["error"]["message"]
        assert key not in refused.text and "mcp-session-id" not in refused.headers


def test_made_up_keys_get_no_session_and_real_users_still_get_in(http: httpx2.Client, sandbox: str) -> None:
    app = create_app(hosted_config(sandbox, max_sessions=TABLE, **CHECKS))
    with running(app) as url:
        _flood(http, url)
        for key in ("demo", BASIC_KEY, KEY):
            session = open_session(http, url, key=key)
            assert _is_open(http, url, session, key)


def test_with_redis_made_up_keys_leave_nothing_behind_and_every_session_key_expires(
    http: httpx2.Client, sandbox: str, redis_url: str
) -> None:
    own_db = redis_url.rsplit("/", 1)[0] + "/6"
    with redis.Redis.from_url(own_db) as client:
        client.flushdb()
        app = create_app(hosted_config(sandbox, redis_url=own_db, max_sessions=TABLE, session_idle=600.0, **CHECKS))
        with running(app) as url:
            _flood(http, url)
            assert client.dbsize() == 0
            session = open_session(http, url, key=KEY)
            assert _is_open(http, url, session, KEY)
            written = client.keys("*")
            ttls = {key: client.pttl(key) for key in written}
            stored = b"".join([*written, *(client.dump(key) or b"" for key in written)])
    session_id = session.split(".")[1]
    assert {key.decode().split(":")[1] for key in written} == {"session", "sessions_of", "sessions"}
    assert (KEY_PREFIX + session_id).encode() in written and ALL_KEY.encode() in written
    assert all(0 < ttl <= 600_000 for ttl in ttls.values()), ttls
    assert KEY.encode() not in stored


def test_a_keys_verdict_is_asked_once_and_remembered(http: httpx2.Client, make_server: MakeServer) -> None:
    def answer(request: httpx2.Request) -> httpx2.Response:
        if dict(parse_qsl(request.url.query.decode()))["apikey"] == KEY:
            return httpx2.Response(200, json=[{"symbol": "AAPL"}])
        return httpx2.Response(401, json={"Error Message": "Invalid API KEY."})

    url, upstream = make_server(handler=answer)
    for _ in range(5):
        open_session(http, url)
        assert http.post(with_key(url, "not-a-key"), headers=headers(), json=INITIALIZE).status_code == 401
    asked = [dict(parse_qsl(r.url.query.decode()))["apikey"] for r in upstream.requests]
    assert sorted(asked) == sorted([KEY, "not-a-key"])
    assert all(r.url.path == "/stable/profile" for r in upstream.requests)


def test_an_upstream_that_cannot_answer_the_key_check_is_503_and_not_remembered(
    http: httpx2.Client, make_server: MakeServer
) -> None:
    url, upstream = make_server(
        handler=lambda request: httpx2.Response(503, text="down"), env={"DATA_MAX_RETRIES": "0"}
    )
    refused = http.post(with_key(url), headers=headers(), json=INITIALIZE)
    assert refused.status_code == 503 and refused.headers["retry-after"]
    assert "could not be asked whether this API key is valid" in refused.json()["error"]["message"]
    upstream.handler = lambda request: httpx2.Response(200, json=[{"symbol": "AAPL"}])
    assert _is_open(http, url, open_session(http, url))


def test_a_key_at_its_session_bound_ends_its_own_least_recently_used_session(
    http: httpx2.Client, make_server: MakeServer
) -> None:
    url, _ = make_server(max_sessions_per_key=2)
    others = open_session(http, url, key=OTHER_KEY)
    first, second = open_session(http, url), open_session(http, url)
    assert _is_open(http, url, first)  # second is now the key's least recently used
    third = open_session(http, url)
    assert not _is_open(http, url, second)
    assert _is_open(http, url, first) and _is_open(http, url, third)
    assert _is_open(http, url, others, OTHER_KEY)


def test_a_full_table_ends_the_least_recently_used_session_instead_of_refusing(
    http: httpx2.Client, make_server: MakeServer
) -> None:
    url, _ = make_server(max_sessions=3)
    first, second = open_session(http, url), open_session(http, url, key=OTHER_KEY)
    third = open_session(http, url)
    assert _is_open(http, url, first)  # second is now the least recently used
    fourth = open_session(http, url, key=OTHER_KEY)
    assert not _is_open(http, url, second, OTHER_KEY)
    assert _is_open(http, url, first) and _is_open(http, url, third) and _is_open(http, url, fourth, OTHER_KEY)
