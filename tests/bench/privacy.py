"""Benchmark and proof: a privacy-mode session of the composed app opens no socket beyond this machine.

Run from the repo root, as root on Linux: .venv/bin/python tests/bench/privacy.py
(BEA_PRIVACY_LINES=300 and BEA_PRIVACY_HOURS=0.1 by default: a short stream in a box, about a minute.)
1. The stream in a box (tests/e2e/box.py: the app as `python -m app --headless` composes it, with real peers on
   127.0.0.1: Twitch IRC, OBS, the JSON and Ko-fi webhooks, Streamlabs, an OpenAI-compatible model server, a
   fake microphone and speakers) runs with privacy mode switched on in its first start: start-up, chat, a
   fact remembered and recalled (the onnxruntime embedder), donations, her voice and ears, a restart, a dream.
   Services outside this machine are configured too, as a streamer who switched privacy mode on would have
   left them (REMOTE: a model server on another machine, YouTube's chat, a model download), and OBS is
   named by this machine's own name: each must be refused, or reached, without a resolver being asked.
2. It runs in a network namespace of its own where only `lo` is up (`unshare -n -m`), under
   `strace -f` recording connect, sendto, sendmsg and sendmmsg of the whole process tree. In the same
   namespace /etc/resolv.conf is replaced by one naming 127.0.0.1 as the name server, so a DNS query leaves a
   readable packet in the trace and its name is reported.
3. Every INET/INET6 destination outside loopback is an outside attempt; every packet or connection to port
   53 (and every connection to systemd-resolved's socket) is a DNS lookup. Both are listed, by name, before
   the last line:
RESULT remote_services_configured=<n> non_loopback_connects=<n> dns_lookups=<n> seconds=<s.s>
The script exits 1 when the session failed or anything tried to leave; 2 when this machine cannot sandbox it
(the reason is printed).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script, the repo root is not on the path

LINES = int(os.environ.get("BEA_PRIVACY_LINES", "300"))
HOURS = float(os.environ.get("BEA_PRIVACY_HOURS", "0.1"))
SYSCALLS = "connect,sendto,sendmsg,sendmmsg"
# what the private box configures outside this machine (rule 1); each is refused unresolved
REMOTE_MODEL = "http://models.example.net:1234/v1"
REMOTE = ("a model server on another machine", "YouTube's live chat", "a model download")
RESOLVED_SOCKET = "io.systemd.Resolve"

_V4 = re.compile(r'sa_family=AF_INET, sin_port=htons\((\d+)\), sin_addr=inet_addr\("([^"]+)"\)')
_V6 = re.compile(r'sa_family=AF_INET6, sin6_port=htons\((\d+)\),.*?inet_pton\(AF_INET6, "([^"]+)"')
_CALL = re.compile(r"^(\d+)\s+(connect|sendto|sendmsg|sendmmsg)\((\d+),")
_BYTES = re.compile(r'"((?:\\x[0-9a-f]{2})+)"')


@dataclass
class Trace:
    outside: list[str] = field(default_factory=list)       # "connect 198.51.100.7:443" ...
    dns: list[str] = field(default_factory=list)           # "events.data.microsoft.com (to 127.0.0.1:53)" ...

    def summary(self) -> str:
        return "\n".join([*(f"OUTSIDE {w}" for w in self.outside), *(f"DNS {w}" for w in self.dns)])


def sandbox_missing() -> str | None:
    """Why this machine cannot run the session in a loopback-only namespace under strace, or None."""
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux's (unshare -n)"
    if os.geteuid() != 0:
        return "unshare -n (a loopback-only network namespace) needs root"
    for tool in ("unshare", "strace", "ip"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (installer/dev.sh test installs strace as root on Debian)"
    probe = subprocess.run(["unshare", "-n", "-m", "sh", "-c", "ip link set lo up"], capture_output=True, text=True)
    if probe.returncode != 0:
        return f"unshare -n -m is refused here: {probe.stderr.strip() or probe.returncode}"
    return None


def _qname(packet: bytes) -> str | None:
    """The name a DNS query asks for (the first question), or None when the bytes are not a query."""
    labels, i = [], 12
    while i < len(packet):
        size = packet[i]
        if size == 0:
            return ".".join(labels) or None
        if size > 63 or i + 1 + size > len(packet):
            return None
        labels.append(packet[i + 1:i + 1 + size].decode("ascii", "replace"))
        i += 1 + size
    return None


def _unescape(text: str) -> str:
    """strace -xx writes every string in hex escapes (\\x31\\x32...)."""
    return re.sub(r"\\x([0-9a-f]{2})", lambda m: chr(int(m[1], 16)), text)


def _destination(line: str) -> tuple[str, int] | None:
    for pattern in (_V4, _V6):
        found = pattern.search(line)
        if found:
            return _unescape(found[2]), int(found[1])
    return None


def read_trace(text: str) -> Trace:
    """Outside attempts and DNS lookups in `strace -f -xx` output (the thread id first on every line)."""
    from app.core.netpolicy import is_loopback_address
    trace, to_dns = Trace(), {}     # (tid, fd) of a socket connected to port 53 -> the name server
    for line in text.splitlines():
        call = _CALL.match(line)
        if call is None:
            continue
        name, key, where = call[2], (call[1], call[3]), _destination(line)
        if name == "connect":
            to_dns.pop(key, None)
            if where is None:           # AF_UNIX, AF_UNSPEC...: only systemd-resolved's socket is a lookup
                if RESOLVED_SOCKET in line:
                    trace.dns.append(f"a lookup through systemd-resolved ({RESOLVED_SOCKET})")
                continue
            if where[1] == 53:
                to_dns[key] = f"{where[0]}:53"
                if "= -1" in line:      # no query will follow: the attempt is the lookup
                    trace.dns.append(f"(a name) asked of {where[0]}:53, refused: {line.rsplit('= -1', 1)[1].strip()}")
                continue
        elif where is not None and where[1] == 53 or where is None and key in to_dns:
            server = f"{where[0]}:53" if where else to_dns[key]
            names = [_qname(bytes.fromhex(b.replace("\\x", ""))) for b in _BYTES.findall(line)]
            trace.dns.extend(f"{qname} (asked of {server})" for qname in [n for n in names if n] or ["(a name)"])
            continue
        elif where is None:
            continue                    # a send on a connected socket: its connect was judged
        if not is_loopback_address(where[0]):
            trace.outside.append(f"{name} {where[0]}:{where[1]}")
    return trace


@dataclass
class Session:
    trace: Trace
    seconds: float
    report: dict          # what the box saw inside (turns, private sessions, errors), or {"failed": ...}


def sandboxed(argv: list[str], trace: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    """Run argv in a loopback-only network namespace (127.0.0.1 its name server) under strace, which writes
    the trace file; sandbox_missing() must be None."""
    resolv = trace.with_name(trace.name + ".resolv.conf")
    resolv.write_text("nameserver 127.0.0.1\n")
    inner = 'ip link set lo up && mount --bind "$0" /etc/resolv.conf && exec "$@"'
    command = ["unshare", "-n", "-m", "sh", "-c", inner, str(resolv),
               # --seccomp-bpf: only the traced calls stop the process (a fifth of the session's time went to
               # strace stopping it at every other call)
               "strace", "-f", "--seccomp-bpf", "-qq", "-xx", "-s", "512", "-e", f"trace={SYSCALLS}", "-o", str(trace),
               *argv]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring"))


def traced_session(lines: int = LINES, hours: float = HOURS, timeout: float = 600) -> Session:
    """The privacy-mode box in the sandbox (sandbox_missing() must be None)."""
    with tempfile.TemporaryDirectory(prefix="bea-privacy-") as tmp:
        work = Path(tmp)
        trace, report_file = work / "trace", work / "report.json"
        started = time.perf_counter()
        done = sandboxed([sys.executable, str(Path(__file__).resolve()), "--inside", str(work / "data"),
                          str(report_file), str(lines), str(hours)], trace, timeout)
        seconds = time.perf_counter() - started
        if report_file.exists():
            report = json.loads(report_file.read_text())
        else:
            report = {"failed": f"exit {done.returncode}: {done.stderr.strip()[-3000:]}"}
        return Session(read_trace(trace.read_text() if trace.exists() else ""), seconds, report)


def inside(data_dir: Path, report_file: Path, lines: int, hours: float) -> None:
    """The box, privacy mode on from its first start; what it saw is written to report_file."""
    import datetime as dt

    from app import compose
    from tests.e2e.box import PASSPHRASE, Box, Plan
    from tests.e2e.clock import VirtualClock
    from tests.e2e.clock import run as run_virtual

    class PrivateBox(Box):
        private_sessions = 0
        refused: dict[str, str] = {}

        def configure(self) -> None:
            super().configure()
            bea = compose.build(self.data_dir, env={"BEA_PASSPHRASE": PASSPHRASE}, log_to_stderr=False)
            try:
                bea.settings.update({
                    "privacy.enabled": True,
                    "mind.background_models": [*bea.settings.current.mind.background_models, "lmstudio:remote"],
                    "mind.base_urls": {**bea.settings.current.mind.base_urls, "lmstudio": REMOTE_MODEL},
                    "skills.youtube.video": "dQw4w9WgXcQ",
                    "skills.obs.host": socket.gethostname(),
                })
                bea.skills["youtube"].set_api_key("AIzaSy-private-box-key")
            finally:
                compose.close(bea)

        async def _night(self, bea) -> None:
            # the short evening's first session may run past the dream hour (its waits are virtual time):
            # she dreams at the next hour, not a whole virtual day (hundreds of idle turns) later
            hour = (dt.datetime.fromtimestamp(self.clock.time()).hour + 1) % 24
            bea.settings.set("skills.memory.dream_hour", hour)
            await super()._night(bea)

        async def _serve(self, session) -> None:
            async def private(bea) -> None:
                if bea.gate.privacy:
                    PrivateBox.private_sessions += 1
                if PrivateBox.private_sessions == 1:
                    PrivateBox.refused = await refusals(bea)
                await session(bea)
            await super()._serve(private)

    plan = Plan(lines=lines, chat_hours=hours)
    day = dt.datetime.now().astimezone().replace(hour=4, minute=0, second=0, microsecond=0)
    clock = VirtualClock(day.timestamp() - hours * 3600 * 2 / 3 - 1200)   # as run_box: the dream hour falls
    box = PrivateBox(data_dir, plan, clock)                             # after End stream of session 1
    try:
        record = run_virtual(box.run(), clock)
        report = {"private_sessions": PrivateBox.private_sessions, "refused": PrivateBox.refused,
                  "turns": record.turns,
                  "sent": sum(record.sent.values()), "dreams": len(record.dreams),
                  "heard": bool(getattr(record, "heard", "")),
                  "donors": sorted(k for k, v in record.donor_cards.items() if v),
                  "recalled": record.facts.answer_seen if record.facts else [], "errors": record.errors}
    except BaseException as exc:  # noqa: BLE001 - the parent reports it
        report = {"failed": f"{type(exc).__name__}: {exc}"}
    report_file.write_text(json.dumps(report))


async def refusals(bea) -> dict[str, str]:
    """What each remote service configured came to, in the first private session (REMOTE, in order)."""
    from app.core.events import EventKind
    from app.core.model_catalog import download_refusal
    from app.memory.model_manager import ModelError
    from app.senses.netgate import PrivacyRefused

    found: dict[str, str] = {}
    problems = bea.skills["chat"].problems
    found[REMOTE[0]] = problems["privacy:models"].text if "privacy:models" in problems else "not said"
    for _ in range(200):     # the YouTube client starts with the app: its refusal is its state
        if any(e.source == "youtube" and "privacy mode" in e.text for e in bea.bus.recent([EventKind.ERROR])):
            break
        await asyncio.sleep(0.05)
    youtube = [e.text for e in bea.bus.recent([EventKind.ERROR]) if e.source == "youtube"]
    found[REMOTE[1]] = youtube[-1] if youtube else "not said"
    pinned = next(e for e in bea.models.catalog if download_refusal(e) is None)   # refused by privacy alone
    try:
        await bea.models.download(pinned.id)
        found[REMOTE[2]] = "downloaded"
    except (ModelError, PrivacyRefused) as exc:
        found[REMOTE[2]] = str(exc)
    return found


def main() -> int:
    if sys.argv[1:2] == ["--inside"]:
        inside(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))
        return 0
    missing = sandbox_missing()
    if missing:
        print(f"cannot sandbox the session: {missing}")
        return 2
    session = traced_session()
    print(json.dumps(session.report))
    if session.trace.summary():
        print(session.trace.summary())
    print(f"RESULT remote_services_configured={len(session.report.get('refused', {}))} "
          f"non_loopback_connects={len(session.trace.outside)} dns_lookups={len(session.trace.dns)} "
          f"seconds={session.seconds:.1f}")
    failed = "failed" in session.report or session.report.get("private_sessions") != 2
    return 1 if failed or session.trace.outside or session.trace.dns else 0


if __name__ == "__main__":
    sys.exit(main())
