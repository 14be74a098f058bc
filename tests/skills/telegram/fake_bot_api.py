"""A fake Telegram Bot API on 127.0.0.1, written from the Bot API documentation (core.telegram.org/bots/api):

- every method is /bot<token>/<method>, parameters in the query string, a form or a JSON body; every answer is
  {"ok": true, "result": ...} or {"ok": false, "error_code": ..., "description": ..., "parameters": ...};
- a token that is well formed but not the bot's: 401 Unauthorized; one that is malformed: 404 Not Found;
- getUpdates: updates with update_id < offset are confirmed and forgotten; with none left the request is held
  until one arrives or `timeout` seconds pass (long polling); a second getUpdates while one is held ends the
  first with 409 "Conflict: terminated by other getUpdates request"; with a webhook set, 409 as well; hang()
  holds every getUpdates without an answer, past its timeout, until answer() (a hung server);
- sendMessage (the sent Message back, from the bot), sendChatAction (True), getFile (a File with file_path)
  and the download at /file/bot<token>/<file_path>;
- too_many(method, seconds): the next call of that method is answered 429 with parameters.retry_after;
- throttling by itself, as the Bots FAQ says (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-
  avoid-this): "avoid sending more than one message per second" in a chat, "not more than 30 messages per second
  or so" overall, "not ... more than 20 messages per minute to the same group"; a sendMessage past one of them is
  answered 429 "Too Many Requests: retry after N" with ResponseParameters.retry_after, "the number of seconds left
  to wait before the request can be repeated" (an Integer: rounded up), and is not sent. Counted on arrival,
  on the clock of the loop it serves on, with JITTER_S of slack for the loopback's timers (Telegram allows
  "short bursts" over the per-chat limit; the fake allows none). `limits` scales the windows down for a test;
- forum topics (Bot API 6.3): a supergroup with is_forum True ("True, if the supergroup chat is a forum (has
  topics enabled)") has topics; topic(chat, name) opens one with a forum_topic_created service message whose
  message_id is the topic's message_thread_id; a message written in a topic carries message_thread_id and
  is_topic_message True and, as in Telegram's apps, reply_to_message is the topic's creation when it answers
  nothing else. sendMessage and sendChatAction take message_thread_id ("for forum supergroups only"); an unknown
  thread is 400 "Bad Request: message thread not found"; the sent message carries the thread back;
- chat_id is "Integer or String": "Unique identifier for the target chat or username of the target channel (in the
  format @channelusername)"; an @username names a known chat with that username (case-insensitive), any other is
  400 "Bad Request: chat not found".
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

TOKEN = "7000000001:AAE-fake-token-for-the-tests_0123456"
BOT = {"id": 7000000001, "is_bot": True, "first_name": "Bea", "username": "bea_cohost_bot"}
TOKEN_SHAPE = re.compile(r"^\d+:[\w-]{20,}$")
# the Bots FAQ's limits: (scope, window in seconds, most messages in it); "chat" each chat, "group" each group
# (a negative id), "bot" all together
LIMITS = (("chat", 1.0, 1), ("group", 60.0, 20), ("bot", 1.0, 30))
JITTER_S = 0.05


def user(uid: int, first: str, username: str = "", last: str = "") -> dict[str, Any]:
    u: dict[str, Any] = {"id": uid, "is_bot": False, "first_name": first}
    if username:
        u["username"] = username
    if last:
        u["last_name"] = last
    return u


def private(who: dict[str, Any]) -> dict[str, Any]:
    chat = {"id": who["id"], "type": "private", "first_name": who["first_name"]}
    if "username" in who:
        chat["username"] = who["username"]
    return chat


def group(chat_id: int, title: str, kind: str = "supergroup", username: str = "",
          forum: bool = False) -> dict[str, Any]:
    chat: dict[str, Any] = {"id": chat_id, "type": kind, "title": title}
    if username:
        chat["username"] = username
    if forum:
        chat["is_forum"] = True
    return chat


def mention(text: str, handle: str) -> list[dict[str, Any]]:
    """The "mention" entity Telegram attaches to @handle in text (offsets in UTF-16 code units)."""
    at = text.index(handle)
    return [{"type": "mention", "offset": len(text[:at].encode("utf-16-le")) // 2,
             "length": len(handle.encode("utf-16-le")) // 2}]


def fail(status: int, description: str, **parameters: Any) -> web.Response:
    body: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
    if parameters:
        body["parameters"] = parameters
    return web.json_response(body, status=status)


class FakeBotApi:
    def __init__(self, token: str = TOKEN, bot: dict[str, Any] | None = None,
                 clock: Callable[[], float] = time.time,
                 limits: tuple[tuple[str, float, int], ...] | None = LIMITS,
                 monotonic: Callable[[], float] | None = None) -> None:
        self.token, self.bot = token, bot or dict(BOT)
        self.clock = clock                              # what a message's date says (the box's virtual wall)
        self.limits = limits or ()                      # throttling by itself (None: never)
        # its clock: the loop it serves on unless told (in the box, the virtual clock the app's pace keeps too)
        self.monotonic = monotonic or (lambda: asyncio.get_running_loop().time())
        self.arrivals: dict[str, list[float]] = {}      # "<scope>:<chat>" -> when its sendMessages arrived
        self.throttled: list[tuple[str, int]] = []      # (chat, retry_after) of each 429 it gave by itself
        self.chats: dict[int, dict[str, Any]] = {}      # every chat a message was written in
        self.topics: dict[tuple[int, int], str] = {}    # (chat id, message_thread_id) -> the topic's name
        self.action_threads: list[int | None] = []      # sendChatAction's message_thread_id, beside actions
        self.queue: list[dict[str, Any]] = []           # unconfirmed updates
        self.sent: list[dict[str, Any]] = []            # sendMessage calls, as Messages
        self.actions: list[tuple[int, str]] = []        # sendChatAction calls
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.downloads: list[str] = []
        self.files: dict[str, bytes] = {}
        self.webhook = False
        self.conflicts = 0
        self._throttle: dict[str, int] = {}
        self._next_update = 500_000
        self._next_message = 100
        self._arrived = asyncio.Event()
        self._held: asyncio.Future[str] | None = None
        self._answering = asyncio.Event()                # cleared by hang(): requests get no answer
        self._answering.set()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ---- what the tests see --------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    def methods(self) -> list[str]:
        return [name for name, _ in self.calls]

    def message(self, chat: dict[str, Any], sender: dict[str, Any], text: str = "", thread: int | None = None,
                **more: Any) -> int:
        """A message someone sends (in a forum topic with `thread`): queued as an update; its update_id back."""
        self.chats[int(chat["id"])] = chat
        self._next_message += 1
        message: dict[str, Any] = {"message_id": self._next_message, "date": int(self.clock()), "chat": chat,
                                   "from": sender, **more}
        if text:
            message["text"] = text
        if thread is not None:
            name = self.topics[(int(chat["id"]), thread)]
            message.update(message_thread_id=thread, is_topic_message=True)
            message.setdefault("reply_to_message", {"message_id": thread, "date": message["date"], "chat": chat,
                                                    "from": sender, "message_thread_id": thread,
                                                    "forum_topic_created": {"name": name, "icon_color": 7322096}})
        return self.push({"message": message})

    def topic(self, chat: dict[str, Any], name: str, sender: dict[str, Any]) -> int:
        """A topic someone opens in a forum: its forum_topic_created service message is queued; its
        message_thread_id back."""
        assert chat.get("is_forum"), "topics are for forum supergroups only"
        self.chats[int(chat["id"])] = chat
        self._next_message += 1
        thread = self._next_message
        self.topics[(int(chat["id"]), thread)] = name
        self.push({"message": {"message_id": thread, "date": int(self.clock()), "chat": chat, "from": sender,
                               "message_thread_id": thread, "is_topic_message": True,
                               "forum_topic_created": {"name": name, "icon_color": 7322096}}})
        return thread

    def voice(self, chat: dict[str, Any], sender: dict[str, Any], ogg: bytes, duration: int) -> int:
        file_id = f"AwACAgIAAxkBAAI{len(self.files)}"
        self.files[file_id] = ogg
        return self.message(chat, sender, voice={"file_id": file_id, "file_unique_id": f"u{len(self.files)}",
                                                 "duration": duration, "mime_type": "audio/ogg",
                                                 "file_size": len(ogg)})

    def push(self, update: dict[str, Any]) -> int:
        self._next_update += 1
        self.queue.append({"update_id": self._next_update, **update})
        self._arrived.set()
        return self._next_update

    def too_many(self, method: str, seconds: int) -> None:
        self._throttle[method] = seconds

    # ---- the server ----------------------------------------------------------------------------------
    async def __aenter__(self) -> FakeBotApi:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._method)
        app.router.add_get("/file/bot{token}/{path:.+}", self._file)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self._held is not None and not self._held.done():
            self._held.set_result("closing")
        if self._runner is not None:
            await self._runner.cleanup()

    def _refusal(self, token: str) -> web.Response | None:
        if not TOKEN_SHAPE.match(token):
            return fail(404, "Not Found")
        if token != self.token:
            return fail(401, "Unauthorized")
        return None

    @staticmethod
    async def _params(request: web.Request) -> dict[str, Any]:
        params: dict[str, Any] = dict(request.query)
        if request.can_read_body:
            if request.content_type == "application/json":
                params.update(await request.json())
            else:
                params.update(dict(await request.post()))
        return params

    async def _method(self, request: web.Request) -> web.Response:
        if (refused := self._refusal(request.match_info["token"])) is not None:
            return refused
        method, params = request.match_info["method"], await self._params(request)
        self.calls.append((method, params))
        if (wait := self._throttle.pop(method, None)) is not None:
            return fail(429, f"Too Many Requests: retry after {wait}", retry_after=wait)
        handler = getattr(self, f"_{method}", None)
        if handler is None:
            return fail(404, "Not Found")
        return await handler(params)

    @staticmethod
    def _ok(result: Any) -> web.Response:
        return web.json_response({"ok": True, "result": result})

    async def _getMe(self, _params: dict[str, Any]) -> web.Response:
        return self._ok(self.bot)

    def hang(self) -> None:
        """Telegram stops answering with the connection open: getUpdates is held past its timeout, until
        answer()."""
        self._answering.clear()

    def answer(self) -> None:
        self._answering.set()

    async def _getUpdates(self, params: dict[str, Any]) -> web.Response:
        await self._answering.wait()
        if self.webhook:
            return fail(409, "Conflict: can't use getUpdates method while webhook is active; "
                             "use deleteWebhook to delete the webhook first")
        offset, timeout = int(params.get("offset") or 0), float(params.get("timeout") or 0)
        limit = int(params.get("limit") or 100)
        if offset:
            self.queue = [u for u in self.queue if u["update_id"] >= offset]   # confirmed: forgotten
        if self._held is not None and not self._held.done():
            self._held.set_result("conflict")                                  # the older poll loses
        loop = asyncio.get_running_loop()
        held = self._held = loop.create_future()
        deadline = loop.time() + timeout
        while not self.queue:
            left = deadline - loop.time()
            if left <= 0:
                break
            self._arrived.clear()
            arrived = asyncio.ensure_future(self._arrived.wait())
            done, _ = await asyncio.wait([arrived, held], timeout=left, return_when=asyncio.FIRST_COMPLETED)
            arrived.cancel()
            if held in done:
                if held.result() == "conflict":
                    self.conflicts += 1
                    return fail(409, "Conflict: terminated by other getUpdates request; "
                                     "make sure that only one bot instance is running")
                break
        if self._held is held:
            self._held = None
        await self._answering.wait()                                           # hung meanwhile: no answer
        return self._ok(self.queue[:limit])

    def _chat(self, chat_id: Any) -> dict[str, Any] | None:
        """The chat a chat_id names: an id (any, as a chat she may not have seen written in), or a known chat's
        @username."""
        text = str(chat_id).strip()
        if text.startswith("@"):
            return next((c for c in self.chats.values() if str(c.get("username", "")).lower() == text[1:].lower()),
                        None)
        number = int(text)
        return self.chats.get(number) or {"id": number, "type": "private" if number > 0 else "supergroup"}

    def _thread(self, chat: dict[str, Any], params: dict[str, Any]) -> int | None | web.Response:
        if params.get("message_thread_id") in (None, ""):
            return None
        thread = int(params["message_thread_id"])
        if not chat.get("is_forum") or (int(chat["id"]), thread) not in self.topics:
            return fail(400, "Bad Request: message thread not found")
        return thread

    def _flood(self, chat: dict[str, Any]) -> web.Response | None:
        """Throttling by itself (the docstring's limits): a 429 for a message past one, else it is counted."""
        now, chat_id = self.monotonic(), int(chat["id"])
        keys = {"chat": f"chat:{chat_id}", "group": f"group:{chat_id}" if chat_id < 0 else "", "bot": "bot"}
        wait = 0.0
        for scope, window, most in self.limits:
            key = keys[scope]
            if not key:
                continue
            recent = [t for t in self.arrivals.get(key, []) if t > now - window + JITTER_S]
            if len(recent) >= most:
                wait = max(wait, recent[-most] + window - now)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            self.throttled.append((str(chat_id), seconds))
            return fail(429, f"Too Many Requests: retry after {seconds}", retry_after=seconds)
        for scope, window, _most in self.limits:
            if keys[scope]:
                times = self.arrivals.setdefault(keys[scope], [])
                times[:] = [t for t in times if t > now - window] + [now]
        return None

    async def _sendMessage(self, params: dict[str, Any]) -> web.Response:
        chat, text = self._chat(params["chat_id"]), str(params.get("text") or "")
        if chat is None:
            return fail(400, "Bad Request: chat not found")
        if not text.strip():
            return fail(400, "Bad Request: message text is empty")
        if len(text) > 4096:
            return fail(400, "Bad Request: message is too long")
        if isinstance(thread := self._thread(chat, params), web.Response):
            return thread
        if (flood := self._flood(chat)) is not None:
            return flood
        self._next_message += 1
        message: dict[str, Any] = {"message_id": self._next_message, "date": int(self.clock()), "from": self.bot,
                                   "chat": chat, "text": text}
        if thread is not None:
            message.update(message_thread_id=thread, is_topic_message=True)
        reply = params.get("reply_parameters")
        if isinstance(reply, str):
            reply = json.loads(reply)
        if isinstance(reply, dict):
            message["reply_to_message"] = {"message_id": reply["message_id"], "date": message["date"],
                                           "chat": message["chat"]}
        self.sent.append(message)
        return self._ok(message)

    async def _sendChatAction(self, params: dict[str, Any]) -> web.Response:
        if params.get("action") not in {"typing", "upload_photo", "record_voice", "upload_voice"}:
            return fail(400, "Bad Request: wrong parameter action in request")
        chat = self._chat(params["chat_id"])
        if chat is None:
            return fail(400, "Bad Request: chat not found")
        if isinstance(thread := self._thread(chat, params), web.Response):
            return thread
        self.actions.append((int(chat["id"]), str(params["action"])))
        self.action_threads.append(thread)
        return self._ok(True)

    async def _getFile(self, params: dict[str, Any]) -> web.Response:
        file_id = str(params.get("file_id") or "")
        if file_id not in self.files:
            return fail(400, "Bad Request: invalid file_id")
        return self._ok({"file_id": file_id, "file_unique_id": f"u-{file_id}", "file_size": len(self.files[file_id]),
                         "file_path": f"voice/{file_id}.oga"})

    async def _file(self, request: web.Request) -> web.Response:
        if (refused := self._refusal(request.match_info["token"])) is not None:
            return refused
        path = request.match_info["path"]
        self.downloads.append(path)
        file_id = path.removeprefix("voice/").removesuffix(".oga")
        if file_id not in self.files:
            return fail(404, "Not Found")
        return web.Response(body=self.files[file_id], content_type="audio/ogg")
