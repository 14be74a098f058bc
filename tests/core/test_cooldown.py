"""Cooldowns of failing pool members and Retry-After, as tables."""

from calendar import timegm

import pytest

from app.core.cooldown import CAP, RETRY_AFTER_CAP, Cooldowns, cooldown, http_date, retry_after_seconds

NOW = float(timegm((2015, 10, 21, 7, 28, 0, 0, 0, 0)))  # Wed, 21 Oct 2015 07:28:00 GMT

BACKOFF = [
    # failures in a row, seconds
    (0, 0.0), (1, 5.0), (2, 10.0), (3, 20.0), (4, 40.0), (6, 160.0), (7, 300.0), (8, 300.0), (1000, CAP),
]


@pytest.mark.parametrize("failures,seconds", BACKOFF)
def test_backoff_doubles_from_five_seconds_up_to_five_minutes(failures, seconds):
    assert cooldown(failures) == seconds


COOLDOWN = [
    # failures, retry-after, seconds
    (1, None, 5.0),
    (1, 30.0, 30.0),      # the server asked for longer than the back-off
    (3, 2.0, 20.0),       # the back-off is longer than what the server asked
    (8, 900.0, 900.0),    # Retry-After beats the 5 minute cap
    (1, 86400.0, RETRY_AFTER_CAP),
    (1, -5.0, 5.0),
]


@pytest.mark.parametrize("failures,retry_after,seconds", COOLDOWN)
def test_cooldown_is_at_least_what_the_server_asked(failures, retry_after, seconds):
    assert cooldown(failures, retry_after) == seconds


RETRY_AFTER = [
    # header value, seconds
    ("120", 120.0),
    (" 7 ", 7.0),
    ("0", 0.0),
    ("Wed, 21 Oct 2015 07:29:30 GMT", 90.0),
    ("wed, 21 oct 2015 07:29:30 gmt", 90.0),
    ("Wednesday, 21-Oct-15 07:30:00 GMT", 120.0),
    ("Wed Oct 21 07:28:05 2015", 5.0),
    ("Wed Oct  1 07:28:05 2015", 0.0),          # a date in the past: no wait
    ("Tue, 20 Oct 2015 07:28:00 GMT", 0.0),
    ("soon", None), ("-5", None), ("1.5", None), ("", None), (None, None),
    ("Wed, 21 Foo 2015 07:29:30 GMT", None), ("Wed, 41 Oct 2015 07:29:30 GMT", None),
]


@pytest.mark.parametrize("value,seconds", RETRY_AFTER)
def test_retry_after_in_seconds_or_as_an_http_date(value, seconds):
    assert retry_after_seconds(value, NOW) == seconds


def test_a_retry_after_date_is_measured_from_the_answers_own_date():
    sent = http_date("Wed, 21 Oct 2015 07:28:00 GMT")
    assert sent == NOW and http_date(" wed, 21 oct 2015 07:28:00 gmt ") == NOW
    assert http_date("yesterday") is None and http_date(None) is None
    assert retry_after_seconds("Wed, 21 Oct 2015 07:29:30 GMT", None) is None   # no Date: nothing to measure from
    assert retry_after_seconds("120", None) == 120.0


def test_a_member_cools_down_longer_each_time_and_a_success_resets_it():
    c = Cooldowns()
    assert c.remaining("a", 0.0) == 0.0 and c.why("a") == ""
    assert c.failed("a", 100.0, "timed out") == 5.0
    assert (c.remaining("a", 101.0), c.remaining("a", 105.0), c.why("a")) == (4.0, 0.0, "timed out")
    assert c.failed("a", 105.0, "timed out again") == 10.0
    assert c.failed("a", 115.0, "rate limited", retry_after=60.0) == 60.0
    assert c.failed("a", 175.0, "rate limited") == 40.0   # the fourth failure in a row
    c.succeeded("a")
    assert c.remaining("a", 175.0) == 0.0
    assert c.failed("a", 200.0, "timed out") == 5.0


def test_the_member_whose_cooldown_ends_first_is_the_one_to_try():
    c = Cooldowns()
    c.failed("a", 0.0, "x", retry_after=50.0)
    c.failed("b", 0.0, "x", retry_after=20.0)
    c.failed("c", 0.0, "x", retry_after=20.0)
    assert c.first_ready(["a", "b", "c"]) == "b"
    assert c.first_ready(["a", "never-failed"]) == "never-failed"
    assert c.first_ready([]) is None
