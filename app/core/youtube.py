"""YouTube live chat, read through the YouTube Data API v3 (pure): which stream, what a page of chat says, what
an error means.

Theory of operation:
1. The streamer names the live stream by its URL or its 11-character video id (video_id): watch?v=, youtu.be/,
   /live/, /shorts/ and /embed/ links all work. videos.list tells its activeLiveChatId (live_chat_id); a video
   with none is not live, or its chat is off.
2. liveChatMessages.list returns a page (parse_page): the messages, nextPageToken, pollingIntervalMillis
   (never polled faster than MIN_POLL_S, nor slower than MAX_POLL_S), and offlineAt once the stream ended.
3. Each item becomes a YtItem of one kind: "chat" (textMessageEvent), "superchat" / "supersticker" (with
   amountMicros and currency: exact, as a Decimal of the currency's minor unit, through app.core.donations),
   "member" (newSponsorEvent, memberMilestoneChatEvent, membershipGiftingEvent), "deleted" (its
   deletedMessageId), "banned" (the banned channel), "ended" (chatEndedEvent). Other types are skipped. An
   item missing what its kind needs, or holding anything that cannot be read, is skipped and counted, never
   fatal: one odd message must not stop chat, nor keep the poll on the same page (the page's nextPageToken
   is read whatever its items hold).
4. An error body ({"error": {"code", "message", "errors": [{"reason"}]}}) is read by api_error into what to
   do: RETRY (5xx, rateLimitExceeded: back off), ENDED (liveChatEnded, liveChatNotFound, 404), STOP (quota,
   a bad or missing key, forbidden, chat disabled: needs the streamer), with the API's own message.
4a. Errors: video_id, live_chat_id and parse_page raise YouTubeError (a ValueError) and nothing else,
   whatever the text or the JSON; api_error never raises; amount_from_micros raises DonationError.
5. The first page of a chat is history: its lines are counted (tallied) but not perceived, so she does not
   answer a backlog the moment she joins (first_page_is_history).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qs, urlparse

from app.core.donations import Donation, DonationError, minor_units, parse_currency

PLATFORM = "youtube"
MIN_POLL_S = 2.0
MAX_POLL_S = 30.0
DEFAULT_POLL_S = 5.0

_VIDEO_ID = re.compile(r"[A-Za-z0-9_-]{11}")
_MICROS = re.compile(r"[0-9]{1,20}")  # an int64 of millionths, as YouTube sends it (str.isdigit takes "²")
MEMBER_TYPES = {"newSponsorEvent", "memberMilestoneChatEvent", "membershipGiftingEvent"}
RETRY, ENDED, STOP = "retry", "ended", "stop"
ENDED_REASONS = {"liveChatEnded", "liveChatNotFound", "videoNotFound"}
STOP_REASONS = {"quotaExceeded", "dailyLimitExceeded", "keyInvalid", "keyExpired", "forbidden",
                "liveChatDisabled", "accessNotConfigured", "ipRefererBlocked", "badRequest"}


class YouTubeError(ValueError):
    """A stream name or an API answer that cannot be used; str() says why."""


def video_id(text: str) -> str:
    """The video id in a URL or a bare id (rule 1); YouTubeError, and nothing else, for any other text."""
    if not isinstance(text, str):
        raise YouTubeError("a YouTube link is text")
    text = text.strip()
    if _VIDEO_ID.fullmatch(text):
        return text
    try:
        url = urlparse(text if "://" in text else f"https://{text}")
        host = (url.hostname or "").lower().removeprefix("www.").removeprefix("m.")
    except ValueError:  # a malformed [IPv6] host, a bad port
        raise YouTubeError(f"{text[:200]!r} is not a YouTube video link or an 11-character video id") from None
    candidate = ""
    if host == "youtu.be":
        candidate = url.path.strip("/").split("/")[0]
    elif host.endswith("youtube.com"):
        parts = [p for p in url.path.split("/") if p]
        if parts[:1] == ["watch"]:
            candidate = (parse_qs(url.query).get("v") or [""])[0]
        elif len(parts) >= 2 and parts[0] in ("live", "shorts", "embed", "v"):
            candidate = parts[1]
    if not _VIDEO_ID.fullmatch(candidate):
        raise YouTubeError(f"{text[:200]!r} is not a YouTube video link or an 11-character video id")
    return candidate


def live_chat_id(body: Mapping[str, Any]) -> str:
    """videos.list?part=liveStreamingDetails -> the live chat's id (rule 1); YouTubeError otherwise."""
    items = body.get("items") if isinstance(body, Mapping) else None
    if not isinstance(items, list) or not items:
        raise YouTubeError("YouTube has no video with that id")
    details = items[0].get("liveStreamingDetails") if isinstance(items[0], Mapping) else None
    chat = details.get("activeLiveChatId") if isinstance(details, Mapping) else None
    if not isinstance(chat, str) or not chat:
        if isinstance(details, Mapping) and details.get("actualEndTime"):
            raise YouTubeError("that stream has ended")
        raise YouTubeError("that video is not live now, or its chat is off")
    return chat


@dataclass(frozen=True)
class YtItem:
    kind: str                 # chat | superchat | supersticker | member | deleted | banned | ended
    id: str
    channel_id: str = ""      # the author's (or the banned person's) channel
    name: str = ""
    text: str = ""
    owner: bool = False
    moderator: bool = False
    amount: Decimal | None = None
    currency: str = ""
    target: str = ""          # deleted: the message id taken away
    ban_seconds: int | None = None


@dataclass(frozen=True)
class Page:
    items: tuple[YtItem, ...]
    next_token: str
    poll_s: float
    offline: bool
    skipped: int


def poll_seconds(interval_ms: object, floor: float = MIN_POLL_S) -> float:
    if isinstance(interval_ms, bool) or not isinstance(interval_ms, int | float) or not interval_ms > 0:
        return max(floor, min(DEFAULT_POLL_S, MAX_POLL_S))
    if interval_ms >= MAX_POLL_S * 1000:  # also an int too large for a float
        return MAX_POLL_S
    return min(MAX_POLL_S, max(floor, interval_ms / 1000.0))


def amount_from_micros(micros: object, currency: object) -> tuple[Decimal, str]:
    """amountMicros (a string of digits) in `currency`, exact, at the currency's minor unit."""
    code = parse_currency(currency)
    if isinstance(micros, bool) or not isinstance(micros, str | int) or not _MICROS.fullmatch(str(micros)):
        raise DonationError("amountMicros must be a whole number of millionths (ASCII digits, at most 20)")
    value = Decimal(int(micros)).scaleb(-6)
    places = minor_units(code)
    amount = value.quantize(Decimal(1).scaleb(-places))
    if amount != value or amount <= 0:
        raise DonationError(f"{micros} millionths of {code} is not a {code} amount")
    return amount, code


def parse_page(body: Mapping[str, Any], floor: float = MIN_POLL_S) -> Page:
    """One liveChatMessages.list answer (rules 2 and 3); floor: the shortest wait before the next poll.
    YouTubeError only when the body is no chat page (not an object, or items not a list); a bad item is
    skipped and counted."""
    if not isinstance(body, Mapping):
        raise YouTubeError("the chat page is not a JSON object")
    items = body.get("items", [])
    if not isinstance(items, list):
        raise YouTubeError("the chat page has no list of items")
    out: list[YtItem] = []
    skipped = 0
    for raw in items:
        try:
            item = _item(raw)
        except Exception:  # whatever an odd item breaks (rule 3): skipped, never the whole page
            skipped += 1
            continue
        if item is not None:
            out.append(item)
    return Page(tuple(out), next_token(body), poll_seconds(body.get("pollingIntervalMillis"), floor),
                bool(body.get("offlineAt")), skipped)


def next_token(body: object) -> str:
    """The nextPageToken of a chat page, "" when it has none (whatever else the body holds)."""
    token = body.get("nextPageToken") if isinstance(body, Mapping) else None
    return token if isinstance(token, str) else ""


def _item(raw: Mapping[str, Any]) -> YtItem | None:
    snippet, author = raw["snippet"], raw.get("authorDetails") or {}
    kind, mid = snippet["type"], str(raw["id"])
    who = {"channel_id": str(author.get("channelId") or snippet.get("authorChannelId") or ""),
           "name": str(author.get("displayName") or ""), "owner": bool(author.get("isChatOwner")),
           "moderator": bool(author.get("isChatModerator"))}
    if kind == "textMessageEvent":
        text = snippet.get("textMessageDetails", {}).get("messageText") or snippet.get("displayMessage")
        if not isinstance(text, str) or not who["channel_id"]:
            raise ValueError("a chat line without text or author")
        return YtItem("chat", mid, text=text, **who)
    if kind in ("superChatEvent", "superStickerEvent"):
        details = snippet["superChatDetails" if kind == "superChatEvent" else "superStickerDetails"]
        amount, currency = amount_from_micros(details["amountMicros"], details["currency"])
        text = (details.get("userComment") if kind == "superChatEvent"
                else details.get("superStickerMetadata", {}).get("altText")) or ""
        return YtItem("superchat" if kind == "superChatEvent" else "supersticker", mid, text=str(text),
                      amount=amount, currency=currency, **who)
    if kind in MEMBER_TYPES:
        text = snippet.get("memberMilestoneChatDetails", {}).get("userComment") or snippet.get("displayMessage")
        return YtItem("member", mid, text=str(text or ""), **who)
    if kind == "messageDeletedEvent":
        return YtItem("deleted", mid, target=str(snippet["messageDeletedDetails"]["deletedMessageId"]))
    if kind == "userBannedEvent":
        details = snippet["userBannedDetails"]
        banned = details["bannedUserDetails"]
        seconds = details.get("banDurationSeconds")
        return YtItem("banned", mid, channel_id=str(banned["channelId"]), name=str(banned.get("displayName", "")),
                      ban_seconds=int(seconds) if details.get("banType") == "temporary" and seconds else None)
    if kind == "chatEndedEvent":
        return YtItem("ended", mid)
    return None


def donation(item: YtItem) -> Donation:
    """A Super Chat or Super Sticker as a donation, keyed by its message id."""
    if item.amount is None:
        raise DonationError("not a paid message")
    return Donation(delivery_id=item.id, donor_name=item.name or "Anonymous", amount=item.amount,
                    currency=item.currency, message=item.text, platform=PLATFORM,
                    kind="superchat" if item.kind == "superchat" else "supersticker")


def api_error(status: int, body: object) -> tuple[str, str]:
    """(what to do, the API's words) for an HTTP error (rule 4)."""
    error = body.get("error") if isinstance(body, Mapping) else None
    message = str(error.get("message", ""))[:500] if isinstance(error, Mapping) else ""
    errors = error.get("errors") if isinstance(error, Mapping) else None
    reasons = {str(e.get("reason")) for e in errors if isinstance(e, Mapping)} if isinstance(errors, list) else set()
    words = message or f"HTTP {status}"
    if reasons & ENDED_REASONS or status == 404:
        return ENDED, words
    if "rateLimitExceeded" in reasons or status >= 500 or status == 429:
        return RETRY, words
    if reasons & STOP_REASONS or status in (400, 401, 403):
        return STOP, words
    return RETRY, words
