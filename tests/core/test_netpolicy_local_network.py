"""Privacy mode and the streamer's own machines (netpolicy rules 5 and 6) as a table: what a listed machine lets
through, in which words the rest is refused, and which entries the list takes."""

import ipaddress

import pytest

from app.core.netpolicy import (
    LISTED_OUTSIDE,
    LISTED_UNKNOWN,
    NOT_LOCAL,
    RESOLVES_OUTSIDE,
    LocalNames,
    LocalNetwork,
    decide,
    is_private_address,
    local_network_entry,
    on_this_machine,
    parse_hosts,
    wants_mdns,
)

LAN = LocalNetwork.of(["192.168.1.20", "10.0.0.5", "fd12:3456::7", "fe80::2%eth0", "gpu-box", "studio-pc.local",
                       "bad.box", "obs-pc.local"])
HOSTS = parse_hosts("""
192.168.1.20 gpu-box gpu-alias
203.0.113.9  bad.box
10.0.0.5     unlisted-name
10.0.0.99    other-lan
127.0.0.1    obs-pc.local
""")
NAMES = LocalNames(HOSTS, frozenset({"studio"}))

# host, resolved (as this machine says), allowed, the refusal's words ("" when allowed)
CASES = [
    ("192.168.1.20", (), True, ""),                              # a listed address
    ("[fd12:3456::7]", (), True, ""),
    ("::ffff:192.168.1.20", (), True, ""),                       # the same machine, IPv4-mapped
    ("fe80::2%eth0", (), True, ""),
    ("192.168.1.21", (), False, NOT_LOCAL),                      # private, but not listed
    ("10.0.0.6", (), False, NOT_LOCAL),
    ("8.8.8.8", (), False, NOT_LOCAL),
    ("127.0.0.1", (), True, ""),                                 # loopback passes as before
    ("gpu-box", ("192.168.1.20",), True, ""),                    # a listed name, private by the hosts file
    ("GPU-BOX.", ("192.168.1.20",), True, ""),
    ("studio-pc.local", ("192.168.1.77",), True, ""),           # listed: any private address it stands for
    ("studio-pc.local", ("fe80::9", "192.168.1.77"), True, ""),
    ("bad.box", ("203.0.113.9",), False, LISTED_OUTSIDE),         # listed, but the hosts file says: public
    ("studio-pc.local", ("192.168.1.77", "198.51.100.7"), False, LISTED_OUTSIDE),
    ("studio-pc.local", (), False, LISTED_UNKNOWN),               # listed, but nobody here can say where
    ("unlisted-name", ("10.0.0.5",), True, ""),                 # every address it stands for is listed
    ("gpu-alias", ("192.168.1.20", "127.0.0.1"), True, ""),
    ("other-lan", ("10.0.0.99",), False, RESOLVES_OUTSIDE),       # private, but no machine of the list
    ("mixed", ("10.0.0.5", "10.0.0.99"), False, RESOLVES_OUTSIDE),
    ("api.openai.com", (), False, NOT_LOCAL),
]


@pytest.mark.parametrize("host,resolved,allowed,words", CASES)
def test_the_streamers_own_machines_pass_with_privacy_mode_on(host, resolved, allowed, words):
    verdict = decide(host, 8080, True, resolved, LAN)
    assert verdict.allowed is allowed, verdict.reason
    assert verdict.words == words
    if not allowed:
        assert "privacy mode is on" in verdict.reason and f"{host}:8080" in verdict.reason
        assert verdict.addresses == ()


def test_an_allowed_verdict_connects_only_to_the_vetted_addresses():
    assert decide("gpu-box", 1, True, ("192.168.1.20",), LAN).addresses == ("192.168.1.20",)
    assert decide("fe80::2%eth0", 1, True, (), LAN).addresses == ("fe80::2%eth0",)   # the interface is kept
    (mapped,) = decide("::ffff:192.168.1.20", 1, True, (), LAN).addresses
    assert ipaddress.ip_address(mapped).ipv4_mapped == ipaddress.ip_address("192.168.1.20")
    assert decide("192.168.1.20", 1, True, (), LAN).reason == "192.168.1.20:1 is one of your machines"


def test_a_listed_name_resolving_outside_says_so_in_its_own_words():
    verdict = decide("bad.box", 443, True, ("203.0.113.9",), LAN)
    assert dict(verdict.args) == {"where": "bad.box:443", "address": "203.0.113.9"}
    assert "is one of your own machines (Settings → General)" in verdict.reason
    assert "not a private address" in verdict.reason
    unknown = decide("studio-pc.local", 443, True, (), LAN)
    assert dict(unknown.args) == {"where": "studio-pc.local:443"} and "does not know its address" in unknown.reason


def test_the_list_changes_nothing_with_privacy_mode_off_or_when_empty():
    assert decide("8.8.8.8", 53, False, (), LAN).allowed
    assert decide("bad.box", 443, False, ("203.0.113.9",), LAN).allowed
    for host, resolved in (("192.168.1.20", ()), ("gpu-box", ("192.168.1.20",))):
        assert not decide(host, 1, True, resolved).allowed
        assert decide(host, 1, True, resolved).words == (NOT_LOCAL if not resolved else RESOLVES_OUTSIDE)


def test_a_listed_address_that_is_not_private_is_never_let_through():
    """The settings refuse one; a list made some other way still cannot open the outside."""
    forced = LocalNetwork(frozenset({ipaddress.ip_address("10.0.0.1"), ipaddress.ip_address("8.8.8.8")}))
    assert not decide("8.8.8.8", 53, True, (), forced).allowed
    assert decide("10.0.0.1", 53, True, (), forced).allowed


@pytest.mark.parametrize("address,private", [
    ("10.1.2.3", True), ("172.16.0.1", True), ("172.31.255.254", True), ("172.32.0.1", False),
    ("192.168.0.1", True), ("192.169.0.1", False), ("fd00::1", True), ("fc00::1", True), ("fe80::1", True),
    ("fe80::1%eth0", True), ("::ffff:10.0.0.1", True), ("100.64.0.1", False), ("169.254.1.1", False),
    ("127.0.0.1", False), ("8.8.8.8", False), ("2001:db8::1", False), ("not an address", False),
])
def test_private_means_the_networks_a_home_lan_uses(address, private):
    assert is_private_address(address) is private


@pytest.mark.parametrize("text,kept", [
    (" 192.168.1.20 ", "192.168.1.20"),
    ("[FD00::0005]", "fd00::5"),
    ("fe80::2%eth0", "fe80::2%eth0"),
    ("Studio-PC.local.", "studio-pc.local"),
    ("gpu-box", "gpu-box"),
    ("obs.home.arpa", "obs.home.arpa"),
])
def test_an_entry_is_kept_in_one_form(text, kept):
    assert local_network_entry(text) == kept


@pytest.mark.parametrize("text,why", [
    ("8.8.8.8", "is not a private address"),
    ("2001:db8::1", "is not a private address"),
    ("100.64.0.1", "is not a private address"),
    ("127.0.0.1", "is this computer"),
    ("::1", "is this computer"),
    ("localhost", "is this computer"),
    ("http://192.168.1.20:8080", "without http://"),
    ("192.168.1.0/24", "a network's /size"),
    ("192.168.1.20:8080", "without a port"),
    ("192.168.1", "write all four numbers"),
    ("fd00::5%eth0", "only a link-local address"),
    ("studio pc", "neither an address nor a host name"),
    ("-bad.local", "neither an address nor a host name"),
    ("studio_pc.local", "neither an address nor a host name"),
    ("", "empty"),
])
def test_a_wrong_entry_is_refused_saying_why(text, why):
    with pytest.raises(ValueError, match=why):
        local_network_entry(text)


def test_a_stored_list_that_no_longer_reads_keeps_what_does():
    lan = LocalNetwork.of(["8.8.8.8", "10.0.0.5", "not a name"])
    assert not lan.has_address("8.8.8.8") and lan.has_address("10.0.0.5") and lan.names == frozenset()
    assert not LocalNetwork.of([]) and LocalNetwork.of(["gpu-box"])


def test_only_a_listed_local_name_the_hosts_file_does_not_know_is_asked_of_multicast():
    assert wants_mdns("studio-pc.local", LAN, NAMES)
    assert not wants_mdns("obs-pc.local", LAN, NAMES)        # the hosts file knows it
    assert not wants_mdns("other.local", LAN, NAMES)         # not listed: never asked
    assert not wants_mdns("gpu-box", LAN, NAMES)             # not .local: the hosts file alone


def test_on_this_machine_counts_the_streamers_machines():
    assert on_this_machine("192.168.1.20", NAMES, LAN) and on_this_machine("gpu-box", NAMES, LAN)
    assert on_this_machine("studio-pc.local", NAMES, LAN)   # the gate asks multicast DNS when it connects
    assert not on_this_machine("bad.box", NAMES, LAN) and not on_this_machine("other-lan", NAMES, LAN)
    assert not on_this_machine("192.168.1.20", NAMES)
