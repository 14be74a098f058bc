"""Which outbound connections the app may open: the privacy rule as a pure decision.

Theory of operation:
1. With privacy mode off, every destination is allowed.
2. With privacy mode on, a destination is allowed only when it is loopback: the literal name "localhost"
   (or a name under ".localhost"), an IPv4 address in 127.0.0.0/8, or ::1 (also as an IPv4-mapped address).
3. Any other host name is judged by the addresses it resolved to: allowed only if it resolved to at least
   one address and every one of them is loopback. The shell does the resolving and passes the addresses in,
   so a name that points at a public address cannot slip through.
4. A refusal carries a sentence the user can read, naming the host and the reason.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    reason: str


def is_loopback_address(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip("[]").split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def is_loopback_name(host: str) -> bool:
    name = host.strip().rstrip(".").lower()
    return name == "localhost" or name.endswith(".localhost") or is_loopback_address(name)


def needs_resolution(host: str, privacy: bool) -> bool:
    """True when the decision depends on what `host` resolves to."""
    if not privacy or is_loopback_name(host):
        return False
    try:
        ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return True
    return False


def decide(host: str, port: int | None, privacy: bool, resolved: Sequence[str] = ()) -> Verdict:
    where = f"{host}:{port}" if port is not None else host
    if not privacy:
        return Verdict(True, f"{where} allowed (privacy mode is off)")
    if is_loopback_name(host):
        return Verdict(True, f"{where} is on this machine")
    if not needs_resolution(host, privacy):
        return Verdict(False, f"privacy mode is on: {where} is not on this machine, so Bea will not connect to it")
    if not resolved:
        return Verdict(False, f"privacy mode is on: {where} could not be resolved to a local address")
    outside = [a for a in resolved if not is_loopback_address(a)]
    if outside:
        return Verdict(False, f"privacy mode is on: {where} resolves to {outside[0]}, which is not on this "
                              "machine, so Bea will not connect to it")
    return Verdict(True, f"{where} resolves only to this machine")
