"""Which outbound connections the app may open, and to which addresses: the privacy rule as a pure decision.

Theory of operation:
1. A destination is an IP address or a name. A name is judged only by the addresses it stands for, found once:
   the shell finds them, passes the answer in, and connects to the addresses the verdict carries and to nothing
   else, so a name that answers differently the next time cannot slip through.
2. With privacy mode off, every destination is allowed: an address as it is, a name at the addresses the
   system's resolver gave (a name that resolved to nothing is refused: there is nowhere to connect).
3. With privacy mode on, only loopback passes: an address in 127.0.0.0/8 or ::1 (also IPv4-mapped), a name
   only when it stands for at least one address and every one of them is loopback. No resolver is asked: asking
   would tell the network which services the streamer uses. A name stands for what this machine knows of it
   (local_addresses): "localhost", "*.localhost" and the machine's own names are loopback; any other name is
   what the hosts file says, or nothing (refused, unresolved).
4. A refusal carries a sentence the user can read, naming the host and the reason.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from app.core.words import QT_TRANSLATE_NOOP

# a refusal as the window says it (app.core.words), after what wanted to connect ({purpose})
NOT_LOCAL = QT_TRANSLATE_NOOP("problems", "{purpose}: privacy mode is on: {where} is not on this machine, so Bea "
                                          "will not connect to it.")
NOT_RESOLVED = QT_TRANSLATE_NOOP("problems", "{purpose}: {where} could not be resolved.")
RESOLVES_OUTSIDE = QT_TRANSLATE_NOOP("problems", "{purpose}: privacy mode is on: {where} resolves to {address}, "
                                                 "which is not on this machine, so Bea will not connect to it.")


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    reason: str
    addresses: tuple[str, ...] = ()     # where to connect when allowed: the vetted addresses, in resolver order
    words: str = ""                     # a refusal's marked sentence, and its values
    args: tuple[tuple[str, str], ...] = ()


LOOPBACK = ("127.0.0.1", "::1")


@dataclass(frozen=True)
class LocalNames:
    """What this machine says about names without asking a resolver (rule 3)."""
    hosts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # the hosts file: name -> addresses
    own: frozenset[str] = frozenset()                                     # the machine's own names


def _name(host: str) -> str:
    return host.strip().rstrip(".").lower()


def parse_hosts(text: str) -> dict[str, tuple[str, ...]]:
    """A hosts file (address, then names; # starts a comment) as name -> its addresses in the file's order.
    Lines whose first field is no address are left out."""
    table: dict[str, list[str]] = {}
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split()
        if len(fields) < 2 or _address(fields[0]) is None:
            continue
        for name in fields[1:]:
            found = table.setdefault(_name(name), [])
            if fields[0] not in found:
                found.append(fields[0])
    return {name: tuple(addresses) for name, addresses in table.items()}


def own_names(hostname: str) -> frozenset[str]:
    """The machine's name as the system gives it, and its first label ("studio" of "studio.local")."""
    name = _name(hostname)
    return frozenset(n for n in (name, name.split(".")[0]) if n)


def local_addresses(host: str, names: LocalNames) -> tuple[str, ...]:
    """Rule 3: the addresses `host` stands for on this machine's own say, or () when only a resolver could say."""
    name = _name(host)
    if name == "localhost" or name.endswith(".localhost") or name in names.own:
        return LOOPBACK
    return names.hosts.get(name, ())


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.strip().strip("[]").split("%")[0])
    except ValueError:
        return None


def is_loopback_address(address: str) -> bool:
    ip = _address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip is not None and ip.is_loopback


def is_loopback_name(host: str) -> bool:
    """How the name reads (prices call a model at "localhost" local)."""
    name = _name(host)
    return name == "localhost" or name.endswith(".localhost") or is_loopback_address(name)


def needs_resolution(host: str) -> bool:
    """True when `host` is a name: the decision depends on what it resolves to (rule 1)."""
    return _address(host) is None


def decide(host: str, port: int | None, privacy: bool, resolved: Sequence[str] = ()) -> Verdict:
    where = f"{host}:{port}" if port is not None else host
    ip = _address(host)
    if ip is not None:
        if privacy and not is_loopback_address(host):
            return Verdict(False, f"privacy mode is on: {where} is not on this machine, so Bea will not connect "
                                  "to it", words=NOT_LOCAL, args=(("where", where),))
        why = "is on this machine" if privacy else "allowed (privacy mode is off)"
        return Verdict(True, f"{where} {why}", (str(ip),))
    addresses = tuple(dict.fromkeys(resolved))
    if not addresses and privacy:    # rule 3: no local knowledge of the name, and no resolver is asked
        return Verdict(False, f"privacy mode is on: {where} is not on this machine, so Bea will not connect to it",
                       words=NOT_LOCAL, args=(("where", where),))
    if not addresses:
        return Verdict(False, f"{where} could not be resolved", words=NOT_RESOLVED, args=(("where", where),))
    if not privacy:
        return Verdict(True, f"{where} allowed (privacy mode is off)", addresses)
    outside = [a for a in addresses if not is_loopback_address(a)]
    if outside:
        return Verdict(False, f"privacy mode is on: {where} resolves to {outside[0]}, which is not on this "
                              "machine, so Bea will not connect to it", words=RESOLVES_OUTSIDE,
                       args=(("where", where), ("address", outside[0])))
    return Verdict(True, f"{where} resolves only to this machine", addresses)


def on_this_machine(host: str, names: LocalNames) -> bool:
    """Whether privacy mode lets a connection to `host` through (rule 3), decided as the gate would."""
    return decide(host, None, True, local_addresses(host, names) if needs_resolution(host) else ()).allowed
