"""The Twitch skill: her seat in the streamer's Twitch chat (issue 10).

Theory of operation:
1. Off until a channel is set. Reading is anonymous (a justinfan nick, read-only); with her login in the
   settings and an OAuth token in the keyring (TOKEN_SECRET: never in settings, never logged) she can write
   too, and the outlets get a "twitch" sender. The connection is app.skills.twitch.client.TwitchChat; a change
   of settings (or of privacy mode, or of the token) reconnects.
2. PRIVMSG -> a CHAT perception on the stage (she answers it out loud): author twitch:<user-id> with the
   display name (a line without a user-id: the identity already seen with that login, else
   twitch:login:<login>); content "[display name] text" ("[display name] /me text" for an action, meta
   ACTION), so the People skill renders the author in her words; meta TEXT, MESSAGE_ID, CONVERSATION_KEY
   "twitch:#<channel>", REPLY_TO for a reply, and ADDRESSED when it replies to her own message (an id she
   sent, her user id or her login) or says one of her names or her login.
2a. A channel-point redemption (custom-reward-id) or a highlighted message is its own perception, in a
   sentence like a USERNOTICE's ("[Twitch] X redeemed a channel-point reward (id ...). X wrote: "...""), with
   meta "twitch_event" (redemption | highlighted-message), "reward_id" for a redemption, TEXT the words the
   viewer typed, and the weight CHAT_EVENT_SALIENCE gives its kind: the viewer spent channel points on it.
3. Bits -> the same line with salience BITS_SALIENCE and meta DONATION, and the donation path at once:
   PeopleSkill.donation with bits_donation's amount and currency ("BITS"), the message id as delivery id, so
   a card is minted and a repeat of the same message counts once.
4. USERNOTICE -> a CHAT perception in Twitch's own sentence (system-msg) plus what they typed, with the
   salience NOTICE_SALIENCE gives its kind (sub, resub, subgift, raid...; OTHER_NOTICE_SALIENCE otherwise).
5. Tallies: every authored perception this skill makes is counted here, whatever attention makes of it later,
   in batches (TALLY_EVERY seconds after the first waiting line, or at once at TALLY_BATCH lines; one
   transaction each, off the loop), and carries meta TALLIED, so the People skill never counts it again. When
   the People skill is off, nothing is tallied or marked.
6. CLEARCHAT (a ban or a timeout): that person's lines leave the pending batch, their lines in the stream are
   flagged, and flagged again after any turn they were in (a turn may have taken them before the ban came).
   A whole-chat clear takes the channel's pending lines. CLEARMSG: that one line leaves the pending batch
   and is flagged in the stream by its message id (the stream keeps each heard line's id), again after any
   turn its author was in.
7. NOTICE: Twitch refusing one of her lines (msg_*, app.core.twitch_refusals) is said in plain words in the
   dock's log; one that lasts until someone acts (a ban, a chat mode, an unverified account) is also the
   Chat dock's problem line SEND_PROBLEM (ERROR with setting skills.twitch), taken away (SYSTEM resolved)
   when Twitch next posts a line of hers, or when new settings reconnect (another account or channel: a
   refusal that still holds is said again at her next line); a reconnect Twitch asks for leaves it. Any
   other NOTICE is a line in the log and a SYSTEM event.
8. The dock reads status(), `log` (the last LOG_LINES lines, numbered by `log_seq`; `revision` moves on any
   change), present() (who is here, from the roster) and send_from_dock(); it never touches the socket.
"""

from __future__ import annotations

import asyncio
import logging
import re
import ssl
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import Field, field_validator

from app.config.schema import ADVANCED, SkillSettings
from app.core import irc
from app.core.attention import first_mention
from app.core.donations import DonationError, bits_donation
from app.core.events import EventKind
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.core.twitch_refusals import refusal
from app.memory.people_store import RosterRow, Sighting
from app.skills.base import Skill, SkillContext
from app.skills.registry import register
from app.skills.twitch.client import DEFAULT_HOST, DEFAULT_PORT, State, TwitchChat, normalize_channel

log = logging.getLogger(__name__)

PLATFORM = "twitch"
TOKEN_SECRET = "twitch_oauth_token"
CHAT_SALIENCE = 0.5
BITS_SALIENCE = 0.9
NOTICE_SALIENCE = {"raid": 0.95, "submysterygift": 0.85, "anonsubmysterygift": 0.85, "subgift": 0.8,
                   "anonsubgift": 0.8, "sub": 0.75, "resub": 0.75, "giftpaidupgrade": 0.6,
                   "anongiftpaidupgrade": 0.6, "primepaidupgrade": 0.6, "announcement": 0.6}
OTHER_NOTICE_SALIENCE = 0.4
# Channel points spent on a line: a redemption was set up by the streamer for the stream (above a sub), a
# highlight is a viewer paying to stand out (like a sub); both below bits, which are money.
CHAT_EVENT_SALIENCE = {irc.REDEMPTION: 0.8, irc.HIGHLIGHTED: 0.75}
ACTION = "action"           # meta: a /me line
# the Chat dock's problem topic for her refused lines: not a sub-topic of PLATFORM, so a reconnect (which
# resolves PLATFORM) leaves it; a line of hers posted, or new settings, take it away
SEND_PROBLEM = f"{PLATFORM}-send"
TALLY_EVERY = 0.5           # seconds a counted line may wait for its batch
TALLY_BATCH = 50            # ...or this many lines, whichever comes first
TALLY_RETRY = 2.0           # after a failed write, the lines wait this long and are written again
MAX_UNTALLIED = 50_000      # past this (the store failing for long), the oldest waiting lines are given up
LOG_LINES = 500             # lines the dock can show
RECENT_IDS = 2000           # message ids (and logins) remembered to find the line a moderator removes
PRESENT_SCAN = 500          # roster rows read to find who is here
STOP_WAIT = 1.0             # how long stop() lets store writes already under way finish

OFF_NO_CHANNEL = "Twitch chat is off: set the channel in Settings → Twitch."
OFF_DISABLED = "The Twitch skill is switched off (Settings → Skills)."

_LOGIN = re.compile(r"[a-z0-9_]{1,25}")


class TwitchSettings(SkillSettings):
    channel: str = Field("", title="Your channel", description="Your Twitch login, without #: the chat she "
                                                               "joins. Empty: Twitch chat stays off.")
    nick: str = Field("", title="Her Twitch login", description="Her own Twitch account, to write in chat "
                                                                "(reading needs none); writing also needs her "
                                                                "OAuth token, below.")
    host: str = Field(DEFAULT_HOST, min_length=1, title="Chat server", json_schema_extra=ADVANCED,
                      description="The Twitch chat server to connect to.")
    port: int = Field(DEFAULT_PORT, ge=1, le=65535, title="Chat server port", json_schema_extra=ADVANCED,
                      description="6697 with an encrypted connection, 6667 without.")
    tls: bool = Field(True, title="Encrypted connection", json_schema_extra=ADVANCED,
                      description="Encrypt the chat connection (TLS). Leave it on for Twitch: with it off she "
                                  "only reads anonymously, and never sends her token.")

    @field_validator("channel", "nick")
    @classmethod
    def _login(cls, value: str) -> str:
        value = normalize_channel(value)
        if value and not _LOGIN.fullmatch(value):
            raise ValueError("a Twitch login is 1 to 25 letters, digits or underscores")
        return value


@dataclass
class LogLine:
    seq: int
    ts: float
    who: str
    text: str
    kind: str                   # chat | event | her | system | refused
    identity: str | None = None
    msg_id: str | None = None
    bits: int = 0
    channel: str = ""
    removed: bool = False
    action: bool = False        # a /me line


def bits_words(bits: int) -> str:
    return f"{bits:,} bit" + ("" if bits == 1 else "s")


def describe_notice(n: irc.UserNotice) -> str:
    """A USERNOTICE in a sentence: Twitch's own (system-msg) when it sent one."""
    if n.system_msg.strip():
        return n.system_msg.strip()
    name = n.display_name or n.login or "someone"
    p = n.params
    if n.kind == "sub":
        return f"{name} subscribed."
    if n.kind == "resub":
        months = n.int_param("cumulative-months")
        return f"{name} resubscribed" + (f" ({months} months)." if months else ".")
    if n.kind in ("subgift", "anonsubgift"):
        return f"{name} gifted a sub to {p.get('recipient-display-name') or 'someone'}."
    if n.kind in ("submysterygift", "anonsubmysterygift"):
        return f"{name} is gifting {n.int_param('mass-gift-count') or 'some'} subs to the community."
    if n.kind == "raid":
        viewers = n.int_param("viewerCount") or "some"
        return f"{p.get('displayName') or name} is raiding with {viewers} viewers."
    if n.kind == "announcement":
        return f"{name} made an announcement."
    return f"{name}: {n.kind.replace('_', ' ')}."


def chat_event_sentence(line: irc.ChatLine) -> str:
    """A redemption or a highlighted message in a sentence (rule 2a)."""
    if line.event == irc.REDEMPTION:
        return f"{line.display_name} redeemed a channel-point reward (id {line.reward_id})."
    return f"{line.display_name} highlighted their message with channel points."


@register
class TwitchSkill(Skill):
    key = "twitch"
    title = "Twitch"
    description = "She reads your Twitch chat and, with her own login, writes in it."
    settings_model = TwitchSettings
    dock = "app.skills.twitch.dock:make_dock"
    settings_page = "app.skills.twitch.settings:make_page"

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.client: TwitchChat | None = None
        self.ssl_context: ssl.SSLContext | None = None  # a server to trust instead of the system's (tests)
        self.client_options: dict[str, Any] = {}          # more TwitchChat arguments (tests, the soak)
        self.state = State.OFF
        self.detail = OFF_NO_CHANNEL
        self.log: deque[LogLine] = deque(maxlen=LOG_LINES)
        self.log_seq = 0
        self.revision = 0
        self.since: float | None = None      # when this connection started (wall clock): who is here since
        self.counted = 0                     # lines tallied by this skill (handed to the store)
        self.perceived = 0
        self._sightings: list[Sighting] = []
        self._flush_timer: asyncio.TimerHandle | None = None
        self._flush_task: asyncio.Task[None] | None = None
        self._recent: OrderedDict[str, LogLine] = OrderedDict()   # msg id -> its line in the log
        self._logins: OrderedDict[str, str] = OrderedDict()       # login -> identity
        # identities a moderator removed in this run; replaced, never changed in place (after_turn reads it
        # from another thread)
        self._removed: frozenset[str] = frozenset()
        self._deleted_ids: dict[str, str] = {}   # message id -> its author's identity ("" when unknown)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._restart_pending = False
        self._sender_registered = False
        self._send_problem = False           # a refusal of hers is the Chat dock's problem line

    # ---- services -----------------------------------------------------------------------------------------
    @property
    def _mind(self) -> Any:
        return self.ctx.services.get("mind")

    def _people(self) -> Any:
        """The People skill when it is on and has its store; None otherwise."""
        skills = getattr(self._mind, "skills", None) or {}
        people = skills.get("people")
        return people if people is not None and people.enabled and people.ready else None

    def _executor(self) -> Any:
        return getattr(self._mind, "executor", None)

    def _now(self) -> float:
        return self.ctx.now().timestamp()

    def _persona(self) -> str:
        mind = self._mind
        return mind.settings.current.general.persona_name if mind is not None else "Bea"

    def _names(self) -> tuple[str, ...]:
        gate = getattr(self._mind, "gate", None)
        names = tuple(getattr(gate, "names", ())) or (self._persona(),)
        nick = self.settings.nick
        return (*names, nick) if nick else names

    # ---- the token ----------------------------------------------------------------------------------------
    def _token(self) -> str | None:
        secrets = self.ctx.services.get("secrets")
        return secrets.get(TOKEN_SECRET) if secrets is not None else None

    def has_token(self) -> bool:
        return bool(self._token())

    def save_token(self, token: str) -> str:
        """Keep her OAuth token in the keyring and reconnect with it. Returns a refusal, or ""."""
        token = token.strip().removeprefix("oauth:")
        if not token:
            return "Paste the token first."
        if any(c.isspace() for c in token):
            return "A token has no spaces or line breaks: paste it again."
        secrets = self.ctx.services.get("secrets")
        if secrets is None:
            return "There is no keyring service in this build."
        secrets.set(TOKEN_SECRET, token)
        self.reconnect_soon()
        return ""

    def forget_token(self) -> None:
        secrets = self.ctx.services.get("secrets")
        if secrets is not None:
            secrets.delete(TOKEN_SECRET)
        self.reconnect_soon()

    # ---- life ---------------------------------------------------------------------------------------------
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        mind = self._mind
        if mind is not None and self._unsubscribe is None:
            self._unsubscribe = mind.settings.on_change(self._setting_changed)
        await self._connect()

    async def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        await self._disconnect()
        await self.flush()
        if self._tasks:  # a donation or a flag being written: let it land (bounded), then give up on it
            _done, late = await asyncio.wait(set(self._tasks), timeout=STOP_WAIT)
            for task in late:
                task.cancel()

    async def _connect(self) -> None:
        s = self.settings
        if not s.enabled or not s.channel:
            self._on_state(State.OFF, OFF_DISABLED if not s.enabled else OFF_NO_CHANNEL)
            return
        gate = self.ctx.services.get("gate")
        if gate is None:
            self._on_state(State.OFF, "Twitch chat needs the network gate, and this build has none.")
            return
        self.client = TwitchChat(gate, s.channel, nick=s.nick, token=self._token, host=s.host, port=s.port,
                                 tls=self.ssl_context if (s.tls and self.ssl_context) else s.tls,
                                 on_event=self.on_event, on_state=self._on_state, on_accepted=self._accepted,
                                 **self.client_options)
        self.since = self._now() - 1.0
        self.client.start()
        outlets = self.ctx.services.get("outlets")
        if outlets is not None and s.nick and not self._sender_registered and self.has_token():
            outlets.register_sender(PLATFORM, self._send_from_mind)
            self._sender_registered = True

    async def _disconnect(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            await client.stop()

    def _setting_changed(self, path: str, _value: object) -> None:
        if path.startswith(f"skills.{self.key}.") or path == "privacy.enabled":
            self.reconnect_soon()

    def reconnect_soon(self) -> None:
        """Reconnect with the settings and token as they are now (once, however many changes came at once)."""
        loop = self._loop
        if loop is None or loop.is_closed() or self._restart_pending:
            return
        self._restart_pending = True
        loop.call_soon_threadsafe(self._spawn, self._restart)

    async def _restart(self) -> None:
        self._restart_pending = False
        await self._disconnect()
        self._resolve_send_problem("Her Twitch settings changed: a refusal of her messages is said again if "
                                   "it still holds.")
        await self._connect()

    def _spawn(self, make: Callable[[], Any]) -> None:
        task = asyncio.ensure_future(make())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _on_state(self, state: State, detail: str) -> None:
        changed = state != self.state
        self.state, self.detail = state, detail
        self.revision += 1
        if not changed:
            return
        if state in (State.AUTH_FAILED, State.REFUSED):   # shown in the Chat dock too, with Settings → Twitch
            self.ctx.bus.publish(EventKind.ERROR, PLATFORM, detail, state=state.value, setting="skills.twitch",
                                 problem=PLATFORM)
        elif state in (State.JOINED, State.RECONNECTING):
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, f"Twitch chat: {detail}", state=state.value,
                                 **({"resolved": PLATFORM} if state is State.JOINED else {}))

    # ---- what the chat says -------------------------------------------------------------------------------
    def on_event(self, event: irc.TwitchEvent) -> None:
        if isinstance(event, irc.ChatLine):
            self._chat(event)
        elif isinstance(event, irc.UserNotice):
            self._user_notice(event)
        elif isinstance(event, irc.ClearChat):
            self._clear_chat(event)
        elif isinstance(event, irc.ClearMsg):
            self._clear_msg(event)
        elif isinstance(event, irc.Notice):
            self._notice(event)

    def _notice(self, n: irc.Notice) -> None:
        """Rule 7."""
        client = self.client
        login = client.login if client is not None and client.authenticated else self.settings.nick
        refused = refusal(n.kind, n.text, n.channel or self.settings.channel, login)
        if refused is None:
            self._add_log("Twitch", n.text, "system", channel=n.channel or "")
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, f"Twitch says: {n.text}", notice=n.kind)
            return
        self._add_log("Twitch", refused.words, "refused", channel=n.channel or "")
        if refused.needs_action:
            self._send_problem = True
            self.ctx.bus.publish(EventKind.ERROR, PLATFORM, refused.words, notice=n.kind,
                                 setting="skills.twitch", problem=SEND_PROBLEM)
        else:
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, refused.words, notice=n.kind)

    def _accepted(self, _msg_id: str) -> None:
        """Twitch posted a line of hers: a refusal shown as a problem is over."""
        self._resolve_send_problem("Twitch posts her messages again.")

    def _resolve_send_problem(self, words: str) -> None:
        if self._send_problem:
            self._send_problem = False
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, words, resolved=SEND_PROBLEM)

    def _author(self, line: irc.ChatLine) -> Author:
        """Rule 2: the user id, else the identity last seen with this login, else one from the login."""
        if not line.user_id:
            known = self._logins.get(line.login)
            if known is not None:
                return Author(PLATFORM, known.partition(":")[2], line.display_name)
        return Author(PLATFORM, line.author_id, line.display_name)

    def _chat(self, line: irc.ChatLine) -> None:
        author = self._author(line)
        ts = self._now()
        said = f"/me {line.text}" if line.is_action else line.text
        words = f"(cheered {bits_words(line.bits)}) {said}" if line.bits else said
        meta: dict[str, Any] = {Meta.CONVERSATION_KEY: f"{PLATFORM}:#{line.channel}", Meta.TEXT: words}
        if line.msg_id:
            meta[Meta.MESSAGE_ID] = line.msg_id
        if line.reply_parent is not None:
            meta[Meta.REPLY_TO] = line.reply_parent.msg_id
        if line.is_action:
            meta[ACTION] = True
        if self._for_her(line):
            meta[Meta.ADDRESSED] = True
        salience = CHAT_SALIENCE
        content = f"[{line.display_name}] {words}"
        event = line.event
        if event is not None:      # rule 2a
            meta["twitch_event"] = event
            if line.reward_id:
                meta["reward_id"] = line.reward_id
            salience = CHAT_EVENT_SALIENCE[event]
            content = f'[Twitch] {chat_event_sentence(line)} {line.display_name} wrote: "{words}"'
        if line.bits:
            meta[Meta.DONATION] = {"amount": str(line.bits), "currency": "BITS", "platform": PLATFORM}
            salience = max(salience, BITS_SALIENCE)
            self._donate(line, author)
        if self._count(author, ts):
            meta[Meta.TALLIED] = True
        self._remember_login(line.login, author.identity)
        if event is not None:
            self._add_log(line.display_name, f"{chat_event_sentence(line)} “{line.text}”", "event",
                          author.identity, line.msg_id, line.bits or 0, line.channel)
        else:
            self._add_log(line.display_name, line.text, "chat", author.identity, line.msg_id, line.bits or 0,
                          line.channel, action=line.is_action)
        self._perceive(Perception(PerceptionKind.CHAT, PLATFORM, content, salience, meta, author, ts))

    def _for_her(self, line: irc.ChatLine) -> bool:
        parent, client = line.reply_parent, self.client
        if parent is not None and client is not None:
            if client.is_own(parent.msg_id):
                return True
            if client.user_id is not None and parent.user_id == client.user_id:
                return True
            if client.authenticated and parent.login and parent.login.lower() == client.login:
                return True
        return first_mention(line.text, self._names()) is not None

    def _user_notice(self, n: irc.UserNotice) -> None:
        ts = self._now()
        sentence = describe_notice(n)
        author = Author(PLATFORM, n.user_id, n.display_name) if n.user_id else None
        meta: dict[str, Any] = {Meta.CONVERSATION_KEY: f"{PLATFORM}:#{n.channel}",
                                Meta.TEXT: n.text or sentence, "twitch_event": n.kind}
        if n.msg_id:
            meta[Meta.MESSAGE_ID] = n.msg_id
        if n.kind == "raid":
            meta["viewers"] = n.int_param("viewerCount")
        if author is not None and self._count(author, ts):
            meta[Meta.TALLIED] = True
        said = f' {n.display_name} wrote: "{n.text}"' if n.text else ""
        self._add_log(n.display_name or "Twitch", sentence + (f" “{n.text}”" if n.text else ""), "event",
                      author.identity if author else None, n.msg_id, channel=n.channel)
        self._perceive(Perception(PerceptionKind.CHAT, PLATFORM, f"[Twitch] {sentence}{said}",
                                  NOTICE_SALIENCE.get(n.kind, OTHER_NOTICE_SALIENCE), meta, author, ts))

    def _perceive(self, p: Perception) -> None:
        self.perceived += 1
        self.ctx.perceive(p)

    # ---- moderation ---------------------------------------------------------------------------------------
    def _bus(self) -> Any:
        return getattr(self._mind, "bus", None)

    def _clear_chat(self, c: irc.ClearChat) -> None:
        key = f"{PLATFORM}:#{c.channel}"
        bus = self._bus()
        if c.clears_all:
            removed = bus.remove(lambda p: p.surface == PLATFORM and p.conversation_key == key) if bus else []
            for entry in self.log:
                entry.removed = entry.removed or (entry.kind == "chat" and entry.channel == c.channel)
            self.revision += 1
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, f"a moderator cleared the chat of #{c.channel}: "
                                 f"{len(removed)} waiting line(s) taken back", removed=len(removed))
            return
        identity = (f"{PLATFORM}:{c.target_user_id}" if c.target_user_id
                    else self._logins.get((c.target_login or "").lower()))
        if identity is None:
            return
        removed = bus.remove(lambda p: p.author is not None and p.author.identity == identity) if bus else []
        self._removed = self._removed | {identity}
        name = c.target_login or "someone"
        for entry in self.log:
            if entry.identity == identity and entry.kind == "chat":
                entry.removed = True
                name = entry.who
        self.revision += 1
        what = "timed out" if c.is_timeout else "banned"
        self._flag(identity, f"a moderator {what} this person")
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, f"a moderator {what} {name}: {len(removed)} waiting "
                             "line(s) taken back, their lines flagged", removed=len(removed))

    def _clear_msg(self, m: irc.ClearMsg) -> None:
        bus = self._bus()
        target = m.target_msg_id
        removed = bus.remove(lambda p: p.surface == PLATFORM and p.message_id == target) if bus else []
        entry = self._recent.get(target)
        if entry is not None:
            entry.removed = True
            self.revision += 1
        if len(self._deleted_ids) >= RECENT_IDS:
            self._deleted_ids.clear()
        self._deleted_ids[target] = self._deleted_author(m, entry)
        stream = getattr(self._mind, "stream", None)
        if stream is not None:
            self._in_executor(stream.flag_message, target)
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, f"a moderator deleted a message in #{m.channel}"
                             + (" before she read it" if removed else ""), removed=len(removed))

    def _deleted_author(self, m: irc.ClearMsg, entry: LogLine | None) -> str:
        """The identity of a deleted message's author, from its line in the log, else from the CLEARMSG's
        login; "" when neither says."""
        if entry is not None and entry.identity:
            return entry.identity
        return self._logins.get((m.login or "").lower(), "")

    def _flag(self, identity: str, reason: str) -> None:
        stream = getattr(self._mind, "stream", None)
        if stream is None:
            return
        self._in_executor(lambda: stream.flag_author(identity, reason=reason))

    def after_turn(self, record: Any) -> None:
        """Lines of a removed person, or a deleted line, that a turn had already taken reach the stream after
        it: flag them too."""
        stream = getattr(self._mind, "stream", None)
        if stream is None:
            return
        authors = set(getattr(record, "authors", ()))
        for identity in self._removed.intersection(authors):
            stream.flag_author(identity)
        for message_id, identity in list(self._deleted_ids.items()):
            if (not identity or identity in authors) and stream.flag_message(message_id):
                del self._deleted_ids[message_id]     # found and flagged: nothing more to wait for

    # ---- tallies ------------------------------------------------------------------------------------------
    def _count(self, author: Author, ts: float) -> bool:
        """Rule 5: queue the line for the roster; False when there is no People skill to count it."""
        if self._people() is None:
            return False
        self._sightings.append(Sighting(author.identity, author.display_name, ts))
        self.counted += 1
        if len(self._sightings) > MAX_UNTALLIED:
            dropped = len(self._sightings) - MAX_UNTALLIED
            del self._sightings[:dropped]
            log.error("%d Twitch lines could not be tallied (the store has been failing)", dropped)
        loop = self._running_loop()
        if loop is None:
            self._tally_now(self._take_sightings())
        elif len(self._sightings) >= TALLY_BATCH:
            self._flush_soon()
        elif self._flush_timer is None:
            self._flush_timer = loop.call_later(TALLY_EVERY, self._flush_soon)
        return True

    @staticmethod
    def _running_loop() -> asyncio.AbstractEventLoop | None:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _take_sightings(self) -> list[Sighting]:
        batch, self._sightings = self._sightings, []
        if self._flush_timer is not None:
            self._flush_timer.cancel()
            self._flush_timer = None
        return batch

    def _flush_soon(self) -> None:
        if self._flush_timer is not None:
            self._flush_timer.cancel()
            self._flush_timer = None
        if self._flush_task is None or self._flush_task.done():
            self._flush_task = asyncio.ensure_future(self._flush())

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._sightings:
            batch = self._take_sightings()
            try:
                await loop.run_in_executor(self._executor(), self._tally_now, batch)
            except Exception as exc:
                log.error("Twitch tallies could not be written (they wait and go again): %r", exc)
                self._sightings[:0] = batch
                if self._flush_timer is None:
                    self._flush_timer = loop.call_later(TALLY_RETRY, self._flush_soon)
                return

    async def flush(self) -> None:
        """Write every waiting tally now (stop() does)."""
        if self._flush_task is not None and not self._flush_task.done():
            await asyncio.gather(self._flush_task, return_exceptions=True)
        if self._sightings and self._people() is not None:
            await self._flush()

    def _tally_now(self, batch: Sequence[Sighting]) -> None:
        people = self._people()
        if people is None or not batch:
            return
        people.people.tally(batch, self._session())

    def _session(self) -> int | None:
        stream = getattr(self._mind, "stream", None)
        if stream is None:
            return None
        return stream.session_id if stream.session_id is not None else stream.go_live("activity")

    # ---- bits ---------------------------------------------------------------------------------------------
    def _donate(self, line: irc.ChatLine, author: Author) -> None:
        people = self._people()
        if people is None or not line.bits:
            return
        try:
            d = bits_donation(line.msg_id or "", line.display_name, line.bits, line.text)
        except DonationError as exc:
            log.warning("cheered bits were not recorded: %s", exc.reason)
            return
        identity = author.identity

        def record() -> None:
            card = people.donation(identity, line.display_name, d.delivery_id, d.amount, d.currency,
                                   d.message)
            if card is not None:
                said = f"{line.display_name} cheered {bits_words(line.bits)}"
                self._publish_threadsafe(EventKind.SYSTEM, said, bits=line.bits)
        self._in_executor(record)

    def _publish_threadsafe(self, kind: EventKind, text: str, **data: Any) -> None:
        loop = self._loop or self._running_loop()
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: self.ctx.bus.publish(kind, PLATFORM, text, **data))
        else:
            self.ctx.bus.publish(kind, PLATFORM, text, **data)

    def _in_executor(self, fn: Callable[..., Any], *args: Any) -> None:
        """Blocking store work off the loop (at once, in this thread, when there is no loop)."""
        loop = self._running_loop()
        if loop is None:
            fn(*args)
            return

        async def run() -> None:
            try:
                await loop.run_in_executor(self._executor(), fn, *args)
            except Exception as exc:
                log.error("Twitch: a store write failed: %r", exc)
                self.ctx.bus.publish(EventKind.ERROR, PLATFORM, f"a Twitch store write failed: {exc}")
        self._spawn(run)

    # ---- the dock's view ----------------------------------------------------------------------------------
    def _add_log(self, who: str, text: str, kind: str, identity: str | None = None, msg_id: str | None = None,
                 bits: int = 0, channel: str = "", action: bool = False) -> None:
        self.log_seq += 1
        entry = LogLine(self.log_seq, self._now(), who, text, kind, identity, msg_id, bits, channel,
                        action=action)
        self.log.append(entry)
        self.revision += 1
        if msg_id:
            self._recent[msg_id] = entry
            if len(self._recent) > RECENT_IDS:
                self._recent.popitem(last=False)

    def _remember_login(self, login: str, identity: str) -> None:
        if login:
            self._logins[login.lower()] = identity
            self._logins.move_to_end(login.lower())
            if len(self._logins) > RECENT_IDS:
                self._logins.popitem(last=False)

    def present(self, limit: int = 100) -> list[RosterRow]:
        """Who is here: Twitch accounts in the roster seen since this connection started, most recent first.
        Blocking (a short read): the dock calls it on its own thread."""
        people = self._people()
        if people is None or self.since is None:
            return []
        rows = people.people.roster_page(sort="last_seen", limit=PRESENT_SCAN)
        here = [r for r in rows if r.identity.startswith(PLATFORM + ":") and r.last_seen >= self.since]
        return here[:limit]

    def status(self) -> tuple[State, str]:
        """The connection's state in a sentence; while off, why (from the settings as they are now)."""
        if self.client is None and self.state is State.OFF:
            s = self.settings
            if not s.enabled:
                return State.OFF, OFF_DISABLED
            if not s.channel:
                return State.OFF, OFF_NO_CHANNEL
            return State.OFF, f"not connected to #{s.channel}"
        return self.state, self.detail

    @property
    def can_write(self) -> bool:
        return self.client is not None and self.client.authenticated and self.state is State.JOINED

    def send_from_dock(self, text: str) -> str:
        """The streamer writes in chat from the dock, as her account. Returns why not, or "" once it is
        queued."""
        text = text.strip()
        if not text:
            return ""
        if self.client is None or self._loop is None:
            return "Not connected to Twitch chat."
        if not self.client.authenticated:
            return ("Twitch chat is read-only: set her Twitch login and save an OAuth token in "
                    "Settings → Twitch to write.")
        self._loop.call_soon_threadsafe(self._spawn, lambda: self._say(text))
        return ""

    async def _say(self, text: str) -> None:
        try:
            await self._send_from_mind("", text)
        except Exception as exc:
            log.warning("a line to Twitch chat was not sent: %s", exc)
            self._add_log("Twitch", f"not sent: {exc}", "system")

    async def _send_from_mind(self, channel: str, text: str) -> None:
        """The outlets' sender for platform "twitch" (send_message(platform twitch, channel #<channel>))."""
        client = self.client
        if client is None:
            raise ConnectionError("not connected to Twitch chat")
        wanted = normalize_channel(channel)
        if wanted and wanted != client.channel:
            raise ValueError(f"she is only in #{client.channel} on Twitch, not #{wanted}")
        await client.send(text)
        self._add_log(self._persona(), text, "her")

    # ---- what she reads -----------------------------------------------------------------------------------
    def context_section(self) -> str:
        client = self.client
        if client is None or self.state in (State.OFF, State.AUTH_FAILED, State.REFUSED):
            return ""
        text = (f"You are in the streamer's Twitch chat (#{client.channel}): lines [via twitch] are viewers "
                "typing there while you are live. Answer them out loud with `speak`.")
        if self._sender_registered and client.authenticated:
            text += (f" You can also write in that chat with `send_message` (platform twitch, channel "
                     f"#{client.channel}), for a short written reply.")
        return text
