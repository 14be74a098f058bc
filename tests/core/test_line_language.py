"""Which language a chat line is in, by its common words (app.core.line_language): a table of cases."""

import pytest

from app.core.line_language import language_of
from tests.her_words import CATALOGS, DEMO


@pytest.mark.parametrize("line,language", [
    ("Hey Bea, good evening! How are you?", "en"),
    ("My name is Marco, nice to meet you.", "en"),
    ("What's my cat's name?", "en"),
    ("Should we start with Minecraft or Mario Kart?", "en"),
    ("Ciao Bea! Come stai?", "it"),
    ("Mi chiamo Giulia, e tu?", "it"),
    ("Che tempo fa oggi secondo te?", "it"),
    ("Qual è il tuo colore preferito?", "it"),
    ("Sei un'intelligenza artificiale?", "it"),
    ("C'è qualcuno?", "it"),
    ("lol", ""),             # no common word: unknown, the caller keeps the language it had
    ("Pistacchio!", ""),
    ("in chat no", ""),      # words both languages write the same vote for neither
    ("🎉🎉", ""),
])
def test_the_language_of_a_line(line, language):
    assert language_of(line, DEMO.common) == language


def test_a_tie_is_unknown():
    assert language_of("the il", DEMO.common) == ""


def test_every_language_listed_is_one_she_has_words_in_and_no_word_votes_twice():
    tables = DEMO.common.tables
    assert set(tables) == set(CATALOGS.languages)
    assert not any(tables[a] & tables[b] for a in tables for b in tables if a != b)
