"""data_pkg.files: the one reader refuses what is not a regular file and stops at its bound; the one writer
replaces a file whole or not at all, also when the disk refuses the write (RLIMIT_FSIZE, in a child process)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from data_pkg.files import read_regular, write_atomic

POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and devices as POSIX has them")


@POSIX
def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "desk.yaml")
    with pytest.raises(OSError, match="a named pipe \\(FIFO\\), not a regular file"):
        read_regular(tmp_path / "desk.yaml", limit=1024)


@POSIX
def test_a_link_to_a_device_is_refused_and_a_long_file_stops_at_the_bound(tmp_path: Path) -> None:
    os.symlink("/dev/zero", tmp_path / "zero.yaml")
    with pytest.raises(OSError, match="a device, not a regular file"):
        read_regular(tmp_path / "zero.yaml", limit=1024)
    (tmp_path / "big.yaml").write_bytes(b"x" * 1025)
    with pytest.raises(OSError, match="larger than 1,024 bytes"):
        read_regular(tmp_path / "big.yaml", limit=1024)
    assert read_regular(tmp_path / "big.yaml", limit=1025) == b"x" * 1025


def test_a_nul_in_the_name_is_an_oserror_not_a_valueerror(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="a NUL character in the name"):
        read_regular(tmp_path / "a\0b.yaml", limit=1024)


def test_a_written_file_is_private_unless_asked_otherwise(tmp_path: Path) -> None:
    write_atomic(tmp_path / "key.json", b"{}")
    assert stat.S_IMODE((tmp_path / "key.json").stat().st_mode) == 0o600
    previous = os.umask(0o022)
    try:
        write_atomic(tmp_path / "lock.json", b"{}", mode=None)
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "lock.json").stat().st_mode) == 0o644


_WRITE_PAST_THE_CAP = """
import resource, sys
from data_pkg.files import write_atomic
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
try:
    write_atomic(sys.argv[1], b"new" * 10_000)
except OSError as error:
    print(error.strerror)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE as Linux applies it")
def test_a_write_the_disk_refuses_leaves_the_old_file_whole_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "desk.lock.json"
    target.write_bytes(b"old")
    done = subprocess.run(
        [sys.executable, "-c", _WRITE_PAST_THE_CAP, str(target)], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout == "File too large\n"  # EFBIG: what a process over its file-size limit gets, as on a full disk
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["desk.lock.json"]
