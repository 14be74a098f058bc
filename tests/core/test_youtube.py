"""YouTube live chat, pure: naming the stream, finding its chat, reading a page of every kind, exact Super Chat
amounts, and what each API error means."""

from decimal import Decimal

import pytest

from app.core.donations import DonationError
from app.core.youtube import (
    ENDED,
    MAX_POLL_S,
    MIN_POLL_S,
    RETRY,
    STOP,
    YouTubeError,
    amount_from_micros,
    api_error,
    donation,
    live_chat_id,
    parse_page,
    poll_seconds,
    video_id,
)
from tests.skills.youtube.fake_api import banned, deleted, superchat, text

V = "dQw4w9WgXcQ"


@pytest.mark.parametrize("link", [
    V, f" {V} ", f"https://www.youtube.com/watch?v={V}", f"https://www.youtube.com/watch?feature=x&v={V}&t=42s",
    f"youtube.com/watch?v={V}", f"https://youtu.be/{V}?si=abc", f"https://www.youtube.com/live/{V}?feature=share",
    f"https://m.youtube.com/watch?v={V}", f"https://www.youtube.com/embed/{V}", f"https://youtube.com/shorts/{V}",
])
def test_a_stream_is_named_by_link_or_id(link):
    assert video_id(link) == V


@pytest.mark.parametrize("link", ["", "hello", "https://www.youtube.com/@somechannel", "https://vimeo.com/12345678901",
                                  f"https://www.youtube.com/watch?v={V}x", "https://youtu.be/"])
def test_what_names_no_stream_says_so(link):
    with pytest.raises(YouTubeError, match="not a YouTube video link"):
        video_id(link)


def test_the_live_chat_of_a_video():
    assert live_chat_id({"items": [{"id": V, "liveStreamingDetails": {"activeLiveChatId": "Cg0"}}]}) == "Cg0"
    with pytest.raises(YouTubeError, match="no video with that id"):
        live_chat_id({"items": []})
    with pytest.raises(YouTubeError, match="not live now, or its chat is off"):
        live_chat_id({"items": [{"id": V}]})
    with pytest.raises(YouTubeError, match="has ended"):
        live_chat_id({"items": [{"id": V, "liveStreamingDetails": {"actualEndTime": "2026-01-01T00:00:00Z"}}]})


def test_a_page_of_every_kind():
    member = text("m1", "UCm", "Mia", "12 months!")
    member["snippet"] = {"type": "memberMilestoneChatEvent", "memberMilestoneChatDetails": {"userComment": "12 months!",
                                                                                            "memberMonth": 12}}
    odd = text("x1", "UCx", "X", "?")
    del odd["snippet"]["textMessageDetails"], odd["snippet"]["displayMessage"]
    page = parse_page({"pollingIntervalMillis": 5100, "nextPageToken": "t2", "items": [
        text("a1", "UCanna", "Anna", "ciao Bea!", isChatModerator=True),
        superchat("s1", "UCbo", "Bo", "5000000", "EUR", "for the castle"),
        member, deleted("d1", "a1"), banned("b1", "UCspam", "Spammer", seconds=300),
        {"id": "p1", "snippet": {"type": "pollEvent"}},   # not read: skipped quietly
        odd,                                              # broken: skipped and counted
        {"id": "e1", "snippet": {"type": "chatEndedEvent"}}]})
    kinds = [(i.kind, i.id) for i in page.items]
    assert kinds == [("chat", "a1"), ("superchat", "s1"), ("member", "m1"), ("deleted", "d1"), ("banned", "b1"),
                     ("ended", "e1")]
    chat, paid, mem, gone, ban, _ = page.items
    assert (chat.channel_id, chat.name, chat.text, chat.moderator, chat.owner) == ("UCanna", "Anna", "ciao Bea!",
                                                                                    True, False)
    assert (paid.amount, paid.currency, paid.text) == (Decimal("5.00"), "EUR", "for the castle")
    assert mem.text == "12 months!" and gone.target == "a1" and (ban.channel_id, ban.ban_seconds) == ("UCspam", 300)
    assert (page.next_token, page.poll_s, page.offline, page.skipped) == ("t2", 5.1, False, 1)
    d = donation(paid)
    assert (d.key, d.donor_name, d.amount, d.currency, d.message, d.kind) == ("youtube:s1", "Bo", Decimal("5.00"),
                                                                              "EUR", "for the castle", "superchat")


def test_paid_amounts_are_exact_at_the_currency_unit():
    assert amount_from_micros("1990000", "USD") == (Decimal("1.99"), "USD")
    assert amount_from_micros("500000000", "JPY") == (Decimal("500"), "JPY")
    assert amount_from_micros("1234000", "KWD") == (Decimal("1.234"), "KWD")
    for micros, currency, why in (("1234567", "USD", "is not a USD amount"), ("0", "EUR", "is not a EUR amount"),
                                  ("-5", "EUR", "whole number"), (5.5, "EUR", "whole number"),
                                  ("5000000", "euro", "3-letter")):
        with pytest.raises(DonationError, match=why):
            amount_from_micros(micros, currency)


def test_the_poll_rhythm_is_youtubes_within_bounds():
    assert poll_seconds(5000) == 5.0 and poll_seconds(100) == MIN_POLL_S and poll_seconds(10**9) == MAX_POLL_S
    assert poll_seconds(None) == 5.0 and poll_seconds(True) == 5.0 and poll_seconds(10, floor=0.01) == 0.01


@pytest.mark.parametrize(("status", "reason", "action"), [
    (403, "quotaExceeded", STOP), (400, "keyInvalid", STOP), (400, "badRequest", STOP), (403, "forbidden", STOP),
    (403, "liveChatDisabled", STOP), (403, "liveChatEnded", ENDED), (404, "liveChatNotFound", ENDED),
    (403, "rateLimitExceeded", RETRY), (503, "backendError", RETRY), (500, None, RETRY), (429, None, RETRY),
])
def test_what_an_api_error_means(status, reason, action):
    body = {"error": {"code": status, "message": "words from YouTube",
                      "errors": [{"reason": reason}] if reason else []}}
    assert api_error(status, body) == (action, "words from YouTube")
    assert api_error(status, None)[1] == f"HTTP {status}"
