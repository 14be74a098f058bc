"""YouTube live chat over the Data API v3: find the stream's chat, then poll it at the rhythm YouTube asks.

Theory of operation:
1. Every request goes through the network gate's aiohttp session (privacy mode refuses googleapis.com: state
   REFUSED). The API key comes from the keyring per request, in the X-Goog-Api-Key header, never in a URL,
   so no log line or error can carry it.
2. videos.list finds the live chat (app.core.youtube.live_chat_id); a video that is not live is state
   NOT_LIVE with YouTube's reason, looked up again every NOT_LIVE_RETRY_S (a streamer often pastes the link
   before going live).
3. liveChatMessages.list is polled with each page's token after waiting the page's pollingInterval; each page
   goes to on_page(page, first), first being the page of history YouTube sends on joining. A bad item is
   skipped by parse_page; a page that cannot be read at all is retried after a backoff, from its own
   nextPageToken when it has one, so no answer keeps the poll on the same page for ever.
4. An API error is read by app.core.youtube.api_error: RETRY backs off (doubling, capped) and polls again;
   ENDED (the chat ended, or the stream went offline) stops with state ENDED; STOP (quota, key, chat off)
   stops with state STOPPED and the API's words. A network failure retries like RETRY.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

from app.core.failures import summary
from app.core.youtube import (
    ENDED,
    MIN_POLL_S,
    RETRY,
    STOP,
    Page,
    YouTubeError,
    api_error,
    live_chat_id,
    next_token,
    parse_page,
)
from app.senses.netgate import PrivacyRefused
from app.skills.platform.link import Link, State

log = logging.getLogger(__name__)

API_BASE = "https://www.googleapis.com/youtube/v3"
PURPOSE = "YouTube chat"
NOT_LIVE_RETRY_S = 30.0
REQUEST_TIMEOUT_S = 20.0


class ApiFailure(Exception):
    def __init__(self, action: str, words: str) -> None:
        super().__init__(words)
        self.action, self.words = action, words


class YouTubeChat(Link):
    """One video's live chat, polled. Its task, state and backoff: the platform layer's Link."""
    name = "YouTube chat"

    def __init__(self, gate: Any, key: Callable[[], str | None], video: str,
                 on_page: Callable[[Page, bool], Awaitable[None]], *,
                 on_state: Callable[[str, str], None] = lambda _s, _w: None, base: str = API_BASE,
                 backoff_base: float = 1.0, backoff_cap: float = 60.0, not_live_retry_s: float = NOT_LIVE_RETRY_S,
                 min_poll_s: float = MIN_POLL_S, rng: random.Random | None = None) -> None:
        super().__init__(on_state, backoff_base, backoff_cap, rng)
        self.gate, self._key, self.video, self.base = gate, key, video, base.rstrip("/")
        self.on_page = on_page
        self.not_live_retry_s, self.min_poll_s = not_live_retry_s, min_poll_s
        self.pages = 0

    # ---- requests (rule 1) --------------------------------------------------------------------------
    async def _get(self, session: Any, path: str, params: dict[str, str]) -> Any:
        import aiohttp
        key = await asyncio.get_running_loop().run_in_executor(None, self._key)
        if not key:
            raise ApiFailure(STOP, "no YouTube API key is set (Settings → YouTube)")
        timeout = aiohttp.ClientTimeout(total=REQUEST_TIMEOUT_S)
        async with session.get(f"{self.base}/{path}", params=params, headers={"X-Goog-Api-Key": key},
                               timeout=timeout) as response:
            try:
                body = await response.json(content_type=None)
            except ValueError:
                body = None
            if response.status != 200:
                raise ApiFailure(*api_error(response.status, body))
            if not isinstance(body, dict):
                raise ApiFailure(RETRY, "YouTube answered something that is not JSON")
            return body

    # ---- the loop (rules 2 to 4) --------------------------------------------------------------------
    async def _run(self) -> None:
        attempt = 0
        chat, token, first = "", "", True
        async with self.gate.http_session(PURPOSE) as session:
            while True:
                try:
                    if not chat:
                        self._set(State.CONNECTING)
                        body = await self._get(session, "videos", {"part": "liveStreamingDetails", "id": self.video})
                        try:
                            chat = live_chat_id(body)
                        except YouTubeError as exc:
                            self._set(State.NOT_LIVE, f"{exc}; looking again in {self.not_live_retry_s:.0f} s")
                            await asyncio.sleep(self.not_live_retry_s)
                            continue
                    params = {"liveChatId": chat, "part": "snippet,authorDetails", "maxResults": "2000"}
                    if token:
                        params["pageToken"] = token
                    body = await self._get(session, "liveChat/messages", params)
                    try:
                        page = parse_page(body, self.min_poll_s)
                    except YouTubeError as exc:
                        # no page to read, but its token still moves the poll on: never the same page for ever
                        token = next_token(body) or token
                        raise ApiFailure(RETRY, f"YouTube sent a chat page that cannot be read ({exc})") from None
                except PrivacyRefused as exc:
                    self._set(State.REFUSED, exc.reason)   # the skill's line names YouTube chat already
                    return
                except ApiFailure as exc:
                    if exc.action == ENDED:
                        self._set(State.ENDED, f"the live chat has ended ({exc.words})")
                        return
                    if exc.action == STOP:
                        self._set(State.STOPPED, exc.words)
                        log.warning("YouTube chat stopped: %s", summary(exc))
                        return
                    attempt = await self._back_off(attempt, exc.words)
                    continue
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # the network, a timeout, a page that is not a chat page
                    attempt = await self._back_off(attempt, str(exc) or type(exc).__name__)
                    continue
                attempt = 0
                self.pages += 1
                self._set(State.READING)
                await self.on_page(page, first)
                first = False
                token = page.next_token or token
                if page.offline or any(item.kind == "ended" for item in page.items):
                    self._set(State.ENDED, "the live chat has ended")
                    return
                await asyncio.sleep(page.poll_s)
