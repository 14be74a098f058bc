"""When she dreams, how a dream is read, and when a person is due a profile."""

from datetime import datetime

import pytest

from app.core.dreaming import Dreamt, about_the_streamer, next_dream, profile_due, read_dream, told_facts


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


@pytest.mark.parametrize("line,kept", [
    ("[Streamer] my cat is called Pistacchio", "Streamer: my cat is called Pistacchio"),
    ("[Streamer, out loud] il mio gatto si chiama Pistacchio", "Streamer: il mio gatto si chiama Pistacchio"),
    ("[marco] I work as a nurse in Turin", "marco: I work as a nurse in Turin"),
    ("a line no sense named, long enough to keep", "a line no sense named, long enough to keep"),
    ("[marco] ciao bea", None),                       # a greeting: too short
    ("[marco] come stai oggi bea", None),             # asks (Italian)
    ("[zoe] what is your cat called", None),          # asks (English), no question mark
    ("[zoe] your cat has a name, right?", None),      # a question mark
    ("[zoe] lol lol lol lol", None),                  # a fragment
])
def test_told_facts_keeps_statements_verbatim_under_who_said_them(line, kept):
    found = told_facts([(line, "twitch:1")], 7)
    assert [d.text for d in found] == ([kept] if kept else [])
    assert all((d.source, d.scope, d.author) == ("person", "session:7", "twitch:1") for d in found)


def test_told_facts_keeps_a_statement_said_twice_once():
    found = told_facts([("[marco] my dog is called Fido today", None), ("[marco] My dog is called Fido today", None)],
                       1)
    assert len(found) == 1


@pytest.mark.parametrize("said,section", [
    ("my cat is called Pistacchio", "relationships"),
    ("il mio gatto si chiama Pistacchio", "relationships"),
    ("I really love spicy ramen", "preferences"),
    ("domani devo finire il video", "commitments"),
    ("I stream every morning at nine", "routine"),
    ("I am a nurse from Turin", "identity"),
])
def test_about_the_streamer_picks_the_section_from_the_words(said, section):
    assert about_the_streamer(said) == (section, "told: " + " ".join(said.casefold().split()))
