"""Which outbound connections the app may open, and to which addresses: the privacy rule as a pure decision.

Theory of operation:
1. A destination is an IP address or a name. A name is judged only by the addresses it stands for, found once:
   the shell finds them, passes the answer in, and connects to the addresses the verdict carries and to nothing
   else, so a name that answers differently the next time cannot slip through.
2. With privacy mode off, every destination is allowed: an address as it is, a name at the addresses the
   system's resolver gave (a name that resolved to nothing is refused: there is nowhere to connect).
3. With privacy mode on, loopback passes: an address in 127.0.0.0/8 or ::1 (also IPv4-mapped), a name when it
   stands for at least one address and every one of them is loopback. No resolver is asked: asking would tell
   the network which services the streamer uses. A name stands for what this machine knows of it
   (local_addresses): "localhost", "*.localhost" and the machine's own names are loopback; any other name is
   what the hosts file says, or nothing (refused, unresolved).
4. A refusal carries a sentence the user can read, naming the host and the reason.
5. The streamer's own machines (Settings → General, under privacy mode: LocalNetwork) pass too, with privacy
   mode on. An entry is a private address (10/8, 172.16/12, 192.168/16, fc00::/7, fe80::/10; a link-local one
   may carry its interface, fe80::2%eth0), or a name: a plain host name the hosts file maps to private addresses, or a
   `.local` name (local_network_entry says what is wrong with any other entry). A listed address passes as it
   is; a listed name passes when it stands for at least one address and every one is loopback or private, and
   is refused in its own words when one is not (the hosts file names it somewhere public) or when this machine
   cannot say where it is. A name that is not listed passes when every address it stands for is loopback or a
   listed address: the connection goes to listed machines only.
6. A listed `.local` name the hosts file does not know is looked up over multicast DNS on the link, by the
   shell, and only for a listed name: the query goes to the link's multicast group and is answered by the
   machine itself, so no name server hears it. The system's resolver is not asked even for these: where the
   system has no mDNS of its own it sends `.local` names to its (possibly public) name server. wants_mdns says
   when; the answer is judged as the hosts file's would be.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from app.core.words import QT_TRANSLATE_NOOP

# a refusal as the window says it (app.core.words), after what wanted to connect ({purpose})
NOT_LOCAL = QT_TRANSLATE_NOOP("problems", "{purpose}: privacy mode is on: {where} is not on this machine nor among "
                                          "your own machines (Settings → General), so Bea will not connect to it.")
NOT_RESOLVED = QT_TRANSLATE_NOOP("problems", "{purpose}: {where} could not be resolved.")
RESOLVES_OUTSIDE = QT_TRANSLATE_NOOP("problems", "{purpose}: privacy mode is on: {where} resolves to {address}, "
                                                 "which is not on this machine, so Bea will not connect to it.")
LISTED_OUTSIDE = QT_TRANSLATE_NOOP("problems", "{purpose}: privacy mode is on: {where} is one of your own machines "
                                               "(Settings → General), but it resolves to {address}, which is not a "
                                               "private address, so Bea will not connect to it.")
LISTED_UNKNOWN = QT_TRANSLATE_NOOP("problems", "{purpose}: privacy mode is on: {where} is one of your own machines "
                                               "(Settings → General), but this computer does not know its address: "
                                               "name it in the hosts file, or list its address instead.")


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


PRIVATE_NETWORKS = tuple(ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",
                                                            "fc00::/7", "fe80::/10"))
_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")


def _plain(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An IPv4-mapped IPv6 address as the IPv4 address it carries; any other as it is."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def is_private_address(address: str) -> bool:
    """Rule 5: in one of the private networks a home or studio LAN uses."""
    ip = _address(address)
    return ip is not None and any(_plain(ip) in net for net in PRIVATE_NETWORKS if net.version == _plain(ip).version)


def local_network_entry(text: str) -> str:
    """Rule 5: one entry of the streamer's list as it is kept (an address in its short form, a name in lower case),
    or ValueError saying what is wrong with it."""
    entry = text.strip()
    if not entry:
        raise ValueError("an entry is empty")
    if "://" in entry or "/" in entry:
        raise ValueError(f"{entry!r}: write one machine alone, its address or its name (192.168.1.20, "
                         "studio-pc.local), without http://, a path or a network's /size")
    host = entry.strip("[]")
    ip = _address(host)
    if ip is None and entry.count(":") == 1:
        raise ValueError(f"{entry!r}: write the machine without a port (the port belongs to the service's own "
                         "setting)")
    if ip is not None:
        if is_loopback_address(host):
            raise ValueError(f"{entry!r} is this computer: privacy mode lets Bea reach it already")
        if not is_private_address(host):
            raise ValueError(f"{entry!r} is not a private address (10.x.x.x, 172.16-31.x.x, 192.168.x.x, "
                             "fc00::/7, fe80::/10): privacy mode reaches only machines on your own network")
        scope = host.split("%", 1)[1] if "%" in host else ""
        if scope and not _plain(ip).is_link_local:
            raise ValueError(f"{entry!r}: only a link-local address (fe80::) names an interface after %")
        return f"{ip}%{scope}" if scope else str(ip)
    name = _name(entry)
    labels = name.split(".")
    if len(name) > 253 or not all(_LABEL.match(label) for label in labels):
        raise ValueError(f"{entry!r} is neither an address nor a host name (letters, digits and hyphens, in "
                         "labels separated by dots)")
    if labels[-1].isdigit():
        raise ValueError(f"{entry!r} is not a whole address: write all four numbers (192.168.1.20)")
    if name == "localhost" or name.endswith(".localhost"):
        raise ValueError(f"{entry!r} is this computer: privacy mode lets Bea reach it already")
    return name


@dataclass(frozen=True)
class LocalNetwork:
    """The streamer's own machines (rule 5), as listed in Settings → General under privacy mode."""
    addresses: frozenset[ipaddress.IPv4Address | ipaddress.IPv6Address] = frozenset()
    names: frozenset[str] = frozenset()

    @classmethod
    def of(cls, entries: Sequence[str]) -> LocalNetwork:
        """The list as stored; an entry that is not one (stored by an older version) is left out."""
        addresses, names = set(), set()
        for text in entries:
            try:
                entry = local_network_entry(text)
            except ValueError:
                continue
            ip = _address(entry)
            if ip is None:
                names.add(entry)
            else:
                addresses.add(_plain(ip))
        return cls(frozenset(addresses), frozenset(names))

    def __bool__(self) -> bool:
        return bool(self.addresses or self.names)

    def has_address(self, address: str) -> bool:
        ip = _address(address)
        return ip is not None and _plain(ip) in self.addresses and is_private_address(address)

    def has_name(self, host: str) -> bool:
        return _name(host) in self.names


NO_LAN = LocalNetwork()


def wants_mdns(host: str, lan: LocalNetwork, names: LocalNames) -> bool:
    """Rule 6: a listed `.local` name this machine does not know otherwise is looked up over multicast DNS."""
    return lan.has_name(host) and _name(host).endswith(".local") and not local_addresses(host, names)


def needs_resolution(host: str) -> bool:
    """True when `host` is a name: the decision depends on what it resolves to (rule 1)."""
    return _address(host) is None


def _connectable(host: str, ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """Where to connect for an address given: a link-local one keeps its interface."""
    text = host.strip().strip("[]")
    return text if "%" in text and _plain(ip).is_link_local else str(ip)


def decide(host: str, port: int | None, privacy: bool, resolved: Sequence[str] = (),
           lan: LocalNetwork = NO_LAN) -> Verdict:
    where = f"{host}:{port}" if port is not None else host
    ip = _address(host)
    not_local = Verdict(False, f"privacy mode is on: {where} is not on this machine nor among your own machines "
                               f"(Settings → General), so Bea will not connect to it",
                        words=NOT_LOCAL, args=(("where", where),))
    if ip is not None:
        if not privacy:
            return Verdict(True, f"{where} allowed (privacy mode is off)", (_connectable(host, ip),))
        if is_loopback_address(host):
            return Verdict(True, f"{where} is on this machine", (str(ip),))
        if lan.has_address(host):    # rule 5
            return Verdict(True, f"{where} is one of your machines", (_connectable(host, ip),))
        return not_local
    addresses = tuple(dict.fromkeys(resolved))
    listed = lan.has_name(host)
    if not addresses and privacy and listed:
        return Verdict(False, f"privacy mode is on: {where} is one of your own machines (Settings → General), but "
                              "this computer does not know its address", words=LISTED_UNKNOWN,
                       args=(("where", where),))
    if not addresses and privacy:    # rule 3: no local knowledge of the name, and no resolver is asked
        return not_local
    if not addresses:
        return Verdict(False, f"{where} could not be resolved", words=NOT_RESOLVED, args=(("where", where),))
    if not privacy:
        return Verdict(True, f"{where} allowed (privacy mode is off)", addresses)
    if listed:                       # rule 5: a listed name stands for private addresses only
        public = [a for a in addresses if not is_loopback_address(a) and not is_private_address(a)]
        if public:
            return Verdict(False, f"privacy mode is on: {where} is one of your own machines (Settings → "
                                  f"General), but it resolves to {public[0]}, which is not a private address, so "
                                  "Bea will not connect to it", words=LISTED_OUTSIDE,
                           args=(("where", where), ("address", public[0])))
        return Verdict(True, f"{where} is one of your machines", addresses)
    outside = [a for a in addresses if not is_loopback_address(a) and not lan.has_address(a)]
    if outside:
        return Verdict(False, f"privacy mode is on: {where} resolves to {outside[0]}, which is not on this "
                              "machine, so Bea will not connect to it", words=RESOLVES_OUTSIDE,
                       args=(("where", where), ("address", outside[0])))
    if any(lan.has_address(a) for a in addresses):
        return Verdict(True, f"{where} resolves only to your machines", addresses)
    return Verdict(True, f"{where} resolves only to this machine", addresses)


def on_this_machine(host: str, names: LocalNames, lan: LocalNetwork = NO_LAN) -> bool:
    """Whether privacy mode lets a connection to `host` through (rules 3 and 5), decided as the gate would; a
    listed `.local` name only a multicast lookup could place counts as let through (the gate asks at connection)."""
    if needs_resolution(host) and wants_mdns(host, lan, names):
        return True
    return decide(host, None, True, local_addresses(host, names) if needs_resolution(host) else (), lan).allowed
