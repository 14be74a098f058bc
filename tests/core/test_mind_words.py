"""Her mind's Activity lines as marked words (app.core.mind_words): every mood word has its words for the window,
and a turn's summary and an on-air change pick the sentence that fits, with English that reads as the bus's."""

from app.core.affect import MOODS
from app.core.mind_words import (
    COST,
    COST_ESTIMATED,
    MOOD_NAMES,
    MOVED,
    SPOKEN_MASKED,
    WRITTEN_DROPPED,
    moved_words,
    screened_words,
    turn_words,
)
from app.core.words import english


def test_every_mood_word_has_its_words_for_the_window():
    assert set(MOOD_NAMES) == set(MOODS)
    assert moved_words("proud") == ([MOVED, "proud"], {"mood": "proud"})


def test_a_turn_s_summary_says_its_outcome_then_its_cost():
    words, args = turn_words("spoke", 2, 120, 30, False, 41.6)
    assert words[1] == COST and english(words, args) == "turn: spoke, 2 call(s), 120+30 tokens, 42 ms"
    words, args = turn_words("something new", 1, 5, 6, True, 3.0)
    assert words[1] == COST_ESTIMATED
    assert english(words, args) == "turn: something new, 1 call(s), ~5+6 tokens (estimated), 3 ms"


def test_an_on_air_change_is_said_for_her_voice_or_for_where_the_line_went():
    assert screened_words(False, "voice", "f***") == (SPOKEN_MASKED, {"found": "f***"})
    assert screened_words(True, "twitch #bea", "***") == (WRITTEN_DROPPED, {"where": "twitch #bea", "found": "***"})


def test_each_marked_tool_observation_is_words_a_tool_really_returns():
    """The marked observations repeat the tools' own words: one changed there would silently stay English."""
    from app.core.mind_words import OBSERVATIONS
    from tests.conftest import REPO
    source = "".join((REPO / p).read_text(encoding="utf-8") for p in ("app/mind/expression.py",
                                                                      "app/skills/memory/skill.py"))
    assert all(f'return "{words}"' in source for words in OBSERVATIONS)
