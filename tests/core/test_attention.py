"""Attention rules as tables: who is talking to her, how much the rest concerns her, when she is quiet."""

from datetime import time

import pytest

from app.core.attention import (
    ACTIVITY_CAP,
    FOLLOW_UP_SECONDS,
    Cues,
    Signals,
    activity_bonus,
    explain,
    first_mention,
    is_addressed,
    is_follow_up,
    is_for_her,
    is_quiet,
    parse_window,
    score,
)

NAMES = ("Bea", "Beatrice", "la bea")
OWNER = "local:owner"

NAME_CASES = [
    # text, addressed
    ("Bea!", True),
    ("@bea che ne pensi", True),
    ("ciao bea, come stai?", True),
    ("BEA", True),
    ("hey Béa", True),                               # accents aside
    ("grazie Beà!!", True),
    ("(bea) lol", True),
    ("bea's stream is the best", True),
    ("Beatrice, ci sei?", True),                     # an alias
    ("ho visto la   bea ieri", True),                # a two-word alias, spacing aside
    ("what a beautiful day", False),
    ("a bear in the woods", False),
    ("beato te", False),
    ("bea_fan_99 is here", False),                   # part of a username
    ("bea123", False),
    ("abea", False),
    ("Beatrix Kiddo", False),
    ("il caffè è pronto", False),
    ("", False),
]


@pytest.mark.parametrize("text,addressed", NAME_CASES)
def test_her_name_on_word_boundaries(text, addressed):
    assert is_addressed(Cues(text=text, names=NAMES)) == ((True, "her name") if addressed else
                                                           (False, "not addressed"))


ADDRESS_CASES = [
    # cues, reason (None: not addressed)
    (Cues(text="hi everyone", author=OWNER, owner=OWNER), "owner"),
    (Cues(text="hi everyone", author="twitch:1", owner=OWNER), None),
    (Cues(text="hi everyone", author=None, owner=None), None),         # no owner configured: nobody is
    (Cues(text="5€ per il canale", donation=True), "donation"),
    (Cues(text="ehi, sei sveglia?", dm=True), "dm"),
    (Cues(text="psst", whisper=True), "whisper"),
    (Cues(text="mm, yeah", one_to_one=True), "voice 1:1"),
    (Cues(text="haha true", reply_to="m-42", own_message_ids={"m-41", "m-42"}), "reply to her"),
    (Cues(text="haha true", reply_to="m-40", own_message_ids={"m-41", "m-42"}), None),
    (Cues(text="you're standing still", flagged=True), "flagged by its surface"),
    (Cues(text="bea look", names=NAMES, author=OWNER, owner=OWNER), "owner"),   # first rule wins
    (Cues(text="gg", names=NAMES), None),
]


@pytest.mark.parametrize("cues,reason", ADDRESS_CASES)
def test_is_addressed(cues, reason):
    assert is_addressed(cues) == ((True, reason) if reason else (False, "not addressed"))


def test_first_mention_names_which_one():
    assert first_mention("parliamo di Minecraft e di Elden Ring", ["Elden Ring", "Minecraft"]) == "Elden Ring"
    assert first_mention("minecraftiani", ["Minecraft"]) is None


SCORE_CASES = [
    # signals, score
    (Signals(salience=0.5), 0.5),
    (Signals(salience=0.5, question=True), 0.6),
    (Signals(salience=0.5, known=True), 0.6),
    (Signals(salience=0.5, hot=True), 0.7),
    (Signals(salience=0.5, recent_lines=5), 0.5 + ACTIVITY_CAP / 2),
    (Signals(salience=0.5, silent_for=179.0), 0.5),
    (Signals(salience=0.5, silent_for=180.0), 0.65),
    (Signals(salience=0.5, noise=True), 0.1),
    (Signals(salience=0.0), 0.0),
    (Signals(salience=0.9, hot=True, known=True, question=True, recent_lines=50, silent_for=600), 1.0),
    (Signals(salience=1.0, in_cooldown=True, hot=True, question=True), 0.0),
    (Signals(salience=1.0, quiet_hours=True, known=True), 0.0),
]


@pytest.mark.parametrize("signals,expected", SCORE_CASES)
def test_score(signals, expected):
    assert score(signals) == pytest.approx(expected)


def test_a_known_person_ranks_above_a_stranger_saying_the_same():
    assert score(Signals(salience=0.4, known=True)) > score(Signals(salience=0.4, known=False))


def test_activity_saturates():
    bonuses = [activity_bonus(n) for n in range(0, 200)]
    gains = [b - a for a, b in zip(bonuses, bonuses[1:], strict=False)]
    assert bonuses[0] == 0.0
    assert all(g > 0 for g in gains)                                   # more lines, more interest
    assert all(later < earlier for earlier, later in zip(gains, gains[1:], strict=False))  # diminishing
    assert max(bonuses) < ACTIVITY_CAP                                 # capped
    assert activity_bonus(-3) == 0.0


def test_explain_names_what_counted():
    assert explain(Signals(salience=0.5, question=True, known=True)) == (
        pytest.approx(0.7), ("salience 0.50", "known person", "question"))
    assert explain(Signals(in_cooldown=True, quiet_hours=True)) == (0.0, ("cooldown",))


FOLLOW_UP_CASES = [
    # now, she spoke at, was in the exchange, follow-up
    (100.0, 90.0, True, True),
    (100.0, 100.0 - FOLLOW_UP_SECONDS, True, True),
    (100.0, 100.0 - FOLLOW_UP_SECONDS - 1, True, False),
    (100.0, 90.0, False, False),                  # a newcomer is not answering her
    (100.0, None, True, False),                   # she never spoke there
]


@pytest.mark.parametrize("now,spoke,engaged,expected", FOLLOW_UP_CASES)
def test_is_follow_up(now, spoke, engaged, expected):
    assert is_follow_up(now, spoke, engaged) is expected


NIGHT = (time(23, 0), time(7, 0))
LUNCH = (time(13, 0), time(14, 0))
EMPTY = (time(9, 0), time(9, 0))

QUIET_CASES = [
    # at, windows, quiet
    (time(23, 0), [NIGHT], True),            # start is inside
    (time(22, 59, 59), [NIGHT], False),
    (time(0, 0), [NIGHT], True),             # across midnight
    (time(3, 30), [NIGHT], True),
    (time(6, 59, 59), [NIGHT], True),
    (time(7, 0), [NIGHT], False),            # end is outside
    (time(12, 0), [NIGHT], False),
    (time(13, 0), [LUNCH], True),
    (time(13, 59), [LUNCH], True),
    (time(14, 0), [LUNCH], False),
    (time(12, 59), [LUNCH], False),
    (time(9, 0), [EMPTY], False),            # an empty window is never quiet
    (time(21, 0), [EMPTY], False),
    (time(13, 30), [NIGHT, LUNCH], True),
    (time(10, 0), [NIGHT, LUNCH], False),
    (time(10, 0), [], False),
]


@pytest.mark.parametrize("at,windows,quiet", QUIET_CASES)
def test_is_quiet(at, windows, quiet):
    assert is_quiet(at, windows) is quiet


@pytest.mark.parametrize("text,window", [
    ("23:00-07:00", NIGHT),
    (" 7:30 - 9:05 ", (time(7, 30), time(9, 5))),
    ("09:00-09:00", EMPTY),
])
def test_parse_window(text, window):
    assert parse_window(text) == window


@pytest.mark.parametrize("text", ["23-07", "25:00-07:00", "23:00-07:60", "23:00", "notte", ""])
def test_parse_window_rejects_garbage_with_a_readable_message(text):
    with pytest.raises(ValueError, match="looks like 23:00-07:00"):
        parse_window(text)


@pytest.mark.parametrize("reasons,for_her", [
    (("addressed: her name",), True),
    (("follow-up",), True),
    (("salience 0.90", "hot", "question"), False),     # a score of 1.0 is still only a score
    (("cooldown",), False),
    ((), False),
])
def test_is_for_her_reads_the_gates_reasons(reasons, for_her):
    assert is_for_her(reasons) is for_her
