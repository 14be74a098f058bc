"""When she dreams, how a dream is read, and when a person is due a profile."""

from datetime import datetime

import pytest

from app.core.dreaming import Dreamt, next_dream, profile_due, read_dream


def at(day, hour, minute=0):
    return datetime(2026, 12, day, hour, minute)


@pytest.mark.parametrize("now,last,due", [
    (at(2, 1), None, at(2, 4)),             # before tonight's hour
    (at(2, 17), None, at(3, 4)),            # after it: tomorrow night
    (at(3, 5), at(3, 4), at(4, 4)),         # dreamt tonight already
    (at(3, 3), at(2, 4), at(3, 4)),         # before tonight's hour, last night done
    (at(5, 12), at(2, 4), at(3, 4)),        # the app was closed through dream time: overdue, dream now
    (at(3, 4, 30), at(2, 4), at(3, 4)),     # tonight's hour passed a moment ago: due (overdue)
])
def test_next_dream(now, last, due):
    assert next_dream(now, 4, last) == due


def test_read_dream_keeps_tagged_lines_once():
    text = """Here is what I remember:
    PERSON: Marco's cat is called Pixel
    - PERSON: marco's cat is called pixel
    BEA: I said I had been to Mars
    LORE: I get nervous before boss fights
    PERSON: ok
    random untagged musing
    """
    assert read_dream(text, 7) == [
        Dreamt("person", "session:7", "Marco's cat is called Pixel"),
        Dreamt("bea", "session:7", "I said I had been to Mars"),
        Dreamt("bea", "self-lore", "I get nervous before boss fights")]


@pytest.mark.parametrize("messages,profiled_at,due", [
    (19, None, False), (20, None, True), (150, 20, False), (220, 20, True)])
def test_profile_due(messages, profiled_at, due):
    assert profile_due(messages, profiled_at) is due
