"""Raw stdio: stdout carries JSON-RPC and nothing else, and bad input never kills the server."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from data_pkg.sandbox import running_sandbox
from tests.mcp._support import connect, server_env, text
from tests.support import ENVELOPE_REFUSALS

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox() as url:
        yield url


def _until_answered(stream: IO[str], ids: set[int]) -> Iterator[str]:
    waiting = set(ids)
    for line in stream:
        if line.strip():
            yield line
            waiting.discard(json.loads(line).get("id"))
            if not waiting:
                return


def request(id_: int, method: str, params: dict[str, object] | None = None) -> str:
    body: dict[str, object] = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        body["params"] = params
    return json.dumps(body)


def test_stdout_is_only_json_rpc_even_at_debug_and_bad_input_is_survived(sandbox: str, tmp_path: Path) -> None:
    lines = [
        request(
            1,
            "initialize",
            {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}},
        ),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        "this is not json",
        '{"jsonrpc": "2.0", "id": 99, "method": ',  # cut off mid-object
        json.dumps({"jsonrpc": "2.0", "id": 7}),  # neither request nor response
        request(2, "tools/list"),
        request(3, "tools/call", {"name": "quote", "arguments": {"symbol": "AAPL"}}),
        request(4, "tools/call", {"name": "quote", "arguments": {"symbol": ["not", "a", "string"]}}),
        request(5, "tools/call", {"name": "no_such_tool", "arguments": {}}),
        request(6, "tools/call", {"name": "quote", "arguments": "not an object"}),
        request(8, "no/such/method"),
        request(9, "tools/list"),
    ]
    env = server_env(sandbox, DATA_LOG_LEVEL="DEBUG")
    with (tmp_path / "err.log").open("w") as errlog:
        server = subprocess.Popen(
            [sys.executable, "-m", "data_pkg.mcp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errlog,
            env=env,
            text=True,
        )
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("\n".join(lines) + "\n")
        server.stdin.flush()
        out: list[str] = []
        stdout = server.stdout
        # Keep stdin open until every request is answered (they run concurrently): EOF means the client left.
        reader = threading.Thread(
            target=lambda: out.extend(_until_answered(stdout, {1, 2, 3, 4, 5, 6, 8, 9})), daemon=True
        )
        reader.start()
        reader.join(timeout=60)
        server.stdin.close()
        returncode = server.wait(timeout=30)
        server.stdout.close()
    messages = [json.loads(line) for line in out]  # every stdout line is JSON
    assert all(m.get("jsonrpc") == "2.0" for m in messages)
    by_id = {m.get("id"): m for m in messages if "id" in m}
    assert by_id[1]["result"]["serverInfo"]["name"] == "data-pkg"
    assert by_id[2]["result"]["tools"] and by_id[9]["result"]["tools"] == by_id[2]["result"]["tools"]
    assert by_id[3]["result"]["isError"] is False
    assert by_id[4]["result"]["isError"] is True or "error" in by_id[4]
    assert by_id[5]["error"]["code"] == -32602  # an unknown tool
    assert "error" in by_id[6] or by_id[6]["result"]["isError"] is True
    assert "error" in by_id[8]
    assert returncode == 0
    assert "DEBUG" in (tmp_path / "err.log").read_text()  # logs went to stderr


INITIALIZE = request(
    1,
    "initialize",
    {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}},
)
INITIALIZED = json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"})
Message = dict[str, Any]


class RawServer:
    """``python -m data_pkg.mcp`` spoken to in raw lines; every wait for an answer is bounded."""

    def __init__(self, errlog: Path, env: dict[str, str] | None = None) -> None:
        self._err = errlog.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "data_pkg.mcp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._err,
            env=server_env(None) if env is None else env,
        )
        self.received: list[Message] = []  # in the order they were read
        self._lines: queue.Queue[Message | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self._lines.put(json.loads(raw))  # every stdout line is JSON
        self._lines.put(None)

    def send(self, *lines: str | bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"".join((x if isinstance(x, bytes) else x.encode()) + b"\n" for x in lines))
        self.process.stdin.flush()

    def answer(self, id_: object, within: float = 60) -> Message:
        """The answer to the request ``id_``, reading (and keeping) whatever comes before it."""
        for seen in self.received:
            if seen.get("id") == id_ and ("result" in seen or "error" in seen):
                return seen
        while True:
            try:
                message = self._lines.get(timeout=within)
            except queue.Empty:
                raise AssertionError(f"no answer to {id_!r} within {within} s; got {self.received}") from None
            if message is None:
                raise AssertionError(f"stdout closed before an answer to {id_!r}; got {self.received}")
            self.received.append(message)
            if message.get("id") == id_:
                return message

    def close(self) -> int:
        """Close stdin (EOF) and return the exit status."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        returncode = self.process.wait(timeout=30)
        self.process.stdout.close()
        self._err.close()
        return returncode


HUGE_NUMBER = "1" * 5000  # valid JSON, beyond what the JSON parser takes as a number

# Each line, and the (code, id) of the error it must be answered with; None: it must not be answered.
MALFORMED: list[tuple[str | bytes, tuple[int, object] | None]] = [
    ("this is not json", (-32700, None)),
    ('{"jsonrpc": "2.0", "id": 99, "method": ', (-32700, None)),  # cut off mid-object: its id is unknown
    (b'{"jsonrpc": "2.0", "id": 98, "method": "ping", "params": {"x": "\xff"}}', (-32700, None)),  # not UTF-8
    ("[" * 5000 + "]" * 5000, (-32700, None)),  # valid JSON, but deeper than a parser should follow
    # Too deep as well, but its id is at the top, readable: the refusal carries it.
    ('{"jsonrpc": "2.0", "id": 15, "method": "ping", "params": {"x": ' + "[" * 200 + "]" * 200 + "}}", (-32700, 15)),
    (
        '{"jsonrpc": "2.0", "method": "ping", "params": {"a": {"b": "]}"}, "x": '
        + "[" * 3000
        + "]" * 3000
        + '}, "id": "deep"}',
        (-32700, "deep"),
    ),
    (json.dumps([json.loads(request(10, "ping"))]), (-32600, None)),  # batches are not supported
    ("[]", (-32600, None)),
    ("42", (-32600, None)),
    (json.dumps({"jsonrpc": "2.0", "id": 7}), (-32600, 7)),  # neither request nor response
    (json.dumps({"jsonrpc": "2.0", "id": 8, "method": "tools/list", "params": [1, 2]}), (-32602, 8)),
    (json.dumps({"jsonrpc": "2.0", "id": 81, "method": "tools/list", "params": "x"}), (-32600, 81)),
    (json.dumps({"id": 9, "method": "tools/list"}), (-32600, 9)),  # no "jsonrpc"
    (json.dumps({"jsonrpc": "1.0", "id": "nine", "method": "tools/list"}), (-32600, "nine")),
    (json.dumps({"jsonrpc": "2.0", "id": None, "method": "tools/list"}), (-32600, None)),
    (json.dumps({"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}), (-32600, None)),
    (json.dumps({"jsonrpc": "2.0", "id": 1.5, "method": "tools/list"}), (-32600, None)),
    (json.dumps({"jsonrpc": "2.0", "id": 12, "method": 5}), (-32600, 12)),
    (json.dumps({"jsonrpc": "2.0", "method": 5}), (-32600, None)),  # not a valid notification either
    ('{"jsonrpc": "2.0", "id": 14, "method": "ping", "params": {"n": ' + HUGE_NUMBER + "}}", (-32602, 14)),
    (json.dumps({"jsonrpc": "2.0", "method": "notifications/progress", "params": [1]}), None),  # a notification
    (json.dumps({"jsonrpc": "2.0", "id": 13, "result": 5}), None),  # a response is never answered
    ("   ", None),
]


def test_an_envelope_is_refused_as_data_hosted_refuses_it(tmp_path: Path) -> None:
    server = RawServer(tmp_path / "err.log")
    server.send(INITIALIZE, INITIALIZED)
    assert "result" in server.answer(1)
    server.send(*(body for body, _, _ in ENVELOPE_REFUSALS), request(20, "ping"))
    assert "result" in server.answer(20)
    assert server.close() == 0
    errors = [(m["error"]["code"], m["error"]["message"]) for m in server.received if "error" in m]
    assert errors == [(code, message) for _, code, message in ENVELOPE_REFUSALS]


def test_every_malformed_line_gets_a_json_rpc_error_and_the_server_keeps_serving(tmp_path: Path) -> None:
    server = RawServer(tmp_path / "err.log")
    server.send(INITIALIZE, INITIALIZED)
    assert "result" in server.answer(1)
    server.send(*(line for line, _ in MALFORMED), request(20, "tools/list"))
    assert server.answer(20)["result"]["tools"]
    assert server.close() == 0
    errors = [m for m in server.received if "error" in m]
    # Answered in the order the lines came, each with the id it carried when one could be read.
    assert [(e["error"]["code"], e["id"]) for e in errors] == [answer for _, answer in MALFORMED if answer]
    for error in errors:
        assert set(error) == {"jsonrpc", "id", "error"} and error["jsonrpc"] == "2.0"
        message = error["error"]["message"]
        assert message.split(":")[0] in ("Parse error", "Invalid Request", "Invalid params") and len(message) < 300
    log = (tmp_path / "err.log").read_text()
    assert log.count("stdin line") == len(MALFORMED) - 1  # each rejected line is logged, the blank one is skipped


# A lone surrogate escape: valid JSON, but not text any UTF-8 message can carry back.
SURROGATES: list[tuple[str, tuple[int, object] | None]] = [
    ('{"jsonrpc": "2.0", "id": "\\ud800", "method": "ping"}', (-32600, "\ud800")),  # the id, escaped as sent
    ('{"jsonrpc": "2.0", "id": "a\\udfffb", "method": "tools/list"}', (-32600, "a\udfffb")),
    ('{"jsonrpc": "2.0", "id": 31, "method": "\\ud800"}', (-32600, 31)),
    ('{"jsonrpc": "2.0", "id": 32, "method": "tools/call", "params": {"name": "\\ud800"}}', (-32602, 32)),
    ('{"jsonrpc": "2.0", "id": 33, "method": "ping", "params": {"_meta": {"\\udc00": 1}}}', (-32602, 33)),
    ('{"jsonrpc": "2.0", "method": "notifications/\\ud800"}', None),  # a notification is never answered
]


def test_a_lone_surrogate_in_a_request_is_answered_and_the_server_lives_on(tmp_path: Path) -> None:
    server = RawServer(tmp_path / "err.log")
    server.send(INITIALIZE, INITIALIZED)
    assert "result" in server.answer(1)
    for line, expected in SURROGATES:
        server.send(line, request(40, "ping"))
        assert server.answer(40)["result"] == {}, "the server lives on"
        server.received.remove({"jsonrpc": "2.0", "id": 40, "result": {}})
        errors = [m for m in server.received if "error" in m]
        assert [(e["error"]["code"], e["id"]) for e in errors] == ([expected] if expected else [])
        for error in errors:
            assert "lone surrogate" in error["error"]["message"] and "not Unicode text" in error["error"]["message"]
        server.received.clear()
    assert server.close() == 0


def test_the_error_says_what_is_wrong(tmp_path: Path) -> None:
    server = RawServer(tmp_path / "err.log")
    server.send(
        json.dumps({"id": 9, "method": "tools/list"}),
        json.dumps({"jsonrpc": "2.0", "id": 8, "method": "tools/list", "params": [1, 2]}),
        json.dumps([json.loads(request(10, "ping"))]),
        '{"jsonrpc": "2.0", "id": 99, "method": ',
        request(20, "ping"),
    )
    server.answer(20)
    server.close()
    said = [m["error"]["message"] for m in server.received if "error" in m]
    assert '"jsonrpc"' in said[0] and '"2.0"' in said[0]
    assert "object" in said[1] and "array" in said[1]
    assert "batch" in said[2].lower()
    assert "column" in said[3]


def test_an_overlong_line_is_refused_with_its_id_when_it_comes_first_and_the_next_one_served(tmp_path: Path) -> None:
    # Before, the refusal had "id": null whatever the line, so the client waited for an answer to its request.
    server = RawServer(tmp_path / "err.log")
    big = "a" * (17 * 2**20)
    server.send('{"jsonrpc": "2.0", "id": 5, "method": "ping", "params": {"x": "' + big + '"}}')
    server.send('{"jsonrpc": "2.0", "method": "ping", "params": {"x": "' + big + '"}, "id": 6}')
    server.send(request(20, "ping"))
    assert server.answer(20)["result"] == {}
    assert server.close() == 0
    first, second = [m for m in server.received if "error" in m]
    assert first["id"] == 5 and second["id"] is None  # an id after the long part is never read
    for refused in (first, second):
        assert refused["error"]["code"] == -32600 and "longer than 16777216 bytes" in refused["error"]["message"]


def test_a_request_before_initialize_says_to_initialize_first(tmp_path: Path) -> None:
    server = RawServer(tmp_path / "err.log")
    asked: list[tuple[int, str, dict[str, object] | None]] = [
        (2, "tools/list", None),
        (3, "tools/call", {"name": "quote", "arguments": {}}),
    ]
    for id_, method, params in asked:
        server.send(request(id_, method, params))
        message = server.answer(id_)["error"]["message"]
        assert "not initialized" in message and "send initialize" in message
    server.send(INITIALIZE, INITIALIZED, request(4, "tools/list"))
    assert server.answer(4)["result"]["tools"]
    assert server.close() == 0


def test_files_as_stdin_and_stdout_are_served_too(tmp_path: Path) -> None:
    """Not pipes (a file redirected in, a file out): the same answers, and EOF ends the server."""
    requests = tmp_path / "in.jsonl"
    requests.write_text("\n".join([INITIALIZE, "this is not json", json.dumps({"id": 9, "method": "ping"})]) + "\n")
    answers = tmp_path / "out.jsonl"
    with requests.open("rb") as stdin, answers.open("wb") as stdout, (tmp_path / "err.log").open("w") as err:
        done = subprocess.run(
            [sys.executable, "-m", "data_pkg.mcp"],
            stdin=stdin,
            stdout=stdout,
            stderr=err,
            env=server_env(None),
            timeout=60,
        )
    assert done.returncode == 0
    by_id = {m["id"]: m for m in map(json.loads, answers.read_text().splitlines())}
    assert "result" in by_id[1]
    assert by_id[None]["error"]["code"] == -32700 and by_id[9]["error"]["code"] == -32600


def _served(lines: list[str], env: dict[str, str], tmp_path: Path) -> tuple[int, dict[object, Message]]:
    """Write ``lines`` to a fresh server and close stdin at once: its exit status and every answer, by id."""
    with (tmp_path / "err.log").open("w") as errlog:
        done = subprocess.run(
            [sys.executable, "-m", "data_pkg.mcp"],
            input="\n".join(lines) + "\n",
            capture_output=False,
            stdout=subprocess.PIPE,
            stderr=errlog,
            env=env,
            text=True,
            timeout=90,
        )
    return done.returncode, {m["id"]: m for m in map(json.loads, done.stdout.splitlines())}


def test_everything_read_before_end_of_input_is_answered(tmp_path: Path) -> None:
    pings = [request(i, "ping") for i in range(2, 12)]
    returncode, answers = _served([INITIALIZE, *pings], server_env(None), tmp_path)
    assert returncode == 0
    assert "result" in answers[1] and all(answers[i]["result"] == {} for i in range(2, 12))


def test_a_call_in_flight_at_end_of_input_is_answered_before_the_server_exits(sandbox: str, tmp_path: Path) -> None:
    calls = [request(i, "tools/call", {"name": "quote", "arguments": {"symbol": "AAPL"}}) for i in range(2, 12)]
    lines = [INITIALIZE, INITIALIZED, *calls, request(12, "tools/list"), request(13, "ping")]
    returncode, answers = _served(lines, server_env(sandbox), tmp_path)
    assert returncode == 0
    assert sorted(answers, key=str) == sorted(range(1, 14), key=str)
    assert all(answers[i]["result"]["isError"] is False for i in range(2, 12))
    assert answers[12]["result"]["tools"] and answers[13]["result"] == {}


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("tool", "arguments", "fragment"),
    [
        ("quote", {"symbol": "A" * 70_000}, "symbol is too long: 70,000 characters (at most 1,000)"),
        ("income_statement", {"symbol": "AAPL", "limit": "1" * 70_000}, "limit must be a whole number"),
        ("income_statement", {"symbol": "AAPL", "limit": 10**4000}, "limit is out of range"),
    ],
)
async def test_a_value_too_long_to_send_is_a_bad_arguments_result(
    sandbox: str, tmp_path: Path, tool: str, arguments: dict[str, object], fragment: str
) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        result = await client.call_tool(tool, arguments)
        assert (await client.call_tool("quote", {"symbol": "AAPL"})).is_error is False  # still serving
    assert result.is_error is True
    assert text(result).startswith("[bad_arguments] ") and fragment in text(result)
    assert len(text(result)) < 400


STRAY_OUTPUT = """
import os, sys
import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage
from data_pkg.mcp._stdio import stdio_transport

async def main():
    async with stdio_transport() as (read, write):
        print("stray print", flush=True)
        os.write(1, b"stray write\\n")
        print("fd 0 reads", os.read(0, 100), file=sys.stderr, flush=True)
        async with read:
            async for item in read:
                answer = types.JSONRPCResponse(jsonrpc="2.0", id=item.message.id, result={})
                await write.send(SessionMessage(answer))
        await write.aclose()
    print("restored", flush=True)

anyio.run(main)
"""


def test_stray_output_while_serving_goes_to_stderr_and_stdout_is_restored_after(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", STRAY_OUTPUT],
        input=(request(1, "ping") + "\n" + request(2, "ping") + "\n").encode(),
        capture_output=True,
        env=server_env(None),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    *answers, last = done.stdout.decode().splitlines()
    assert [json.loads(line) for line in answers] == [
        {"jsonrpc": "2.0", "id": 1, "result": {}},
        {"jsonrpc": "2.0", "id": 2, "result": {}},
    ]
    assert last == "restored"
    assert b"stray print" in done.stderr and b"stray write" in done.stderr
    assert b"fd 0 reads b''" in done.stderr  # nothing can take a request from the wire
