"""app.core.words.Phrase: a line kept for the window as its marked sentence and its values, never as English text
that the window would have to read the values back out of."""

from app.core.interview_lines import NO_MODEL, STOPPED_BECAUSE
from app.core.words import Phrase, phrase


def test_a_phrase_keeps_its_sentence_and_values_apart_and_says_them_in_english():
    said = phrase("interview", NO_MODEL, detail="server error (500): model not loaded")
    assert said == Phrase("interview", NO_MODEL, (("detail", "server error (500): model not loaded"),))
    assert said.english == ("Stopped: it couldn't get an answer from the model (detail: server error (500): model not "
                            "loaded). Your lines go to Bea again.")


def test_a_value_that_looks_like_the_sentence_stays_a_value():
    said = phrase("interview", STOPPED_BECAUSE, why="you asked to stop). Your lines go to Bea again. (")
    assert dict(said.args) == {"why": "you asked to stop). Your lines go to Bea again. ("}


def test_values_are_kept_as_text_and_a_phrase_without_values_is_its_sentence():
    assert phrase("chat_dock", "{name} (out loud)", name=7).args == (("name", "7"),)
    assert phrase("chat_dock", "You").english == "You"


def test_a_value_may_be_a_phrase_of_its_own_and_says_its_english_inside():
    said = phrase("token_platform", "no bot token is kept (Settings → {title})", title=phrase("skills", "Telegram"))
    assert said.args == (("title", Phrase("skills", "Telegram")),)
    assert str(said) == said.english == "no bot token is kept (Settings → Telegram)"
