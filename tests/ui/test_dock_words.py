"""The words the People and You docks share: when a moment was, and a number, in either language; and a count with
its noun in Qt's plural forms, English's from bea_en and Italian's from bea_it."""

from datetime import datetime, timedelta

import pytest

from app.ui.language import install_window_language
from app.widgets.dock_words import number, when_text
from app.widgets.qt import QLocale, translate

NOW = datetime(2025, 9, 16, 12, 0).timestamp()       # a Tuesday


def _at(days: int, hour: int, minute: int) -> float:
    return (datetime(2025, 9, 16) + timedelta(days=days, hours=hour, minutes=minute)).timestamp()


@pytest.fixture
def italian(qapp):
    assert install_window_language("it") == "it"
    yield
    install_window_language("en")


@pytest.mark.parametrize(("ts", "english", "italian_words"), [
    (None, "never", "mai"),
    (0.0, "never", "mai"),                              # a store's "no time yet"
    (_at(0, 8, 55), "today 08:55", "oggi 08:55"),
    (_at(0, 23, 59), "today 23:59", "oggi 23:59"),
    (_at(-1, 21, 10), "yesterday 21:10", "ieri 21:10"),
    (_at(1, 7, 30), "tomorrow 07:30", "domani 07:30"),
])
def test_a_moment_near_today_is_said_by_its_day_and_clock(qapp, ts, english, italian_words):
    assert when_text(ts, NOW) == english
    assert install_window_language("it") == "it"
    try:
        assert when_text(ts, NOW) == italian_words
    finally:
        install_window_language("en")


def test_a_moment_further_away_is_a_date_with_the_year_only_when_it_is_not_this_one(qapp):
    locale = QLocale()
    assert when_text(_at(-2, 9, 0), NOW) == locale.toString(datetime(2025, 9, 14, 9, 0), "ddd dd MMM")
    assert when_text(_at(-300, 9, 0), NOW) == locale.toString(datetime(2024, 11, 20, 9, 0), "dd MMM yyyy")
    assert "2025" not in when_text(_at(-2, 9, 0), NOW)


def test_a_count_says_its_noun_in_the_plural_form_its_number_takes(qapp, italian):
    def messages(n):
        return translate("people_dock", "%Ln messages", None, n)
    assert (messages(1), messages(2), messages(50000)) == ("1 messaggio", "2 messaggi", "50.000 messaggi")
    assert translate("person_dock", "%Ln entries", None, 1) == "1 voce"   # each dock's nouns in its own context


def test_an_english_count_says_its_singular_from_the_english_plural_forms(qapp):
    QLocale.setDefault(QLocale("en_US"))
    try:
        assert [translate("people_dock", "%Ln messages", None, n) for n in (0, 1, 1234)] == [
            "0 messages", "1 message", "1,234 messages"]
    finally:
        install_window_language("en")


def test_a_number_is_written_as_the_window_locale_writes_it(qapp, italian):
    assert (number(1234567), number(12.5, 2)) == ("1.234.567", "12,50")
    QLocale.setDefault(QLocale("en_US"))
    try:
        assert (number(1234567), number(12.5, 2)) == ("1,234,567", "12.50")
    finally:
        install_window_language("en")
