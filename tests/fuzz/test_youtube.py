"""YouTube Data API answers fuzzed: a chat page never raises for a bad item (it is skipped and counted, so the
poll moves on with the page's token), only YouTubeError for a body that is no page at all; the video lookup
and the stream link raise only YouTubeError; reading an error body never raises."""

from hypothesis import given
from hypothesis import strategies as st

from app.core import youtube as yt
from tests.fuzz.strategies import FUZZ, count, json_inputs, mutated, text_inputs
from tests.skills.youtube.fake_api import banned, deleted, superchat, text

ITEMS = [text("m1", "UCa", "Ada", "hello there"), superchat("m2", "UCb", "Bob", "5000000", "EUR", "for you"),
         deleted("m3", "m1"), banned("m4", "UCa", "Ada", 300),
         {"id": "m5", "snippet": {"type": "superStickerEvent", "authorChannelId": "UCc",
                                  "superStickerDetails": {"amountMicros": "1000000000", "currency": "JPY",
                                                          "superStickerMetadata": {"altText": "cat"}}},
          "authorDetails": {"channelId": "UCc", "displayName": "Cy"}},
         {"id": "m6", "snippet": {"type": "memberMilestoneChatEvent", "memberMilestoneChatDetails":
                                  {"userComment": "a year!"}}, "authorDetails": {"channelId": "UCd"}},
         {"id": "m7", "snippet": {"type": "chatEndedEvent"}}]
PAGES = [{"kind": "youtube#liveChatMessageListResponse", "nextPageToken": "tok2", "pollingIntervalMillis": 5000,
          "items": ITEMS[:4]},
         {"nextPageToken": "tok3", "pollingIntervalMillis": 100, "offlineAt": "2026-12-03T07:00:00Z",
          "items": ITEMS[4:]}]
VIDEOS = [{"items": [{"id": "dQw4w9WgXcQ", "liveStreamingDetails": {"activeLiveChatId": "Cg0KC2RRdzR3OVdnWGNR",
                                                                   "actualStartTime": "2026-12-03T06:00:00Z"}}]},
          {"items": [{"liveStreamingDetails": {"actualEndTime": "2026-12-03T07:00:00Z"}}]}, {"items": []}]
ERRORS = [{"error": {"code": 403, "message": "quota", "errors": [{"reason": "quotaExceeded"}]}},
          {"error": {"code": 404, "message": "gone", "errors": [{"reason": "liveChatEnded"}]}}]
LINKS = ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ",
         "https://m.youtube.com/live/dQw4w9WgXcQ?feature=share", "https://youtube.com/shorts/dQw4w9WgXcQ"]


@FUZZ
@given(json_inputs(PAGES), st.floats(0.0, 10.0))
def test_a_chat_page_skips_bad_items_and_keeps_its_token(body, floor):
    count("youtube")
    try:
        page = yt.parse_page(body, floor)
    except yt.YouTubeError:
        assert not isinstance(body, dict) or not isinstance(body.get("items", []), list)
        return
    token = body.get("nextPageToken")
    assert page.next_token == (token if isinstance(token, str) else "")
    items = body.get("items", [])
    assert len(page.items) + page.skipped <= len(items)
    for item in page.items:
        if item.amount is not None:
            yt.donation(item)


@FUZZ
@given(json_inputs(VIDEOS + ERRORS), text_inputs(LINKS), st.integers(0, 999))
def test_a_video_lookup_a_link_and_an_error_body_raise_only_youtube_error(body, link, status):
    count("youtube-lookup")
    try:
        yt.live_chat_id(body)
    except yt.YouTubeError:
        pass
    try:
        yt.video_id(link)
    except yt.YouTubeError:
        pass
    action, words = yt.api_error(status, body)
    assert action in (yt.RETRY, yt.ENDED, yt.STOP) and words


@FUZZ
@given(mutated(["5000000", "1000000000", "0", "10"]) | st.integers(), text_inputs(["EUR", "JPY", "KWD"]))
def test_an_amount_in_micros_is_exact_or_a_donation_error(micros, currency):
    count("youtube-micros")
    try:
        amount, code = yt.amount_from_micros(micros, currency)
    except yt.DonationError:
        return
    assert amount > 0 and len(code) == 3
