"""Telegram's Bot API over long polling: one bot, her own loop, every request through the network gate.

Why python-telegram-bot (22.x): it needs only httpx (aiogram 3 would pin pydantic down and bring its own
aiohttp-based session code), it is the most used maintained library, and its `telegram.Bot` runs on our own
asyncio loop without its Application framework, with `base_url`/`base_file_url` pointing anywhere (a local
server in the tests). We use `Bot` for the API's shapes and errors and keep the loop ourselves, so every
failure becomes a plain sentence for the streamer. Its HTTP goes through GateRequest, not httpx: the gate's
aiohttp session decides every connection (privacy mode refuses api.telegram.org: state REFUSED).

Theory of operation:
1. start(): the token is read from the keyring provider (off the loop); none: state NO_TOKEN. getMe (through
   Bot.initialize) learns her id and @username; a 401/404 is state AUTH_FAILED ("the bot token was refused:
   ...") and the client stops: only a new token helps.
2. getUpdates with offset and a long-poll timeout, for messages only. The batch goes to on_updates as plain
   dicts (the Bot API's JSON); then the offset moves past the highest update_id, which confirms the batch on
   the next call (and on stop(), with one short call), so nothing is read twice.
3. 429: wait the retry_after Telegram names. 409 Conflict: another program is reading this bot's updates (a
   second Bea, or a webhook): state CONFLICT with that sentence, polled again after a backoff (doubling,
   capped: the other program may go away). A network failure or a timeout: state RETRYING, backoff, again.
4. send(chat, text, thread=...) posts sendMessage (in pieces of at most MAX_CHARS); typing(chat, thread) posts
   sendChatAction "typing"; voice(file_id) is getFile and the download of its file_path. A chat is its id or a
   public @username (the Bot API's chat_id: "Unique identifier for the target chat or username of the target
   channel (in the format @channelusername)", https://core.telegram.org/bots/api#sendmessage). A message in a
   forum topic is answered in that topic: every piece, and the typing indicator, carry its message_thread_id
   ("Unique identifier for the target message thread (topic) of the forum; for forum supergroups only").
6. Nothing she says is lost to a limit: every piece waits its turn under Telegram's limits for bots
   (app.core.telegram_pace, from https://core.telegram.org/bots/faq), and a 429 is waited out for that chat as
   its parameters.retry_after says, then the piece is sent again; all within the line's life (line_life, from
   when send() has it). A piece that could go only later is not sent: LineDropped says what was left unsent
   and why, for the dock. A typing indicator is never worth a wait: during a hold it is not shown, and its own
   429 only holds the chat.
5. The token is in the URL the Bot API wants (/bot<token>/method), so no URL is ever logged: the telegram
   library's own logger (which logs its base URL and every request's parameters at DEBUG) is silenced, and
   a failure's words have the token cut out before anyone sees them.
7. A hung Telegram (the connection open, no answer) is noticed by its long poll: Telegram holds getUpdates at
   most its `timeout` ("Timeout in seconds for long polling", https://core.telegram.org/bots/api#getupdates),
   so a poll not back poll_timeout + poll_margin seconds after it was asked is abandoned: state HUNG ("not
   answering"), then asked again after the backoff (what it held is not lost: only a later offset confirms).
   The poll is 10 s, not the usual 25 or more, so that a hang shows within 15 s; idle, that is one request
   every 10 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import logging
import os
import random
from collections.abc import Awaitable, Callable
from typing import Any

from app.core.message_pieces import pieces
from app.core.telegram import next_offset
from app.core.telegram_pace import Pacer
from app.senses.netgate import PrivacyRefused
from app.skills.platform.link import Link, State

log = logging.getLogger(__name__)
logging.getLogger("telegram").setLevel(logging.CRITICAL + 1)    # rule 5: it logs the URL (token) and texts
logging.getLogger("httpx").setLevel(logging.WARNING)            # PTB's default transport, never used here
os.environ.setdefault("PTB_TIMEDELTA", "true")   # PTB's documented opt-in: durations as timedeltas, no warnings

API_BASE = "https://api.telegram.org/bot"
FILE_BASE = "https://api.telegram.org/file/bot"
PURPOSE = "Telegram"
POLL_TIMEOUT_S = 10             # the long poll: Telegram holds the request this long when nothing comes (rule 7)
POLL_MARGIN_S = 5.0             # rule 7: past the poll's timeout, before Telegram counts as not answering
REQUEST_TIMEOUT_S = 20.0        # any other request, and the margin over the long poll
MAX_CHARS = 4096                # Telegram refuses longer messages
LINE_LIFE_S = 120.0             # rule 6: a written conversation bears a late answer; past two minutes it moved on
CONFLICT = ("another program is reading this bot's updates (a second Bea, or a webhook): stop it")


def _seconds(value: Any) -> float:
    return value.total_seconds() if isinstance(value, dt.timedelta) else float(value)


def _retry_after(exc: Any) -> float:
    return max(0.0, _seconds(exc.retry_after))


class LineDropped(Exception):
    """Rule 6: the rest of a line could not go within its life. `unsent` is that rest, `wait` the seconds
    Telegram (or its limits) still asked for, `sent` the ids of the pieces that went."""

    def __init__(self, unsent: str, wait: float, life: float, sent: list[int]) -> None:
        super().__init__(f"Telegram asked her to wait {wait:.0f} s, past the line's life of {life:.0f} s; "
                         f"{len(sent)} piece(s) sent, the rest dropped")
        self.unsent, self.wait, self.life, self.sent = unsent, wait, life, sent


@functools.cache
def _make_request_class() -> type:
    """PTB's transport interface, answered by the gate's aiohttp session (imported only when a bot starts)."""
    import aiohttp
    from telegram.error import NetworkError, TelegramError, TimedOut
    from telegram.request import BaseRequest

    class Refused(TelegramError):
        """Privacy mode (or the gate) refused the host."""

    class GateRequest(BaseRequest):
        def __init__(self, gate: Any, read_timeout: float = REQUEST_TIMEOUT_S) -> None:
            self._gate, self._read_timeout = gate, read_timeout
            self._session: Any = None

        @property
        def read_timeout(self) -> float | None:
            return self._read_timeout

        async def initialize(self) -> None:
            if self._session is None:
                self._session = self._gate.http_session(PURPOSE)

        async def shutdown(self) -> None:
            session, self._session = self._session, None
            if session is not None:
                await session.close()

        async def do_request(self, url: str, method: str, request_data: Any = None, read_timeout: Any = None,
                             **_other_timeouts: Any) -> tuple[int, bytes]:     # write, connect, pool: ours
            await self.initialize()
            read = read_timeout if isinstance(read_timeout, int | float) else self._read_timeout
            timeout = aiohttp.ClientTimeout(total=read + REQUEST_TIMEOUT_S, connect=REQUEST_TIMEOUT_S)
            body = request_data.json_payload if request_data is not None else None
            headers = {"Content-Type": "application/json"} if body is not None else {}
            try:
                async with self._session.request(method, url, data=body, headers=headers,
                                                 timeout=timeout) as response:
                    return response.status, await response.read()
            except PrivacyRefused as exc:
                raise Refused(str(exc)) from None
            except TimeoutError:
                raise TimedOut("Telegram did not answer in time") from None
            except aiohttp.ClientError as exc:
                raise NetworkError(f"{type(exc).__name__}: {exc}") from None

    GateRequest.Refused = Refused     # type: ignore[attr-defined]
    return GateRequest


class TelegramBot(Link):
    """One bot's updates. `on_updates` gets each batch as plain dicts; `on_state` gets (State, a sentence).
    Its task, state and backoff: the platform layer's Link."""
    name = "Telegram"

    def __init__(self, gate: Any, token: Callable[[], str | None],
                 on_updates: Callable[[list[dict[str, Any]]], Awaitable[None]], *,
                 on_state: Callable[[str, str], None] = lambda _s, _w: None, base_url: str = API_BASE,
                 base_file_url: str = FILE_BASE, poll_timeout: int = POLL_TIMEOUT_S, backoff_base: float = 1.0,
                 backoff_cap: float = 60.0, rng: random.Random | None = None, line_life: float = LINE_LIFE_S,
                 pacer: Pacer | None = None, poll_margin: float = POLL_MARGIN_S) -> None:
        super().__init__(on_state, backoff_base, backoff_cap, rng)
        self.poll_margin = poll_margin                                # rule 7
        self.line_life, self.pacer = line_life, pacer or Pacer()     # rule 6
        self.gate, self._token, self.on_updates = gate, token, on_updates
        self.base_url, self.base_file_url, self.poll_timeout = base_url, base_file_url, poll_timeout
        self.me: dict[str, Any] = {}            # getMe: id, username, first_name
        self.offset = 0                         # the next update wanted (0: the earliest unconfirmed)
        self._confirmed = 0
        self.bot: Any = None

    async def stop(self) -> None:
        await self._end_task()
        bot, self.bot = self.bot, None
        if bot is not None:
            if self.offset > self._confirmed:      # rule 2: confirm what was read, so no one reads it again
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(bot.get_updates(offset=self.offset, timeout=0, limit=1,
                                                           allowed_updates=["message"]), REQUEST_TIMEOUT_S)
            with contextlib.suppress(Exception):
                await bot.shutdown()
        self._set(State.OFF)

    # ---- the loop (rules 1 to 3) ---------------------------------------------------------------------
    async def _connect(self) -> Any:
        from telegram import Bot
        token = await asyncio.get_running_loop().run_in_executor(None, self._token)
        if not token:
            return None
        self._secret = token
        request = _make_request_class()
        bot = Bot(token, base_url=self.base_url, base_file_url=self.base_file_url, request=request(self.gate),
                  get_updates_request=request(self.gate, read_timeout=REQUEST_TIMEOUT_S))
        self.bot = bot
        await bot.initialize()
        me = bot.bot
        self.me = {"id": me.id, "username": me.username or "", "first_name": me.first_name or ""}
        return bot

    async def _run(self) -> None:
        from telegram.error import Conflict, InvalidToken, RetryAfter
        refused = _make_request_class().Refused
        attempt = 0
        while True:
            try:
                if self.bot is None or not self.me:
                    self._set(State.CONNECTING)
                    if await self._connect() is None:
                        self._set(State.NO_TOKEN, "no Telegram bot token is set (Settings → Telegram)")
                        return
                    self._set(State.READING)
                self._confirmed = self.offset
                try:
                    updates = await asyncio.wait_for(
                        self.bot.get_updates(offset=self.offset or None, timeout=self.poll_timeout,
                                             allowed_updates=["message"]), self.poll_timeout + self.poll_margin)
                except TimeoutError:     # rule 7: the poll outlived its timeout and the margin
                    attempt = await self._back_off(attempt, f"Telegram did not answer its {self.poll_timeout:g} s "
                                                   f"long poll in {self.poll_timeout + self.poll_margin:g} s",
                                                   State.HUNG)
                    continue
            except asyncio.CancelledError:
                raise
            except refused as exc:
                self._set(State.REFUSED, exc.message.removeprefix(f"{PURPOSE}: "))
                return
            except InvalidToken as exc:
                words = exc.__cause__.message if isinstance(exc.__cause__, InvalidToken) else exc.message
                self._set(State.AUTH_FAILED, f"the bot token was refused: {words} (Settings → Telegram)")
                log.warning("Telegram refused the bot token")
                return
            except RetryAfter as exc:
                wait = _retry_after(exc)
                self._set(State.WAITING, f"Telegram asked her to wait {wait:.0f} s (too many requests)")
                await asyncio.sleep(wait)
                continue
            except Conflict:
                attempt = await self._back_off(attempt, CONFLICT, State.CONFLICT)
                continue
            except Exception as exc:     # the network, a timeout, an answer that is not the Bot API's
                words = getattr(exc, "message", "") or str(exc) or type(exc).__name__
                attempt = await self._back_off(attempt, f"Telegram could not be reached ({words})")
                continue
            attempt = 0
            self._set(State.READING)
            if not updates:
                continue
            batch = [update.to_dict() for update in updates]
            self.offset = next_offset((u.update_id for u in updates), self.offset)
            try:
                await self.on_updates(batch)
            except Exception:
                log.exception("reading a Telegram batch failed")

    # ---- sending and files (rules 4 and 6) ---------------------------------------------------------------
    def _ready(self) -> Any:
        if self.bot is None or not self.me:
            raise ConnectionError(f"Telegram is not connected ({self.state}{': ' + self.why if self.why else ''})")
        return self.bot

    async def send(self, chat_id: int | str, text: str, reply_to: int | None = None,
                   thread: int | None = None) -> list[int]:
        """The message ids of what was sent (rules 4 and 6); LineDropped when the rest could not go in time."""
        from telegram.error import RetryAfter
        self._ready()
        loop, sent = asyncio.get_running_loop(), []
        by = loop.time() + self.line_life
        parts = pieces(text, MAX_CHARS)
        for n, piece in enumerate(parts):
            while True:
                at = self.pacer.reserve(chat_id, loop.time(), by)
                if at is None:
                    wait = self.pacer.when(chat_id, loop.time()) - loop.time()
                    raise LineDropped(" ".join(parts[n:]), wait, self.line_life, sent)
                await asyncio.sleep(max(0.0, at - loop.time()))
                try:
                    message = await self._ready().send_message(chat_id, piece, message_thread_id=thread,
                                                               reply_to_message_id=reply_to if n == 0 else None,
                                                               allow_sending_without_reply=True)
                except RetryAfter as exc:
                    wait = _retry_after(exc)
                    log.info("Telegram asked her to wait %.0f s before writing again", wait)
                    self.pacer.hold(chat_id, loop.time() + wait)
                    continue
                sent.append(message.message_id)
                break
        return sent

    async def typing(self, chat_id: int | str, thread: int | None = None) -> None:
        from telegram.error import RetryAfter
        bot, loop = self._ready(), asyncio.get_running_loop()
        if self.pacer.held_until(chat_id, loop.time()) > loop.time():
            return                              # rule 6: Telegram asked for quiet in this chat
        try:
            await bot.send_chat_action(chat_id, "typing", message_thread_id=thread)
        except RetryAfter as exc:
            self.pacer.hold(chat_id, loop.time() + _retry_after(exc))

    async def voice(self, file_id: str) -> bytes:
        file = await self._ready().get_file(file_id)
        return bytes(await file.download_as_bytearray())
