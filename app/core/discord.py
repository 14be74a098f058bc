"""Discord's messages as Bea reads them, and who she answers: pure decisions on the gateway's plain data.

1. parse_message(data, her_id) reads one MESSAGE_CREATE event's data (the gateway's JSON object: a Message
   with guild_id and member beside it) into a DiscordMessage, or None when it is nothing she could read: a
   bot's or a webhook's message (her own included), a system message (a pin, a join: only types DEFAULT and
   REPLY are people writing), one with no words (a sticker, an attachment alone).
2. She is mentioned when her user id is among the message's `mentions`; she is replied to when the message it
   answers (`referenced_message`) is hers. A direct message has no guild_id.
3. The words she reads: user mentions (<@id>, <@!id>) become @name from the mentions that came with them, so
   she reads "@Bea what's up" and never a number.
4. decide(message, allow) says whether she reads it: a direct message only from an allow-listed user (by id or
   username); a server channel only when the channel is allow-listed AND she is mentioned or replied to.
   Everything else is ignored, with the reason in words for the dock (who and where, never what was written);
   a bot with the message content intent sees every message of every channel it can read, so what is not
   meant for her (no mention, no reply, no DM) is ignored quietly: the dock shows only who tried to reach her.
5. place(message, channel, guild) is the conversation in words: "the channel #general on Speedrunners", or
   "a direct message with Anna" (names from the client's cache, passed in; ids when it has none).
6. removal(event, data) reads what a moderator removed: MESSAGE_DELETE (one id), MESSAGE_DELETE_BULK (ids),
   GUILD_BAN_ADD (a person banned from the server); None for any other event.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from app.core.numbers import whole

READABLE_TYPES = (0, 19)        # DEFAULT and REPLY: a person writing (the others are system messages)
_USER_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True)
class DiscordMessage:
    message_id: int
    channel_id: int
    guild_id: int | None       # None: a direct message
    author_id: int
    author_name: str           # the server nickname, else the display name, else the username
    username: str
    text: str
    mentions_her: bool = False
    replies_to_her: bool = False
    reply_to: int | None = None

    @property
    def dm(self) -> bool:
        return self.guild_id is None


@dataclass(frozen=True)
class AllowList:
    channels: frozenset[int] = frozenset()
    users: frozenset[str] = frozenset()       # user ids as text, and usernames lower-cased without the @

    @classmethod
    def of(cls, channels: Iterable[str | int], users: Iterable[str | int]) -> AllowList:
        ids: set[int] = set()
        for channel in channels:
            try:
                ids.add(int(str(channel).strip()))
            except ValueError:
                continue
        return cls(frozenset(ids), frozenset(u for u in (norm_user(v) for v in users) if u))

    def allows_user(self, message: DiscordMessage) -> bool:
        return str(message.author_id) in self.users or (bool(message.username)
                                                       and message.username.lower() in self.users)


@dataclass(frozen=True)
class Verdict:
    read: bool
    reason: str = ""
    quiet: bool = False      # chatter not meant for her: not even a line in the dock (a server is busy)


def norm_user(user: str | int) -> str:
    """"@Anna.B " -> "anna.b", " 4711 " -> "4711"."""
    return str(user).strip().lstrip("@").strip().lower()


def _id(value: Any) -> int | None:
    return whole(value)


def _name(user: Mapping[str, Any], member: Any = None) -> str:
    nick = member.get("nick") if isinstance(member, Mapping) else None
    return str(nick or user.get("global_name") or user.get("username") or user.get("id") or "someone")


def _words(content: str, mentions: list[Mapping[str, Any]]) -> str:
    names = {str(u.get("id")): _name(u, u.get("member")) for u in mentions}
    return _USER_MENTION.sub(lambda m: "@" + names[m.group(1)] if m.group(1) in names else m.group(0),
                             content).strip()


def parse_message(data: Mapping[str, Any], her_id: int) -> DiscordMessage | None:
    """One MESSAGE_CREATE's data as a message she could read (rule 1), or None."""
    author = data.get("author")
    if not isinstance(author, Mapping) or author.get("bot") or data.get("webhook_id") is not None:
        return None
    if data.get("type", 0) not in READABLE_TYPES:
        return None
    message_id, channel_id, author_id = _id(data.get("id")), _id(data.get("channel_id")), _id(author.get("id"))
    if message_id is None or channel_id is None or author_id is None or author_id == her_id:
        return None
    raw_mentions = data.get("mentions")
    mentions = [u for u in raw_mentions if isinstance(u, Mapping)] if isinstance(raw_mentions, list) else []
    content = data.get("content")
    text = _words(content, mentions) if isinstance(content, str) else ""
    if not text:
        return None
    reply_to, replies_to_her = None, False
    reference = data.get("message_reference")
    if isinstance(reference, Mapping):
        reply_to = _id(reference.get("message_id"))
    replied = data.get("referenced_message")
    if isinstance(replied, Mapping):
        reply_to = reply_to or _id(replied.get("id"))
        replied_author = replied.get("author")
        replies_to_her = isinstance(replied_author, Mapping) and _id(replied_author.get("id")) == her_id
    return DiscordMessage(
        message_id=message_id, channel_id=channel_id, guild_id=_id(data.get("guild_id")), author_id=author_id,
        author_name=_name(author, data.get("member")), username=str(author.get("username") or ""), text=text,
        mentions_her=any(_id(u.get("id")) == her_id for u in mentions), replies_to_her=replies_to_her,
        reply_to=reply_to)


def place(message: DiscordMessage, channel: str = "", guild: str = "") -> str:
    """The conversation in words (rule 5)."""
    if message.dm:
        return f"a direct message with {message.author_name}"
    where = f"the channel #{channel}" if channel else f"the channel {message.channel_id}"
    return f"{where} on {guild}" if guild else where


def decide(message: DiscordMessage, allow: AllowList, where: str = "") -> Verdict:
    """Whether she reads it (rule 4), and why not; `where` is place()'s words for the reason."""
    where = where or place(message)
    if message.dm:
        if allow.allows_user(message):
            return Verdict(True)
        who = f"@{message.username}, " if message.username else ""
        return Verdict(False, f"a direct message from {message.author_name} ({who}id {message.author_id}), "
                              "who is not on the allow-list")
    addressed = message.mentions_her or message.replies_to_her
    if message.channel_id not in allow.channels:
        return Verdict(False, f"a message to her in {where} (channel id {message.channel_id}), "
                              "which is not on the allow-list", quiet=not addressed)
    if not addressed:
        return Verdict(False, f"a message in {where} that neither mentions her nor replies to her", quiet=True)
    return Verdict(True)


MODERATION_EVENTS = ("MESSAGE_DELETE", "MESSAGE_DELETE_BULK", "GUILD_BAN_ADD")


@dataclass(frozen=True)
class Removal:
    message_ids: tuple[str, ...] = ()
    user_id: str = ""            # a ban: the person
    user_name: str = ""


def removal(event: str, data: Mapping[str, Any]) -> Removal | None:
    """What a moderator removed (rule 6), or None."""
    if event == "MESSAGE_DELETE":
        mid = _id(data.get("id"))
        return Removal((str(mid),)) if mid is not None else None
    if event == "MESSAGE_DELETE_BULK":
        ids = data.get("ids")
        found = tuple(str(i) for i in (_id(v) for v in ids) if i is not None) if isinstance(ids, list) else ()
        return Removal(found) if found else None
    if event == "GUILD_BAN_ADD":
        banned = data.get("user")
        uid = _id(banned.get("id")) if isinstance(banned, Mapping) else None
        return Removal(user_id=str(uid), user_name=_name(banned)) if uid is not None else None
    return None
