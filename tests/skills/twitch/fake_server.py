"""A fake Twitch IRC server on a local socket, for the Twitch skill's tests and the chat soak.

It speaks the part of Twitch's chat the client uses, as Twitch documents it: CAP REQ is acknowledged; PASS and
NICK log in (a justinfan nick without PASS is anonymous; a PASS other than `oauth:<token>` gets "Login
authentication failed" and the socket closed); 001-376 welcome; GLOBALUSERSTATE after an authenticated login;
JOIN is echoed with 353/366, ROOMSTATE, and USERSTATE for an authenticated user; a PRIVMSG from a client is
recorded and answered with USERSTATE carrying the sent message's id (Twitch posted it), or, while `refusing`
holds a (msg-id, text) pair, with a NOTICE to the channel carrying them (Twitch refused it: msg_duplicate,
msg_banned...) and no USERSTATE; PING gets PONG.

The test drives the chat: broadcast() writes a line to every connection that joined a channel (raw fixture
lines included, whatever channel they name), reconnect() sends RECONNECT and closes those connections after a
grace period (Twitch closes them soon after), drop() closes them at once. Plain TCP by default; pass an
ssl.SSLContext for TLS. Every line a client sends is kept in `received` with the time it arrived.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import ssl
import time
import uuid

HOST = "tmi.twitch.tv"


class Conn:
    def __init__(self, number: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.number = number
        self.reader, self.writer = reader, writer
        self.nick: str | None = None
        self.password: str | None = None
        self.caps: set[str] = set()
        self.channels: set[str] = set()
        self.authenticated = False
        self.closed = asyncio.Event()

    def write(self, line: str) -> None:
        if not self.closed.is_set():
            self.writer.write(line.encode("utf-8") + b"\r\n")

    def close(self) -> None:
        if not self.closed.is_set():
            self.closed.set()
            with contextlib.suppress(Exception):
                self.writer.close()


class FakeTwitchServer:
    def __init__(self, *, token: str | None = None, user_id: str = "900001", badges: str = "",
                 tls: ssl.SSLContext | None = None, reconnect_grace: float = 10.0) -> None:
        self.token = token                  # the token an authenticated login must present; None: any
        self.user_id = user_id              # her user id, sent in GLOBALUSERSTATE
        self.badges = badges                # her badges in the channel (e.g. "moderator/1")
        self.tls = tls
        self.reconnect_grace = reconnect_grace
        self.conns: list[Conn] = []
        self.received: list[tuple[int, float, str]] = []   # (connection, monotonic time, line)
        self.sent_ids: list[str] = []
        self.port = 0
        self.held_pongs: list[tuple[Conn, str]] | None = None   # hold_pongs(): PONGs wait for release_pongs()
        self.refusing: tuple[str, str] | None = None   # (msg-id, text): her PRIVMSGs are refused with a NOTICE
        self._numbers = itertools.count(1)
        self._server: asyncio.base_events.Server | None = None
        self._tasks: set[asyncio.Task] = set()

    # ---- life ---------------------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self._server = await asyncio.start_server(self._handle, host, port, ssl=self.tls, limit=1 << 20)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def close(self) -> None:
        for conn in list(self.conns):
            conn.close()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
        for task in list(self._tasks):
            task.cancel()

    async def __aenter__(self) -> FakeTwitchServer:
        await self.start()
        return self

    async def __aexit__(self, *_exc) -> None:
        await self.close()

    # ---- what the test does -------------------------------------------------------------------------------
    @property
    def joined(self) -> list[Conn]:
        return [c for c in self.conns if c.channels and not c.closed.is_set()]

    def broadcast(self, line: str) -> int:
        """Write `line` to every connection in a channel; how many got it."""
        targets = self.joined
        for conn in targets:
            conn.write(line)
        return len(targets)

    async def flush(self) -> None:
        for conn in self.joined:
            with contextlib.suppress(Exception):
                await conn.writer.drain()

    def reconnect(self) -> list[Conn]:
        """RECONNECT to every joined connection; each is closed after the grace period."""
        targets = self.joined
        for conn in targets:
            conn.write(f":{HOST} RECONNECT")
            self._spawn(self._close_later(conn, self.reconnect_grace))
        return targets

    def hold_pongs(self) -> None:
        """Answer no PING until release_pongs(): a test keeps a client's old link open as long as it likes."""
        self.held_pongs = []

    def release_pongs(self) -> None:
        held, self.held_pongs = self.held_pongs or [], None
        for conn, line in held:
            conn.write(line)

    def drop(self) -> None:
        for conn in list(self.conns):
            conn.close()

    def lines(self, command: str | None = None) -> list[str]:
        return [line for _n, _t, line in self.received if command is None or line.split(" ", 1)[0] == command
                or (line.startswith("@") and line.split(" ", 2)[1] == command)]

    async def wait_for(self, condition, timeout: float = 5.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("the fake Twitch server never saw it")
            await asyncio.sleep(0.01)

    # ---- one client ---------------------------------------------------------------------------------------
    def _spawn(self, coro) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _close_later(self, conn: Conn, seconds: float) -> None:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(conn.closed.wait(), seconds)
        conn.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(next(self._numbers), reader, writer)
        self.conns.append(conn)
        try:
            while not conn.closed.is_set():
                raw = await reader.readline()
                if not raw:
                    break
                line = raw.decode("utf-8").rstrip("\r\n")
                self.received.append((conn.number, time.monotonic(), line))
                self._command(conn, line)
                with contextlib.suppress(Exception):
                    await writer.drain()
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        finally:
            conn.close()

    def _command(self, conn: Conn, line: str) -> None:
        tags, _, rest = line.partition(" ") if line.startswith("@") else ("", "", line)
        command, _, params = rest.partition(" ")
        command = command.upper()
        if command == "CAP":
            wanted = params.partition(":")[2]
            conn.caps |= set(wanted.split())
            conn.write(f":{HOST} CAP * ACK :{wanted}")
        elif command == "PASS":
            conn.password = params
        elif command == "NICK":
            self._login(conn, params.strip())
        elif command == "JOIN":
            self._join(conn, params.strip().lstrip("#").lower())
        elif command == "PART":
            conn.channels.discard(params.strip().lstrip("#").lower())
        elif command == "PING":
            pong = f":{HOST} PONG {HOST} :{params.partition(':')[2] or params}"
            if self.held_pongs is not None:
                self.held_pongs.append((conn, pong))
            else:
                conn.write(pong)
        elif command == "PRIVMSG":
            channel = params.split(" ", 1)[0].lstrip("#")
            if self.refusing is not None:
                kind, text = self.refusing
                conn.write(f"@msg-id={kind} :{HOST} NOTICE #{channel} :{text}")
                return
            msg_id = str(uuid.uuid4())
            self.sent_ids.append(msg_id)
            conn.write(f"@badge-info=;badges={self.badges};color=;display-name={conn.nick};emote-sets=0;id={msg_id};"
                       f"mod=0;subscriber=0;user-type= :{HOST} USERSTATE #{channel}")

    def _login(self, conn: Conn, nick: str) -> None:
        conn.nick = nick.lower()
        anonymous = conn.password is None and conn.nick.startswith("justinfan")
        good = anonymous or (conn.password is not None and (self.token is None
                                                            or conn.password == f"oauth:{self.token}"))
        if not good:
            conn.write(f":{HOST} NOTICE * :Login authentication failed")
            self._spawn(self._close_later(conn, 0.05))
            return
        conn.authenticated = not anonymous
        for number, text in (("001", "Welcome, GLHF!"), ("002", f"Your host is {HOST}"),
                             ("003", "This server is rather new"), ("004", "-"), ("375", "-"),
                             ("372", "You are in a maze of twisty passages, all alike."), ("376", ">")):
            conn.write(f":{HOST} {number} {conn.nick} :{text}")
        if conn.authenticated and "twitch.tv/commands" in conn.caps:
            conn.write(f"@badge-info=;badges=;color=;display-name={conn.nick};emote-sets=0;user-id={self.user_id};"
                       f"user-type= :{HOST} GLOBALUSERSTATE")

    def _join(self, conn: Conn, channel: str) -> None:
        if conn.nick is None:
            return
        conn.channels.add(channel)
        who = f"{conn.nick}!{conn.nick}@{conn.nick}.{HOST}"
        conn.write(f":{who} JOIN #{channel}")
        conn.write(f":{conn.nick}.{HOST} 353 {conn.nick} = #{channel} :{conn.nick}")
        conn.write(f":{conn.nick}.{HOST} 366 {conn.nick} #{channel} :End of /NAMES list")
        if "twitch.tv/tags" in conn.caps:
            conn.write(f"@emote-only=0;followers-only=-1;r9k=0;room-id=1;slow=0;subs-only=0 :{HOST} "
                       f"ROOMSTATE #{channel}")
        if conn.authenticated:
            conn.write(f"@badge-info=;badges={self.badges};color=;display-name={conn.nick};emote-sets=0;mod=0;"
                       f"subscriber=0;user-type= :{HOST} USERSTATE #{channel}")


def privmsg(channel: str, text: str, *, user_id: str | None, name: str, msg_id: str | None = None, bits: int = 0,
            reply_to: tuple[str, str, str] | None = None, sent_ms: int | None = None,
            tags: dict[str, str] | None = None) -> str:
    """A PRIVMSG as Twitch sends it (tags escaped the IRCv3 way). reply_to is (msg id, user id, login); user_id
    None leaves the user-id tag out; `tags` adds to (or replaces) Twitch's."""
    extra = tags or {}
    tags = {"badge-info": "", "badges": "", "color": "", "display-name": name, "emotes": "", "flags": "",
            "id": msg_id or str(uuid.uuid4()), "mod": "0", "room-id": "1", "subscriber": "0",
            "tmi-sent-ts": str(sent_ms if sent_ms is not None else int(time.time() * 1000)), "turbo": "0",
            "user-id": user_id or "", "user-type": ""}
    if user_id is None:
        del tags["user-id"]
    if bits:
        tags["bits"] = str(bits)
    if reply_to is not None:
        tags.update({"reply-parent-msg-id": reply_to[0], "reply-parent-user-id": reply_to[1],
                     "reply-parent-user-login": reply_to[2], "reply-parent-display-name": reply_to[2],
                     "reply-parent-msg-body": "earlier"})
    tags.update(extra)
    login = name.lower() if name.isascii() and " " not in name else f"user{user_id}"
    escaped = ";".join(f"{k}={_escape(v)}" for k, v in tags.items())
    return f"@{escaped} :{login}!{login}@{login}.{HOST} PRIVMSG #{channel} :{text}"


def _escape(value: str) -> str:
    return (value.replace("\\", "\\\\").replace(";", "\\:").replace(" ", "\\s").replace("\r", "\\r")
            .replace("\n", "\\n"))
