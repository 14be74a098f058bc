"""Discord's gateway and REST for one bot, on our own loop, every connection through the network gate.

Why discord.py (2.7): it is maintained and the most used Python library for Discord; it is asyncio-native, so a
discord.Client runs on the app's own loop, in-process, with no second program (ProjectBEA ran a Node bot); it
keeps the gateway's session for us (heartbeats, RESUME after a drop, a new IDENTIFY after INVALID_SESSION,
REST rate limits with retry_after); and its voice support implements DAVE, the end-to-end encryption Discord
now requires in calls (through `davey`), which the voice part of the issue needs.

Theory of operation:
1. start(): the token is read from the keyring provider (off the loop); none: state NO_TOKEN. The gate is asked
   first about the REST and gateway hosts (privacy mode: state REFUSED, before any connection; discord.py
   would otherwise retry a refused gateway for ever, unseen), then a new discord.Client
   logs in (GET /users/@me: a refused token is LoginFailure, state AUTH_FAILED) and connects to the gateway.
2. Every connection goes through the gate: discord.py makes its aiohttp session from the connector it is
   given, and ours is the gate's (app.senses.netgate.http_connector), so its REST calls and its gateway
   websocket are each decided there, as any other aiohttp session's.
3. Where it connects: discord.py reads its REST base (discord.http.Route.BASE) and its first gateway
   (DiscordWebSocket.DEFAULT_GATEWAY) from class attributes, not from arguments; the client sets both from its
   `api_base` and `gateway` before each login (Discord's own by default; a local fake in the tests). They are
   process-wide, and one Discord client runs at a time.
4. The gateway: intents for servers (channel and server names), server messages, direct messages, bans and
   voice states (discord.py follows its own voice call with them), and
   message content (a privileged intent: without it switched on in the Developer Portal Discord closes with
   4014, state INTENTS with where to switch it on). Each event in EVENTS (a message, a deletion, a ban) is
   handed on as Discord sent it (plain data, read by app.core.discord): discord.py's raw-receive event gives
   the payload before its own parsing.
5. The session: a drop is resumed by discord.py (RESUME on resume_gateway_url, the missed events replayed), an
   INVALID_SESSION starts a new one; the client says RETRYING while it is away and READING as soon as the
   gateway's READY or RESUMED frame arrives (discord.py's own on_ready comes seconds later, after it has waited
   for the servers' GUILD_CREATE, while lines are already read, and may belong to a session already gone).
   Before a new IDENTIFY (after "session timed out", 4009, or INVALID_SESSION) discord.py sleeps 5 s; Discord
   allows max_concurrency IDENTIFY per 5 s (events/gateway, "Session Start Limit Object": "the number of
   identify requests allowed per 5 seconds"; 1 for a bot in fewer than 150,000 servers), so only what remains
   of 5 s since her last IDENTIFY is waited. Close 4004 (the token refused on the gateway):
   AUTH_FAILED, and it stops. A network failure before the session (login): RETRYING with a backoff, again
   with a new discord.Client.
   A zombied connection (open, silent) is noticed at the documented interval. Discord's gateway documentation
   (docs.discord.com/developers/events/gateway, "Sending Heartbeats"): "If a client does not receive a
   heartbeat ACK between its attempts at sending heartbeats, this may be due to a failed or 'zombied'
   connection. The client should then immediately terminate the connection with any close code besides 1000
   or 1001, then reconnect and attempt to Resume." discord.py's keep-alive thread closes (4000) and resumes
   only when nothing at all came for its heartbeat_timeout (60 s), and any frame counts; AckWatch, its
   handler with the documented rule, counts only a HEARTBEAT_ACK (op 11), so a heartbeat that has no ACK by
   the next one (a quarter of an interval's grace) closes and resumes through discord.py's own path, and the
   state is HUNG ("not answering") from that moment until READY or RESUMED.
   What a close or an op says (topics/opcodes-and-status-codes, Gateway Close Event Codes; events/gateway,
   Resuming), where discord.py does otherwise: after 4007 ("Invalid seq [...] Reconnect and start a new
   session") and 4009 ("Session timed out [...] Reconnect and start a new one") discord.py tries a RESUME that
   can only be refused; she IDENTIFYs at once instead. After 4008 ("Rate limited. You're sending payloads to us
   too quickly. Slow it down!") discord.py reconnects at once; she waits the backoff first (growing while 4008s
   come within the gateway's 60 s window), RETRYING meanwhile. After INVALID_SESSION with d false she waits
   "a random amount of time—between 1 and 5 seconds" (INVALID_WAIT; topics/gateway, Resuming, before the page
   was rewritten as events/gateway, which keeps only the IDENTIFY limit) before the IDENTIFY, and the 5 s gap.
   RECONNECT (op 7) and INVALID_SESSION with d true are discord.py's: close, RESUME on resume_gateway_url, the
   missed events replayed once.
6. send(channel, text, reply_to) in pieces of MAX_CHARS, typing(channel), react(channel, message, emoji),
   dm(user, text) (POST /users/@me/channels, then the message). These are REST: they need her logged-in client,
   not the gateway, so a line goes out while the session resumes (RETRYING, not answering) too. Discord's rate
   limits are discord.py's (topics/rate-limits): it reads each bucket's X-RateLimit headers and waits an empty
   bucket out before asking, and a 429 it waits out for the retry_after Discord names (the global one holding
   every request) and sends again, up to MAX_RATE_WAIT s. A longer wait it refuses (RateLimited): she waits it
   herself when the line's life (line_life, from when send() has it) allows, else LineDropped says what was
   left unsent and why, for the dock.
7. join_voice(channel, hear) connects to a voice call through discord.py, deafened unless she is to hear it
   (the skill's hearing.py). Its VoiceClient is a HookedVoice: discord.py's voice websocket hook hands every
   text frame on (who speaks on which SSRC, who left), kept until a listener attaches so none is missed. The
   voice gateway's websocket goes through the gate's session as the rest; its UDP audio does not (the gate
   decides TCP connections): privacy mode stops the whole client, the call with it.
8. No token and no chat text reach a log: discord.py's loggers are kept at WARNING (at DEBUG it logs every
   request's body), and a failure's words have the token cut out.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from app.core.discord import MODERATION_EVENTS
from app.core.message_pieces import pieces
from app.senses.netgate import PrivacyRefused
from app.skills.platform.link import Link, State

log = logging.getLogger(__name__)
logging.getLogger("discord").setLevel(logging.WARNING)     # rule 7: at DEBUG it logs request bodies (chat text)


def _not_about_voice(record: logging.LogRecord) -> bool:
    """discord.py warns at every Client that PyNaCl and davey are missing: true, and no news for text."""
    return "voice will NOT be supported" not in str(record.msg)


logging.getLogger("discord.client").addFilter(_not_about_voice)

API_BASE = "https://discord.com/api/v10"
GATEWAY = "wss://gateway.discord.gg/"
PURPOSE = "Discord"
EVENTS = ("MESSAGE_CREATE", *MODERATION_EVENTS)     # handed on as Discord sent them
MAX_CHARS = 2000               # Discord refuses longer messages
MAX_RATE_WAIT = 30.0           # rule 6: discord.py waits a 429 up to this (its floor); longer ones she waits herself
LOGIN_TIMEOUT_S = 60.0
VOICE_TIMEOUT_S = 30.0          # joining a voice call: the voice gateway's handshake and DAVE
INTENTS_HELP = ("Discord refused the message content intent: switch on 'Message Content Intent' for the bot "
                "(Developer Portal → your application → Bot)")


ACK_GRACE = 1.25               # rule 5: an ACK is owed by the next heartbeat, give or take a quarter interval
IDENTIFY_GAP = 5.0             # rule 5: Discord takes max_concurrency (1 for a bot like hers) IDENTIFY per 5 s
INVALID_WAIT = (1.0, 5.0)      # rule 5: the random wait after INVALID_SESSION (d false) before a new IDENTIFY
NEW_SESSION = (4007, 4009)     # rule 5: closes after which only a new session goes on
TOO_FAST = 4008                # rule 5: payloads sent too quickly
GATEWAY_WINDOW = 60.0          # rule 5: the gateway counts payloads per 60 s: 4008s within it are one offence
LINE_LIFE_S = 120.0            # rule 6: a written conversation bears a late answer; past two minutes it moved on


class LineDropped(Exception):
    """Rule 6: the rest of a line could not go within its life. `unsent` is that rest, `wait` the seconds Discord
    still asked for, `sent` the ids of the pieces that went."""

    def __init__(self, unsent: str, wait: float, life: float, sent: list[int]) -> None:
        super().__init__(f"Discord asked her to wait {wait:.0f} s, past the line's life of {life:.0f} s; "
                         f"{len(sent)} piece(s) sent, the rest dropped")
        self.unsent, self.wait, self.life, self.sent = unsent, wait, life, sent


@functools.cache
def paced_socket() -> type:
    """discord.py's gateway websocket, made through the link's own step before each connection (rule 5): its
    Client's connect loop makes every connection with DiscordWebSocket.from_client and the parameters it chose
    (resume or not), which `before_socket` may change, or wait before."""
    from discord.gateway import DiscordWebSocket

    class PacedSocket(DiscordWebSocket):
        @classmethod
        async def from_client(cls, client: Any, **params: Any) -> Any:
            before = getattr(client, "before_socket", None)
            if before is not None:
                await before(params)
            return await super().from_client(client, **params)

    return PacedSocket


@functools.cache
def ack_watch() -> type:
    """discord.py's gateway keep-alive handler with the documented heartbeat ACK rule (rule 5): its own loop
    (discord.gateway.KeepAliveHandler.run) beats every interval and, before each beat, closes with 4000 when
    nothing it counts came for heartbeat_timeout; here only an ACK counts, and that timeout is the interval
    (with ACK_GRACE), not 60 s."""
    from discord.gateway import KeepAliveHandler

    class AckWatch(KeepAliveHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._owed_within = min(self.heartbeat_timeout, (self.interval or 0) * ACK_GRACE) or None

        def tick(self) -> None:
            """Any frame received: not an answer to a heartbeat. The first after HELLO says discord.py reads the
            session now (between HELLO and IDENTIFY it may wait, reading nothing): the ACK rule starts then."""
            if self._owed_within is not None and self.heartbeat_timeout != self._owed_within:
                self._last_recv = time.perf_counter()
                self.heartbeat_timeout = self._owed_within

        def ack(self) -> None:
            super().ack()
            self._last_recv = self._last_ack

        def stop(self) -> None:
            """Ended by a close: discord.py's own, or its loop's for a missing ACK, which says so first."""
            if not self._stop_ev.is_set() and self._last_recv + self.heartbeat_timeout < time.perf_counter():
                self.ws.loop.call_soon_threadsafe(self.ws._dispatch, "gateway_silent", self.heartbeat_timeout)
            super().stop()

    return AckWatch


VOICE_OPS = (5, 11, 13)         # SPEAKING, CLIENTS_CONNECT, CLIENT_DISCONNECT: kept for a late listener
VOICE_KEPT = 200


@functools.cache
def hooked_voice() -> type:
    """discord.VoiceClient whose connection state has the voice websocket hook (rule 7)."""
    import discord
    from discord.voice_state import VoiceConnectionState

    class HookedVoice(discord.VoiceClient):
        def create_connection_state(self) -> VoiceConnectionState:
            self._kept: list[dict[str, Any]] = []
            self._listener: Callable[[Any, dict[str, Any]], Awaitable[None]] | None = None
            return VoiceConnectionState(self, hook=self._voice_frame)

        async def _voice_frame(self, ws: Any, msg: dict[str, Any]) -> None:
            if self._listener is not None:
                await self._hand_on(ws, msg)
            elif msg.get("op") in VOICE_OPS:
                self._kept = [*self._kept[-VOICE_KEPT + 1:], msg]

        async def _hand_on(self, ws: Any, msg: dict[str, Any]) -> None:
            try:                     # a failure here would end discord.py's reading of the voice websocket
                await self._listener(ws, msg)
            except Exception:
                log.exception("a voice websocket frame could not be read")

        async def listen(self, listener: Callable[[Any, dict[str, Any]], Awaitable[None]]) -> None:
            kept, self._kept, self._listener = self._kept, [], listener
            for msg in kept:
                await self._hand_on(None, msg)

    return HookedVoice


def _host_port(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme in ("https", "wss") else 80)
    return parts.hostname or "", port


class DiscordLink(Link):
    """One bot's Discord. `on_event` gets (name, data) of each event in EVENTS; `on_state` gets (State, a
    sentence). Its task, state and backoff: the platform layer's Link."""
    name = "Discord"

    def __init__(self, gate: Any, token: Callable[[], str | None],
                 on_event: Callable[[str, dict[str, Any]], Awaitable[None]], *,
                 on_state: Callable[[str, str], None] = lambda _s, _w: None, api_base: str = API_BASE,
                 gateway: str = GATEWAY, backoff_base: float = 1.0, backoff_cap: float = 60.0,
                 rng: random.Random | None = None, line_life: float = LINE_LIFE_S) -> None:
        super().__init__(on_state, backoff_base, backoff_cap, rng)
        self.gate, self._token, self.on_event = gate, token, on_event
        self.api_base, self.gateway = api_base.rstrip("/"), gateway
        self.me: dict[str, Any] = {}            # her user: id, username
        self.client: Any = None
        self._identified_at: float | None = None   # the loop's time of her last IDENTIFY (rule 5)
        self._invalidated = False                  # INVALID_SESSION (d false) came: its wait before IDENTIFY
        self._too_fast: list[float] = []           # the loop's times of 4008 closes within GATEWAY_WINDOW
        self.line_life = line_life                 # rule 6

    async def stop(self) -> None:
        await self._end_task()        # first: a reconnect in flight would fail on a closed client and say so
        client, self.client = self.client, None
        if client is not None:
            with contextlib.suppress(Exception):
                await client.close()
        await super().stop()

    # ---- the session (rules 1 to 5) -------------------------------------------------------------------
    def _make_client(self) -> Any:
        import discord
        import discord.client
        import discord.gateway
        import yarl
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        Route.BASE = self.api_base                          # rule 3
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway)
        discord.gateway.KeepAliveHandler = ack_watch()      # rule 5: its HELLO makes one by this name
        discord.client.DiscordWebSocket = paced_socket()    # rule 5: its connect loop makes each by this name
        intents = discord.Intents.none()
        intents.guilds = intents.guild_messages = intents.dm_messages = intents.message_content = True
        intents.moderation = True                           # bans: what a moderator removed never reaches her
        intents.voice_states = True                         # a voice call: discord.py follows its own state
        link = self

        class Client(discord.Client):
            async def before_identify_hook(self, _shard_id: int | None, **_how: Any) -> None:
                """Rule 5: what remains of IDENTIFY_GAP since her last IDENTIFY (discord.py sleeps the whole
                5 s before each one but the first, reading nothing meanwhile)."""
                loop = asyncio.get_running_loop()
                wait = 0.0 if link._identified_at is None else link._identified_at + IDENTIFY_GAP - loop.time()
                if link._invalidated:
                    link._invalidated = False
                    wait = max(wait, link._rng.uniform(*INVALID_WAIT))
                await asyncio.sleep(max(0.0, wait))
                link._identified_at = loop.time()

            async def before_socket(self, params: dict[str, Any]) -> None:
                """Rule 5: what the last connection's close code asks of the next one."""
                if link.client is self:
                    await link._after_close(self.ws, params)

            async def on_disconnect(self) -> None:
                if link.client is self and link.state == State.READING:
                    link._set(State.RETRYING, "the connection to Discord dropped; reconnecting")

            async def on_gateway_silent(self, seconds: float) -> None:
                if link.client is self:
                    link._set(State.HUNG, f"Discord did not acknowledge her heartbeat within {seconds:.0f} s; "
                                          "resuming the session")

            async def on_socket_raw_receive(self, raw: str) -> None:
                if ('"op": 9' in raw or '"op":9' in raw) and link.client is self:
                    payload = json.loads(raw)
                    if payload.get("op") == 9 and payload.get("d") is False:
                        link._invalidated = True         # rule 5: the random wait before the IDENTIFY
                    return
                if '"READY"' in raw or '"RESUMED"' in raw:
                    payload = json.loads(raw)
                    if payload.get("t") in ("READY", "RESUMED") and link.client is self:
                        link._ready((payload.get("d") or {}).get("user"))
                        return
                if not any(f'"{name}"' in raw for name in EVENTS):
                    return
                payload = json.loads(raw)
                if payload.get("t") in EVENTS and isinstance(payload.get("d"), dict):
                    try:
                        await link.on_event(payload["t"], payload["d"])
                    except Exception:
                        log.exception("reading a Discord event failed")

        return Client(intents=intents, connector=self.gate.http_connector(PURPOSE), enable_debug_events=True,
                      max_messages=None, chunk_guilds_at_startup=False, max_ratelimit_timeout=MAX_RATE_WAIT,
                      member_cache_flags=discord.MemberCacheFlags.none())

    async def _after_close(self, ws: Any, params: dict[str, Any]) -> None:
        """Rule 5: after 4007 or 4009 a new session (no RESUME that can only be refused); after 4008 the backoff
        first, longer for each 4008 within the gateway's window."""
        socket = getattr(ws, "socket", None)
        code = (getattr(ws, "_close_code", None) or getattr(socket, "close_code", None)) if ws is not None else None
        if params.get("initial") or code is None:
            return
        if code in NEW_SESSION:
            params.update(resume=False, session=None, sequence=None, gateway=None)
            words = "session timed out" if code == 4009 else "invalid sequence"
            self._set(State.RETRYING, f"Discord ended the session ({code}: {words}); starting a new one")
        elif code == TOO_FAST:
            now = asyncio.get_running_loop().time()
            self._too_fast = [t for t in self._too_fast if t > now - GATEWAY_WINDOW] + [now]
            delay = min(self._delay(len(self._too_fast) - 1), LOGIN_TIMEOUT_S / 2)   # discord.py allows 60 s
            self._set(State.RETRYING, f"Discord said she sent too fast ({code}); reconnecting in {delay:.0f} s")
            await asyncio.sleep(delay)

    def _ready(self, said: dict[str, Any] | None = None) -> None:
        """READING: the gateway's READY or RESUMED frame (`said`: READY's user) or discord.py's event after it."""
        user = self.client.user if self.client is not None else None
        if user is not None:
            self.me = {"id": user.id, "username": user.name}
        elif said and str(said.get("id", "")).isdigit():
            self.me = {"id": int(said["id"]), "username": str(said.get("username", ""))}
        self._set(State.READING)

    async def _run(self) -> None:
        import aiohttp
        from discord.errors import (
            ConnectionClosed,
            GatewayNotFound,
            HTTPException,
            LoginFailure,
            PrivilegedIntentsRequired,
        )
        attempt = 0
        while True:
            token = await asyncio.get_running_loop().run_in_executor(None, self._token)
            if not token:
                self._set(State.NO_TOKEN, "no Discord bot token is set (Settings → Discord)")
                return
            self._secret = token
            try:                                         # rule 1: before anything, both hosts
                for url in (self.api_base, self.gateway):
                    await self.gate.check(*_host_port(url), PURPOSE)
            except PrivacyRefused as exc:
                self._set(State.REFUSED, str(exc).removeprefix(f"{PURPOSE}: "))
                return
            self._set(State.CONNECTING)
            client = self.client = self._make_client()
            try:
                await asyncio.wait_for(client.login(token), LOGIN_TIMEOUT_S)
                attempt = 0
                await client.connect(reconnect=True)
                return                                   # closed by stop()
            except asyncio.CancelledError:
                raise
            except PrivacyRefused as exc:
                self._set(State.REFUSED, str(exc).removeprefix(f"{PURPOSE}: "))
                return
            except LoginFailure:
                self._refused_token()
                return
            except PrivilegedIntentsRequired:
                self._set(State.INTENTS, INTENTS_HELP)
                return
            except ConnectionClosed as exc:
                if exc.code == 4004:
                    self._refused_token()
                    return
                attempt = await self._back_off(attempt, f"Discord closed the connection ({exc.code})")
            except (OSError, aiohttp.ClientError, HTTPException, GatewayNotFound, TimeoutError) as exc:
                words = str(exc) or type(exc).__name__
                attempt = await self._back_off(attempt, f"Discord could not be reached ({words})")
            except Exception as exc:         # an answer that is not Discord's: said, and tried again
                log.error("Discord: an unexpected failure: %s", type(exc).__name__)
                attempt = await self._back_off(attempt, f"Discord answered something unexpected "
                                                        f"({type(exc).__name__})")
            finally:
                if client is not None and not client.is_closed():
                    with contextlib.suppress(Exception):   # shielded: stop() may cancel this task meanwhile,
                        await asyncio.shield(client.close())   # and then awaits the same close to its end

    def _refused_token(self) -> None:
        self._set(State.AUTH_FAILED, "Discord refused the bot token (Settings → Discord: paste it again from the "
                                     "Developer Portal → your application → Bot → Reset Token)")
        log.warning("Discord refused the bot token")

    # ---- names from the cache (for the place in words) ------------------------------------------------
    def names(self, channel_id: int) -> tuple[str, str]:
        """(the channel's name, its server's name), "" for what the cache does not hold."""
        channel = self.client.get_channel(channel_id) if self.client is not None else None
        guild = getattr(channel, "guild", None)
        return str(getattr(channel, "name", "") or ""), str(getattr(guild, "name", "") or "")

    # ---- a voice call ----------------------------------------------------------------------------------
    async def join_voice(self, channel_id: int, hear: bool = False) -> Any:
        """Connects to a voice channel, deafened unless she is to hear it; the discord.VoiceClient (a
        HookedVoice: its voice websocket's frames reach listen())."""
        import discord
        channel = self._ready_client().get_channel(channel_id)
        if not isinstance(channel, discord.VoiceChannel | discord.StageChannel):
            raise ValueError(f"{channel_id} is not a voice channel her bot can see")
        return await channel.connect(timeout=VOICE_TIMEOUT_S, reconnect=True, self_deaf=not hear,
                                     cls=hooked_voice())

    def member_name(self, guild_id: int, user_id: int) -> str:
        """A call speaker's name from the cache ("" when it does not hold them)."""
        client = self.client
        guild = client.get_guild(guild_id) if client is not None else None
        person = (guild.get_member(user_id) if guild is not None else None) or (
            client.get_user(user_id) if client is not None else None)
        return str(getattr(person, "display_name", "") or "")

    # ---- sending (rule 6) -----------------------------------------------------------------------------
    def _ready_client(self) -> Any:
        if self.client is None or self.state != State.READING:
            raise ConnectionError(f"Discord is not connected ({self.state}{': ' + self.why if self.why else ''})")
        return self.client

    def _rest_client(self) -> Any:
        """Rule 6: REST wants her logged-in client, not the gateway (a session resuming still sends)."""
        client = self.client
        if (client is None or client.is_closed() or not client.http.token
                or self.state not in (State.READING, State.RETRYING, State.HUNG)):
            raise ConnectionError(f"Discord is not connected ({self.state}{': ' + self.why if self.why else ''})")
        return client

    async def _within_life(self, by: float, unsent: str, sent: list[int], call: Callable[[], Awaitable[Any]]) -> Any:
        """Rule 6: one REST call, a wait discord.py refused (RateLimited) waited here while the line lives."""
        from discord.errors import RateLimited
        loop = asyncio.get_running_loop()
        while True:
            try:
                return await call()
            except RateLimited as exc:
                wait = float(exc.retry_after)
                if loop.time() + wait > by:
                    raise LineDropped(unsent, wait, self.line_life, sent) from None
                log.info("Discord asked her to wait %.0f s before writing again", wait)
                await asyncio.sleep(wait)

    async def send(self, channel_id: int, text: str, reply_to: int | None = None) -> list[int]:
        """The ids of what was sent (a reply: the first piece answers `reply_to`); LineDropped when the rest
        could not go in time."""
        channel = self._rest_client().get_partial_messageable(channel_id)
        by = asyncio.get_running_loop().time() + self.line_life
        parts = pieces(text, MAX_CHARS)
        sent: list[int] = []
        for n, piece in enumerate(parts):
            if n == 0 and reply_to is not None:
                call = functools.partial(channel.get_partial_message(reply_to).reply, piece, mention_author=False)
            else:
                call = functools.partial(channel.send, piece)
            message = await self._within_life(by, " ".join(parts[n:]), sent, call)
            sent.append(message.id)
        return sent

    async def typing(self, channel_id: int) -> None:
        await self._rest_client().get_partial_messageable(channel_id).typing()

    async def react(self, channel_id: int, message_id: int, emoji: str) -> None:
        channel = self._rest_client().get_partial_messageable(channel_id)
        await channel.get_partial_message(message_id).add_reaction(emoji)

    async def dm(self, user_id: int, text: str) -> int:
        """Writes to a user directly; the DM channel's id."""
        import discord
        by = asyncio.get_running_loop().time() + self.line_life
        parts = pieces(text, MAX_CHARS)
        channel = await self._within_life(by, text, [], functools.partial(self._rest_client().create_dm,
                                                                           discord.Object(user_id)))
        sent: list[int] = []
        for n, piece in enumerate(parts):
            message = await self._within_life(by, " ".join(parts[n:]), sent, functools.partial(channel.send, piece))
            sent.append(message.id)
        return int(channel.id)
