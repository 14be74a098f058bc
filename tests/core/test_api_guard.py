"""The local API's pure rules (app.core.api_guard): Host and Origin allow-lists, and the wrong-token limit."""

from app.core.api_guard import FailureThrottle, host_allowed, origin_allowed, split_host


def test_hosts_are_this_computers_names_with_our_port_and_nothing_else():
    lan = {"192.168.1.20", "studio.local"}
    ok = ["127.0.0.1:8765", "localhost:8765", "LocalHost:8765", "[::1]:8765", " 127.0.0.1:8765 "]
    assert all(host_allowed(h, 8765) for h in ok)
    refused = ["evil.example:8765", "127.0.0.1", "127.0.0.1:80", "localhost.:8765", "bea.localhost:8765",
               "127.0.0.1:8765:1", "[::1]", "user@127.0.0.1:8765", "127.0.0.1:8765/x", "", None, "[::1:8765",
               "127.0.0.1:+8765", "127.0.0.1:٨٧٦٥", "[nothost]:8765", "192.168.1.20:8765"]
    assert not any(host_allowed(h, 8765) for h in refused)
    assert host_allowed("192.168.1.20:8765", 8765, lan) and host_allowed("Studio.Local:8765", 8765, lan)
    assert host_allowed("localhost", 80) and host_allowed("localhost", 443, default_port=443)
    assert split_host("[::1]:9") == ("[::1]", 9) and split_host("a:b") is None


def test_origins_null_and_foreign_are_refused_and_none_is_fine():
    assert origin_allowed(None, 8765)
    assert origin_allowed("http://127.0.0.1:8765", 8765) and origin_allowed("https://localhost:8765", 8765)
    for origin in ("null", "NULL", "http://evil.example", "http://127.0.0.1:9999", "file://", "chrome-extension://x",
                   "http://127.0.0.1:8765/path", ""):
        assert not origin_allowed(origin, 8765), origin


def test_an_address_is_stopped_after_ten_wrong_tokens_in_a_minute_and_the_flood_is_told_once():
    t = FailureThrottle()
    told = [t.failed("10.0.0.5", 100.0 + i) for i in range(10)]
    assert told == [False] * 9 + [True]
    assert t.wait("10.0.0.5", 110.0) == 50            # until the first failure is a minute old
    assert t.wait("10.0.0.6", 110.0) == 0             # another address is not affected
    assert t.wait("10.0.0.5", 160.5) == 0             # the oldest failure left the window
    assert t.failed("10.0.0.5", 160.5) is False       # ten in the minute again: stopped, but already told
    assert t.wait("10.0.0.5", 160.5) == 1             # a sliding window: one more try as each ages out
    assert [t.failed("10.0.0.7", 170.0 + i) for i in range(10)][-1] is False
    assert [t.failed("10.0.0.8", 800.0 + i) for i in range(10)][-1] is True   # ten minutes on: told again


def test_the_table_of_addresses_stays_bounded():
    t = FailureThrottle(max_clients=100)
    for i in range(10_000):
        t.failed(f"10.0.{i // 256}.{i % 256}", float(i) / 1000)
    assert len(t._failures) <= 100
