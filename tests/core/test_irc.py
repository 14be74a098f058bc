"""The IRCv3 parser and Twitch view against every fixture line, hand-made edge cases, a fuzz, and send pacing."""

import json
import random
from pathlib import Path

import pytest

from app.core.irc import (
    NORMAL_LIMIT,
    PRIVILEGED_LIMIT,
    ChatLine,
    ClearChat,
    ClearMsg,
    Emote,
    IrcMessage,
    IrcParseError,
    Notice,
    Other,
    Ping,
    Pong,
    Prefix,
    Reconnect,
    ReplyParent,
    UserNotice,
    UserState,
    escape_tag_value,
    format_line,
    is_privileged,
    parse,
    parse_badges,
    parse_bits,
    parse_emotes,
    parse_prefix,
    parse_tags,
    privmsg,
    recent_sends,
    send_limit,
    send_wait,
    split_action,
    twitch_event,
    unescape_tag_value,
)
from tests.skills.twitch.helpers import parse_twitch

FIXTURES = Path("/work/shared/fixtures/twitch_irc")
JSONL_LINES = [json.loads(row)["line"] for row in (FIXTURES / "twitch_irc_lines.jsonl").read_text("utf-8").splitlines()]
TXT_LINES = (FIXTURES / "twitch_irc_lines.txt").read_bytes().decode("utf-8").split("\n")[:-1]
TMI = (None, None, "tmi.twitch.tv")


def user(nick):
    return (nick, nick, f"{nick}.tmi.twitch.tv")


def emote_code(text: str, emote: Emote) -> str:
    """The text an emote's range covers (inclusive code-point indices); shorter or empty when it misses."""
    return text[emote.start: emote.end + 1]


# index -> (command, (nick, user, host) or None, params, number of tags); written from reading each line
RAW = {
    0: ("CLEARCHAT", TMI, ["#pajlada", "fabzeef"], 4),
    1: ("CLEARCHAT", TMI, ["#pajlada", "weeb123"], 3),
    2: ("CLEARCHAT", TMI, ["#randers"], 2),
    3: ("CLEARMSG", TMI, ["#pajlada", "NIGHT CUNT"], 4),
    4: ("CLEARMSG", TMI, ["#pajlada", "\x01ACTION test\x01"], 4),
    5: ("GLOBALUSERSTATE", TMI, [], 7),
    6: ("GLOBALUSERSTATE", TMI, [], 7),
    7: ("GLOBALUSERSTATE", TMI, [], 7),
    8: ("JOIN", user("randers811"), ["#pajlada"], 0),
    9: ("PING", TMI, [], 0),
    10: ("NOTICE", TMI, ["#forsen", "You are permanently banned from talking in forsen."], 1),
    11: ("NOTICE", TMI, ["*", "Improperly formatted auth"], 0),
    12: ("PART", user("randers811"), ["#pajlada"], 0),
    13: ("PING", TMI, ["test", "abc def"], 0),
    14: ("PONG", None, ["tmi.twitch.tv"], 0),
    15: ("PONG", TMI, ["tmi.twitch.tv", "test"], 0),
    16: ("PRIVMSG", user("jun1orrrr"), ["#pajlada", "dank cam"], 14),
    17: ("PRIVMSG", user("randers"), ["#pajlada", "\x01ACTION -tags\x01"], 14),
    18: ("PRIVMSG", user("carvedtaleare"), ["#forsen", "NaM"], 17),
    19: ("PRIVMSG", user("leftswing"), ["#retoon", "@Retoon yes"], 22),
    20: ("PRIVMSG", user("carvedtaleare"), ["#forsen", "NaM"], 17),
    21: ("PRIVMSG", user("testaccount_420"), ["#pajlada", "@asd"], 14),
    22: ("PRIVMSG", user("riotgames"), ["#riotgames", "test fake message"], 14),
    23: ("PRIVMSG", user("randers"), ["#pajlada", "Kappa Keepo Kappa Kappa test Keepo Keepo 123 :) :) :P"], 14),
    24: ("PRIVMSG", user("avianartworks"), ["#pajlada", "pajaM_TK"], 16),
    25: ("PRIVMSG", user("randers"), ["#pajlada", "👉 <3 👉 <3 👉 <3"], 14),
    26: ("PRIVMSG", user("tetyys"), ["#pajlada", "trihard1"], 15),
    27: ("PRIVMSG", user("some_1_happy"), ["#mocbka34", "Я не такой красивый. Не урод, но до тебя далеко LUL"], 14),
    28: ("PRIVMSG", user("linkoping"), ["#queenqarro", "Då kan du begära skadestånd och förtal Kappa"], 14),
    29: ("PRIVMSG", user("linkoping"), ["#queenqarro", "Då kan du begära skadestånd och förtal Kappa"], 14),
    30: ("PRIVMSG", user("linkoping"), ["#queenqarro", "Då kan du begära skadestånd och förtal Kappa"], 14),
    31: ("RECONNECT", TMI, [], 0),
    32: ("ROOMSTATE", TMI, ["#randers"], 7),
    33: ("ROOMSTATE", TMI, ["#randers"], 7),
    34: ("ROOMSTATE", TMI, ["#randers"], 7),
    35: ("ROOMSTATE", TMI, ["#randers"], 2),
    36: ("ROOMSTATE", TMI, ["#randers"], 2),
    37: ("USERNOTICE", TMI, ["#xqcow"], 17),
    38: ("USERNOTICE", TMI, ["#xqcow"], 21),
    39: ("USERNOTICE", TMI, ["#xqcow", "xqcL"], 22),
    40: ("USERNOTICE", TMI, ["#xqcow"], 21),
    41: ("USERNOTICE", TMI, ["#xqcow"], 20),
    42: ("USERNOTICE", TMI, ["#xqcow"], 25),
    43: ("USERNOTICE", TMI, ["#xqcow"], 25),
    44: ("USERNOTICE", TMI, ["#xqcow"], 25),
    45: ("USERNOTICE", TMI, ["#xqcow"], 20),
    46: ("USERNOTICE", TMI, ["#xqcow"], 20),
    47: ("USERNOTICE", TMI, ["#xqcow"], 19),
    48: ("USERNOTICE", TMI, ["#xqcow"], 19),
    49: ("USERNOTICE", TMI, ["#xqcow"], 19),
    50: ("USERNOTICE", TMI, ["#xqcow"], 18),
    51: ("USERNOTICE", TMI, ["#xqcow"], 20),
    52: ("USERNOTICE", TMI, ["#xqcow"], 16),
    53: ("USERNOTICE", TMI, ["#xqcow"], 18),
    54: ("USERNOTICE", TMI, ["#seventoes", "HeyGuys"], 17),
    55: ("USERNOTICE", TMI, ["#xqcow"], 21),
    56: ("USERNOTICE", TMI, ["#pajlada", "\x01ACTION Kappa TEST TEST Kappa :)\x01"], 22),
    57: ("USERNOTICE", TMI, ["#pajlada", "hello pajs pajaH Kappa Keepo"], 18),
    58: ("USERSTATE", TMI, ["#randers"], 8),
    59: ("USERSTATE", TMI, ["#randers"], 8),
    60: ("WHISPER", user("randers"), ["randers811", "hello, this is a test Kappa"], 9),
    61: ("PRIVMSG", user("randers"), ["#pajlada", "Pajapains"], 16),
    62: ("PRIVMSG", TMI, ["#pajlada", "test"], 1),
    63: ("PING", None, ["tmi.twitch.tv"], 0),
    69: ("PING", None, ["asd", "def", ""], 0),
}
# the source's own malformed cases: an extra space before the command, and empty middle parameters
MALFORMED = {64: "no command", 65: "empty middle parameter", 66: "empty middle parameter",
             67: "empty middle parameter", 68: "empty middle parameter"}


# ---------------------------------------------------------------------------------------- the fixture files


def test_the_fixture_files_agree_and_are_all_covered():
    assert len(JSONL_LINES) == 70
    assert TXT_LINES == JSONL_LINES
    assert set(RAW) | set(MALFORMED) == set(range(70)) and not set(RAW) & set(MALFORMED)


@pytest.mark.parametrize("index", sorted(RAW))
def test_every_valid_fixture_line_parses_to_its_fields(index):
    command, prefix, params, n_tags = RAW[index]
    for line in (JSONL_LINES[index], TXT_LINES[index], JSONL_LINES[index] + "\r\n"):
        msg = parse(line)
        assert msg.command == command
        assert msg.params == params
        assert len(msg.tags) == n_tags
        assert (None if msg.prefix is None else (msg.prefix.nick, msg.prefix.user, msg.prefix.host)) == prefix


@pytest.mark.parametrize("index", sorted(MALFORMED))
def test_every_malformed_fixture_line_is_a_parse_error(index):
    with pytest.raises(IrcParseError, match=MALFORMED[index]):
        parse(JSONL_LINES[index])
    with pytest.raises(IrcParseError):
        parse_twitch(TXT_LINES[index])


@pytest.mark.parametrize("index", sorted(RAW))
def test_every_valid_fixture_line_gives_a_twitch_event_or_a_clear_parse_error(index):
    if index == 62:  # a PRIVMSG with only a display-name tag, from the server's host: no stable author
        with pytest.raises(IrcParseError, match="user-id"):
            parse_twitch(JSONL_LINES[index])
        return
    event = parse_twitch(JSONL_LINES[index])
    expected = {"PRIVMSG": ChatLine, "USERNOTICE": UserNotice, "CLEARCHAT": ClearChat, "CLEARMSG": ClearMsg,
                "NOTICE": Notice, "USERSTATE": UserState, "PING": Ping, "PONG": Pong, "RECONNECT": Reconnect}
    assert type(event) is expected.get(RAW[index][0], Other)


@pytest.mark.parametrize("index", sorted(RAW))
def test_every_valid_fixture_line_survives_a_round_trip(index):
    msg = parse(JSONL_LINES[index])
    again = parse(format_line(msg.command, msg.params, msg.tags))
    assert (again.tags, again.command, again.params) == (msg.tags, msg.command, msg.params)


# --------------------------------------------------------------------------------- tags on fixture lines


def test_tag_values_are_unescaped_on_fixture_lines():
    assert parse(JSONL_LINES[22]).tags["display-name"] == "Riot Games"
    assert parse(JSONL_LINES[20]).tags["display-name"] == "CarvedTaleare "
    notice = parse(JSONL_LINES[38])
    assert notice.tags["msg-param-sub-plan-name"] == "Channel Subscription (xqcow)"
    assert notice.tags["system-msg"] == "fallenseraphhh subscribed with Twitch Prime."
    # "\b" is no escape: the backslash goes and the b stays
    assert parse(JSONL_LINES[51]).tags["system-msg"].endswith("Stridezgum! bla blabla stuff about promo here")


def test_empty_and_valueless_tags_on_fixture_lines():
    tags = parse(JSONL_LINES[16]).tags
    assert tags["badges"] == "" and tags["emotes"] == "" and tags["user-type"] == ""
    assert tags["user-id"] == "29803735" and tags["tmi-sent-ts"] == "1594545155039"
    assert parse(JSONL_LINES[3]).tags["room-id"] == ""
    assert parse(JSONL_LINES[21]).tags["display-name"] == "테스트계정420"
    assert parse(JSONL_LINES[41]).tags["msg-param-profileImageURL"].startswith("https://static-cdn.jtvnw.net/")


# ------------------------------------------------------------------------------ Twitch events, line by line


def chat(index) -> ChatLine:
    event = parse_twitch(JSONL_LINES[index])
    assert isinstance(event, ChatLine)
    return event


def test_a_plain_chat_line():
    line = chat(16)
    assert (line.channel, line.text, line.user_id, line.login, line.display_name) == (
        "pajlada", "dank cam", "29803735", "jun1orrrr", "JuN1oRRRR")
    assert line.msg_id == "e9d998c3-36f1-430f-89ec-6b887c28af36" and line.room_id == "11148817"
    assert line.sent_ts_ms == 1594545155039
    assert (line.bits, line.reply_parent, line.is_action, line.badges, line.emotes) == (None, None, False, {}, [])


def test_a_me_action_is_unwrapped_and_flagged():
    line = chat(17)
    assert line.text == "-tags" and line.is_action
    assert line.badges == {"moderator": "1", "subscriber": "12"} and line.badge_info == {"subscriber": "22"}
    assert is_privileged(line.badges)


def test_reply_parent_tags_make_a_reply():
    line = chat(19)
    assert line.reply_parent == ReplyParent(msg_id="6b13e51b-7ecb-43b5-ba5b-2bb5288df696", user_id="37940952",
                                            display_name="Retoon", body="hello", login="retoon")
    assert line.text == "@Retoon yes" and line.user_id == "133651738"


def test_bits_are_read():
    line = chat(26)
    assert line.bits == 1 and line.badges == {"bits": "100"} and line.display_name == "TETYYS"


def test_display_names_are_unescaped_and_stripped():
    assert chat(22).display_name == "Riot Games"
    assert chat(20).display_name == "CarvedTaleare"
    assert chat(21).display_name == "테스트계정420"


def test_historical_lines_are_ordinary_chat():
    assert chat(18).text == "NaM" and chat(61).text == "Pajapains"


def test_emotes_on_fixture_lines():
    line = chat(23)
    assert line.emotes == [("25", 0, 4), ("1902", 6, 10), ("25", 12, 16), ("25", 18, 22), ("1902", 29, 33),
                           ("1902", 35, 39), ("499", 45, 46), ("499", 48, 49), ("490", 51, 52)]
    assert [emote_code(line.text, e) for e in line.emotes] == [
        "Kappa", "Keepo", "Kappa", "Kappa", "Keepo", "Keepo", ":)", ":)", ":P"]
    assert chat(24).emotes == [Emote("300196486_TK", 0, 7)] and emote_code("pajaM_TK", chat(24).emotes[0]) == "pajaM_TK"


def test_emote_ranges_count_code_points_not_bytes():
    line = chat(25)
    assert [emote_code(line.text, e) for e in line.emotes] == ["<3", "<3", "<3"]


@pytest.mark.parametrize("index,code", [(27, "UL"), (28, "ppa"), (29, ""), (30, "")])
def test_emote_ranges_twitch_got_wrong_are_kept_and_sliced_safely(index, code):
    line = chat(index)
    assert len(line.emotes) == 1
    assert emote_code(line.text, line.emotes[0]) == code


def test_a_timeout():
    event = parse_twitch(JSONL_LINES[0])
    assert event == ClearChat(channel="pajlada", target_user_id="148973258", target_login="fabzeef",
                              ban_duration_s=1, room_id="11148817", sent_ts_ms=1594553828245)
    assert event.is_timeout and not event.clears_all


def test_a_permanent_ban():
    event = parse_twitch(JSONL_LINES[1])
    assert (event.target_user_id, event.target_login, event.ban_duration_s) == ("70948394", "weeb123", None)
    assert not event.is_timeout and not event.clears_all     # a ban: no duration, one person


def test_a_whole_chat_clear():
    event = parse_twitch(JSONL_LINES[2])
    assert event.channel == "randers" and event.clears_all and not event.is_timeout


def test_a_deleted_message():
    assert parse_twitch(JSONL_LINES[3]) == ClearMsg(channel="pajlada", login="alazymeme", text="NIGHT CUNT",
                                                    target_msg_id="3c92014f-340a-4dc3-a9c9-e5cf182f4a84")
    assert parse_twitch(JSONL_LINES[4]).text == "test"


@pytest.mark.parametrize("index,reply", [(9, "PONG :tmi.twitch.tv"), (63, "PONG :tmi.twitch.tv"),
                                         (13, "PONG test :abc def"), (69, "PONG asd def :")])
def test_ping_gives_the_pong_to_send(index, reply):
    assert parse_twitch(JSONL_LINES[index]) == Ping(reply=reply)
    assert parse(reply).command == "PONG"


def test_pong_and_reconnect():
    assert parse_twitch(JSONL_LINES[14]) == Pong(["tmi.twitch.tv"])
    assert parse_twitch(JSONL_LINES[31]) == Reconnect()


def test_notices():
    assert parse_twitch(JSONL_LINES[10]) == Notice(channel="forsen", kind="msg_banned",
                                                   text="You are permanently banned from talking in forsen.")
    assert parse_twitch(JSONL_LINES[11]) == Notice(channel=None, kind=None, text="Improperly formatted auth")


def test_userstate_tells_whether_she_may_send_faster():
    assert not parse_twitch(JSONL_LINES[58]).privileged
    state = parse_twitch(JSONL_LINES[59])
    assert state.channel == "randers" and state.display_name == "TESTUSER" and state.privileged


def notice(index) -> UserNotice:
    event = parse_twitch(JSONL_LINES[index])
    assert isinstance(event, UserNotice)
    return event


def test_a_sub():
    event = notice(38)
    assert (event.kind, event.channel, event.user_id, event.login, event.display_name) == (
        "sub", "xqcow", "224005980", "fallenseraphhh", "fallenseraphhh")
    assert event.params["sub-plan"] == "Prime" and event.int_param("cumulative-months") == 1
    assert event.text is None and event.system_msg == "fallenseraphhh subscribed with Twitch Prime."


def test_a_resub_with_a_message():
    event = notice(39)
    assert event.kind == "resub" and event.text == "xqcL" and event.int_param("streak-months") == 2
    assert [emote_code(event.text, e) for e in event.emotes] == ["xqcL"]
    assert notice(56).text == "Kappa TEST TEST Kappa :)"
    assert notice(56).params["sub-plan-name"] == "look at those shitty emotes, rip $5 LUL"


def test_a_raid():
    event = notice(41)
    assert event.kind == "raid" and event.int_param("viewerCount") == 430
    assert event.params["displayName"] == "iamelisabete" and event.params["login"] == "iamelisabete"


def test_gifts():
    gift = notice(42)
    assert gift.kind == "subgift" and gift.params["recipient-id"] == "236653628"
    assert gift.params["recipient-display-name"] == "qatarking24xd" and gift.int_param("months") == 2
    assert gift.params["origin-id"].startswith("da 39 a3")
    assert notice(44).kind == "anonsubgift"
    mystery = notice(45)
    assert mystery.kind == "submysterygift" and mystery.int_param("mass-gift-count") == 20
    assert notice(49).kind == "anonsubmysterygift" and notice(49).int_param("mass-gift-count") == 15
    assert notice(50).params == {"sender-login": "stridezgum", "sender-name": "Stridezgum"}
    assert notice(52).kind == "anongiftpaidupgrade" and notice(52).params == {}


def test_other_user_notices_keep_their_kind():
    assert [notice(i).kind for i in (37, 54, 55, 57)] == ["bitsbadgetier", "ritual", "rewardgift", "announcement"]
    assert notice(57).text == "hello pajs pajaH Kappa Keepo" and notice(57).system_msg == ""
    assert notice(37).int_param("threshold") == 1000 and notice(37).int_param("missing") is None


@pytest.mark.parametrize("index", [5, 8, 12, 32, 60])
def test_everything_else_is_other_with_the_message(index):
    event = parse_twitch(JSONL_LINES[index])
    assert isinstance(event, Other) and event.message == parse(JSONL_LINES[index])


# --------------------------------------------------------------------------------------- the IRCv3 grammar


@pytest.mark.parametrize("raw,value", [
    ("", ""), ("plain", "plain"), ("a\\:b", "a;b"), ("a\\sb", "a b"), ("a\\\\b", "a\\b"), ("a\\rb", "a\rb"),
    ("a\\nb", "a\nb"), ("trailing\\", "trailing"), ("\\b\\x\\", "bx"), ("\\\\s", "\\s"), ("\\\\\\s", "\\ "),
    ("\\", ""), ("\\:\\s\\\\", "; \\"),
])
def test_tag_value_unescaping(raw, value):
    assert unescape_tag_value(raw) == value


@pytest.mark.parametrize("value", ["", "a;b c\\d\r\ne", "; \\", "\\s", "plain", "ünï ☃"])
def test_escaping_inverts_unescaping(value):
    assert unescape_tag_value(escape_tag_value(value)) == value


def test_tags_without_values_repeats_and_empty_segments():
    assert parse_tags("a=b;c;d=;e=1=2;;a=z;vendor.example/x=y;+client=1") == {
        "a": "z", "c": "", "d": "", "e": "1=2", "vendor.example/x": "y", "+client": "1"}
    with pytest.raises(IrcParseError, match="without a key"):
        parse_tags("a=b;=c")


@pytest.mark.parametrize("text,prefix", [
    ("nick!user@host.example", Prefix("nick", "user", "host.example")),
    ("nick@host", Prefix("nick", None, "host")),
    ("nick!user", Prefix("nick", "user", None)),
    ("tmi.twitch.tv", Prefix(None, None, "tmi.twitch.tv")),
    ("coolguy", Prefix("coolguy", None, None)),
    ("a!b@c@d", Prefix("a", "b", "c@d")),
])
def test_prefixes(text, prefix):
    assert parse_prefix(text) == prefix


@pytest.mark.parametrize("text", ["!user@host", "nick!@host", "nick!user@", "nick@", "@host", "!"])
def test_malformed_prefixes(text):
    with pytest.raises(IrcParseError, match="prefix"):
        parse_prefix(text)


@pytest.mark.parametrize("line,command,params", [
    ("foo bar baz ::asdf", "FOO", ["bar", "baz", ":asdf"]),
    (":coolguy foo bar baz :  asdf quux ", "FOO", ["bar", "baz", "  asdf quux "]),
    (":coolguy PRIVMSG bar :lol :) ", "PRIVMSG", ["bar", "lol :) "]),
    ("PING :", "PING", [""]),
    ("500 :Internal Server Error", "500", ["Internal Server Error"]),
    ("001 me :Welcome", "001", ["me", "Welcome"]),
    ("@a=b;c=32;k;rt=ql7 foo", "FOO", []),
    (":src JOIN :#chan", "JOIN", ["#chan"]),
    ("CAP * ACK :twitch.tv/tags twitch.tv/commands", "CAP", ["*", "ACK", "twitch.tv/tags twitch.tv/commands"]),
])
def test_the_grammar(line, command, params):
    msg = parse(line)
    assert (msg.command, msg.params) == (command, params)


def test_line_endings_are_dropped_once():
    for ending in ("\r\n", "\n", "\r"):
        assert parse("PING :x" + ending).params == ["x"]
    with pytest.raises(IrcParseError, match="CR, LF or NUL"):
        parse("PING :x\r\n\r\n")


@pytest.mark.parametrize("line,reason", [
    ("", "empty line"), ("\r\n", "empty line"), ("@", "empty tags"), ("@ :tmi.twitch.tv TEST", "empty tags"),
    ("@key=value", "no command after the tags"), ("@key=value : TEST", "empty prefix"),
    ("@key=value :tmi.twitch.tv", "no command after the prefix"), (":", "empty prefix"),
    (" @key=value :tmi.twitch.tv PING", "no command"), ("@key=value :tmi.twitch.tv ", "no command"),
    ("@key=value :tmi.twitch.tv P!NG", "malformed command"), ("@key=value :tmi.twitch.tv PØNG", "malformed command"),
    ("@key=value :tmi.twitch.tv P1NG", "malformed command"), ("12 :x", "malformed command"),
    ("1234 :x", "malformed command"), ("PRIVMSG #a :b\nPRIVMSG #c :d", "CR, LF or NUL"),
    ("PRIVMSG #a :b\0c", "CR, LF or NUL"), ("PRIVMSG #a :b\rc", "CR, LF or NUL"),
    ("@=x PING", "without a key"), (":nick!@host PING", "prefix"),
])
def test_malformed_lines_say_why(line, reason):
    with pytest.raises(IrcParseError, match=reason) as caught:
        parse(line)
    assert caught.value.reason == str(caught.value) and caught.value.line == line


@pytest.mark.parametrize("value", [None, b"PING :x", 42, ["PING"]])
def test_anything_but_text_is_a_parse_error(value):
    with pytest.raises(IrcParseError, match="must be str"):
        parse(value)


def test_the_parse_error_is_a_value_error():
    assert issubclass(IrcParseError, ValueError)


# ------------------------------------------------------------------------------------ Twitch tag helpers


def test_badges():
    assert parse_badges("broadcaster/1,subscriber/12") == {"broadcaster": "1", "subscriber": "12"}
    assert parse_badges("predictions/blue-1,premium/1") == {"predictions": "blue-1", "premium": "1"}
    assert parse_badges("") == {} and parse_badges(None) == {}
    assert parse_badges(",,odd,/3,vip/1") == {"odd": "", "vip": "1"}
    assert is_privileged({"broadcaster": "1"}) and not is_privileged({"vip": "1", "subscriber": "3"})


def test_emotes():
    assert parse_emotes("25:0-4,12-16/1902:6-10") == [("25", 0, 4), ("1902", 6, 10), ("25", 12, 16)]
    assert parse_emotes("emotesv2_abc:3-9") == [Emote("emotesv2_abc", 3, 9)]
    assert parse_emotes("") == [] and parse_emotes(None) == []


@pytest.mark.parametrize("value", ["25", "25:", "25:4-2", "25:a-b", "25:1", ":1-2", "25:-1-3", "/", "25:1-2-3",
                                   "25:99999999999999999999999-1"])
def test_malformed_emote_entries_are_skipped(value):
    assert parse_emotes(value) == []
    assert parse_emotes(value + "/7:0-1") == [("7", 0, 1)]


def test_bits():
    assert parse_bits("100") == 100 and parse_bits(None) is None and parse_bits("") is None
    for bad in ("-5", "1.5", "ten", "9" * 40):
        with pytest.raises(IrcParseError, match="bits"):
            parse_bits(bad)
    with pytest.raises(IrcParseError, match="bits"):
        parse_twitch("@bits=lots;user-id=1 :a!a@a.tmi.twitch.tv PRIVMSG #c :cheer")


def test_split_action():
    assert split_action("\x01ACTION waves\x01") == ("waves", True)
    assert split_action("\x01ACTION unterminated") == ("unterminated", True)
    assert split_action("\x01ACTIONwaves\x01") == ("\x01ACTIONwaves\x01", False)
    assert split_action("hello") == ("hello", False)


@pytest.mark.parametrize("line,reason", [
    ("@user-id=1 :a!a@a.tmi.twitch.tv PRIVMSG #chan", "without text"),
    ("@user-id=1 :a!a@a.tmi.twitch.tv PRIVMSG chan :hi", "not a #channel"),
    ("@user-id=1 :a!a@a.tmi.twitch.tv PRIVMSG # :hi", "not a #channel"),
    ("@display-name=a :tmi.twitch.tv PRIVMSG #chan :hi", "user-id"),   # neither a user-id nor a login
    ("@login=x :tmi.twitch.tv USERNOTICE #chan", "msg-id"),
    ("@msg-id=sub :tmi.twitch.tv USERNOTICE", "without a channel"),
    (":tmi.twitch.tv CLEARMSG #chan :gone", "target-msg-id"),
    ("@ban-duration=soon :tmi.twitch.tv CLEARCHAT #chan :x", "ban-duration"),
    (":tmi.twitch.tv NOTICE", "without a target"),
    (":tmi.twitch.tv USERSTATE", "without a channel"),
])
def test_twitch_messages_missing_what_they_must_carry(line, reason):
    with pytest.raises(IrcParseError, match=reason):
        parse_twitch(line)


def test_lenient_tags_do_not_drop_a_chat_line():
    line = parse_twitch("@user-id=7;display-name=\\s;tmi-sent-ts=yesterday;emotes=junk;badges=,, "
                        ":who!who@who.tmi.twitch.tv PRIVMSG #chan :hi")
    assert line.display_name == "who" and line.sent_ts_ms is None and line.emotes == [] and line.badges == {}


def test_twitch_event_takes_a_parsed_message():
    msg = parse(JSONL_LINES[16])
    assert isinstance(msg, IrcMessage) and twitch_event(msg) == parse_twitch(JSONL_LINES[16])
    assert msg.tag("user-id") == "29803735" and msg.tag("nope") is None and msg.trailing == "dank cam"


# --------------------------------------------------------------------------------------------- writing


def test_privmsg_lines():
    assert privmsg("pajlada", "hello there") == "PRIVMSG #pajlada :hello there"
    assert privmsg("#pajlada", "hi") == "PRIVMSG #pajlada :hi"
    reply = privmsg("retoon", "yes", reply_to="6b13e51b-7ecb-43b5-ba5b-2bb5288df696")
    assert reply == "@reply-parent-msg-id=6b13e51b-7ecb-43b5-ba5b-2bb5288df696 PRIVMSG #retoon :yes"
    assert parse(reply).tags == {"reply-parent-msg-id": "6b13e51b-7ecb-43b5-ba5b-2bb5288df696"}
    for bad in ("two\nlines", "cr\rhere", "nul\0", ""):
        with pytest.raises(ValueError):
            privmsg("chan", bad)


def test_format_line_round_trips_awkward_values():
    tags = {"a": "x; y\\z\r\n", "empty": "", "+client/k": "v"}
    line = format_line("PRIVMSG", ["#chan", ":starts with a colon"], tags)
    msg = parse(line)
    assert msg.tags == tags and msg.params == ["#chan", ":starts with a colon"]
    assert format_line("PING") == "PING" and format_line("PONG", ["x"], trailing=True) == "PONG :x"
    for command, params in (("P!NG", []), ("PRIVMSG", ["has space", "x"]), ("PRIVMSG", ["", "x"]),
                            ("PRIVMSG", [":x", "y"])):
        with pytest.raises(ValueError):
            format_line(command, params)
    with pytest.raises(ValueError):
        format_line("PING", [], {"bad key": "v"})
    with pytest.raises(ValueError):
        format_line("PING", [], {"k": "nul\0"})


# ---------------------------------------------------------------------------------------------- the fuzz


def mutations(rng: random.Random, data: bytes):
    """Random byte slices of a fixture line, with the odd byte changed, dropped or doubled."""
    start = rng.randrange(len(data))
    piece = bytearray(data[start:start + rng.randrange(1, len(data) + 1)])
    for _ in range(rng.randrange(3)):
        if not piece:
            break
        at = rng.randrange(len(piece))
        roll = rng.random()
        if roll < 0.3:
            piece[at] = rng.choice(b" :@;=!\\/,-#\x01\r\n\0\xff\xc3")
        elif roll < 0.6:
            del piece[at]
        else:
            piece.insert(at, piece[at])
    return bytes(piece)


def test_fuzzed_fixture_slices_only_parse_or_raise_irc_parse_error():
    rng = random.Random(20240610)
    lines = [line.encode("utf-8") for line in JSONL_LINES]
    outcomes = {"parsed": 0, "refused": 0, "events": 0}
    for _ in range(30000):
        data = mutations(rng, rng.choice(lines))
        text = data.decode("utf-8", rng.choice(["replace", "surrogateescape", "ignore"]))
        try:
            msg = parse(text)
        except IrcParseError:
            outcomes["refused"] += 1
            continue
        outcomes["parsed"] += 1
        try:
            twitch_event(msg)
            outcomes["events"] += 1
        except IrcParseError:
            pass
    assert min(outcomes.values()) > 1000, outcomes


def test_every_prefix_and_suffix_of_every_fixture_line_only_parses_or_refuses():
    """Any other exception fails the test; pieces both parse and are refused (the loop reached the parser)."""
    parsed = refused = 0
    for line in JSONL_LINES:
        for cut in range(len(line) + 1):
            for piece in (line[:cut], line[cut:]):
                try:
                    twitch_event(parse(piece))
                    parsed += 1
                except IrcParseError:
                    refused += 1
    assert parsed and refused, (parsed, refused)


# ------------------------------------------------------------------------------------------- send pacing


def test_send_limits_are_twitchs():
    assert (NORMAL_LIMIT, PRIVILEGED_LIMIT) == (20, 100)
    assert send_limit(False) == 20 and send_limit(True) == 100


def test_under_the_limit_sends_at_once():
    assert send_wait([], 100.0) == 0.0
    assert send_wait([100.0 + i * 0.1 for i in range(19)], 102.0) == 0.0


def test_at_the_limit_waits_for_the_oldest_to_leave_the_window():
    sent = [100.0 + i for i in range(20)]           # 100 .. 119
    assert send_wait(sent, 120.0) == pytest.approx(10.0)    # 100 leaves at 130
    assert send_wait(sent, 129.5) == pytest.approx(0.5)
    assert send_wait(sent, 130.0) == 0.0


def test_a_burst_then_the_window_slides():
    sent = [50.0] * 20
    assert send_wait(sent, 50.0) == pytest.approx(30.0)
    assert send_wait(sent, 79.999) == pytest.approx(0.001)
    assert send_wait(sent, 80.0) == 0.0


def test_moderators_may_send_a_hundred():
    sent = [0.0] * 99
    assert send_wait(sent, 1.0, privileged=True) == 0.0
    assert send_wait(sent + [0.5], 1.0, privileged=True) == pytest.approx(29.0)
    assert send_wait(sent, 1.0) == pytest.approx(29.0)


def test_old_sends_do_not_count_and_order_does_not_matter():
    sent = [5.0, 200.0, 1.0, 175.0] + [190.0] * 18
    assert send_wait(sent, 200.0) == pytest.approx(5.0)    # 20 inside (175, 190 x18, 200); 175 leaves at 205
    assert send_wait([5.0, 1.0, 150.0] + [190.0] * 18, 200.0) == 0.0   # 150 left at 180: 19 inside
    assert recent_sends(sent, 200.0) == [175.0] + [190.0] * 18 + [200.0]
    assert recent_sends([1.0, 2.0], 31.5) == [2.0] and recent_sends([1.0, 2.0], 32.0) == []


def test_following_send_wait_never_exceeds_the_limit():
    rng = random.Random(7)
    sent: list[float] = []
    now = 0.0
    for _ in range(500):
        now += rng.choice([0.0, 0.01, 0.5, 3.0])
        now += send_wait(sent, now)
        sent.append(now)
        assert sum(1 for t in sent if now - t < 30.0) <= 20


def test_send_wait_refuses_nonsense():
    for kwargs in ({"limit": 0}, {"window_s": 0.0}):
        with pytest.raises(ValueError):
            send_wait([], 1.0, **kwargs)
    with pytest.raises(ValueError):
        send_wait([], float("nan"))
    assert send_wait([1.0, 2.0], 3.0, limit=2, window_s=10.0) == pytest.approx(8.0)
