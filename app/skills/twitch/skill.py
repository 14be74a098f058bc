"""The Twitch skill: her seat in the streamer's Twitch chat.

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
   PeopleSkill.donation with bits_donation's amount and currency ("BITS"), the line's delivery id (its message
   id, else its author and stamp: app.core.irc rule 8b), so a card is minted and a repeat of the same message
   counts once, and a cheer without a message id still counts.
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
7. NOTICE: Twitch's words, or its msg-id when it sent none (a NOTICE with neither is not said). Twitch
   refusing one of her lines (msg_*, app.core.twitch_refusals) is said in plain words in the dock's log; one
   that lasts until someone acts (a ban, a chat mode, an unverified account) is also the
   Chat dock's problem line SEND_PROBLEM (ERROR with setting skills.twitch), taken away (SYSTEM resolved)
   when Twitch next posts a line of hers, or when new settings reconnect (another account or channel: a
   refusal that still holds is said again at her next line); a reconnect Twitch asks for leaves it. Any
   other NOTICE is a line in the log and a SYSTEM event.
8. The dock reads status(), `log` (a ChatRing: the last lines, numbered; `revision` moves on any
   change), present() (who is here, from the roster) and send_from_dock(); it never touches the socket.
"""

from __future__ import annotations

import asyncio
import logging
import re
import ssl
from collections import OrderedDict
from typing import Any

from pydantic import Field, field_validator

from app.config.section import ADVANCED, SkillSettings
from app.core import irc
from app.core.attention import first_mention
from app.core.donations import DonationError, bits_donation
from app.core.events import EventKind
from app.core.failures import summary
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.core.twitch_refusals import refusal
from app.core.words import QT_TRANSLATE_NOOP, Phrase, phrase, said
from app.memory.people_store import RosterRow
from app.process.tasks import spawn
from app.skills.base import Skill, SkillContext
from app.skills.platform.background import Background
from app.skills.platform.chat_ring import RECENT_IDS, ChatLine, ChatRing
from app.skills.platform.donations import record_donation
from app.skills.platform.moderation import Moderation
from app.skills.platform.secret_slot import SecretSlot
from app.skills.platform.settings_watch import SettingsWatch
from app.skills.platform.tallies import Tallies
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
PRESENT_SCAN = 500          # roster rows read to find who is here

# why the link is off, in English (the log, the API); the dock says them in the window's language
OFF_NO_CHANNEL = QT_TRANSLATE_NOOP("twitch_dock", "Twitch chat is off: set the channel in Settings → Twitch.")
OFF_DISABLED = QT_TRANSLATE_NOOP("twitch_dock", "The Twitch skill is switched off (Settings → Skills).")
OFF_NOT_CONNECTED = QT_TRANSLATE_NOOP("twitch_dock", "not connected to {channel}")
LOGIN_REFUSED = QT_TRANSLATE_NOOP("problems", "Twitch refused her login: check her token in Settings → Twitch "
                                              "(detail: {detail}).")
NOT_CONNECTED = QT_TRANSLATE_NOOP("problems", "Twitch chat could not connect, and trying again cannot help until "
                                              "the settings change (detail: {detail}).")

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


LogLine = ChatLine   # a line of the dock's log (app.skills.platform.chat_ring)


CHEERED = QT_TRANSLATE_NOOP("activity", "{name} cheered {bits} bits")
CHEERED_ONE = QT_TRANSLATE_NOOP("activity", "{name} cheered {bits} bit")


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
        self.log = ChatRing()
        self.since: float | None = None      # when this connection started (wall clock): who is here since
        self.perceived = 0
        self.work = Background(PLATFORM, "Twitch", ctx.bus,
                               lambda: ctx.stage.executor if ctx.stage is not None else None)
        self.tallies = Tallies(ctx.people, self._session, self.work)
        self.moderation = Moderation(PLATFORM, ctx.stage, self.work)
        self.token = SecretSlot(TOKEN_SECRET, ctx.secrets, strip_prefix="oauth:")
        self._logins: OrderedDict[str, str] = OrderedDict()       # login -> identity
        self._loop: asyncio.AbstractEventLoop | None = None
        self.watch = SettingsWatch(ctx, self._setting_changed)
        self._restart_pending = False
        self._sender_registered = False
        self._send_problem = False           # a refusal of hers is the Chat dock's problem line

    # ---- ports ------------------------------------------------------------------------------------------
    @property
    def revision(self) -> int:
        return self.log.revision

    @property
    def counted(self) -> int:
        """Lines tallied by this skill (handed to the store)."""
        return self.tallies.counted

    def _session(self) -> int | None:
        return self.ctx.stage.session() if self.ctx.stage is not None else None

    def _now(self) -> float:
        return self.ctx.clock.time()

    def _persona(self) -> str:
        return self.ctx.stage.persona() if self.ctx.stage is not None else "Bea"

    def _names(self) -> tuple[str, ...]:
        names = self.ctx.stage.names() if self.ctx.stage is not None else (self._persona(),)
        nick = self.settings.nick
        return (*names, nick) if nick else names

    # ---- the token ----------------------------------------------------------------------------------------
    def _token(self) -> str | None:
        return self.token.get() or None

    def has_token(self) -> bool:
        return bool(self._token())

    def save_token(self, token: str) -> str:
        """Keep her OAuth token in the keyring and reconnect with it. Returns a refusal, or ""."""
        refusal = self.token.save(token)
        if not refusal:
            self.reconnect_soon()
        return refusal

    def forget_token(self) -> None:
        self.token.forget()
        self.reconnect_soon()

    # ---- life ---------------------------------------------------------------------------------------------
    async def start(self) -> None:
        self._loop = self.work.loop = asyncio.get_running_loop()
        self.watch.start()
        await self._connect()

    async def stop(self) -> None:
        self.watch.stop()
        await self._disconnect()
        await self.flush()
        await self.work.settle()   # a donation or a flag being written: let it land (bounded)

    async def _connect(self) -> None:
        s = self.settings
        if not s.enabled or not s.channel:
            self._on_state(State.OFF, OFF_DISABLED if not s.enabled else OFF_NO_CHANNEL)
            return
        gate = self.ctx.gate
        if gate is None:
            self._on_state(State.OFF, "Twitch chat needs the network gate, and this build has none.")
            return
        self.client = TwitchChat(gate, s.channel, nick=s.nick, token=self._token, host=s.host, port=s.port,
                                 tls=self.ssl_context if (s.tls and self.ssl_context) else s.tls,
                                 on_event=self.on_event, on_state=self._on_state, on_accepted=self._accepted,
                                 **({"clock": self.ctx.clock.monotonic} | self.client_options))
        self.since = self._now() - 1.0
        self.client.start()
        senders = self.ctx.senders
        if senders is not None and s.nick and not self._sender_registered and self.has_token():
            senders.register_sender(PLATFORM, self._send_from_mind)
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
        loop.call_soon_threadsafe(lambda: spawn(self._restart(), held=self.work.tasks))

    async def _restart(self) -> None:
        self._restart_pending = False
        await self._disconnect()
        self._resolve_send_problem(QT_TRANSLATE_NOOP("problems", "Her Twitch settings changed: a refusal of her "
                                                                 "messages is said again if it still holds."))
        await self._connect()

    def _on_state(self, state: State, detail: str) -> None:
        changed = state != self.state
        self.state, self.detail = state, detail
        self.log.touch()
        if not changed:
            return
        if state in (State.AUTH_FAILED, State.REFUSED):   # shown in the Chat dock too, with Settings → Twitch
            words = LOGIN_REFUSED if state is State.AUTH_FAILED else NOT_CONNECTED
            self.ctx.bus.publish(EventKind.ERROR, PLATFORM, detail, state=state.value, setting="skills.twitch",
                                 problem=PLATFORM, words=words,
                                 args={"detail": detail.removeprefix("Twitch refused the login: ")})
        elif state in (State.JOINED, State.RECONNECTING):
            shown = self.client.detail_said if self.client is not None else {}
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, f"Twitch chat: {detail}", state=state.value,
                                 **({"resolved": PLATFORM} if state is State.JOINED else {}), **shown)

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
        words = n.text.strip() or n.kind    # no words: its msg-id is all Twitch said
        if not words:
            log.debug("a NOTICE with neither words nor a msg-id: nothing to say")
            return
        refused = refusal(n.kind, words, n.channel or self.settings.channel, login)
        if refused is None:
            self._add_log("Twitch", words, "system", channel=n.channel or "")
            text, data = said(QT_TRANSLATE_NOOP("activity", "Twitch says: {twitch}"), twitch=words)
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, notice=n.kind, **data)
            return
        self._add_log("Twitch", refused.words, "refused", channel=n.channel or "")
        if refused.needs_action:
            self._send_problem = True
            self.ctx.bus.publish(EventKind.ERROR, PLATFORM, refused.words, notice=n.kind,
                                 setting="skills.twitch", problem=SEND_PROBLEM, words=refused.template,
                                 args=refused.args)
        else:
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, refused.words, notice=n.kind, words=refused.template,
                                 args=refused.args)

    def _accepted(self, _msg_id: str) -> None:
        """Twitch posted a line of hers: a refusal shown as a problem is over."""
        self._resolve_send_problem(QT_TRANSLATE_NOOP("problems", "Twitch posts her messages again."))

    def _resolve_send_problem(self, words: str) -> None:
        if self._send_problem:
            self._send_problem = False
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, words, resolved=SEND_PROBLEM, words=words)

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
        if line.first:
            meta[Meta.FIRST_TIME] = True
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
        if self.tallies.count(author, ts):
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
        if author is not None and self.tallies.count(author, ts):
            meta[Meta.TALLIED] = True
        said = f' {n.display_name} wrote: "{n.text}"' if n.text else ""
        self._add_log(n.display_name or "Twitch", sentence + (f" “{n.text}”" if n.text else ""), "event",
                      author.identity if author else None, n.msg_id, channel=n.channel)
        self._perceive(Perception(PerceptionKind.CHAT, PLATFORM, f"[Twitch] {sentence}{said}",
                                  NOTICE_SALIENCE.get(n.kind, OTHER_NOTICE_SALIENCE), meta, author, ts))

    def _perceive(self, p: Perception) -> None:
        if self.moderation.silenced(p):     # timed out or banned: not answered while it lasts
            self.log.strike(lambda e: e.msg_id is not None and e.msg_id == p.message_id)
            return
        self.perceived += 1
        self.ctx.perceive(p)

    # ---- moderation ---------------------------------------------------------------------------------------
    def _clear_chat(self, c: irc.ClearChat) -> None:
        if c.clears_all:
            taken = self.moderation.clear_conversation(f"{PLATFORM}:#{c.channel}")
            self.log.strike(lambda e: e.kind == "chat" and e.channel == c.channel)
            cleared = QT_TRANSLATE_NOOP("activity", "a moderator cleared the chat of #{channel}: {taken} waiting "
                                                    "line(s) taken back")
            text, data = said(cleared, channel=c.channel, taken=taken)
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, removed=taken, **data)
            return
        identity = (f"{PLATFORM}:{c.target_user_id}" if c.target_user_id
                    else self._logins.get((c.target_login or "").lower()))
        if identity is None:
            return
        what = "timed out" if c.is_timeout else "banned"
        taken = self.moderation.remove_person(identity, f"a moderator {what} this person", c.ban_duration_s,
                                              self._now())
        struck = self.log.strike(lambda e: e.identity == identity and e.kind == "chat")
        name = struck[-1].who if struck else (c.target_login or "someone")
        text, data = said(QT_TRANSLATE_NOOP("activity", "a moderator timed out {name}: {taken} waiting line(s) taken "
                                                        "back, their lines flagged") if c.is_timeout else
                          QT_TRANSLATE_NOOP("activity", "a moderator banned {name}: {taken} waiting line(s) taken "
                                                        "back, their lines flagged"), name=name, taken=taken)
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, removed=taken, **data)

    def _clear_msg(self, m: irc.ClearMsg) -> None:
        target = m.target_msg_id
        entry = self.log.find(target)
        taken = self.moderation.remove_message(target, self._deleted_author(m, entry))
        self.log.strike(lambda e: e is entry)
        text, data = said(QT_TRANSLATE_NOOP("activity", "a moderator deleted a message in #{channel} before she read "
                                                        "it") if taken else
                          QT_TRANSLATE_NOOP("activity", "a moderator deleted a message in #{channel}"),
                          channel=m.channel)
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, removed=taken, **data)

    def _deleted_author(self, m: irc.ClearMsg, entry: LogLine | None) -> str:
        """The identity of a deleted message's author, from its line in the log, else from the CLEARMSG's
        login; "" when neither says."""
        if entry is not None and entry.identity:
            return entry.identity
        return self._logins.get((m.login or "").lower(), "")

    def after_turn(self, record: Any) -> None:
        self.moderation.after_turn(record)

    async def flush(self) -> None:
        """Write every waiting tally now (stop() does)."""
        await self.tallies.flush()

    # ---- bits ---------------------------------------------------------------------------------------------
    def _donate(self, line: irc.ChatLine, author: Author) -> None:
        if not line.bits:
            return
        try:
            d = bits_donation(line.delivery_id(round(self._now() * 1000)), line.display_name, line.bits, line.text)
        except DonationError as exc:
            log.warning("cheered bits were not recorded: %s", summary(exc))
            return
        record_donation(self.ctx.people(), self.work, author.identity, line.display_name, d.delivery_id,
                        d.amount, d.currency, d.message, f"{line.display_name} cheered {bits_words(line.bits)}",
                        bits=line.bits, **said(CHEERED_ONE if line.bits == 1 else CHEERED, name=line.display_name,
                                               bits=f"{line.bits:,}")[1])

    # ---- the dock's view ----------------------------------------------------------------------------------
    def _add_log(self, who: str, text: str, kind: str, identity: str | None = None, msg_id: str | None = None,
                 bits: int = 0, channel: str = "", action: bool = False) -> None:
        self.log.add(self._now(), who, text, kind, identity, msg_id, bits, channel, action=action)

    def _remember_login(self, login: str, identity: str) -> None:
        if login:
            self._logins[login.lower()] = identity
            self._logins.move_to_end(login.lower())
            if len(self._logins) > RECENT_IDS:
                self._logins.popitem(last=False)

    def present(self, limit: int = 100) -> list[RosterRow]:
        """Who is here: Twitch accounts in the roster seen since this connection started, most recent first.
        Blocking (a short read): the dock calls it on its own thread."""
        people = self.ctx.people()
        if people is None or self.since is None:
            return []
        rows = people.roster_page(sort="last_seen", limit=PRESENT_SCAN)
        here = [r for r in rows if r.identity.startswith(PLATFORM + ":") and r.last_seen >= self.since]
        return here[:limit]

    def status(self) -> tuple[State, Phrase | str]:
        """The connection's state and why: while off, the skill's own words (from the settings as they are now),
        which the dock translates; else the link's detail as it came."""
        if self.client is None and self.state is State.OFF:
            s = self.settings
            if not s.enabled:
                return State.OFF, phrase("twitch_dock", OFF_DISABLED)
            if not s.channel:
                return State.OFF, phrase("twitch_dock", OFF_NO_CHANNEL)
            return State.OFF, phrase("twitch_dock", OFF_NOT_CONNECTED, channel=f"#{s.channel}")
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
        self._loop.call_soon_threadsafe(lambda: spawn(self._say(text), held=self.work.tasks))
        return ""

    async def _say(self, text: str) -> None:
        try:
            await self._send_from_mind("", text)
        except Exception as exc:
            log.warning("a line to Twitch chat was not sent: %s", summary(exc))
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
        her = self.ctx.words()
        text = her.text("skills.twitch.section")
        if self._sender_registered and client.authenticated:
            text += her.text("skills.twitch.section_write")
        return text.format(channel=client.channel)
