"""The stdio inbox's order: ping and tools/list overtake the tool calls queued at its end, nothing else moves."""

from __future__ import annotations

import anyio
import mcp_types as types
import pytest

from data_pkg.mcp._inbox import Inbox, Unanswered

pytestmark = pytest.mark.anyio


def call(id_: int) -> types.JSONRPCRequest:
    return types.JSONRPCRequest(jsonrpc="2.0", id=id_, method="tools/call", params={"name": "quote"})


def asked(id_: int | str, method: str) -> types.JSONRPCRequest:
    return types.JSONRPCRequest(jsonrpc="2.0", id=id_, method=method)


def cancelled(id_: int) -> types.JSONRPCNotification:
    return types.JSONRPCNotification(jsonrpc="2.0", method="notifications/cancelled", params={"requestId": id_})


async def order(*messages: types.JSONRPCMessage) -> list[object]:
    inbox = Inbox()
    for message in messages:
        await inbox.put(message, 10)
    inbox.close()
    taken = []
    while (message := await inbox.get()) is not None:
        taken.append(getattr(message, "id", getattr(message, "method", None)))
    return taken


async def test_a_ping_overtakes_queued_calls_and_pings_keep_their_order() -> None:
    assert await order(
        call(1), call(2), asked("p1", "ping"), call(3), asked("p2", "ping"), asked("l", "tools/list")
    ) == [
        "p1",
        "p2",
        "l",
        1,
        2,
        3,
    ]


async def test_nothing_overtakes_a_notification_or_another_request() -> None:
    # The cancellation names call 1: moving the ping ahead of it is fine, moving anything past it is not.
    assert await order(call(1), cancelled(1), call(2), asked("p", "ping")) == [1, "notifications/cancelled", "p", 2]
    assert await order(call(1), asked("x", "resources/list"), call(2), asked("p", "ping")) == [1, "x", "p", 2]


async def test_a_full_inbox_waits_for_room() -> None:
    inbox = Inbox(max_messages=2)
    await inbox.put(call(1), 10)
    await inbox.put(call(2), 10)
    done: list[int] = []

    async def third() -> None:
        await inbox.put(call(3), 10)
        done.append(3)

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(third)
        await anyio.wait_all_tasks_blocked()
        assert done == []  # stdin is not read further while the session is behind
        assert await inbox.get() == call(1)
    assert done == [3]


async def test_cancelled_and_answered_requests_are_not_waited_for() -> None:
    pending = Unanswered()
    for message in (call(1), call(2), asked("l", "subscriptions/listen"), cancelled(2)):
        pending.track(message)
    assert pending.left() == [1]
    pending.settle(1)
    await pending.all_answered()  # returns at once: nothing left
    assert pending.left() == []
