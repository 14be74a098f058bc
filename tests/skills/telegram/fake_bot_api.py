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
- too_many(method, seconds): the next call of that method is answered 429 with parameters.retry_after.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

TOKEN = "7000000001:AAE-fake-token-for-the-tests_0123456"
BOT = {"id": 7000000001, "is_bot": True, "first_name": "Bea", "username": "bea_cohost_bot"}
TOKEN_SHAPE = re.compile(r"^\d+:[\w-]{20,}$")


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


def group(chat_id: int, title: str, kind: str = "supergroup") -> dict[str, Any]:
    return {"id": chat_id, "type": kind, "title": title}


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
                 clock: Callable[[], float] = time.time) -> None:
        self.token, self.bot = token, bot or dict(BOT)
        self.clock = clock                              # what a message's date says (the box's virtual wall)
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

    def message(self, chat: dict[str, Any], sender: dict[str, Any], text: str = "", **more: Any) -> int:
        """A message someone sends: queued as an update; its update_id back."""
        self._next_message += 1
        message: dict[str, Any] = {"message_id": self._next_message, "date": int(self.clock()), "chat": chat,
                                   "from": sender, **more}
        if text:
            message["text"] = text
        return self.push({"message": message})

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

    async def _sendMessage(self, params: dict[str, Any]) -> web.Response:
        chat_id, text = int(params["chat_id"]), str(params.get("text") or "")
        if not text.strip():
            return fail(400, "Bad Request: message text is empty")
        if len(text) > 4096:
            return fail(400, "Bad Request: message is too long")
        self._next_message += 1
        message: dict[str, Any] = {"message_id": self._next_message, "date": int(self.clock()), "from": self.bot,
                                   "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup"},
                                   "text": text}
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
        self.actions.append((int(params["chat_id"]), str(params["action"])))
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
