"""What a Twitch chat line is: a PRIVMSG without a user-id keeps its author (from the login), its
bits and its /me; a channel-point redemption and a highlighted message are told from plain chat; a line without
a message id still has a delivery id for its bits; words riding in tags are one line."""

import pytest

from app.core.irc import HIGHLIGHTED, REDEMPTION, ChatLine, IrcParseError, UserNotice, parse, twitch_event
from tests.skills.twitch.helpers import FIXTURE_LINES, fixture

LOGIN_ONLY = "@bits=100;display-name=Anna :anna!anna@anna.tmi.twitch.tv PRIVMSG #bea :Cheer100 ciao"
LOGIN_ONLY_ACTION = ":anna!anna@anna.tmi.twitch.tv PRIVMSG #bea :\x01ACTION waves\x01"
REWARD = ("@badge-info=;badges=;color=;custom-reward-id=7a3f5b0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b;display-name=Anna;"
          "emotes=;flags=;id=r-1;mod=0;room-id=1;subscriber=0;tmi-sent-ts=1700000000000;turbo=0;user-id=55;"
          "user-type= :anna!anna@anna.tmi.twitch.tv PRIVMSG #bea :sing the pirate song")
HIGHLIGHT = ("@badge-info=;badges=;color=;display-name=Anna;emotes=;flags=;id=h-1;mod=0;"
             "msg-id=highlighted-message;room-id=1;subscriber=0;tmi-sent-ts=1700000000000;turbo=0;user-id=55;"
             "user-type= :anna!anna@anna.tmi.twitch.tv PRIVMSG #bea :look at me")

# Twitch's IRC documentation (dev.twitch.tv/docs/chat/irc, the USERNOTICE example "after a broadcaster raided the
# channel"): the system-msg holds Twitch's escape for a line break (a backslash and an n) before its "!"
RAID_WITH_BREAK = ("@badge-info=;badges=turbo/1;color=#9ACD32;display-name=TestChannel;emotes=;"
                   "id=3d830f12-795c-447d-af3c-ea05e40fbddb;login=testchannel;mod=0;msg-id=raid;"
                   "msg-param-displayName=TestChannel;msg-param-login=testchannel;msg-param-viewerCount=15;"
                   "room-id=33332222;subscriber=0;system-msg=15\\sraiders\\sfrom\\sTestChannel\\shave\\sjoined\\n!;"
                   "tmi-sent-ts=1507246572675;turbo=1;user-id=123456;user-type= :tmi.twitch.tv USERNOTICE "
                   "#othertestchannel")
CHEER_WITHOUT_ID = fixture("bits=1;").replace("id=d7f03a35-f339-41ca-b4d4-7c0721438570;", "")


def chat(line: str) -> ChatLine:
    event = twitch_event(parse(line))
    assert isinstance(event, ChatLine)
    return event


def test_a_cheer_without_a_user_id_keeps_its_bits_and_takes_its_author_from_the_login():
    line = chat(LOGIN_ONLY)
    assert (line.user_id, line.login, line.display_name, line.bits, line.text) == (
        None, "anna", "Anna", 100, "Cheer100 ciao")
    assert line.author_id == "login:anna"          # never equal to a numeric user id


def test_a_me_without_any_tags_is_an_action_of_the_login():
    line = chat(LOGIN_ONLY_ACTION)
    assert (line.text, line.is_action, line.author_id, line.display_name) == ("waves", True, "login:anna", "anna")


def test_a_line_with_a_user_id_is_authored_by_it():
    assert chat(fixture("display-name=JuN1oRRRR")).author_id == "29803735"


def test_a_line_with_neither_a_user_id_nor_a_login_has_nobody_to_count():
    line = fixture("@display-name=테스트계정420 :tmi.twitch.tv PRIVMSG")
    with pytest.raises(IrcParseError, match="neither a user-id tag nor the sender's login"):
        twitch_event(parse(line))


def test_a_redemption_and_a_highlighted_message_are_their_own_kinds():
    reward, highlight = chat(REWARD), chat(HIGHLIGHT)
    assert (reward.event, reward.reward_id, reward.text) == (
        REDEMPTION, "7a3f5b0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "sing the pirate song")
    assert (highlight.event, highlight.msg_kind, highlight.reward_id, highlight.text) == (
        HIGHLIGHTED, "highlighted-message", None, "look at me")


def test_no_fixture_chat_line_is_a_redemption_or_a_highlight():
    lines = []
    for raw in FIXTURE_LINES:
        try:
            event = twitch_event(parse(raw))
        except IrcParseError:
            continue
        if isinstance(event, ChatLine):
            lines.append(event)
    assert len(lines) == 16 and all(line.event is None for line in lines)


def test_a_raids_line_break_is_a_space():
    raid = twitch_event(parse(RAID_WITH_BREAK))
    assert isinstance(raid, UserNotice)
    assert parse(RAID_WITH_BREAK).tags["system-msg"] == "15 raiders from TestChannel have joined\n!"   # raw, as sent
    assert raid.system_msg == "15 raiders from TestChannel have joined !"


def test_every_word_in_a_tag_is_one_line():
    tags = {"system-msg": "a\\r\\nb", "msg-param-recipient-display-name": "Bo\\nBo", "display-name": "An\\nna",
            "reply-parent-msg-body": "one\\ntwo", "reply-parent-msg-id": "p1"}
    escaped = ";".join(f"{k}={v}" for k, v in tags.items())
    notice = twitch_event(parse(f"@msg-id=subgift;{escaped} :tmi.twitch.tv USERNOTICE #bea"))
    assert (notice.system_msg, notice.params["recipient-display-name"], notice.display_name) == (
        "a b", "Bo Bo", "An na")
    line = chat(f"@{escaped} :anna!anna@anna.tmi.twitch.tv PRIVMSG #bea :hi")
    assert (line.display_name, line.reply_parent.body) == ("An na", "one two")


def test_a_cheer_without_a_message_id_still_has_a_delivery_id():
    with_id, without = chat(fixture("bits=1;")), chat(CHEER_WITHOUT_ID)
    assert with_id.delivery_id(5) == "d7f03a35-f339-41ca-b4d4-7c0721438570"
    assert (without.msg_id, without.bits) == (None, 1)
    assert without.delivery_id(5) == without.delivery_id(9) == "36175310@1594571566672"   # Twitch's stamp
    unstamped = chat(LOGIN_ONLY)                  # neither an id nor tmi-sent-ts: when it came
    assert unstamped.delivery_id(5) == "login:anna@received:5" != unstamped.delivery_id(6)
