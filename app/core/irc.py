"""IRCv3 lines from Twitch chat: parsed, read as Twitch events, written back, and paced.

Theory of operation, the line (`parse`):
1. One line in, one IrcMessage out, or IrcParseError (a ValueError) with the reason. Nothing else is ever
   raised, whatever the input: a chat sense can wrap every read in one `except IrcParseError`.
2. One line ending ("\\r\\n", "\\n" or "\\r") may close the line and is dropped. Any other CR, LF or NUL is
   malformed, and so is an empty line.
3. `@tags ` opens the line when it starts with "@": ";"-separated `key[=value]`. A tag without a value and
   one with an empty value are the same: "". Values are unescaped per IRCv3: "\\:" -> ";", "\\s" -> space,
   "\\\\" -> "\\", "\\r" -> CR, "\\n" -> LF, a lone "\\" at the end is dropped, and "\\x" for any other x is x.
   An empty segment (";;") is skipped, "=value" without a key is malformed, and a repeated key keeps its
   last value.
4. `:prefix ` comes next when the rest starts with ":": `nick!user@host`, `nick@host`, `nick!user`, or a
   bare name, which is a server (host) when it holds a "." and a nick otherwise.
5. The command is letters only or exactly three digits, and is upper-cased.
6. Parameters follow, each after exactly one space; the first one starting with ":" is the trailing
   parameter and takes the rest of the line, spaces and all (it may be empty: "PING :"). An empty middle
   parameter (two spaces, or a space at the end of the line) is malformed: servers never send one.

Theory of operation, the Twitch view (`twitch_event`):
7. PRIVMSG -> ChatLine, USERNOTICE -> UserNotice, CLEARCHAT -> ClearChat, CLEARMSG -> ClearMsg, NOTICE ->
   Notice, USERSTATE -> UserState, PING -> Ping, PONG -> Pong, RECONNECT -> Reconnect; anything else (JOIN,
   ROOMSTATE, GLOBALUSERSTATE, WHISPER...) -> Other with the message. Ping.reply echoes the PING's
   parameters with the last as trailing ("PING :tmi.twitch.tv" -> "PONG :tmi.twitch.tv"); a bare PING gets
   "PONG :tmi.twitch.tv".
8. Strict where meaning hangs on it, raising IrcParseError: the channel parameter; a PRIVMSG's author (its
   user-id tag, else the sender's login in the prefix: a line with neither has nobody to count, and is
   refused); the msg-id of a USERNOTICE; the target-msg-id of a CLEARMSG; and the numbers that carry weight
   (bits, ban-duration). A PRIVMSG without a user-id (no twitch.tv/tags capability, some relayed lines) keeps
   everything else it carries, bits and a /me included; its author_id is "login:<login>", which no numeric
   Twitch user id can equal.
8a. A PRIVMSG's own kind (ChatLine.event): "redemption" when it carries a custom-reward-id (a channel-point
   reward the viewer typed text for), "highlighted-message" when its msg-id says so, else None (plain chat).
8b. A line's delivery id (ChatLine.delivery_id, what a cheer's bits are counted once by) is its id tag. A line
   without one (a relayed line, a bouncer's replay) is named by its author and Twitch's stamp (tmi-sent-ts),
   else by when it came: its bits still count, and the same stamped line delivered twice counts once.
9. Lenient where the tag is decoration, never raising: badges and emotes skip malformed entries (Twitch
   itself sends emote ranges that miss the text), a bad tmi-sent-ts is None, a blank display-name falls
   back to the login. Display names are stripped (Twitch sends some with a trailing "\\s").
9a. Words that ride in tags (system-msg, the msg-param-* values, display names, a reply's parent body) are one
   line: their whitespace, line breaks included, becomes single spaces. Tags are the one place a line break can
   hide (rule 3 unescapes "\\n"; a parameter cannot hold one, rule 2), and Twitch sends them there: a raid's
   system-msg reads "15\\sraiders\\sfrom\\sTestChannel\\shave\\sjoined\\n!". Raw tags stay as sent.
10. Channels are given without their "#". Emote ranges are inclusive code-point indices into the text, kept
   as Twitch sent them, even when they miss the text.

Theory of operation, sending:
11. format_line() writes a line (without its CRLF) that parse() reads back to the same fields; privmsg()
   builds a chat send, optionally as a reply. Both refuse CR, LF and NUL with a ValueError.
12a. login_refusal() is the encryption rule: an OAuth token goes only over TLS. With the encrypted connection
   off and a token to log in with, no connection is made, and the sentence says why and what to do; reading
   anonymously (no token) may stay plain, and so may a server at a loopback address (127.0.0.1, ::1: the
   token never leaves the machine; a local bouncer, the tests' server).
12. send_wait() is the rate decision: Twitch allows 20 PRIVMSGs per 30 s (100 where she is broadcaster or
   moderator). It is a sliding window over the send times, the safe reading of Twitch's fixed buckets
   whose refill moment the client cannot see: wait until the window holds fewer than the limit.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from app.core.netpolicy import is_loopback_address

TWITCH_HOST = "tmi.twitch.tv"
NORMAL_LIMIT = 20          # PRIVMSGs per window for an ordinary chatter
PRIVILEGED_LIMIT = 100     # ...for the broadcaster or a moderator of the channel
RATE_WINDOW_S = 30.0

_COMMAND = re.compile(r"[A-Za-z]+|[0-9]{3}")
_FORBIDDEN = re.compile(r"[\r\n\0]")
_UNESCAPE = {":": ";", "s": " ", "\\": "\\", "r": "\r", "n": "\n"}
_ESCAPE = {";": "\\:", " ": "\\s", "\\": "\\\\", "\r": "\\r", "\n": "\\n"}
_DIGITS = re.compile(r"[0-9]{1,18}")  # whole numbers small enough for any Twitch field
_ACTION_OPEN = "\x01ACTION "


class IrcParseError(ValueError):
    """A line that is not IRC, or a Twitch message missing what it must carry. str() is the reason."""

    def __init__(self, reason: str, line: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


# ---------------------------------------------------------------------------------------------------- the line


@dataclass(frozen=True)
class Prefix:
    nick: str | None
    user: str | None
    host: str | None


@dataclass(frozen=True)
class IrcMessage:
    tags: dict[str, str]
    prefix: Prefix | None
    command: str
    params: list[str]
    raw: str = field(default="", compare=False, repr=False)

    def tag(self, key: str) -> str | None:
        return self.tags.get(key)

    @property
    def trailing(self) -> str | None:
        return self.params[-1] if self.params else None


def parse(line: str) -> IrcMessage:
    """One raw line -> IrcMessage, or IrcParseError with the reason (rules 1-6)."""
    if not isinstance(line, str):
        raise IrcParseError(f"a line must be str, not {type(line).__name__}", line)
    try:
        return _parse(line)
    except IrcParseError as exc:
        exc.line = line
        raise


def _parse(line: str) -> IrcMessage:
    rest = _strip_line_ending(line)
    tags: dict[str, str] = {}
    if rest.startswith("@"):
        tag_part, rest = _split_section(rest[1:], "tags", line)
        tags = parse_tags(tag_part)
    prefix = None
    if rest.startswith(":"):
        prefix_part, rest = _split_section(rest[1:], "prefix", line)
        prefix = parse_prefix(prefix_part)
    command, _, param_part = rest.partition(" ")
    if not command:
        raise IrcParseError("no command (an extra space before it?)", line)
    if not _COMMAND.fullmatch(command):
        raise IrcParseError(f"malformed command {command[:40]!r}: letters or three digits", line)
    params = _parse_params(param_part, line) if " " in rest else []
    return IrcMessage(tags=tags, prefix=prefix, command=command.upper(), params=params, raw=line)


def _strip_line_ending(line: str) -> str:
    for ending in ("\r\n", "\n", "\r"):
        if line.endswith(ending):
            line = line[: -len(ending)]
            break
    if not line:
        raise IrcParseError("empty line", line)
    if _FORBIDDEN.search(line):
        raise IrcParseError("CR, LF or NUL inside the line", line)
    return line


def _split_section(text: str, what: str, line: str) -> tuple[str, str]:
    head, space, rest = text.partition(" ")
    if not head:
        raise IrcParseError(f"empty {what}", line)
    if not space:
        raise IrcParseError(f"no command after the {what}", line)
    return head, rest


def _parse_params(text: str, line: str) -> list[str]:
    params: list[str] = []
    while True:
        if text.startswith(":"):
            params.append(text[1:])
            return params
        param, space, text = text.partition(" ")
        if not param:
            raise IrcParseError("an empty middle parameter (extra space)", line)
        params.append(param)
        if not space:
            return params


def parse_tags(text: str) -> dict[str, str]:
    """`a=b;c;d=e\\sf` -> {"a": "b", "c": "", "d": "e f"} (rule 3)."""
    tags: dict[str, str] = {}
    for item in text.split(";"):
        if not item:
            continue
        key, _, value = item.partition("=")
        if not key:
            raise IrcParseError(f"a tag without a key: {item[:40]!r}")
        tags[key] = unescape_tag_value(value)
    return tags


def unescape_tag_value(value: str) -> str:
    out: list[str] = []
    chars = iter(value)
    for ch in chars:
        if ch != "\\":
            out.append(ch)
            continue
        nxt = next(chars, None)
        if nxt is not None:
            out.append(_UNESCAPE.get(nxt, nxt))
    return "".join(out)


def escape_tag_value(value: str) -> str:
    return "".join(_ESCAPE.get(ch, ch) for ch in value)


def parse_prefix(text: str) -> Prefix:
    """Rule 4. An empty nick, user or host around "!" or "@" is malformed."""
    nick_user, at, host = text.partition("@")
    nick, bang, user = nick_user.partition("!")
    if (at and not host) or (bang and not user) or ((at or bang) and not nick):
        raise IrcParseError(f"malformed prefix {text[:60]!r}")
    if not at and not bang:
        return Prefix(nick=None, user=None, host=text) if "." in text else Prefix(nick=text, user=None, host=None)
    return Prefix(nick=nick, user=user or None, host=host or None)


# --------------------------------------------------------------------------------------------- writing lines


def format_line(command: str, params: Sequence[str] = (), tags: Mapping[str, str] | None = None, *,
                trailing: bool = False) -> str:
    """The line (without CRLF) that parse() reads back as these fields. ValueError on what IRC cannot carry.

    The last parameter is written as a trailing one (":last") when it must be, or always with `trailing`.
    """
    if not _COMMAND.fullmatch(command):
        raise ValueError(f"malformed command {command!r}")
    parts = []
    if tags:
        parts.append("@" + ";".join(_format_tag(k, v) for k, v in tags.items()))
    parts.append(command)
    for i, param in enumerate(params):
        _check_writable(param)
        last = i == len(params) - 1
        if not _needs_colon(param) and not (last and trailing):
            parts.append(param)
        elif last:
            parts.append(":" + param)
        else:
            raise ValueError(f"only the last parameter may be empty, hold spaces or start with ':': {param!r}")
    return " ".join(parts)


def _needs_colon(param: str) -> bool:
    return not param or " " in param or param.startswith(":")


def _format_tag(key: str, value: str) -> str:
    if not key or any(c in key for c in "=; ") or _FORBIDDEN.search(key):
        raise ValueError(f"malformed tag key {key!r}")
    if "\0" in value:
        raise ValueError("NUL cannot be sent in a tag value")
    return f"{key}={escape_tag_value(value)}" if value else key


def _check_writable(text: str) -> None:
    if _FORBIDDEN.search(text):
        raise ValueError("CR, LF or NUL cannot be sent in an IRC line")


def privmsg(channel: str, text: str, reply_to: str | None = None) -> str:
    """A chat send to `channel` (with or without "#"); `reply_to` is the msg id it answers."""
    if not text:
        raise ValueError("an empty chat message")
    tags = {"reply-parent-msg-id": reply_to} if reply_to else None
    return format_line("PRIVMSG", ["#" + channel.lstrip("#"), text], tags, trailing=True)


# ------------------------------------------------------------------------------------------ Twitch tag values


class Emote(NamedTuple):
    emote_id: str
    start: int   # inclusive code-point index into the text
    end: int     # inclusive


@dataclass(frozen=True)
class ReplyParent:
    msg_id: str
    user_id: str | None
    display_name: str | None
    body: str | None
    login: str | None = None


def parse_badges(value: str | None) -> dict[str, str]:
    """"broadcaster/1,subscriber/12" -> {"broadcaster": "1", "subscriber": "12"}; versions stay strings."""
    badges: dict[str, str] = {}
    for item in (value or "").split(","):
        name, _, version = item.partition("/")
        if name:
            badges[name] = version
    return badges


def parse_emotes(value: str | None) -> list[Emote]:
    """"25:0-4,12-16/1902:6-10" -> [("25", 0, 4), ("1902", 6, 10), ("25", 12, 16)], sorted by position."""
    emotes: list[Emote] = []
    for group in (value or "").split("/"):
        emote_id, _, ranges = group.partition(":")
        if emote_id:
            emotes.extend(Emote(emote_id, *span) for span in map(_emote_range, ranges.split(",")) if span)
    return sorted(emotes, key=lambda e: (e.start, e.end))


def _emote_range(text: str) -> tuple[int, int] | None:
    start, dash, end = text.partition("-")
    if not (dash and _DIGITS.fullmatch(start) and _DIGITS.fullmatch(end)):
        return None
    first, last = int(start), int(end)
    return (first, last) if first <= last else None


def parse_bits(value: str | None) -> int | None:
    """None when absent or empty; IrcParseError when it is not a whole number of bits."""
    if not value:
        return None
    if not _DIGITS.fullmatch(value):
        raise IrcParseError(f"malformed bits tag {value[:20]!r}")
    return int(value)


def parse_reply_parent(tags: Mapping[str, str]) -> ReplyParent | None:
    msg_id = tags.get("reply-parent-msg-id")
    if not msg_id:
        return None
    return ReplyParent(msg_id=msg_id, user_id=tags.get("reply-parent-user-id") or None,
                       display_name=_clean_name(tags.get("reply-parent-display-name")) or None,
                       body=_line_or_none(tags.get("reply-parent-msg-body")),
                       login=tags.get("reply-parent-user-login") or None)


def _line_or_none(value: str | None) -> str | None:
    return None if value is None else one_line(value)


def parse_sent_ts(value: str | None) -> int | None:
    """tmi-sent-ts: epoch milliseconds, or None when absent or malformed."""
    return int(value) if value and _DIGITS.fullmatch(value) else None


def is_privileged(badges: Mapping[str, str]) -> bool:
    """Broadcaster or moderator: the 100-per-30-s send limit applies."""
    return "broadcaster" in badges or "moderator" in badges


def _clean_name(value: str | None) -> str:
    return one_line(value or "")


def one_line(text: str) -> str:
    """Rule 9a: whitespace, line breaks included, as single spaces, none at the ends."""
    return " ".join(text.split())


# ------------------------------------------------------------------------------------------ Twitch events


REDEMPTION = "redemption"                   # ChatLine.event of a channel-point reward's line
HIGHLIGHTED = "highlighted-message"         # ...of a message a viewer highlighted with channel points


@dataclass(frozen=True)
class ChatLine:
    channel: str
    text: str                     # the words, with a /me ACTION unwrapped
    user_id: str | None           # None on a line without the user-id tag: author_id falls back to the login
    login: str
    display_name: str
    msg_id: str | None
    room_id: str | None
    sent_ts_ms: int | None
    bits: int | None
    badges: dict[str, str]
    badge_info: dict[str, str]
    emotes: list[Emote]
    reply_parent: ReplyParent | None
    is_action: bool
    reward_id: str | None = None  # custom-reward-id: the channel-point reward this line redeems
    msg_kind: str | None = None   # the msg-id tag of a PRIVMSG (highlighted-message, skip-subs-mode-message...)
    first: bool = False           # first-msg=1: their first line in this channel ever

    @property
    def author_id(self) -> str:
        """The author's stable native id (rule 8): the user id, else "login:<login>"."""
        return self.user_id or f"login:{self.login}"

    def delivery_id(self, received_ms: int) -> str:
        """Rule 8b: the id tag, else "<author>@<tmi-sent-ts>", else "<author>@received:<received_ms>"."""
        if self.msg_id:
            return self.msg_id
        stamp = self.sent_ts_ms if self.sent_ts_ms is not None else f"received:{received_ms}"
        return f"{self.author_id}@{stamp}"

    @property
    def event(self) -> str | None:
        """Rule 8a: REDEMPTION, HIGHLIGHTED, or None for plain chat."""
        if self.reward_id:
            return REDEMPTION
        return HIGHLIGHTED if self.msg_kind == HIGHLIGHTED else None


@dataclass(frozen=True)
class UserNotice:
    channel: str
    kind: str                     # the msg-id: sub, resub, subgift, submysterygift, raid, announcement...
    params: dict[str, str]        # the msg-param-* tags, without "msg-param-"
    user_id: str | None
    login: str | None
    display_name: str
    system_msg: str
    text: str | None              # what the user typed along, if anything
    msg_id: str | None
    room_id: str | None
    sent_ts_ms: int | None
    badges: dict[str, str]
    emotes: list[Emote]

    def int_param(self, name: str) -> int | None:
        value = self.params.get(name)
        return int(value) if value and _DIGITS.fullmatch(value) else None


@dataclass(frozen=True)
class ClearChat:
    channel: str
    target_user_id: str | None
    target_login: str | None
    ban_duration_s: int | None    # a timeout's length; None for a ban or a whole-chat clear
    room_id: str | None
    sent_ts_ms: int | None

    @property
    def clears_all(self) -> bool:
        return self.target_user_id is None and self.target_login is None

    @property
    def is_timeout(self) -> bool:
        return not self.clears_all and self.ban_duration_s is not None


@dataclass(frozen=True)
class ClearMsg:
    channel: str
    target_msg_id: str
    login: str | None
    text: str | None


@dataclass(frozen=True)
class Notice:
    channel: str | None           # None for "*" (e.g. a failed login)
    kind: str | None              # the msg-id tag
    text: str


@dataclass(frozen=True)
class UserState:
    channel: str
    display_name: str
    badges: dict[str, str]

    @property
    def privileged(self) -> bool:
        return is_privileged(self.badges)


@dataclass(frozen=True)
class Ping:
    reply: str                    # the PONG line to send back, without CRLF


@dataclass(frozen=True)
class Pong:
    params: list[str]


@dataclass(frozen=True)
class Reconnect:
    pass


@dataclass(frozen=True)
class Other:
    message: IrcMessage


TwitchEvent = ChatLine | UserNotice | ClearChat | ClearMsg | Notice | UserState | Ping | Pong | Reconnect | Other


def twitch_event(msg: IrcMessage) -> TwitchEvent:
    """Rules 7-10: the Twitch event a parsed line is; IrcParseError (and nothing else) when it lacks what its
    kind must carry."""
    reader = _READERS.get(msg.command)
    return reader(msg) if reader else Other(msg)


def _chat_line(msg: IrcMessage) -> ChatLine:
    channel, text = _channel(msg), _param(msg, 1, "PRIVMSG without text")
    user_id = msg.tags.get("user-id") or None
    login = (msg.prefix.nick or "").lower() if msg.prefix else ""
    if not user_id and not login:
        raise IrcParseError("PRIVMSG with neither a user-id tag nor the sender's login: nobody to count",
                            msg.raw)
    words, is_action = split_action(text)
    return ChatLine(channel=channel, text=words, user_id=user_id, login=login,
                    display_name=_clean_name(msg.tags.get("display-name")) or login,
                    msg_id=msg.tags.get("id") or None, room_id=msg.tags.get("room-id") or None,
                    sent_ts_ms=parse_sent_ts(msg.tags.get("tmi-sent-ts")), bits=_bits(msg),
                    badges=parse_badges(msg.tags.get("badges")),
                    badge_info=parse_badges(msg.tags.get("badge-info")),
                    emotes=parse_emotes(msg.tags.get("emotes")), reply_parent=parse_reply_parent(msg.tags),
                    is_action=is_action, reward_id=msg.tags.get("custom-reward-id") or None,
                    msg_kind=msg.tags.get("msg-id") or None, first=msg.tags.get("first-msg") == "1")


def _user_notice(msg: IrcMessage) -> UserNotice:
    channel, kind = _channel(msg), msg.tags.get("msg-id")
    if not kind:
        raise IrcParseError("USERNOTICE without a msg-id tag", msg.raw)
    login = msg.tags.get("login") or None
    text = split_action(msg.params[1])[0] if len(msg.params) > 1 else None
    params = {k.removeprefix("msg-param-"): one_line(v) for k, v in msg.tags.items() if k.startswith("msg-param-")}
    return UserNotice(channel=channel, kind=kind, params=params, user_id=msg.tags.get("user-id") or None,
                      login=login, display_name=_clean_name(msg.tags.get("display-name")) or (login or ""),
                      system_msg=one_line(msg.tags.get("system-msg", "")), text=text,
                      msg_id=msg.tags.get("id") or None,
                      room_id=msg.tags.get("room-id") or None,
                      sent_ts_ms=parse_sent_ts(msg.tags.get("tmi-sent-ts")),
                      badges=parse_badges(msg.tags.get("badges")), emotes=parse_emotes(msg.tags.get("emotes")))


def _clear_chat(msg: IrcMessage) -> ClearChat:
    channel = _channel(msg)
    duration = msg.tags.get("ban-duration")
    if duration and not _DIGITS.fullmatch(duration):
        raise IrcParseError(f"malformed ban-duration {duration[:20]!r}", msg.raw)
    return ClearChat(channel=channel, target_user_id=msg.tags.get("target-user-id") or None,
                     target_login=(msg.params[1] or None) if len(msg.params) > 1 else None,
                     ban_duration_s=int(duration) if duration else None, room_id=msg.tags.get("room-id") or None,
                     sent_ts_ms=parse_sent_ts(msg.tags.get("tmi-sent-ts")))


def _clear_msg(msg: IrcMessage) -> ClearMsg:
    channel, target = _channel(msg), msg.tags.get("target-msg-id")
    if not target:
        raise IrcParseError("CLEARMSG without a target-msg-id tag", msg.raw)
    text = split_action(msg.params[1])[0] if len(msg.params) > 1 else None
    return ClearMsg(channel=channel, target_msg_id=target, login=msg.tags.get("login") or None, text=text)


def _notice(msg: IrcMessage) -> Notice:
    target = _param(msg, 0, "NOTICE without a target")
    return Notice(channel=None if target == "*" else target.lstrip("#"), kind=msg.tags.get("msg-id") or None,
                  text=msg.params[1] if len(msg.params) > 1 else "")


def _user_state(msg: IrcMessage) -> UserState:
    return UserState(channel=_channel(msg), display_name=_clean_name(msg.tags.get("display-name")),
                     badges=parse_badges(msg.tags.get("badges")))


def _ping(msg: IrcMessage) -> Ping:
    return Ping(reply=format_line("PONG", msg.params or [TWITCH_HOST], trailing=True))


def _channel(msg: IrcMessage) -> str:
    channel = _param(msg, 0, f"{msg.command} without a channel")
    if not channel.startswith("#") or len(channel) < 2:
        raise IrcParseError(f"{msg.command} to {channel[:40]!r}, not a #channel", msg.raw)
    return channel[1:]


def _param(msg: IrcMessage, index: int, reason: str) -> str:
    if len(msg.params) <= index:
        raise IrcParseError(reason, msg.raw)
    return msg.params[index]


def _bits(msg: IrcMessage) -> int | None:
    try:
        return parse_bits(msg.tags.get("bits"))
    except IrcParseError as exc:
        raise IrcParseError(exc.reason, msg.raw) from None


def split_action(text: str) -> tuple[str, bool]:
    """"\\x01ACTION waves\\x01" -> ("waves", True); anything else -> (text, False)."""
    if not text.startswith(_ACTION_OPEN):
        return text, False
    return text[len(_ACTION_OPEN):].removesuffix("\x01"), True


_READERS = {"PRIVMSG": _chat_line, "USERNOTICE": _user_notice, "CLEARCHAT": _clear_chat, "CLEARMSG": _clear_msg,
            "NOTICE": _notice, "USERSTATE": _user_state, "PING": _ping,
            "PONG": lambda msg: Pong(list(msg.params)), "RECONNECT": lambda msg: Reconnect()}


# ------------------------------------------------------------------------------------------- the token's way


def login_refusal(encrypted: bool, has_token: bool, host: str) -> str | None:
    """Rule 12a: None when the login may go ahead, else the sentence saying why not and what to do."""
    if encrypted or not has_token or is_loopback_address(host):
        return None
    return ("Twitch chat is not connected: her OAuth token would cross the network unencrypted, because "
            "“Encrypted connection” is off in Settings → Twitch. Turn it back on (port 6697), or forget the "
            "token to read chat anonymously.")


# ---------------------------------------------------------------------------------------------- send pacing


def send_limit(privileged: bool) -> int:
    return PRIVILEGED_LIMIT if privileged else NORMAL_LIMIT


def recent_sends(sent_at: Iterable[float], now: float, window_s: float = RATE_WINDOW_S) -> list[float]:
    """The send times still inside the window at `now`, oldest first: what a sender needs to keep."""
    return sorted(t for t in sent_at if now - t < window_s)


def send_wait(sent_at: Iterable[float], now: float, *, privileged: bool = False, limit: int | None = None,
              window_s: float = RATE_WINDOW_S) -> float:
    """Seconds to wait before the next PRIVMSG may go (0.0: send now). Times are one monotonic clock's seconds.

    A send at t occupies the window until t + window_s. With `limit` sends inside the window, the next may
    go when the oldest of the newest `limit` leaves it. `limit` overrides the Twitch limit for `privileged`.
    """
    cap = send_limit(privileged) if limit is None else limit
    if cap < 1 or not math.isfinite(now) or not window_s > 0:
        raise ValueError("send_wait needs a limit >= 1, a finite now and a positive window")
    recent = recent_sends(sent_at, now, window_s)
    if len(recent) < cap:
        return 0.0
    return _until_out_of_window(recent[-cap], now, window_s)


def _until_out_of_window(sent: float, now: float, window_s: float) -> float:
    """The wait after which `sent` has left the window, rounded up so that now + wait really is outside it."""
    wait = max(0.0, sent + window_s - now)
    while (now + wait) - sent < window_s:
        wait = math.nextafter(wait, math.inf)
    return wait
