"""A fake YouTube Data API v3, written from its reference pages (videos.list with liveStreamingDetails,
liveChatMessages.list, the error body): serves one live video's chat from a script of pages, checks the key
in the X-Goog-Api-Key header, and answers errors the way YouTube does."""

from __future__ import annotations

from typing import Any

from aiohttp import web

VIDEO = "dQw4w9WgXcQ"
CHAT = "Cg0KC2RRdzR3OVdnWGNRKicKGFVDX3g1WEc1"
KEY = "AIza-test-key"


def error(status: int, reason: str, message: str) -> web.Response:
    return web.json_response({"error": {"code": status, "message": message,
                                        "errors": [{"message": message, "domain": "youtube.liveChat",
                                                    "reason": reason}]}}, status=status)


def text(mid: str, channel: str, name: str, words: str, **author: Any) -> dict[str, Any]:
    return {"kind": "youtube#liveChatMessage", "etag": "e", "id": mid,
            "snippet": {"type": "textMessageEvent", "liveChatId": CHAT, "authorChannelId": channel,
                        "publishedAt": "2026-12-03T06:00:00.000Z", "hasDisplayContent": True,
                        "displayMessage": words, "textMessageDetails": {"messageText": words}},
            "authorDetails": {"channelId": channel, "channelUrl": f"http://www.youtube.com/channel/{channel}",
                              "displayName": name, "profileImageUrl": "https://example.invalid/p.jpg",
                              "isVerified": False, "isChatOwner": False, "isChatSponsor": False,
                              "isChatModerator": False, **author}}


def superchat(mid: str, channel: str, name: str, micros: str, currency: str, comment: str) -> dict[str, Any]:
    item = text(mid, channel, name, comment)
    item["snippet"] = {"type": "superChatEvent", "liveChatId": CHAT, "authorChannelId": channel,
                       "publishedAt": "2026-12-03T06:00:01.000Z", "hasDisplayContent": True,
                       "displayMessage": f"{micros} {currency} from {name}: {comment}",
                       "superChatDetails": {"amountMicros": micros, "currency": currency,
                                            "amountDisplayString": "€5.00", "userComment": comment, "tier": 2}}
    return item


def deleted(mid: str, target: str) -> dict[str, Any]:
    return {"kind": "youtube#liveChatMessage", "id": mid,
            "snippet": {"type": "messageDeletedEvent", "liveChatId": CHAT, "hasDisplayContent": False,
                        "messageDeletedDetails": {"deletedMessageId": target}},
            "authorDetails": {"channelId": "UCmod", "displayName": "A Moderator", "isChatModerator": True}}


def banned(mid: str, channel: str, name: str, seconds: int | None = None) -> dict[str, Any]:
    details: dict[str, Any] = {"bannedUserDetails": {"channelId": channel, "displayName": name},
                               "banType": "temporary" if seconds else "permanent"}
    if seconds:
        details["banDurationSeconds"] = str(seconds)
    return {"kind": "youtube#liveChatMessage", "id": mid,
            "snippet": {"type": "userBannedEvent", "liveChatId": CHAT, "hasDisplayContent": False,
                        "userBannedDetails": details},
            "authorDetails": {"channelId": "UCmod", "displayName": "A Moderator", "isChatModerator": True}}


class FakeYouTube:
    def __init__(self, pages: list[list[dict[str, Any]]], *, live: bool = True, poll_ms: int = 10) -> None:
        self.pages = pages            # each poll serves the next; after the last, empty pages
        self.live = live
        self.poll_ms = poll_ms
        self.requests: list[tuple[str, dict[str, str], str]] = []
        self.fail_next: web.Response | None = None
        self.offline_after_pages = False
        self.served = 0
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/youtube/v3"

    async def __aenter__(self) -> FakeYouTube:
        app = web.Application()
        app.router.add_get("/youtube/v3/videos", self._videos)
        app.router.add_get("/youtube/v3/liveChat/messages", self._messages)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def _seen(self, request: web.Request) -> web.Response | None:
        self.requests.append((request.path, dict(request.query), request.headers.get("X-Goog-Api-Key", "")))
        if "key" in request.query:
            return error(400, "badRequest", "the key belongs in the header, not the URL")
        if request.headers.get("X-Goog-Api-Key") != KEY:
            return error(400, "badRequest", "API key not valid. Please pass a valid API key.")
        if self.fail_next is not None:
            failure, self.fail_next = self.fail_next, None
            return failure
        return None

    async def _videos(self, request: web.Request) -> web.Response:
        if (failure := self._seen(request)) is not None:
            return failure
        if request.query.get("id") != VIDEO:
            return web.json_response({"kind": "youtube#videoListResponse", "items": []})
        details = {"actualStartTime": "2026-12-03T05:00:00Z"}
        if self.live:
            details["activeLiveChatId"] = CHAT
        return web.json_response({"kind": "youtube#videoListResponse",
                                  "items": [{"kind": "youtube#video", "id": VIDEO, "liveStreamingDetails": details}]})

    async def _messages(self, request: web.Request) -> web.Response:
        if (failure := self._seen(request)) is not None:
            return failure
        if request.query.get("liveChatId") != CHAT:
            return error(404, "liveChatNotFound", "The live chat that you are trying to retrieve cannot be found.")
        expected = f"page{self.served}" if self.served else None
        if request.query.get("pageToken") != expected:
            return error(400, "pageTokenInvalid", "The page token is not valid.")
        items = self.pages[self.served] if self.served < len(self.pages) else []
        self.served += 1
        body: dict[str, Any] = {"kind": "youtube#liveChatMessageListResponse", "pollingIntervalMillis": self.poll_ms,
                                "nextPageToken": f"page{self.served}", "pageInfo": {"totalResults": len(items)},
                                "items": items}
        if self.offline_after_pages and self.served > len(self.pages):
            body["offlineAt"] = "2026-12-03T07:00:00Z"
        return web.json_response(body)
