"""The Discord skill: written conversations in the server channels and direct messages you allow, answered in
writing, never out loud.

Theory of operation:
1. With a bot token in the keyring (Settings → Discord; never in settings, never logged, masked) the skill keeps
   the bot connected (client.py) while it runs. A new token, a changed address or privacy mode switched starts
   it again; the allow-lists are read at each message, so editing them needs no restart (rules 1 and 5: the
   platform layer's TokenPlatform).
2. Each MESSAGE_CREATE is read by app.core.discord: direct messages only from allow-listed users (by id or
   username), server channels only when the channel is allow-listed and she is mentioned or replied to. Who
   tried to reach her and was ignored is a line in the dock with the reason (never its text), so the streamer
   sees what to allow; the channel's other chatter is ignored quietly.
3. A message she reads is a CHAT perception from "discord:<user id>" with the writer's name, meta
   CONVERSATION_KEY "discord:<channel id>" (the two arguments of send_message that answer it), WRITTEN, PLACE
   (the channel and server in words, or the direct message), ADDRESSED, TEXT, MESSAGE_ID, REPLY_TO, DM for a
   direct message. The line is counted for People (tallies, cards and links need nothing of Discord's).
4. Her answers: a sender for platform "discord" on the mind's outlets (typing shown first, then the line);
   tools while connected: `discord_reply` (answer one message she read, as a reply), `discord_react` (an emoji
   on one) and `discord_dm` (write to an allow-listed person directly). Only conversations and messages she
   has read can be answered: anything else is refused, with what she can reach. Her lines and the typing go
   out while the gateway resumes too (REST needs no gateway); Discord's limits and its 429s are the client's
   (client.py, rule 6), and a line it had to drop is a line in the dock (DROPPED_LINE, in the window's
   language) and, through the outlets, a problem on the Chat dock.
5. state and why (client.State) are kept for the page and the dock; a refused token, the message content intent
   refused and privacy mode are ERROR events on the Chat dock's problem lines (setting skills.discord, problem
   discord), cleared once she reads again.
6. What a moderator removes never reaches her (the platform layer's Moderation): a deleted message she read is
   taken back if still waiting, flagged where stored, struck in the dock, and no longer answerable; a ban
   does the same for every line of that person.

7. A voice call (voice out): the streamer joins her to a voice channel from the dock (its id, Join,
   Leave); she may join the channel set in the settings herself (`discord_join_voice`) only when the settings
   allow it (off by default), and `discord_leave_voice` exists only while she is in a call. In a call her
   voice goes to it as it is made, part by part (call.py): a sink attached to the Voice skill's tap
   (ctx.voice_tap, the VoiceTap port), so her speakers still play her for the streamer. With the Voice skill
   off the call hears nothing, and the dock says so.
8. She hears the call (receive; hearing.py) when the settings let her (on by default) and her ears
   are up (the Voice skill's transcriber, the Ears port): she joins undeafened, and each speaker's datagrams,
   taken from discord.py's own voice connection (its socket listener, its DAVE session, its voice websocket
   hook), become that speaker's utterances through the same VAD and end of turn as her microphone. A finished
   utterance is a VOICE perception from "discord:<user id>" (the text side's identity: tallies, cards and
   aliases work), PLACE the call, CONVERSATION_KEY "voice:discord:<channel id>" (answered out loud: the room
   and the call hear her), ONE_TO_ONE when one other person is in the call. A speaker talking over her ducks
   her, then stops her (the VoiceTap port's talked_over: the Voice skill's barge-in). Audio that keeps failing
   to open or decode is an ERROR on the Chat dock's problem lines (problem discord:call), cleared once she
   hears again. Without her ears she joins deafened, and the Activity line says so.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import Field, field_validator

from app.config.section import ADVANCED, SkillSettings
from app.core import frame
from app.core.discord import (
    AllowList,
    DiscordMessage,
    Removal,
    decide,
    norm_user,
    parse_message,
    place,
    removal,
)
from app.core.events import EventKind
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.core.tools import Tool
from app.core.words import QT_TRANSLATE_NOOP, phrase, said
from app.skills.base import SkillContext
from app.skills.discord.client import API_BASE, GATEWAY, DiscordLink, LineDropped, State
from app.skills.platform.chat_ring import DROPPED
from app.skills.platform.moderation import Moderation
from app.skills.platform.token_platform import IGNORED, TokenPlatform
from app.skills.registry import register

log = logging.getLogger(__name__)

PLATFORM = "discord"
TOKEN_SECRET = "discord_bot_token"
SALIENCE = 0.7
CONVERSATIONS = 50                  # recent conversations the dock lists
MESSAGES = 500                      # messages she read that her tools can still answer
PROBLEM = "discord"
CALL_PROBLEM = "discord:call"       # her ears in a call: its audio does not open or decode
STOPPING = (State.AUTH_FAILED, State.REFUSED, State.INTENTS)
# rule 4: a line Discord's waits outlived, as the dock says it (the same words as every token platform's)
DROPPED_LINE = QT_TRANSLATE_NOOP("token_dock", "Not sent to {place}: {title} asked her to wait {wait} s, longer than "
                                               "a line stays worth sending ({life} s). Unsent: {line}")
NOT_ON_AIR = ("ERROR: not sent: that message held words that never go out (the on-air filter); put it another "
              "way")


class DiscordSettings(SkillSettings):
    allowed_channels: list[str] = Field(default_factory=list, title="Channels she joins in",
                                        description="Server channel ids, comma-separated (Discord: Settings → "
                                        "Advanced → Developer Mode, then right-click a channel → Copy Channel "
                                        "ID). In these she answers when she is mentioned or replied to.")
    allowed_users: list[str] = Field(default_factory=list, title="People she talks to directly",
                                     description="Discord user ids or usernames, comma-separated. Anyone else "
                                     "writing to her directly is ignored (the dock says who tried).")
    api_base: str = Field(API_BASE, min_length=1, title="Discord API address", json_schema_extra=ADVANCED,
                          description="Change it only for a test.")
    voice_channel: str = Field("", title="Her voice channel",
                               description="A voice channel id: the dock's Join button starts with it, and the only "
                               "call she may join herself.")
    she_joins_voice: bool = Field(False, title="She may join the voice channel herself",
                                  description="Off: only you join her to a call, from the Discord dock.")
    she_hears_calls: bool = Field(True, title="She hears the people in the call",
                                  description="On: she listens to each speaker as she listens to you (her ears "
                                              "are the Voice skill's). Off: she joins deafened.")
    gateway: str = Field(GATEWAY, min_length=1, title="Discord gateway address", json_schema_extra=ADVANCED,
                         description="Change it only for a test.")

    @field_validator("allowed_users")
    @classmethod
    def _users(cls, values: list[str]) -> list[str]:
        return list(dict.fromkeys(u for u in (norm_user(v) for v in values) if u))

    @field_validator("voice_channel")
    @classmethod
    def _voice(cls, value: str) -> str:
        text = str(value).strip().lstrip("#")
        if text and not text.isdigit():
            raise ValueError(f"{text!r} is not a channel id: a voice channel's id is a long number like "
                             "1234567890123456789 (right-click the channel → Copy Channel ID)")
        return text

    @field_validator("allowed_channels")
    @classmethod
    def _channels(cls, values: list[str]) -> list[str]:
        out: list[str] = []
        for value in values:
            text = str(value).strip().lstrip("#")
            if not text:
                continue
            if not text.isdigit():
                raise ValueError(f"{text!r} is not a channel id: a channel's id is a long number like "
                                 "1234567890123456789 (the dock shows it when someone mentions her there)")
            out.append(text)
        return list(dict.fromkeys(out))


@dataclass
class Conversation:
    key: str            # "discord:<channel id>"
    place: str          # "the channel #general on Speedrunners", "a direct message with Anna"
    last_ts: float
    lines: int = 0


@register
class DiscordSkill(TokenPlatform):
    key = "discord"
    title = "Discord"
    description = ("She reads and answers written messages on Discord in the channels and from the people you "
                   "allow, in writing, never out loud.")
    settings_model = DiscordSettings
    settings_page = "app.skills.discord.settings:make_page"
    dock = "app.skills.discord.dock:make_dock"
    token_secret = TOKEN_SECRET
    problem = PROBLEM
    restart_on = ("api_base", "gateway")
    stopping = STOPPING
    reading_words = QT_TRANSLATE_NOOP("activity", "{title}: connected as {me}")

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.client: DiscordLink | None = None
        self.conversations: OrderedDict[int, Conversation] = OrderedDict()
        self.messages: OrderedDict[int, int] = OrderedDict()     # message id she read -> its channel id
        self.moderation = Moderation(PLATFORM, ctx.stage, self.work)
        self.call: Any = None                          # the discord.VoiceClient while she is in a call
        self.call_voice: Any = None                    # call.CallVoice: her voice into it
        self._untap: Callable[[], None] | None = None
        self.call_ears: Any = None                     # hearing.CallEars while she hears the call
        self._unlisten: Callable[[], None] | None = None

    # ---- life cycle, token and state (rule 1): the platform layer's TokenPlatform ----------------------
    def _new_client(self) -> DiscordLink:
        s = self.settings
        return DiscordLink(self.ctx.gate, self.token.get, self._event, on_state=self._state, api_base=s.api_base,
                           gateway=s.gateway, **self.client_options)

    async def _disconnect(self) -> None:
        await self.leave_voice()
        await super()._disconnect()

    @property
    def connected(self) -> bool:
        return self.client is not None and self.client.state == State.READING

    # ---- what she reads (rules 2 and 3) ---------------------------------------------------------------
    async def _event(self, name: str, data: dict[str, Any]) -> None:
        if name == "MESSAGE_CREATE":
            self._message(data)
            return
        removed = removal(name, data)
        if removed is not None:
            self._removed(removed)

    def _message(self, data: dict[str, Any]) -> None:
        client = self.client
        if client is None:
            return
        message = parse_message(data, int(client.me.get("id") or 0))
        if message is None:
            return
        where = place(message, *client.names(message.channel_id))
        s = self.settings
        verdict = decide(message, AllowList.of(s.allowed_channels, s.allowed_users), where)
        if not verdict.read:
            if not verdict.quiet:
                self.log.add(self.ctx.clock.time(), "ignored", verdict.reason, IGNORED)
                self._listeners.notify()
            return
        self._perceive(message, where)

    def _perceive(self, m: DiscordMessage, where: str) -> None:
        ts = self.ctx.clock.time()
        author = Author(PLATFORM, str(m.author_id), m.author_name)
        key = f"{PLATFORM}:{m.channel_id}"
        meta: dict[str, Any] = {Meta.CONVERSATION_KEY: key, Meta.WRITTEN: True, Meta.PLACE: where,
                                Meta.ADDRESSED: True, Meta.TEXT: m.text, Meta.MESSAGE_ID: str(m.message_id)}
        if m.reply_to is not None:
            meta[Meta.REPLY_TO] = str(m.reply_to)
        if m.dm:
            meta[Meta.DM] = True
        if self.tallies.count(author, ts):
            meta[Meta.TALLIED] = True
        self.log.add(ts, m.author_name, m.text, "chat", identity=author.identity, msg_id=str(m.message_id),
                     channel=str(m.channel_id))
        talk = self.conversations.pop(m.channel_id, None) or Conversation(key, where, ts)
        talk.place, talk.last_ts, talk.lines = where, ts, talk.lines + 1
        self.conversations[m.channel_id] = talk
        while len(self.conversations) > CONVERSATIONS:
            self.conversations.popitem(last=False)
        self.messages[m.message_id] = m.channel_id
        while len(self.messages) > MESSAGES:
            self.messages.popitem(last=False)
        self._listeners.notify()
        self.ctx.perceive(Perception(PerceptionKind.CHAT, PLATFORM, f"[{m.author_name}] {m.text}", SALIENCE, meta,
                                     author, ts))

    def _removed(self, r: Removal) -> None:
        """A moderator deleted messages or banned someone (rule 6): waiting lines are taken back, stored ones
        flagged, the dock's lines struck; a ban also takes the person off what she answers."""
        if r.user_id:
            identity = f"{PLATFORM}:{r.user_id}"
            self.log.strike(lambda line: line.identity == identity)
            taken = self.moderation.remove_person(identity, "a moderator banned this person on Discord")
            text, data = said(QT_TRANSLATE_NOOP("activity", "a moderator banned {name} on Discord: {taken} waiting "
                                                            "line(s) taken back"), name=r.user_name, taken=taken)
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, **data)
            return
        mine = [mid for mid in r.message_ids if self.log.find(mid) is not None]
        if not mine:
            return                                # lines she never read: nothing of hers to take back
        self.log.strike(lambda line: line.msg_id in mine)
        taken = sum(self.moderation.remove_message(mid) for mid in mine)
        for mid in mine:
            self.messages.pop(int(mid), None)
        text, data = said(QT_TRANSLATE_NOOP("activity", "a moderator deleted a Discord message before she read it")
                          if taken else QT_TRANSLATE_NOOP("activity", "a moderator deleted a Discord message"))
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, **data)

    def after_turn(self, record: Any) -> None:
        self.moderation.after_turn(record)

    # ---- a voice call (rule 7) ------------------------------------------------------------------------
    @property
    def in_call(self) -> bool:
        return self.call is not None and self.call.is_connected()

    @property
    def call_place(self) -> str:
        channel = getattr(self.call, "channel", None) if self.in_call else None
        return f"#{getattr(channel, 'name', '')}" if channel is not None else ""

    async def join_voice(self, channel: Any = "") -> str:
        """Joins her to a voice call: "" when in it, else why not, in words."""
        text = str(channel).strip().lstrip("#")
        if not text.isdigit():
            return f"{text!r} is not a voice channel id (right-click the channel → Copy Channel ID)"
        hear = self.settings.she_hears_calls and self.ctx.ears() is not None
        try:
            link = self._link()
            await self.leave_voice()
            voice = await link.join_voice(int(text), hear=hear)
        except Exception as exc:
            log.warning("Discord: joining a voice call failed (%s)", type(exc).__name__)
            return f"she could not join the call: {exc or type(exc).__name__}"
        from app.skills.discord.call import CallVoice
        self.call, self.call_voice = voice, CallVoice(voice)
        tap = self.ctx.voice_tap()
        self._untap = tap.attach(self.call_voice) if tap is not None else None
        if hear:
            await self.hear(voice, int(link.me.get("id") or 0))
        if tap is None:
            words = QT_TRANSLATE_NOOP("activity", "Discord: she joined the voice call {place} (her voice is off: the "
                                                  "call hears nothing until the Voice skill is on)")
        elif not hear:
            words = QT_TRANSLATE_NOOP("activity", "Discord: she joined the voice call {place}, deafened (she hears "
                                                  "nobody in it: her ears are off or not allowed there)")
        else:
            words = QT_TRANSLATE_NOOP("activity", "Discord: she joined the voice call {place}")
        text, data = said(words, place=self.call_place)
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, **data)
        self._listeners.notify()
        return ""

    async def leave_voice(self) -> str:
        untap, self._untap = self._untap, None
        if untap is not None:
            untap()
        unlisten, self._unlisten, ears, self.call_ears = self._unlisten, None, self.call_ears, None
        if unlisten is not None:
            unlisten()
        resolved = {"resolved": CALL_PROBLEM} if ears is not None and ears.problem else {}
        if ears is not None:
            await ears.close()
        call, self.call, self.call_voice = self.call, None, None
        if call is None:
            return "she is not in a voice call"
        try:
            await call.disconnect(force=True)
        except Exception as exc:
            log.warning("Discord: leaving the voice call failed (%s)", type(exc).__name__)
        text, data = said(QT_TRANSLATE_NOOP("activity", "Discord: she left the voice call"))
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, **resolved, **data)
        self._listeners.notify()
        return ""

    # ---- hearing the call (rule 8) --------------------------------------------------------------------
    async def hear(self, voice: Any, me: int) -> None:
        """Her ears on the call's connection: discord.py's socket listener, DAVE session and voice websocket."""
        from app.skills.discord.hearing import CallEars, warm_up
        await asyncio.get_running_loop().run_in_executor(None, warm_up)
        connection = voice._connection          # discord.py's VoiceConnectionState (no public accessor)
        ears = CallEars(lambda: (bytes(voice.secret_key), str(voice.mode)), lambda: connection.dave_session, me,
                        self._ears_for, on_heard=self._heard_in_call, talk_over=self._talked_over,
                        on_problem=self._call_problem, clock=self.ctx.clock.monotonic)
        self.call_ears = ears
        await voice.listen(ears.voice_event)
        connection.add_socket_listener(ears.datagram_threadsafe)
        self._unlisten = lambda: connection.remove_socket_listener(ears.datagram_threadsafe)

    def _ears_for(self, _user: int, on_heard: Callable[[Any], Any], on_voice: Callable[[Any], None]) -> Any:
        """One speaker's own ears: the Voice skill's transcriber, a VAD of their own, always on."""
        from app.senses.voice.ears import Ears, Mode
        from app.senses.voice.vad import SileroVad
        transcriber = self.ctx.ears()
        if transcriber is None:
            return None
        return Ears(transcriber, vad=SileroVad(), mode=Mode.ALWAYS_ON, on_heard=on_heard, on_owner_voice=on_voice,
                    clock=self.ctx.clock.monotonic)

    def _talked_over(self, voice: Any) -> None:
        tap = self.ctx.voice_tap()
        if tap is not None:
            tap.talked_over(voice)

    def _heard_in_call(self, user_id: int, heard: Any) -> None:
        text = heard.text.strip()
        ears = self.call_ears
        if not text or ears is None:
            return
        ts = self.ctx.clock.time()
        channel = getattr(self.call, "channel", None)
        guild = getattr(channel, "guild", None)
        name = (self.client.member_name(int(getattr(guild, "id", 0) or 0), user_id) if self.client is not None
                else "") or f"Discord user {user_id}"
        author = Author(PLATFORM, str(user_id), name)
        where = f"the Discord voice call {self.call_place}".rstrip()
        meta: dict[str, Any] = {Meta.CONVERSATION_KEY: f"voice:{PLATFORM}:{getattr(channel, 'id', '')}",
                                Meta.PLACE: where, Meta.TEXT: text}
        if len(ears.present) == 1:
            meta[Meta.ONE_TO_ONE] = True
        if self.tallies.count(author, ts):
            meta[Meta.TALLIED] = True
        self.log.add(ts, name, text, "chat", identity=author.identity, channel=str(getattr(channel, "id", "")))
        self._listeners.notify()
        self.ctx.perceive(Perception(PerceptionKind.VOICE, PLATFORM, f"[{name}, in the Discord call] {text}", 0.9,
                                     meta, author, ts))

    def _call_problem(self, why: str | None) -> None:
        if why is None:
            text, data = said(QT_TRANSLATE_NOOP("activity", "Discord: she hears the call again"))
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, resolved=CALL_PROBLEM, **data)
            return
        text, data = said(QT_TRANSLATE_NOOP("problems", "She cannot hear the Discord call: its audio does not open "
                                                        "or decode (detail: {why}). Leave and join the call again."),
                          why=why)
        self.ctx.bus.publish(EventKind.ERROR, PLATFORM, text, setting=f"skills.{self.key}", problem=CALL_PROBLEM,
                             **data)

    async def _join_tool(self) -> str:
        why = await self.join_voice(self.settings.voice_channel)
        return f"ERROR: {why}" if why else f"You are in the voice call {self.call_place}: they hear what you say."

    async def _leave_tool(self) -> str:
        why = await self.leave_voice()
        return f"ERROR: {why}" if why else "You left the voice call."

    # ---- her answers (rule 4) -------------------------------------------------------------------------
    def _channel_id(self, channel: str) -> int:
        wanted = channel.strip().removeprefix(f"{PLATFORM}:")
        channel_id = int(wanted) if wanted.isdigit() else 0
        if channel_id not in self.conversations:
            known = ", ".join(f"{c.key.partition(':')[2]} ({c.place})" for c in self.conversations.values())
            raise ValueError(f"she has no Discord conversation {channel!r}; she can write to: {known or 'none yet'}")
        return channel_id

    def _link(self) -> DiscordLink:
        client = self.client
        if client is None or client.state != State.READING:
            raise ConnectionError(f"Discord is not connected ({self.status[1] or self.status[0]})")
        return client

    def _sender(self) -> DiscordLink:
        """Rule 4: the link for her lines; it decides whether it can send now (REST, the gateway or not)."""
        client = self.client
        if client is None:
            raise ConnectionError(f"Discord is not connected ({self.status[1] or self.status[0]})")
        return client

    async def _typing(self, channel: str) -> None:
        await self._sender().typing(self._channel_id(channel))

    async def _send_from_mind(self, channel: str, text: str) -> None:
        """The outlets' sender for platform "discord" (send_message(platform discord, channel <channel id>))."""
        client = self._sender()
        channel_id = self._channel_id(channel)
        try:
            await client.send(channel_id, text)
        except LineDropped as dropped:
            if dropped.sent:
                self._said(text.removesuffix(dropped.unsent).strip(), channel_id)
            place = self.conversations[channel_id].place
            words = phrase("token_dock", DROPPED_LINE, place=place, title=phrase("skills", self.title),
                           wait=f"{dropped.wait:.0f}", life=f"{dropped.life:.0f}", line=dropped.unsent)
            self.log.add(self.ctx.clock.time(), self.title, words.english, DROPPED, channel=str(channel_id),
                         phrase=words)
            self._listeners.notify()
            raise
        self._said(text, channel_id)

    def _said(self, text: str, channel_id: int) -> None:
        self.log.add(self.ctx.clock.time(), self._persona(), text, "her", channel=str(channel_id))
        self._listeners.notify()

    def _on_air(self, text: str, where: str) -> str:
        """Her words through the on-air filter, as send_message's are: masked, or "" when not sent."""
        senders = self.ctx.senders
        return senders.screen(text, where=where).text if senders is not None else text

    def _read_message(self, message_id: Any) -> tuple[int, int] | None:
        text = str(message_id).strip()
        mid = int(text) if text.isdigit() else 0
        channel = self.messages.get(mid)
        return (channel, mid) if channel is not None else None

    async def reply(self, message_id: Any = "", text: Any = "") -> str:
        found = self._read_message(message_id)
        if found is None:
            return f"ERROR: {message_id!r} is not a Discord message you read (its id is the message_id of the line)"
        if not str(text).strip():
            return "ERROR: the reply has no words"
        text = self._on_air(str(text), f"discord {found[0]}")
        if not text:
            return NOT_ON_AIR
        try:
            await self._link().send(found[0], text, reply_to=found[1])
        except Exception as exc:
            return f"ERROR: the reply was not sent: {exc}"
        self._said(text, found[0])
        return "Replied on Discord."

    async def react(self, message_id: Any = "", emoji: Any = "") -> str:
        found = self._read_message(message_id)
        if found is None:
            return f"ERROR: {message_id!r} is not a Discord message you read (its id is the message_id of the line)"
        emoji = str(emoji).strip()
        if not emoji or len(emoji) > 8:
            return "ERROR: give one emoji, like 👍"
        try:
            await self._link().react(found[0], found[1], emoji)
        except Exception as exc:
            return f"ERROR: the reaction was not added: {exc}"
        return f"Reacted {emoji}."

    async def dm(self, user: Any = "", text: Any = "") -> str:
        who = norm_user(user)
        if not who.isdigit() or who not in self.settings.allowed_users:
            allowed = ", ".join(u for u in self.settings.allowed_users if u.isdigit()) or "nobody yet"
            return f"ERROR: you may write directly only to the people allowed by user id: {allowed}"
        if not str(text).strip():
            return "ERROR: the message has no words"
        text = self._on_air(str(text), f"discord DM {who}")
        if not text:
            return NOT_ON_AIR
        try:
            channel_id = await self._link().dm(int(who), text)
        except Exception as exc:
            return f"ERROR: the message was not sent: {exc}"
        self._said(text, channel_id)
        return "Sent as a direct message."

    def _voice_tools(self) -> list[Tool]:
        nothing = {"type": "object", "properties": {}}
        if self.in_call:
            return [Tool("discord_leave_voice", "Leave the Discord voice call you are in.", nothing,
                         handler=self._leave_tool, reaches=True)]
        if self.settings.she_joins_voice and self.settings.voice_channel:
            return [Tool("discord_join_voice", "Join the streamer's Discord voice call: they hear what you say "
                         "out loud, and you hear them when the streamer allows it.", nothing,
                         handler=self._join_tool, reaches=True)]
        return []

    def tools(self) -> list[Tool]:
        if not self.connected:
            return []
        message = {"type": "string", "description": "The message_id of a Discord line you read."}
        return [
            Tool("discord_reply", "Answer one Discord message you read as a reply to it (it shows which line you "
                 "answer). For the conversation in general, use send_message.",
                 {"type": "object", "properties": {"message_id": message, "text": {"type": "string"}},
                  "required": ["message_id", "text"]}, handler=self.reply, reaches=True),
            Tool("discord_react", "Put one emoji reaction on a Discord message you read.",
                 {"type": "object", "properties": {"message_id": message, "emoji": {"type": "string"}},
                  "required": ["message_id", "emoji"]}, handler=self.react, reaches=True),
            Tool("discord_dm", "Write a direct message on Discord to a person the streamer allowed (by user id).",
                 {"type": "object", "properties": {"user": {"type": "string", "description": "Their user id."},
                                                   "text": {"type": "string"}},
                  "required": ["user", "text"]}, handler=self.dm, reaches=True), *self._voice_tools()]

    def live_state(self) -> str:
        if not self.in_call:
            return ""
        return f"You are in the Discord voice call {self.call_place}: the people in it hear what you say out loud."

    def context_section(self) -> str:
        if not self.connected:
            return ""
        her = self.ctx.words()
        return her.say("skills.discord.section", where=frame.words(her).where)
