"""The privacy rule as a table: which destinations pass with privacy mode on and off."""

import pytest

from app.core.netpolicy import decide, is_loopback_address, needs_resolution

CASES = [
    # host, privacy, resolved, allowed
    ("api.openai.com", False, (), True),
    ("8.8.8.8", False, (), True),
    ("localhost", True, (), True),
    ("LOCALHOST.", True, (), True),
    ("ollama.localhost", True, (), True),
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


def test_only_names_need_resolution_and_only_in_privacy_mode():
    assert needs_resolution("example.com", True)
    assert not needs_resolution("example.com", False)
    assert not needs_resolution("8.8.8.8", True)
    assert not needs_resolution("localhost", True)


def test_loopback_address_rejects_garbage():
    assert not is_loopback_address("not an address")
    assert is_loopback_address("127.0.0.1")
