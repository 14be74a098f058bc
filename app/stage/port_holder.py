"""Which program holds a local TCP port, so "the port is taken" can say by whom.

On Linux the kernel lists listening sockets in /proc/net/tcp and tcp6 (local address, state, inode); a
process's open sockets are the links "socket:[inode]" in /proc/<pid>/fd. Another user's processes cannot be
read without root: then the answer is "" and the caller says the port is held by another program. Elsewhere
psutil answers when it is installed.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

LISTEN = "0A"


def listening_inodes(port: int, proc: Path = Path("/proc")) -> set[str]:
    """The inodes of sockets listening on `port` (any local address)."""
    found = set()
    for table in ("tcp", "tcp6"):
        try:
            lines = (proc / "net" / table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) < 10 or fields[3] != LISTEN:
                continue
            if int(fields[1].rsplit(":", 1)[1], 16) == port:
                found.add(fields[9])
    return found


def _name(pid: int, proc: Path) -> str:
    try:
        argv = (proc / str(pid) / "cmdline").read_bytes().split(b"\0")
        words = [w.decode(errors="replace") for w in argv if w]
    except OSError:
        words = []
    if not words:
        with contextlib.suppress(OSError):
            return (proc / str(pid) / "comm").read_text().strip()
        return "?"
    program = os.path.basename(words[0])
    if program.startswith("python") and len(words) > 2 and words[1] == "-m":   # says more than "python3"
        return f"{program} -m {words[2]}"[:80]
    if program.startswith("python") and len(words) > 1 and not words[1].startswith("-"):
        return f"{program} {os.path.basename(words[1])}"[:80]
    return program[:80]


def holder(port: int, proc: Path = Path("/proc")) -> str:
    """"<program> (process <pid>)" for the process listening on `port`, or "" when that cannot be known."""
    if proc.is_dir():
        inodes = {f"socket:[{i}]" for i in listening_inodes(port, proc)}
        if not inodes:
            return ""
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                for fd in (entry / "fd").iterdir():
                    with contextlib.suppress(OSError):
                        if os.readlink(fd) in inodes:
                            return f"{_name(int(entry.name), proc)} (process {entry.name})"
        return ""
    try:
        import psutil
    except ImportError:
        return ""
    with contextlib.suppress(Exception):
        for conn in psutil.net_connections("tcp"):
            if conn.status == psutil.CONN_LISTEN and conn.laddr and conn.laddr.port == port and conn.pid:
                return f"{psutil.Process(conn.pid).name()} (process {conn.pid})"
    return ""
