"""Privacy mode and the streamer's own machines over a real network: two network namespaces of the test's own joined
by a veth pair stand for the streamer's computer ("studio", 10.213.N.1) and another machine of theirs on the LAN
("lan", 10.213.N.2, with a TCP echo server and an mDNS responder). The app's gate runs in the studio namespace under
strace (the privacy bench's probe: every connect and send of the process), and the studio side's packet counter
says whether anything left at all. Listed, the machine is reached (by address, by a hosts-file name, by its
`.local` name over multicast DNS); not listed, it is refused before a single packet leaves. Nothing of this
machine's own network is touched: both namespaces are made and deleted here."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.bench.privacy import SYSCALLS, read_trace

ROOT = Path(__file__).resolve().parents[1]

# the machine on the LAN: a TCP echo server that says how many connections it had before ("0 hello"), and an mDNS
# responder answering one-shot queries for lan-box.local with its own address and for wan-box.local with a public
# one (a name that lies); it prints its TCP port once both listen
LAN_MACHINE = textwrap.dedent("""
    import socket, struct, sys, threading
    address = sys.argv[1]
    names = {"lan-box.local": address, "wan-box.local": "203.0.113.9"}
    tcp = socket.create_server((address, 0))
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    udp.bind(("0.0.0.0", 5353))
    udp.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                   socket.inet_aton("224.0.0.251") + socket.inet_aton(address))

    def answer_queries():
        while True:
            packet, sender = udp.recvfrom(9000)
            ident, at, labels = packet[:2], 12, []
            while packet[at]:
                labels.append(packet[at + 1:at + 1 + packet[at]].decode())
                at += 1 + packet[at]
            name = ".".join(labels).lower()
            if name in names:
                record = b"\\xc0\\x0c" + struct.pack("!HHIH", 1, 1, 120, 4) + socket.inet_aton(names[name])
                question = packet[12:at + 5]
                udp.sendto(ident + struct.pack("!HHHHH", 0x8400, 1, 1, 0, 0) + question + record, sender)

    threading.Thread(target=answer_queries, daemon=True).start()
    print(tcp.getsockname()[1], flush=True)
    seen = 0
    while True:
        conn, _ = tcp.accept()
        with conn:
            line = conn.makefile("rb").readline()
            conn.sendall(str(seen).encode() + b" " + line)
            seen += 1
""")

# the studio: the app's gate with privacy mode on; argv: the LAN machine's address, its port, what is listed
STUDIO = textwrap.dedent("""
    import asyncio, sys
    from app.core.events import EventBus
    from app.core.netpolicy import LocalNames, parse_hosts
    from app.senses.netgate import NetworkGate, PrivacyRefused, connect_to

    address, port, listed = sys.argv[1], int(sys.argv[2]), [e for e in sys.argv[3].split(",") if e]

    def no_resolver(host, _port):
        print("RESOLVER ASKED", host, flush=True)
        return []

    names = LocalNames(parse_hosts(address + " lan-box\\n203.0.113.9 wan-box\\n"), frozenset({"studio"}))
    gate = NetworkGate(lambda: True, EventBus(lambda: 0.0), resolve=no_resolver, local_names=lambda: names,
                       local_network=lambda: listed)

    async def by_address():
        reader, writer = await gate.open_connection(address, port, "a test")
        writer.write(b"by address\\n")
        await writer.drain()
        said = await reader.readline()
        writer.close()
        return said.decode().strip()

    def by_name(host):
        with connect_to(gate.vet_sync(host, port, "a test"), port, 5) as sock:
            sock.sendall(b"by " + host.encode() + b"\\n")
            return sock.makefile("rb").readline().decode().strip()

    for attempt in (lambda: asyncio.run(by_address()), lambda: by_name("lan-box"), lambda: by_name("lan-box.local"),
                    lambda: by_name("wan-box.local")):
        try:
            print("reached", attempt(), flush=True)
        except PrivacyRefused as exc:
            print("refused", exc.reason, flush=True)
""")


def run(*argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=30, check=check)


def in_ns(ns: str, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return run("ip", "netns", "exec", ns, *argv, check=check)


def netns_missing() -> str | None:
    """Why this machine cannot make a network namespace of the test's own, or None (it makes and deletes one)."""
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux's (ip netns)"
    if shutil.which("ip") is None:
        return "the ip command (iproute2) is not installed"
    name = f"bea-try-{secrets.token_hex(4)}"
    tried = run("ip", "netns", "add", name, check=False)
    if tried.returncode != 0:
        return f"ip netns add is not permitted here (root or CAP_NET_ADMIN): {tried.stderr.strip()}"
    run("ip", "netns", "del", name, check=False)
    return None


class Lan:
    """The studio and the LAN machine, each in its namespace, and the LAN machine's servers."""

    def __init__(self) -> None:
        tag = secrets.token_hex(3)
        self.studio, self.lan = f"bea-studio-{tag}", f"bea-lan-{tag}"
        self.studio_if, self.lan_if = f"bs{tag}", f"bl{tag}"      # an interface name has at most 15 characters
        net = 1 + int(tag, 16) % 254
        self.studio_address, self.address = f"10.213.{net}.1", f"10.213.{net}.2"
        self.server: subprocess.Popen[str] | None = None
        self.port = 0

    def up(self) -> None:
        run("ip", "netns", "add", self.studio)
        run("ip", "netns", "add", self.lan)
        in_ns(self.studio, "ip", "link", "add", self.studio_if, "type", "veth", "peer", "name", self.lan_if,
              "netns", self.lan)
        for ns, interface, address in ((self.studio, self.studio_if, self.studio_address),
                                       (self.lan, self.lan_if, self.address)):
            # IPv4 only: IPv6 would send its own packets (router and neighbour solicitations) on the link
            in_ns(ns, "sysctl", "-qw", f"net.ipv6.conf.{interface}.disable_ipv6=1", check=False)
            in_ns(ns, "ip", "addr", "add", f"{address}/24", "dev", interface)
            in_ns(ns, "ip", "link", "set", interface, "up")
            in_ns(ns, "ip", "link", "set", "lo", "up")
        in_ns(self.studio, "ip", "route", "add", "224.0.0.0/4", "dev", self.studio_if)   # mDNS goes to the LAN
        self.server = subprocess.Popen(["ip", "netns", "exec", self.lan, sys.executable, "-c", LAN_MACHINE,
                                        self.address], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.server.stdout is not None
        self.port = int(self.server.stdout.readline())

    def sent_packets(self) -> int:
        """Packets the studio has sent onto the LAN link so far."""
        return int(in_ns(self.studio, "cat", f"/sys/class/net/{self.studio_if}/statistics/tx_packets").stdout)

    def studio_gate(self, listed: list[str], trace: Path) -> list[str]:
        """What the studio's gate said of each attempt, run under strace writing `trace`."""
        probe = ["strace", "-f", "-qq", "-xx", "-s", "512", "-e", f"trace={SYSCALLS}", "-o", str(trace)]
        done = subprocess.run(["ip", "netns", "exec", self.studio, *probe, sys.executable, "-c", STUDIO,
                               self.address, str(self.port), ",".join(listed)],
                              capture_output=True, text=True, timeout=60, cwd=ROOT,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()

    def down(self) -> None:
        if self.server is not None:
            self.server.kill()
            self.server.wait(10)
        for ns in (self.studio, self.lan):     # deleting a namespace deletes its end of the veth pair
            run("ip", "netns", "del", ns, check=False)


@pytest.fixture(scope="module")
def lan():
    missing = netns_missing()
    if missing:
        pytest.skip(f"no network namespace of the test's own: {missing}")
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed (installer/dev.sh test installs it as root on Debian)")
    made = Lan()
    try:
        made.up()
        yield made
    finally:
        made.down()
    assert not any(ns in run("ip", "netns", "list").stdout for ns in (made.studio, made.lan))


def test_a_machine_not_listed_is_refused_before_any_packet_leaves(lan, tmp_path):
    before = lan.sent_packets()
    said = lan.studio_gate([], tmp_path / "trace")
    where = f"{lan.address}:{lan.port}"
    unlisted = "is not on this machine nor among your own machines (Settings → General), so Bea will not connect to it"
    assert said == [f"refused privacy mode is on: {where} {unlisted}",
                    f"refused privacy mode is on: lan-box:{lan.port} resolves to {lan.address}, which is not on "
                    "this machine, so Bea will not connect to it",
                    f"refused privacy mode is on: lan-box.local:{lan.port} {unlisted}",
                    f"refused privacy mode is on: wan-box.local:{lan.port} {unlisted}"]
    trace = read_trace((tmp_path / "trace").read_text())
    assert trace.outside == [] and trace.dns == []        # no connect, no send, not even a multicast question
    assert lan.sent_packets() == before                   # and the link carried nothing


def test_a_listed_machine_is_reached_by_address_by_name_and_over_multicast_dns(lan, tmp_path):
    before = lan.sent_packets()
    listed = [lan.address, "lan-box", "lan-box.local", "wan-box.local"]
    said = lan.studio_gate(listed, tmp_path / "trace")
    assert said[:3] == ["reached 0 by address", "reached 1 by lan-box", "reached 2 by lan-box.local"], said
    assert said[3] == (f"refused privacy mode is on: wan-box.local:{lan.port} is one of your own machines "
                       "(Settings → General), but it resolves to 203.0.113.9, which is not a private address, so "
                       "Bea will not connect to it")
    trace = read_trace((tmp_path / "trace").read_text())
    where = f"{lan.address}:{lan.port}"
    assert trace.dns == []
    assert trace.outside == [f"connect {where}", f"connect {where}", "sendto 224.0.0.251:5353", f"connect {where}",
                             "sendto 224.0.0.251:5353"]     # wan-box.local's answer is refused: no connection
    assert lan.sent_packets() > before
