"""app.core.words.filled: a line kept in English is matched back to its marked template and its values, so the
window can say it in its language (the Chat dock's interview lines)."""

from app.core.interview_lines import NO_MODEL, NOT_KEPT, STOPPED_BECAUSE, TEMPLATES
from app.core.words import filled


def test_the_values_come_back_from_the_english_line():
    line = NO_MODEL.format(detail="server error (500): model not loaded")
    assert filled(TEMPLATES, line) == (NO_MODEL, {"detail": "server error (500): model not loaded"})
    assert filled(TEMPLATES, NOT_KEPT.format(detail="a: b.")) == (NOT_KEPT, {"detail": "a: b."})
    assert filled(TEMPLATES, STOPPED_BECAUSE.format(why="the app\nclosed")) == (STOPPED_BECAUSE,
                                                                                 {"why": "the app\nclosed"})


def test_a_line_no_template_fits_is_none_and_template_punctuation_is_literal():
    assert filled(TEMPLATES, "Stopped (you asked to stop) and more") is None
    assert filled(TEMPLATES, "I couldn't keep that (detail: x)!") is None
    assert filled(("a.b {x}",), "aXb 1") is None and filled(("a.b {x}",), "a.b 1") == ("a.b {x}", {"x": "1"})
