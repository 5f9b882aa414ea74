"""What the MCP SDK client (or a test) starts in place of ``python -m MODULE``: see ``tests/preforked.py``.

``python -I -S tests/preforked_launch.py SOCKET -m MODULE ARGS...`` hands this process's stdin, stdout and stderr,
environment, working directory, umask and whether it ignores Ctrl-C to the preforked interpreter listening on SOCKET, which forks a child that
runs MODULE with ARGS. This process forwards the signals it gets to that child and exits as the child exited (with
its code, or killed by the same signal). Killed outright, it takes the child with it (the preforked interpreter sees
its connection close). Standard library only, and started with ``-I -S``: it costs a few milliseconds.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import struct
import sys

FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2)
HEADER = struct.Struct("!I")  # as tests/preforked.py reads it

child: list[int] = []
pending: list[int] = []


def forward(signum: int, _frame: object) -> None:
    if child:
        os.kill(child[0], signum)
    else:
        pending.append(signum)  # before the child exists: sent as soon as it does


def main() -> None:
    address, args = sys.argv[1], sys.argv[2:]
    # Inherited ignored (a background job's), Ctrl-C must stay ignored in the child, as in a fresh interpreter.
    sigint_ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    for signum in FORWARDED:
        signal.signal(signum, forward)
    umask = os.umask(0)
    os.umask(umask)
    start = {
        "args": args,
        "env": dict(os.environ),
        "cwd": os.getcwd(),
        "umask": umask,
        "sigint_ignored": sigint_ignored,
    }
    request = json.dumps(start).encode()
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(address)
    except OSError as error:
        log = os.path.join(os.path.dirname(address), "forker.log")
        sys.exit(f"preforked_launch: no preforked interpreter at {address} ({error}); what it said is in {log}")
    socket.send_fds(connection, [HEADER.pack(len(request))], [0, 1, 2])
    connection.sendall(request)
    # The child has its own copies now: ours must not keep the pipes open after it ends (stderr is kept for our
    # own last words, and ends with us).
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    replies = connection.makefile("rb")
    child.append(int(replies.readline()))
    for waiting in pending:
        os.kill(child[0], waiting)
    status_line = replies.readline()
    if not status_line:
        sys.exit("preforked_launch: the preforked interpreter went away before the child ended")
    status = int(status_line)
    if os.WIFSIGNALED(status):
        killed_by = os.WTERMSIG(status)
        signal.signal(killed_by, signal.SIG_DFL)
        os.kill(os.getpid(), killed_by)
    os._exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
