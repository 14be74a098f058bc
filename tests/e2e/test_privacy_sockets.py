"""Privacy mode holds at the socket layer: a privacy-mode session of the composed app (the stream
in a box, short, with services outside this machine configured too) in a loopback-only network namespace under
strace makes no connection outside this machine and no DNS lookup, whoever in the process tree tries (the app's
Python, onnxruntime's native code, a thread of a library). tests/bench/privacy.py does the work; its RESULT
line is the same count.
"""

from __future__ import annotations

import sys

import pytest

from tests.bench.privacy import read_trace, sandbox_missing, sandboxed, traced_session

MISSING = sandbox_missing()
pytestmark = [pytest.mark.skipif(MISSING is not None, reason=f"no loopback-only sandbox here: {MISSING}"),
              pytest.mark.timeout(900)]

# What the sandbox must catch: a lookup of a name, and connections outside loopback (v4 and v6); loopback passes.
CANARY = """
import socket
try:
    socket.getaddrinfo("canary.example.com", 443, type=socket.SOCK_STREAM)
except OSError:
    pass
for family, where in ((socket.AF_INET, ("192.0.2.1", 9)), (socket.AF_INET6, ("2001:db8::1", 9)),
                      (socket.AF_INET, ("127.0.0.1", 9)), (socket.AF_INET6, ("::1", 9))):
    try:
        socket.socket(family, socket.SOCK_STREAM).connect(where)
    except OSError:
        pass
"""


def test_the_sandbox_sees_a_lookup_and_an_outside_connection(tmp_path) -> None:
    done = sandboxed([sys.executable, "-c", CANARY], tmp_path / "trace", timeout=120)
    assert done.returncode == 0, done.stderr
    trace = read_trace((tmp_path / "trace").read_text())
    assert any(d.startswith("canary.example.com ") for d in trace.dns), trace.summary()
    assert trace.outside == ["connect 192.0.2.1:9", "connect 2001:db8::1:9"], trace.summary()


def test_a_privacy_mode_session_connects_to_nothing_outside_and_looks_up_no_name() -> None:
    session = traced_session(timeout=780)
    report = session.report
    assert "failed" not in report, report.get("failed")
    # the session really ran in privacy mode and exercised what it is meant to: every start private, turns,
    # a fact recalled by meaning (the onnxruntime embedder), donations through the webhooks and Streamlabs
    assert report["private_sessions"] == 2, report
    assert report["turns"] > 0 and report["recalled"] == [True], report
    assert {"generic:giulia", "kofi:luca", "streamlabs:marco"} <= set(report["donors"]), report
    assert report["dreams"] >= 1, report
    # services outside this machine were configured too (a model server, YouTube, a model download): each was
    # refused in words, and no resolver was asked about any of them (nor about OBS, named by this machine's name)
    refused = report["refused"]
    assert len(refused) == 3 and all("privacy mode" in said.lower() for said in refused.values()), refused
    assert not session.trace.outside and not session.trace.dns, "left this machine:\n" + session.trace.summary()
