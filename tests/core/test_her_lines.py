"""Her spoken lines as the window follows them: said or cut, by the words her voice got to say."""

import pytest

from app.core.her_lines import LineState, SpokenLine, was_cut

CASES = [
    # written, said, cut?
    ("one two three four", "one two three four", False),
    ("one two three four", "one two", True),                          # a barge-in stopped her there
    ("one two three four", "", True),                                 # stopped before her first word
    ("Hi <do:wave> everyone, welcome!", "Hi everyone, welcome!", False),   # actions are played, not said
    ("Hi  there,\nfriend!", "Hi there, friend!", False),              # chunks joined with single spaces
    ("Ciao, è bello vederti!", "Ciao, è bello vederti!", False),
    ("Ciao, è bello vederti!", "Ciao, è", True),
]


@pytest.mark.parametrize(("written", "said", "cut"), CASES)
def test_a_line_is_cut_when_fewer_words_were_said_than_written(written, said, cut):
    assert was_cut(written, said) is cut


def test_an_ended_line_keeps_its_number_and_text_and_says_what_was_said():
    line = SpokenLine(7, "one two three four", LineState.SPEAKING)
    assert line.ended("one two") == SpokenLine(7, "one two three four", LineState.CUT, "one two")
    assert line.ended("one two three four").state is LineState.SAID
