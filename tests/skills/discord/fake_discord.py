"""A fake Discord on 127.0.0.1: its gateway (a websocket) and the REST API a bot uses, written from Discord's
documentation (docs.discord.com/developers: events/gateway, events/gateway-events, topics/opcodes-and-status-codes,
topics/rate-limits, resources/message, resources/user).

Gateway (ws://127.0.0.1:<port>/gateway, and the resume_gateway_url /resume):
- on connect: op 10 HELLO with heartbeat_interval; op 1 HEARTBEAT is answered op 11 HEARTBEAT_ACK;
- asks_for_heartbeats: "the gateway may request additional heartbeats from your app by sending a Heartbeat
  (opcode 1) event" (events/gateway, Sending Heartbeats): once a heartbeat_interval of its own loop's clock
  passes without one from the client, it sends op 1, which the client answers at once; `requested` counts them.
  (The stream in a box needs it: discord.py beats from a thread on real time while the box's loop, the fake's
  and the client's receive timeout run on the virtual clock; a gateway that asks on its own clock keeps the
  session alive on that clock, as Discord's own may.)
- op 2 IDENTIFY with the bot's token: op 0 READY (user, unavailable guilds, session_id, resume_gateway_url,
  application), then GUILD_CREATE for each guild with its channels; a token that is not the bot's: the socket
  is closed with 4004 (Authentication failed); intents asking for MESSAGE_CONTENT while the portal has it off:
  4014 (Disallowed intents);
- op 6 RESUME with a known session_id: the events after `seq` again, then RESUMED; an unknown session: op 9
  INVALID_SESSION with d false (start over with IDENTIFY);
- dispatches carry s, the session's sequence; with compress=zlib-stream in the query, every frame is one
  zlib stream's next chunk, ending with the Z_SYNC_FLUSH suffix (as Discord sends them);
- drop() ends the connection with a resumable close (4000).
- reconnect(): op 7 RECONNECT (events/gateway-events, Reconnect: "dispatched when a client should reconnect to the
  gateway (and resume their existing session, if they have one) [...] A few seconds after the reconnect event is
  dispatched, the connection may be closed by the server"): the session stays; what is dispatched after it waits
  in the session for the RESUME (events/gateway, Resuming: "replay any lost events starting from the last
  sequence number it received"), and the fake closes the connection itself `close_after` seconds later.
- invalidate(resumable): op 9 INVALID_SESSION (events/gateway-events, Invalid Session: "The inner d key is a
  boolean that indicates whether the session may be resumable"). d=true keeps the session, so the client's
  RESUME replays what it missed (events/gateway, Resuming: an app should resume when "It receives an Invalid
  Session (opcode 9) event with the d field set to true"); d=false forgets it, so only an IDENTIFY goes on. The
  wait before that IDENTIFY ("is expected to wait a random amount of time—between 1 and 5 seconds—then send a
  fresh Opcode 2 Identify", topics/gateway, Resuming, before the page was rewritten as events/gateway, which
  keeps the max_concurrency IDENTIFY per 5 s) is measured by the tests from `invalidated_at` to the IDENTIFY.
- close(code), with the Gateway Close Event Codes (topics/opcodes-and-status-codes; all three "Reconnect: true"):
  4007 "Invalid seq. The sequence sent when resuming the session was invalid. Reconnect and start a new
  session." (also what a RESUME with a seq past the session's gets); 4009 "Session timed out. Your session
  timed out. Reconnect and start a new one." (time_out_session()): the session is forgotten, a RESUME gets
  INVALID_SESSION (false). 4008 "Rate limited. You're sending payloads to us too quickly. Slow it down! You
  will be disconnected on receiving this.": the session is kept.
- the gateway's own limit (events/gateway, Rate Limiting: "Apps can send 120 gateway events per connection every
  60 seconds [...] Apps that surpass the limit are immediately disconnected from the Gateway"): `gateway_limit`
  (events, seconds) per connection, on the fake's loop clock; the next one past it is closed 4008.
- `live`: a dispatch sent now reaches the client (an open, answering connection in a session, not told to go):
  what the client's "reading" should say.
- op 4 VOICE_STATE_UPDATE (joining or leaving a voice channel; topics/voice-connections, Retrieving Voice
  Server Information): VOICE_STATE_UPDATE with her voice session_id, then, when joining, VOICE_SERVER_UPDATE
  with the voice token and `voice_endpoint` (a fake voice server, fake_voice.py); `voice_states` keeps what
  she asked (self_deaf, self_mute).

REST (http://127.0.0.1:<port>/api/v10), every call with "Authorization: Bot <token>" (else 401):
- GET /users/@me, GET /oauth2/applications/@me;
- POST /channels/{id}/messages (a reply carries message_reference), POST /channels/{id}/typing (204),
  PUT /channels/{id}/messages/{id}/reactions/{emoji}/@me (204), POST /users/@me/channels (a DM channel);
- rate limits (topics/rate-limits): every answer of these routes carries X-RateLimit-Limit, -Remaining, -Reset
  ("Epoch time [...] at which the rate limit resets"), -Reset-After ("Total time (in seconds) of when the current
  rate limit bucket will reset") and -Bucket; per route and top-level resource (the channel: "an endpoint with
  two different top-level resources may calculate limits independently"), `rest_limit` (requests, seconds).
  One past it is a 429 with the Rate Limit Response Structure (message, retry_after: "The number of seconds to
  wait before submitting another request", global), Retry-After, X-RateLimit-Scope user and Via (Discord's
  answers come through its proxy: a 429 without Via is Cloudflare's, not the API's);
- too_many(route, seconds, global_=False): the next call of that route is 429 as above; global_: the global
  limit's answer ("Example Exceeded Global Rate Limit Response": X-RateLimit-Global: true, X-RateLimit-Scope:
  global, "global": true, no bucket headers). `limited` keeps each 429 given: (route, retry_after, global).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
import zlib
from typing import Any
from urllib.parse import unquote

from aiohttp import WSMsgType, web

TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.GfAkEd.fake-token-for-the-tests_0123456789ab"
BEA = {"id": "1000000000000000000", "username": "bea", "global_name": "Bea", "discriminator": "0", "bot": True,
       "avatar": None}
OWNER = {"id": "1000000000000000099", "username": "streamer", "global_name": "Streamer", "discriminator": "0",
         "avatar": None}
MESSAGE_CONTENT = 1 << 15
SUFFIX = b"\x00\x00\xff\xff"
NEW_SESSION = (4007, 4009)       # close codes after which only a new session (IDENTIFY) goes on


def user(uid: int, username: str, global_name: str | None = None) -> dict[str, Any]:
    return {"id": str(uid), "username": username, "global_name": global_name, "discriminator": "0",
            "avatar": None}


def guild(gid: int, name: str, channels: dict[int, str]) -> dict[str, Any]:
    return {"id": str(gid), "name": name, "channels": [
        {"id": str(cid), "type": 0, "name": cname, "guild_id": str(gid), "position": n, "permission_overwrites": []}
        for n, (cid, cname) in enumerate(channels.items())]}


def answer(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON as Discord sends it: Content-Type exactly application/json (no charset; clients compare it)."""
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


class Session:
    def __init__(self, sid: str) -> None:
        self.id = sid
        self.seq = 0
        self.sent: list[dict[str, Any]] = []     # dispatches, to replay after a RESUME


class Connection:
    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.session: Session | None = None
        self.silent = False                      # zombied: nothing is sent on it (go_silent)
        self.ending = False                      # told to go (op 7, op 9): what follows waits for a RESUME
        self.payloads: list[float] = []          # when the client sent each event (the gateway's limit)
        self._zlib = zlib.compressobj() if compress else None

    async def send(self, payload: dict[str, Any]) -> None:
        if self.silent:
            return
        text = json.dumps(payload)
        if self._zlib is None:
            await self.ws.send_str(text)
        else:
            await self.ws.send_bytes(self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH))


class FakeDiscord:
    def __init__(self, guilds: list[dict[str, Any]] = (), heartbeat_ms: int = 1000,
                 message_content_allowed: bool = True, asks_for_heartbeats: bool = False,
                 gateway_limit: tuple[int, float] = (120, 60.0), rest_limit: tuple[int, float] = (5, 0.25),
                 close_after: float = 3.0) -> None:
        self.guilds = list(guilds)
        self.gateway_limit, self.rest_limit, self.close_after = gateway_limit, rest_limit, close_after
        self.heartbeat_ms = heartbeat_ms
        self.asks_for_heartbeats = asks_for_heartbeats
        self.requested = 0                     # op 1 it sent (asks_for_heartbeats)
        self.message_content_allowed = message_content_allowed
        self.port = 0
        self.ids = itertools.count(1300000000000000000)
        self.sessions: dict[str, Session] = {}
        self.connection: Connection | None = None
        self.session: Session | None = None          # the last session, kept across a drop (for RESUME)
        # what the client did
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[dict[str, Any]] = []
        self.heartbeats = 0
        self.acks = 0
        self.connects: list[str] = []          # the paths it connected to (gateway, resume)
        self.sent: list[dict[str, Any]] = []   # messages she created
        self.typing: list[str] = []
        self.reactions: list[tuple[str, str, str]] = []
        self.dm_channels: dict[str, str] = {}  # recipient id -> DM channel id
        self.calls: list[tuple[str, str, float]] = []
        self.voice_states: list[dict[str, Any]] = []   # op 4 she sent
        self.voice_endpoint = ""               # "127.0.0.1:<port>" of a fake voice server
        self.closes: list[tuple[int, float]] = []   # close codes the fake sent, with the loop's time
        self.connected_at: list[float] = []    # the loop's time of each connection
        self.identified_at: list[float] = []   # the loop's time of each IDENTIFY
        self.invalidated_at: float | None = None   # the loop's time of its last INVALID_SESSION
        self.limited: list[tuple[str, float, bool]] = []   # 429s given: route, retry_after, global
        self._limited: dict[str, tuple[float, bool]] = {}
        self._buckets: dict[tuple[str, str], list[float]] = {}   # (route, top-level id) -> [used, resets at]
        self._tasks: set[asyncio.Task] = set()
        self._runner: web.AppRunner | None = None

    # ---- lifecycle ------------------------------------------------------------------------------------
    async def __aenter__(self) -> FakeDiscord:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/resume", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: Any) -> None:
        for task in self._tasks:
            task.cancel()
        if self.connection is not None:
            with contextlib.suppress(Exception):
                await self.connection.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def live(self) -> bool:
        conn = self.connection
        return (conn is not None and conn.session is not None and not conn.ws.closed and not conn.silent
                and not conn.ending)

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ---- what the test makes happen -------------------------------------------------------------------
    async def message(self, author: dict[str, Any], content: str, channel: int, guild_id: int | None = None,
                      mentions: list[dict[str, Any]] = (), reply_to: dict[str, Any] | None = None,
                      nick: str | None = None) -> str:
        """MESSAGE_CREATE on the open connection (queued in the session for a RESUME); returns its id."""
        mid = str(next(self.ids))
        data: dict[str, Any] = {
            "id": mid, "channel_id": str(channel), "author": author, "content": content,
            "timestamp": "2026-12-04T20:00:00.000000+00:00", "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": list(mentions), "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "type": 0}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
            data["member"] = {"nick": nick, "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                              "mute": False}
        if reply_to is not None:
            data["type"] = 19
            data["message_reference"] = {"message_id": reply_to["id"], "channel_id": str(channel)}
            data["referenced_message"] = reply_to
        await self.dispatch("MESSAGE_CREATE", data)
        return mid

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        session = self._session()
        session.seq += 1
        payload = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.sent.append(payload)
        conn = self.connection
        if conn is not None and conn.session is session and not conn.ws.closed:
            await conn.send(payload)

    async def drop(self, code: int = 4000) -> None:
        """The connection breaks (a resumable close): the client should RESUME."""
        if self.connection is not None:
            await self.connection.ws.close(code=code, message=b"Unknown error")

    def go_silent(self) -> None:
        """The open connection turns zombie: no ACK, no dispatch, the socket open."""
        if self.connection is not None:
            self.connection.silent = True

    async def close(self, code: int, conn: Connection | None = None) -> None:
        """Closes the connection with `code`; after 4007 and 4009 the session is gone (a RESUME is answered
        INVALID_SESSION false), after 4008 it is kept."""
        conn = conn or self.connection
        if conn is None:
            return
        self.closes.append((code, asyncio.get_running_loop().time()))
        if code in NEW_SESSION and conn.session is not None:
            self.sessions.pop(conn.session.id, None)
            if self.session is conn.session:
                self.session = None
        words = {4007: b"Invalid seq.", 4008: b"Rate limited.", 4009: b"Session timed out."}.get(code, b"")
        await conn.ws.close(code=code, message=words)

    async def time_out_session(self) -> None:
        """Close 4009, Session timed out: the session is gone, a RESUME is answered INVALID_SESSION."""
        if self.connection is not None and self.connection.session is not None:
            await self.close(4009)

    async def reconnect(self) -> None:
        """op 7 RECONNECT; the server closes the connection itself close_after seconds later."""
        conn = self.connection
        if conn is None:
            return
        conn.ending = True
        await conn.send({"op": 7, "s": None, "t": None, "d": None})

        async def close_later() -> None:
            await asyncio.sleep(self.close_after)
            if not conn.ws.closed:
                await conn.ws.close(code=4000, message=b"Reconnect")
        task = asyncio.ensure_future(close_later())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def invalidate(self, resumable: bool = False) -> None:
        """op 9 INVALID_SESSION: resumable keeps the session for a RESUME; not resumable forgets it, and the
        client must IDENTIFY again."""
        conn = self.connection
        if conn is not None and conn.session is not None:
            if not resumable:
                self.sessions.pop(conn.session.id, None)
                self.session = None
            conn.ending = True
            self.invalidated_at = asyncio.get_running_loop().time()
            await conn.send({"op": 9, "s": None, "t": None, "d": resumable})

    def too_many(self, route: str, seconds: float, global_: bool = False) -> None:
        """The next call of `route` ("POST /channels/{id}/messages") is answered 429 (the global limit's)."""
        self._limited[route] = (seconds, global_)

    def _session(self) -> Session:
        if self.session is None:
            raise RuntimeError("nobody has identified with the fake gateway")
        return self.session

    # ---- the gateway ----------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connects.append(request.path)
        self.connected_at.append(asyncio.get_running_loop().time())
        conn = Connection(ws, request.query.get("compress") == "zlib-stream")
        self.connection = conn
        await conn.send({"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": self.heartbeat_ms}})
        beats = asyncio.Event()
        asking = asyncio.ensure_future(self._ask_for_heartbeats(conn, beats)) if self.asks_for_heartbeats else None
        try:
            await self._read(conn, beats)
        finally:
            if asking is not None:
                asking.cancel()
        if self.connection is conn:
            self.connection = None
        return ws

    async def _ask_for_heartbeats(self, conn: Connection, beats: asyncio.Event) -> None:
        while not conn.ws.closed:
            try:
                await asyncio.wait_for(beats.wait(), self.heartbeat_ms / 1000)
            except TimeoutError:
                if conn.ws.closed:
                    return
                self.requested += 1
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await conn.send({"op": 1, "s": None, "t": None, "d": None})
            beats.clear()

    async def _read(self, conn: Connection, beats: asyncio.Event) -> None:
        async for msg in conn.ws:
            if msg.type != WSMsgType.TEXT:
                continue
            payload = json.loads(msg.data)
            op, data = payload.get("op"), payload.get("d")
            if self._over_gateway_limit(conn):
                await self.close(4008, conn)
                return
            if op == 1:
                beats.set()
                self.heartbeats += 1
                self.acks += 0 if conn.silent else 1
                await conn.send({"op": 11, "s": None, "t": None, "d": None})
            elif op == 2:
                await self._identify(conn, data)
            elif op == 6:
                await self._resume(conn, data)
            elif op == 4:
                await self._voice_state(data)

    def _over_gateway_limit(self, conn: Connection) -> bool:
        events, seconds = self.gateway_limit
        now = asyncio.get_running_loop().time()
        conn.payloads = [t for t in conn.payloads if t > now - seconds] + [now]
        return len(conn.payloads) > events

    async def _voice_state(self, data: dict[str, Any]) -> None:
        self.voice_states.append(data)
        channel = data.get("channel_id")
        await self.dispatch("VOICE_STATE_UPDATE", {
            "guild_id": data["guild_id"], "channel_id": channel, "user_id": BEA["id"], "session_id": "voice-1",
            "deaf": False, "mute": False, "self_deaf": bool(data.get("self_deaf")),
            "self_mute": bool(data.get("self_mute")), "self_video": False, "suppress": False,
            "request_to_speak_timestamp": None,
            "member": {"user": BEA, "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                       "mute": False}})
        if channel is not None:
            await self.dispatch("VOICE_SERVER_UPDATE", {"token": "voice-token", "guild_id": data["guild_id"],
                                                        "endpoint": self.voice_endpoint})

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        self.identifies.append(data)
        self.identified_at.append(asyncio.get_running_loop().time())
        if data.get("token") != TOKEN:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        if int(data.get("intents") or 0) & MESSAGE_CONTENT and not self.message_content_allowed:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        session = Session(f"session-{len(self.identifies)}")
        self.sessions[session.id] = session
        conn.session = self.session = session
        await self.dispatch("READY", {
            "v": 10, "user": BEA, "guilds": [{"id": g["id"], "unavailable": True} for g in self.guilds],
            "session_id": session.id, "resume_gateway_url": f"ws://127.0.0.1:{self.port}/resume",
            "application": {"id": BEA["id"], "flags": 0}, "private_channels": []})
        for g in self.guilds:
            await self.dispatch("GUILD_CREATE", {**g, "unavailable": False, "member_count": 3, "members": [],
                                                 "roles": [], "emojis": [], "stickers": [], "features": []})

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        self.resumes.append(data)
        session = self.sessions.get(str(data.get("session_id")))
        if data.get("token") != TOKEN or session is None:
            self.invalidated_at = asyncio.get_running_loop().time()
            await conn.send({"op": 9, "s": None, "t": None, "d": False})
            return
        seq = int(data.get("seq") or 0)
        if seq > session.seq:                      # a sequence the session never sent
            conn.session = session
            await self.close(4007, conn)
            return
        conn.session = self.session = session
        for payload in [p for p in session.sent if p["s"] > seq]:
            await conn.send(payload)
        await self.dispatch("RESUMED", {})

    # ---- REST -----------------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        self.calls.append((request.method, path, time.monotonic()))
        if request.headers.get("Authorization") != f"Bot {TOKEN}":
            return self._error(401, "401: Unauthorized", 0)
        route = self._route(request.method, path)
        limits = self._bucket(route, path)
        if route in self._limited:
            wait, is_global = self._limited.pop(route)
            return self._too_many(route, wait, is_global, {} if is_global else limits)
        if limits.get("X-RateLimit-Remaining") == "-1":
            return self._too_many(route, float(limits["X-RateLimit-Reset-After"]), False,
                                  {**limits, "X-RateLimit-Remaining": "0"})
        response = await self._answer(request, path)
        response.headers.update(limits)
        return response

    def _bucket(self, route: str, path: str) -> dict[str, str]:
        """Counts the call in its bucket (route and channel); its X-RateLimit headers, Remaining -1 when the
        bucket was already empty (the call is a 429)."""
        limit, seconds = self.rest_limit
        top = next((p for p in path.strip("/").split("/") if p.isdigit()), "")
        now = asyncio.get_running_loop().time()
        bucket = self._buckets.setdefault((route, top), [0, now + seconds])
        if now >= bucket[1]:
            bucket[:] = [0, now + seconds]
        bucket[0] += 1
        after = max(0.0, bucket[1] - now)
        return {"X-RateLimit-Limit": str(limit), "X-RateLimit-Remaining": str(max(-1, limit - int(bucket[0]))),
                "X-RateLimit-Reset": f"{time.time() + after:.3f}", "X-RateLimit-Reset-After": f"{after:.3f}",
                "X-RateLimit-Bucket": f"{zlib.crc32(route.encode()):08x}"}

    def _too_many(self, route: str, wait: float, is_global: bool, limits: dict[str, str]) -> web.Response:
        self.limited.append((route, wait, is_global))
        headers = {"Retry-After": str(int(wait + 0.999)), "Via": "1.1 google",
                   "X-RateLimit-Scope": "global" if is_global else "user", **limits}
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        return answer({"message": "You are being rate limited.", "retry_after": wait, "global": is_global},
                      status=429, headers=headers)

    async def _answer(self, request: web.Request, path: str) -> web.StreamResponse:
        parts = path.strip("/").split("/")
        body: dict[str, Any] = {}
        if request.can_read_body:
            with contextlib.suppress(ValueError):
                body = await request.json()
        if path == "/users/@me" and request.method == "GET":
            return answer(BEA)
        if path == "/oauth2/applications/@me":
            return answer({"id": BEA["id"], "name": "Bea", "description": "", "icon": None,
                                      "bot_public": False, "bot_require_code_grant": False, "owner": OWNER,
                                      "verify_key": "0" * 64, "flags": 0})
        if path == "/users/@me/channels" and request.method == "POST":
            recipient = str(body.get("recipient_id"))
            cid = self.dm_channels.setdefault(recipient, str(next(self.ids)))
            return answer({"id": cid, "type": 1, "recipients": [user(int(recipient), "someone")],
                                      "last_message_id": None})
        if parts[0] == "channels" and len(parts) == 3 and parts[2] == "typing" and request.method == "POST":
            self.typing.append(parts[1])
            return web.Response(status=204)
        if parts[0] == "channels" and len(parts) == 3 and parts[2] == "messages" and request.method == "POST":
            return answer(self._created(parts[1], body))
        if parts[0] == "channels" and len(parts) == 7 and parts[4] == "reactions" and request.method == "PUT":
            self.reactions.append((parts[1], parts[3], unquote(parts[5])))
            return web.Response(status=204)
        return self._error(404, "404: Not Found", 0)

    @staticmethod
    def _route(method: str, path: str) -> str:
        parts = ["{id}" if p.isdigit() else p for p in path.strip("/").split("/")]
        return f"{method} /" + "/".join(parts)

    def _created(self, channel: str, body: dict[str, Any]) -> dict[str, Any]:
        message = {"id": str(next(self.ids)), "channel_id": channel, "author": BEA, "content": body.get("content"),
                   "timestamp": "2026-12-04T20:00:01.000000+00:00", "edited_timestamp": None, "tts": False,
                   "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                   "pinned": False, "type": 0}
        if body.get("message_reference"):
            message["type"] = 19
            message["message_reference"] = body["message_reference"]
        self.sent.append(message)
        return message

    @staticmethod
    def _error(status: int, message: str, code: int) -> web.Response:
        return answer({"message": message, "code": code}, status=status)

