"""The privacy rule as a table: which destinations pass with privacy mode on and off, and where to connect."""

import pytest

from app.core.netpolicy import (
    LocalNames,
    decide,
    is_loopback_address,
    local_addresses,
    needs_resolution,
    on_this_machine,
    own_names,
    parse_hosts,
)

LOOP = ("127.0.0.1", "::1")
CASES = [
    # host, privacy, resolved, allowed
    ("api.openai.com", False, ("162.159.140.245",), True),
    ("8.8.8.8", False, (), True),
    ("localhost", True, LOOP, True),
    ("LOCALHOST.", True, ("127.0.0.1",), True),
    ("localhost", True, (), False),                                # stands for nothing: nowhere to go
    ("ollama.localhost", True, ("127.0.0.1",), True),
    ("beacon.localhost", True, ("198.51.100.7",), False),          # *.localhost is judged by its answer
    ("127.0.0.1", True, (), True),
    ("127.8.9.10", True, (), True),
    ("::1", True, (), True),
    ("[::1]", True, (), True),
    ("::ffff:127.0.0.1", True, (), True),
    ("0.0.0.0", True, (), False),
    ("192.168.1.20", True, (), False),
    ("10.0.0.5", True, (), False),
    ("8.8.8.8", True, (), False),
    ("2001:db8::1", True, (), False),
    ("irc.chat.twitch.tv", True, (), False),                       # unresolvable: refused
    ("irc.chat.twitch.tv", True, ("44.237.40.50",), False),
    ("mybox.lan", True, ("127.0.0.1",), True),                     # a name for this machine
    ("mixed.example", True, ("127.0.0.1", "203.0.113.9"), False),  # one outside address is enough
]


@pytest.mark.parametrize("host,privacy,resolved,allowed", CASES)
def test_decide(host, privacy, resolved, allowed):
    verdict = decide(host, 443, privacy, resolved)
    assert verdict.allowed is allowed, verdict.reason
    if not allowed:
        assert "privacy mode is on" in verdict.reason and host in verdict.reason
        assert verdict.addresses == ()


def test_an_allowed_verdict_carries_the_addresses_to_connect_to():
    assert decide("localhost", 80, True, ("127.0.0.1", "::1", "127.0.0.1")).addresses == ("127.0.0.1", "::1")
    assert decide("[::1]", 80, True).addresses == ("::1",)
    assert decide("api.openai.com", 443, False, ("162.159.140.245",)).addresses == ("162.159.140.245",)
    assert decide("8.8.8.8", 53, False).addresses == ("8.8.8.8",)


def test_a_name_that_resolved_to_nothing_has_nowhere_to_go_even_with_privacy_off():
    verdict = decide("nowhere.example", 443, False, ())
    assert not verdict.allowed and "could not be resolved" in verdict.reason


def test_every_name_needs_resolution_and_no_address_does():
    assert needs_resolution("example.com")
    assert needs_resolution("localhost") and needs_resolution("foo.localhost")
    assert not needs_resolution("8.8.8.8") and not needs_resolution("[::1]")


def test_loopback_address_rejects_garbage():
    assert not is_loopback_address("not an address")
    assert is_loopback_address("127.0.0.1")


HOSTS = """
# comments and blank lines are skipped

127.0.0.1	localhost studio-alias
::1     localhost ip6-localhost ip6-loopback   # trailing comment
192.168.1.40 gpu-box.lan gpu-box
127.0.1.1 Obs.Home.
not-an-address broken.example
10.0.0.9
"""


def test_a_hosts_file_reads_as_names_to_their_addresses_in_order():
    table = parse_hosts(HOSTS)
    assert table["localhost"] == ("127.0.0.1", "::1")
    assert table["gpu-box.lan"] == table["gpu-box"] == ("192.168.1.40",)
    assert table["obs.home"] == ("127.0.1.1",)
    assert "broken.example" not in table and "not-an-address" not in table


def test_a_name_stands_for_what_this_machine_says_of_it_and_nothing_else():
    names = LocalNames(parse_hosts(HOSTS), own_names("Studio.local"))
    assert local_addresses("LOCALHOST.", names) == ("127.0.0.1", "::1")
    assert local_addresses("anything.localhost", names) == ("127.0.0.1", "::1")
    assert local_addresses("studio", names) == local_addresses("studio.local", names) == ("127.0.0.1", "::1")
    assert local_addresses("obs.home", names) == ("127.0.1.1",)
    assert local_addresses("gpu-box", names) == ("192.168.1.40",)
    assert local_addresses("api.openai.com", names) == ()


def test_on_this_machine_is_the_privacy_verdict_without_a_connection():
    names = LocalNames(parse_hosts(HOSTS), own_names("studio"))
    assert on_this_machine("localhost", names) and on_this_machine("studio", names)
    assert on_this_machine("obs.home", names) and on_this_machine("127.0.0.1", names)
    assert not on_this_machine("gpu-box.lan", names)          # the hosts file names another machine
    assert not on_this_machine("api.openai.com", names)       # only a resolver could say: refused
    assert not on_this_machine("192.0.2.1", names)


def test_privacy_refuses_a_name_that_stands_for_nothing_here_in_words():
    verdict = decide("api.openai.com", 443, True, ())
    assert not verdict.allowed and "is not on this machine" in verdict.reason
    assert dict(verdict.args) == {"where": "api.openai.com:443"}
