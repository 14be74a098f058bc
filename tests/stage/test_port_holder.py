"""Who holds a port: read from the kernel's socket tables and each process's open files (a /proc laid out in
tmp_path, then the real one with a socket this test holds)."""

import os
import socket

from app.stage.port_holder import holder, listening_inodes

HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"


def fake_proc(tmp_path, port: int, state: str = "0A"):
    proc = tmp_path / "proc"
    (proc / "net").mkdir(parents=True)
    (proc / "net" / "tcp").write_text(
        HEADER + f"   0: 0100007F:{port:04X} 00000000:0000 {state} 00000000:00000000 00:00000000 00000000  "
                 "1000        0 424242 1 0000000000000000 100 0 0 10 0\n")
    (proc / "net" / "tcp6").write_text(HEADER)
    for pid, argv, inode in ((77, [b"/usr/bin/obs"], "1"), (4321, [b"/usr/bin/python3", b"-m", b"app"], "424242")):
        (proc / str(pid) / "fd").mkdir(parents=True)
        (proc / str(pid) / "cmdline").write_bytes(b"\0".join(argv) + b"\0")
        os.symlink(f"socket:[{inode}]", proc / str(pid) / "fd" / "9")
    return proc


def test_the_listening_socket_leads_to_its_process(tmp_path):
    proc = fake_proc(tmp_path, 7455)
    assert listening_inodes(7455, proc) == {"424242"}
    assert holder(7455, proc) == "python3 -m app (process 4321)"
    assert holder(7456, proc) == ""


def test_a_connection_that_is_not_listening_holds_nothing(tmp_path):
    proc = fake_proc(tmp_path, 7455, state="01")   # ESTABLISHED
    assert listening_inodes(7455, proc) == set() and holder(7455, proc) == ""


def test_this_process_is_found_holding_a_real_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        assert holder(s.getsockname()[1]).endswith(f"(process {os.getpid()})")
