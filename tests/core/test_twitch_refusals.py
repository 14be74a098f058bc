"""Twitch refusing her own chat lines, said in plain words, with what needs the streamer."""

import pytest

from app.core.twitch_refusals import refusal
from tests.skills.twitch.helpers import fixture, parse_twitch

# Twitch's NOTICE msg-ids for a line it did not post, and whether the refusal lasts until someone acts
LASTING = ["msg_banned", "msg_channel_blocked", "msg_suspended", "msg_channel_suspended", "msg_emoteonly",
           "msg_subsonly", "msg_followersonly", "msg_followersonly_followed", "msg_followersonly_zero",
           "msg_verified_email", "msg_requires_verified_phone_number"]
PASSING = ["msg_duplicate", "msg_ratelimit", "msg_slowmode", "msg_r9k", "msg_rejected", "msg_rejected_mandatory",
           "msg_bad_characters", "msg_timedout"]


@pytest.mark.parametrize("kind", LASTING + PASSING)
def test_each_refusal_is_said_plainly_and_says_whether_it_lasts(kind):
    r = refusal(kind, "Twitch's own words.", "bea", "bea_bot")
    assert r is not None and r.kind == kind
    assert r.needs_action == (kind in LASTING)
    assert "msg_" not in r.words and r.words.endswith(".")
    assert r.words.startswith(("Twitch did not post her message", "Twitch's AutoMod is holding her message"))


def test_a_ban_names_her_account_the_channel_and_the_fix():
    r = refusal("msg_banned", "You are permanently banned from talking in bea.", "bea", "bea_bot")
    assert r.words == ("Twitch did not post her message: her account (bea_bot) is banned from #bea. To let her "
                       "write, unban her there (/unban bea_bot).")


def test_the_fixture_ban_notice_is_a_lasting_refusal():
    notice = parse_twitch(fixture("msg-id=msg_banned"))
    r = refusal(notice.kind, notice.text, notice.channel, "bea_bot")
    assert r.needs_action and "#forsen" in r.words


def test_a_duplicate_and_a_timeout_pass_on_their_own():
    assert refusal("msg_duplicate", "Your message is identical...", "bea", "b").words == (
        "Twitch did not post her message: it was the same as one she sent less than 30 seconds ago.")
    timed = refusal("msg_timedout", "You are timed out for 9 more seconds.", "bea", "b")
    assert not timed.needs_action and timed.words.endswith("You are timed out for 9 more seconds.")


def test_an_unknown_refusal_keeps_twitchs_words():
    r = refusal("msg_something_new", "Something new went wrong.", "bea", "b")
    assert (r.words, r.needs_action) == ("Twitch did not post her message. Twitch says: Something new went wrong.",
                                         False)


@pytest.mark.parametrize("kind", [None, "", "emote_only_on", "slow_on", "unrecognized_cmd"])
def test_other_notices_are_not_refusals(kind):
    assert refusal(kind, "This room is now in emote-only mode.", "bea", "b") is None


def test_without_a_login_the_words_still_read():
    assert "her account (her account)" not in refusal("msg_banned", "", "bea", "").words
