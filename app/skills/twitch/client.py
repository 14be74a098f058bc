"""Twitch chat over IRC: one link at a time (two, briefly, on a RECONNECT), every socket through the gate.

Theory of operation:
1. A link: NetworkGate.open_connection(host, port, purpose, ssl=...) (TLS on 6697 by default; privacy mode
   refuses anything but this machine), then CAP REQ twitch.tv/tags twitch.tv/commands, PASS (only with a
   token), NICK (a justinfan nick when anonymous: read-only), a wait for the welcome (001) or a refused login,
   JOIN #channel, and a wait for the server's echo of that JOIN. Only then is the link the current one.
1a. A token goes only over TLS (app.core.irc.login_refusal): with the encrypted connection off and a token,
   no socket is opened and the client stops in state REFUSED with the reason; anonymous reading may be plain.
2. Every line read is parsed by app.core.irc. The client keeps to itself what is about the link: the welcome,
   the JOIN echo, PING (answered with PONG on the link it came on), PONG, RECONNECT, GLOBALUSERSTATE (her user
   id), USERSTATE (moderator or broadcaster: the higher send limit; the id of a line she sent, which Twitch
   sends only for a line it posted: on_accepted gets it). Everything else goes to on_event, refusals of her
   lines (NOTICE msg_*) included. A malformed line is counted and skipped; it never ends the link.
3. Nothing received is lost on a RECONNECT (make before break): the old link keeps being read while a new one
   connects and joins. Then a PING with a marker goes down the old link and the old link is read up to the
   marker's PONG (the server answers in order, so every line it wrote there before is read) and closed. What
   the new link read meanwhile is held back and handed on after that, so the order holds. Lines sent in the
   overlap arrive on both links: the last DEDUP_IDS message ids are remembered and a repeat is dropped.
4. A link that drops (end of stream, a socket error, no answer to a keepalive PING) is replaced after a
   backoff (backoff_delay: doubling from backoff_base to backoff_cap, with jitter); a joined link resets it. A
   refused login, or privacy mode refusing the host, stops the client: retrying cannot help, a restart (new
   settings, a new token) does.
5. Sends go one at a time, each after app.core.irc.send_wait (20 per 30 s; 100 where she is moderator or
   broadcaster), and only on an authenticated link: anonymous is read-only. Newlines become spaces and a long
   text goes out in pieces of at most MAX_CHARS.
6. The token is read from the provider at each login, written on the socket in PASS and nowhere else: no line
   sent or received is ever logged, only commands and reasons.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import ssl
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from app.core import irc
from app.core.backoff import BACKOFF_BASE, BACKOFF_CAP
from app.core.failures import summary
from app.core.words import QT_TRANSLATE_NOOP, said
from app.process.tasks import spawn
from app.senses.netgate import PrivacyRefused
from app.skills.platform.link import Link, State

log = logging.getLogger(__name__)

DEFAULT_HOST = "irc.chat.twitch.tv"
DEFAULT_PORT = 6697
PURPOSE = "Twitch chat"
CAPS = "twitch.tv/tags twitch.tv/commands"
MAX_CHARS = 500                 # Twitch refuses longer chat messages
LINE_LIMIT = 1 << 20            # the longest line the reader accepts (Twitch lines are a few KB at most)
DEDUP_IDS = 5000                # message ids remembered to drop the overlap of a RECONNECT
OWN_IDS = 1000                  # ids of her own sent lines (a reply to one addresses her)
LOGIN_TIMEOUT = 15.0            # from the socket opening to the JOIN echo
KEEPALIVE = 240.0               # silence before the client pings; a second silence as long ends the link
DRAIN_TIMEOUT = 10.0            # the longest an old link is read after a RECONNECT
SEND_WAIT_FOR_LINK = 10.0       # a send waits this long for a link before it fails
# the state lines the Activity dock shows, in the window's language (app.core.words; the detail stays English)
JOINED_AS = QT_TRANSLATE_NOOP("activity", "Twitch chat: in #{channel} as {nick}")
JOINED_READ_ONLY = QT_TRANSLATE_NOOP("activity", "Twitch chat: in #{channel} read-only (anonymous)")
ASKED_TO_RECONNECT = QT_TRANSLATE_NOOP("activity", "Twitch chat: Twitch asked for a reconnect: joining again "
                                                   "before leaving the old connection")
AGAIN_IN = QT_TRANSLATE_NOOP("activity", "Twitch chat: connecting again in {delay} s")
AUTH_FAILURES = ("login authentication failed", "improperly formatted auth", "login unsuccessful",
                 "invalid nick")


class LoginRefused(ConnectionError):
    pass


class PlainLogin(ConnectionError):
    """A token would go out unencrypted (app.core.irc.login_refusal): no connection is made."""


class ReadOnly(PermissionError):
    """An anonymous link cannot write in chat."""


def anonymous_nick(rng: random.Random) -> str:
    """Twitch's read-only login: justinfan and digits, no password."""
    return f"justinfan{rng.randrange(10_000, 100_000)}"


def normalize_channel(name: str) -> str:
    """"#Bea", "bea", "twitch:#bea" -> "bea"."""
    return name.strip().removeprefix("twitch:").lstrip("#").strip().lower()


def pieces(text: str, limit: int = MAX_CHARS) -> list[str]:
    """A chat send as lines Twitch accepts: newlines (and other control characters) become spaces, runs of
    spaces one, and a long text is cut at spaces into pieces of at most `limit` characters."""
    words = "".join(" " if (ord(c) < 32 or c == "\x7f") else c for c in text).split()
    out: list[str] = []
    current = ""
    for word in words:
        while len(word) > limit:  # a word longer than a whole piece is cut where it must be
            if current:
                out.append(current)
                current = ""
            out.append(word[:limit])
            word = word[limit:]
        if not word:
            continue
        if current and len(current) + 1 + len(word) > limit:
            out.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        out.append(current)
    return out


@dataclass
class LinkStats:
    lines: int = 0
    malformed: int = 0
    duplicates: int = 0
    links: int = 0
    reconnects: int = 0


class _Link:
    def __init__(self, number: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 nick: str) -> None:
        self.number = number
        self.reader, self.writer = reader, writer
        self.nick = nick
        self.authenticated = False           # logged in with a token: it can write
        self.logged_in = asyncio.Event()     # welcome, a refused login, or the end
        self.joined = asyncio.Event()
        self.turn = asyncio.Event()          # the server asked to reconnect, or the link ended
        self.ended = asyncio.Event()
        self.drained = asyncio.Event()
        self.failure: str | None = None
        self.reconnect_asked = False
        self.drain_marker: str | None = None
        self.held: list[irc.TwitchEvent] | None = None   # events kept back while an older link drains
        self.task: asyncio.Task[None] | None = None

    def send_now(self, line: str) -> None:
        self.writer.write(line.encode("utf-8") + b"\r\n")

    async def send(self, line: str) -> None:
        self.send_now(line)
        await self.writer.drain()

    def end(self) -> None:
        self.ended.set()
        self.logged_in.set()
        self.turn.set()
        self.drained.set()

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        self.end()


async def _first(events: Iterable[asyncio.Event], timeout: float) -> bool:
    """Wait until any of `events` is set; False on timeout."""
    waits = [spawn(e.wait(), awaited=True) for e in events]
    try:
        done, _ = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        return bool(done)
    finally:
        for w in waits:
            w.cancel()


class TwitchChat(Link):
    """One channel's chat. `on_event` gets each TwitchEvent that is not about the link itself (rule 2) on the
    loop's thread; `on_state` gets (State, a sentence) at every change."""
    name = "Twitch chat"

    def __init__(self, gate, channel: str, *, nick: str = "", token: Callable[[], str | None] = lambda: None,
                 host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, tls: bool | ssl.SSLContext = True,
                 on_event: Callable[[irc.TwitchEvent], None] = lambda _e: None,
                 on_state: Callable[[State, str], None] = lambda _s, _d: None,
                 on_accepted: Callable[[str], None] = lambda _id: None,
                 rng: random.Random | None = None, backoff_base: float = BACKOFF_BASE,
                 backoff_cap: float = BACKOFF_CAP, send_limit: int | None = None,
                 send_window: float = irc.RATE_WINDOW_S, keepalive: float = KEEPALIVE,
                 login_timeout: float = LOGIN_TIMEOUT, clock: Callable[[], float]) -> None:
        super().__init__(on_state, backoff_base, backoff_cap, rng)
        self.gate = gate
        self.channel = normalize_channel(channel)
        if not self.channel:
            raise ValueError("a Twitch chat needs a channel")
        self.nick = nick.strip().lower()
        self._token = token
        self.host, self.port, self.tls = host, port, tls
        self.on_event, self.on_accepted = on_event, on_accepted
        self.send_limit, self.send_window = send_limit, send_window
        self.keepalive, self.login_timeout = keepalive, login_timeout
        self._clock = clock
        self.detail_said: dict[str, object] = {}   # the detail's words and args for the window, when it has them
        self.authenticated = False       # the current link logged in with a token: she can write
        self.login = ""                  # the nick of the current link
        self.user_id: str | None = None  # her Twitch user id (GLOBALUSERSTATE), when logged in
        self.privileged = False          # moderator or broadcaster in the channel: the higher send limit
        self.stats = LinkStats()
        self._current: _Link | None = None
        self._links: set[_Link] = set()
        self._numbers = itertools.count(1)
        self._seen: deque[str] = deque(maxlen=DEDUP_IDS)
        self._seen_set: set[str] = set()
        self._own: deque[str] = deque(maxlen=OWN_IDS)
        self._own_set: set[str] = set()
        self._sent: deque[float] = deque()
        self._send_lock = asyncio.Lock()
        self._linked = asyncio.Event()
        self._stopping = False
        self._holding = False                # a RECONNECT is under way: a new link holds its events back

    # ---- life -------------------------------------------------------------------------------------------
    def start(self) -> None:
        self._stopping = False
        super().start()

    async def stop(self) -> None:
        self._stopping = True
        await self._end_task()
        for link in list(self._links):
            await link.close()
        self._links.clear()
        self._current = None
        self._linked.clear()
        self._set_state(State.OFF, "stopped")

    @property
    def detail(self) -> str:
        """The state's sentence (the log's and the problems' words)."""
        return self.why

    def is_own(self, msg_id: str | None) -> bool:
        return msg_id is not None and msg_id in self._own_set

    def _set_state(self, state: State, detail: str, words: str = "", **args: object) -> None:
        self.detail_said = said(words, **args)[1] if words else {}
        self._set(state, detail)

    # ---- the links ----------------------------------------------------------------------------------------
    async def _run(self) -> None:
        link: _Link | None = None
        attempt = 0
        try:
            while not self._stopping:
                if link is None:
                    link = await self._open(attempt)
                    if link is None:
                        return
                self._use(link)
                await link.turn.wait()
                if link.reconnect_asked:
                    self.stats.reconnects += 1
                    self._set_state(State.RECONNECTING, "Twitch asked for a reconnect: joining again before "
                                                        "leaving the old connection", ASKED_TO_RECONNECT)
                    self._holding = True
                    try:
                        new = await self._open(0)
                        await self._retire(link)
                    finally:
                        self._holding = False
                    link = new
                    if new is None:
                        return
                    self._release(new)
                    continue
                # the link dropped
                self._drop(link)
                if link.failure:
                    self._set_state(State.AUTH_FAILED, f"Twitch refused the login: {link.failure}")
                    return
                link = None
                attempt = 1
        finally:
            for each in list(self._links):
                await each.close()
            self._links.clear()
            self._current = None
            self._linked.clear()

    def _use(self, link: _Link) -> None:
        self._current = link
        self._linked.set()
        self.authenticated = link.authenticated
        self.login = link.nick
        how = f"as {link.nick}" if self.authenticated else "read-only (anonymous)"
        self._set_state(State.JOINED, f"in #{self.channel} {how}", JOINED_AS if self.authenticated
                        else JOINED_READ_ONLY, channel=self.channel, nick=link.nick)

    def _drop(self, link: _Link) -> None:
        self._links.discard(link)
        if self._current is link:
            self._current = None
            self._linked.clear()

    async def _open(self, attempt: int) -> _Link | None:
        """A joined link, after a backoff when `attempt` > 0; None when stopping or when retrying cannot
        help."""
        while not self._stopping:
            if attempt:
                delay = self._delay(attempt - 1)
                self._set_state(State.RECONNECTING, f"connecting again in {delay:.1f} s", AGAIN_IN,
                                delay=f"{delay:.1f}")
                await self._pause(delay)
            self._set_state(State.CONNECTING, f"connecting to {self.host}:{self.port}")
            try:
                return await self._connect()
            except PrivacyRefused as exc:
                self._set_state(State.REFUSED, str(exc))
                return None
            except PlainLogin as exc:
                self._set_state(State.REFUSED, str(exc))
                return None
            except LoginRefused as exc:
                self._set_state(State.AUTH_FAILED, f"Twitch refused the login: {exc}")
                return None
            except (OSError, TimeoutError, ssl.SSLError, EOFError, ValueError) as exc:
                log.warning("Twitch chat: connecting to %s:%s failed: %s", self.host, self.port, summary(exc))
                attempt += 1
        return None

    async def _connect(self) -> _Link:
        context = self.tls if isinstance(self.tls, ssl.SSLContext) else (
            ssl.create_default_context() if self.tls else None)
        token = (self._token() or "").strip().removeprefix("oauth:") if self.nick else ""
        if token and any(c.isspace() or c in "\0" for c in token):
            raise LoginRefused("the token in the keyring is malformed (it holds spaces or line breaks)")
        if (why := irc.login_refusal(context is not None, bool(token), self.host)) is not None:
            raise PlainLogin(why)   # before any socket: the token never goes out in clear (rule 1a)
        reader, writer = await asyncio.wait_for(self.gate.open_connection(
            self.host, self.port, PURPOSE, ssl=context, server_hostname=self.host if context else None,
            limit=LINE_LIMIT), self.login_timeout)
        link = _Link(next(self._numbers), reader, writer, self.nick if token else anonymous_nick(self._rng))
        link.authenticated = bool(token)
        link.held = [] if self._holding else None
        self.stats.links += 1
        self._links.add(link)
        link.task = spawn(self._read(link))
        try:
            link.send_now(f"CAP REQ :{CAPS}")
            if token:
                link.send_now(f"PASS oauth:{token}")  # the one place the token goes: never logged
            await link.send(f"NICK {link.nick}")
            if not await _first([link.logged_in], self.login_timeout) or link.ended.is_set():
                if link.failure:
                    raise LoginRefused(link.failure)
                raise ConnectionError("no welcome from the server")
            await link.send(f"JOIN #{self.channel}")
            if not await _first([link.joined, link.ended], self.login_timeout) or not link.joined.is_set():
                if link.failure:
                    raise LoginRefused(link.failure)
                raise ConnectionError(f"the server did not confirm the JOIN of #{self.channel}")
        except BaseException:
            self._links.discard(link)
            await link.close()
            raise
        return link

    async def _retire(self, old: _Link) -> None:
        """Read the old link up to a PING marker's PONG (or its end), then close it (rule 3)."""
        if not old.ended.is_set():
            old.drain_marker = f"bea-drain-{old.number}"
            try:
                await old.send(f"PING :{old.drain_marker}")
                await _first([old.drained, old.ended], DRAIN_TIMEOUT)
            except (OSError, ConnectionError):
                pass
        self._links.discard(old)
        await old.close()

    async def _read(self, link: _Link) -> None:
        pinged = False
        try:
            while True:
                try:
                    raw = await asyncio.wait_for(link.reader.readline(), self.keepalive)
                except TimeoutError:
                    if pinged:
                        log.info("Twitch chat: no answer to a keepalive ping; the connection is dead")
                        break
                    pinged = True
                    await link.send("PING :tmi.twitch.tv")
                    continue
                if not raw:
                    break
                pinged = False
                self._line(link, raw.decode("utf-8", "replace"))
        except asyncio.CancelledError:
            raise
        except (OSError, ConnectionError, ssl.SSLError, ValueError) as exc:
            log.info("Twitch chat: the connection ended: %s", type(exc).__name__)
        finally:
            link.end()
            if self._current is link:  # no send goes to a link that has ended
                self._current = None
                self._linked.clear()

    # ---- one line -----------------------------------------------------------------------------------------
    def _line(self, link: _Link, text: str) -> None:
        self.stats.lines += 1
        try:
            msg = irc.parse(text)
            event = self._own_line(link, msg)
        except irc.IrcParseError as exc:
            self.stats.malformed += 1
            log.debug("Twitch chat: a malformed line was skipped: %s", summary(exc))
            return
        if event is None:
            return
        if link.held is not None:
            link.held.append(event)
            return
        self._dispatch(event)

    def _dispatch(self, event: irc.TwitchEvent) -> None:
        msg_id = event.msg_id if isinstance(event, irc.ChatLine | irc.UserNotice) else None
        if msg_id is not None:
            if msg_id in self._seen_set:
                self.stats.duplicates += 1
                return
            if len(self._seen) == self._seen.maxlen:
                self._seen_set.discard(self._seen[0])
            self._seen.append(msg_id)
            self._seen_set.add(msg_id)
        try:
            self.on_event(event)
        except Exception:
            log.exception("the Twitch event handler failed on a %s", type(event).__name__)

    def _release(self, link: _Link) -> None:
        """What the new link read while the old one was drained, now, after it (rule 3 keeps the order)."""
        held, link.held = link.held or [], None
        for event in held:
            self._dispatch(event)

    def _own_line(self, link: _Link, msg: irc.IrcMessage) -> irc.TwitchEvent | None:
        """Rule 2: what is about the link is handled here (None); the rest is returned as a TwitchEvent."""
        command = msg.command
        if command == "001":
            link.logged_in.set()
            return None
        if command == "JOIN":
            if msg.prefix is not None and (msg.prefix.nick or "").lower() == link.nick.lower():
                link.joined.set()
            return None
        if command == "GLOBALUSERSTATE":
            self.user_id = msg.tags.get("user-id") or None
            return None
        event = irc.twitch_event(msg)
        if isinstance(event, irc.Ping):
            link.send_now(event.reply)
            return None
        if isinstance(event, irc.Pong):
            if link.drain_marker is not None and event.params and event.params[-1] == link.drain_marker:
                link.drained.set()
            return None
        if isinstance(event, irc.Reconnect):
            link.reconnect_asked = True
            link.turn.set()
            return None
        if isinstance(event, irc.UserState):
            if event.channel == self.channel:
                self.privileged = event.privileged
            sent_id = msg.tags.get("id")
            if sent_id:
                self._remember_own(sent_id)
                try:
                    self.on_accepted(sent_id)
                except Exception:
                    log.exception("the Twitch sent-line listener failed")
            return None
        if isinstance(event, irc.Notice) and event.channel is None and not link.logged_in.is_set():
            if any(words in event.text.lower() for words in AUTH_FAILURES):
                link.failure = event.text
                link.logged_in.set()
                return None
        return event

    def _remember_own(self, msg_id: str) -> None:
        if msg_id in self._own_set:
            return
        if len(self._own) == self._own.maxlen:
            self._own_set.discard(self._own[0])
        self._own.append(msg_id)
        self._own_set.add(msg_id)

    # ---- sending ------------------------------------------------------------------------------------------
    async def send(self, text: str, reply_to: str | None = None) -> int:
        """Write `text` in the channel (rule 5); returns how many lines went out. ReadOnly when anonymous,
        ConnectionError when no link comes within SEND_WAIT_FOR_LINK."""
        parts = pieces(text)
        if not parts:
            raise ValueError("an empty chat message")
        async with self._send_lock:
            for i, part in enumerate(parts):
                link = await self._link_for_send()
                await self._pace()
                link = self._current or link
                await link.send(irc.privmsg(self.channel, part, reply_to if i == 0 else None))
                self._sent.append(self._clock())
        return len(parts)

    async def _link_for_send(self) -> _Link:
        if self._current is None:
            if not self.running:
                raise ConnectionError("not connected to Twitch chat")
            try:
                await asyncio.wait_for(self._linked.wait(), SEND_WAIT_FOR_LINK)
            except TimeoutError:
                raise ConnectionError("not connected to Twitch chat") from None
        link = self._current
        if link is None:
            raise ConnectionError("not connected to Twitch chat")
        if not self.authenticated:
            raise ReadOnly("Twitch chat is read-only: set her Twitch login and save an OAuth token to write")
        return link

    async def _pace(self) -> None:
        while True:
            now = self._clock()
            wait = irc.send_wait(self._sent, now, privileged=self.privileged, limit=self.send_limit,
                                 window_s=self.send_window)
            while self._sent and now - self._sent[0] >= self.send_window:
                self._sent.popleft()
            if wait <= 0:
                return
            await asyncio.sleep(wait)
