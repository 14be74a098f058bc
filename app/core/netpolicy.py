"""Which outbound connections the app may open, and to which addresses: the privacy rule as a pure decision.

Theory of operation:
1. A destination is an IP address or a name. A name is judged only by the addresses it resolved to, once:
   the shell resolves it, passes the answer in, and connects to the addresses the verdict carries and to
   nothing else, so a name that answers differently the next time cannot slip through. No name passes by
   its spelling: "localhost" and "*.localhost" are resolved like any other name.
2. With privacy mode off, every destination is allowed: an address as it is, a name at the addresses it
   resolved to (a name that resolved to nothing is refused: there is nowhere to connect).
3. With privacy mode on, only loopback passes: an address in 127.0.0.0/8 or ::1 (also IPv4-mapped), a name
   only when it resolved to at least one address and every one of them is loopback.
4. A refusal carries a sentence the user can read, naming the host and the reason.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass

from app.core.words import QT_TRANSLATE_NOOP

# a refusal as the window says it (app.core.words), after what wanted to connect ({purpose})
NOT_LOCAL = QT_TRANSLATE_NOOP("problems", "{purpose}: privacy mode is on: {where} is not on this machine, so Bea "
                                          "will not connect to it.")
NOT_RESOLVED_LOCALLY = QT_TRANSLATE_NOOP("problems", "{purpose}: privacy mode is on: {where} could not be resolved "
                                                     "to a local address.")
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
    """How the name reads (prices call a model at "localhost" local); the gate never decides by it (rule 1)."""
    name = host.strip().rstrip(".").lower()
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
    if not addresses:
        return Verdict(False, f"privacy mode is on: {where} could not be resolved to a local address" if privacy
                       else f"{where} could not be resolved", words=NOT_RESOLVED_LOCALLY if privacy else NOT_RESOLVED,
                       args=(("where", where),))
    if not privacy:
        return Verdict(True, f"{where} allowed (privacy mode is off)", addresses)
    outside = [a for a in addresses if not is_loopback_address(a)]
    if outside:
        return Verdict(False, f"privacy mode is on: {where} resolves to {outside[0]}, which is not on this "
                              "machine, so Bea will not connect to it", words=RESOLVES_OUTSIDE,
                       args=(("where", where), ("address", outside[0])))
    return Verdict(True, f"{where} resolves only to this machine", addresses)
