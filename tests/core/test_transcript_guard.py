"""The hallucination guards (app.core.transcript_guard) on real decodes: whisper's own loops on German speech are
rejected, real English, German and Italian transcripts pass untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core import transcript_guard as tg
from app.core.transcript_guard import Piece, judge

LOOPS = json.loads((Path(__file__).with_name("whisper_loops.json")).read_text("utf-8"))
JFK = ("And so my fellow Americans, ask not what your country can do for you, "
       "ask what you can do for your country.")
# what whisper base (multilingual) wrote for the espeak-ng clips in tests/senses/voice/speech, with its scores
REAL = [
    (Piece(JFK, 0.072, -0.14, tg.compression_ratio(JFK)), 11.0),
    (Piece("Ciao a tutti, benvenuti nella diretta di stacera. Oggi finiamo il castello insieme.", 0.03, -0.33,
           1.08), 6.2),
    (Piece("Hallo zusammen, willkommen zu uns im Stream. Heute bauen wir die Burg fertig und du edest mit mir.",
           0.285, -0.45, 1.11), 7.2),
    (Piece("No, no, no, no, wait.", 0.05, -0.3, 1.2), 1.5),
    (Piece("Ha ha ha ha ha!", 0.1, -0.4, 1.5), 1.5),
]


def pieces(decode: dict) -> list[Piece]:
    return [Piece(s["text"], s["no_speech_prob"], s["avg_logprob"], s["compression_ratio"], s["end_s"])
            for s in decode["segments"]]


@pytest.mark.parametrize("decode", LOOPS["decodes"], ids=["greedy", "beam5-conditioned"])
def test_whispers_real_loops_on_german_never_become_text(decode) -> None:
    verdict = judge(pieces(decode), decode["audio_s"])
    assert verdict.text == ""
    assert verdict.dropped and not verdict.clean


def test_a_loop_is_caught_by_the_loop_rule_alone() -> None:
    """The repeated sentence of the greedy decode, with whisper's scores set to pass: the words still loop."""
    text = " ".join(s["text"] for s in LOOPS["decodes"][0]["segments"])
    verdict = judge([Piece(text)], 60.0)
    assert verdict.text == "" and verdict.dropped == (tg.LOOP,)


@pytest.mark.parametrize("text", ["T. " * 85, "redest " * 108, "Danke. " * 12, "I'm not a tourist, " * 9])
def test_the_loops_of_the_issue_are_rejected_whatever_their_scores(text: str) -> None:
    verdict = judge([Piece(text, 0.1, -0.2, 1.0)], 30.0)
    assert verdict.text == "" and tg.LOOP in verdict.dropped


@pytest.mark.parametrize(("piece", "audio_s"), REAL)
def test_real_speech_passes_untouched(piece: Piece, audio_s: float) -> None:
    verdict = judge([piece], audio_s)
    assert verdict.text == piece.text and verdict.clean


def test_no_speech_guess_and_repetition_drop_only_their_piece() -> None:
    good = Piece("Okay, let's go.", 0.1, -0.3, 1.1)
    verdict = judge([Piece("Thank you for watching!", 0.8, -1.2, 1.0), good,
                     Piece("Thank you very much for watching!", 0.19, -1.09, 0.8), Piece("a", 0.0, -0.1, 3.0)],
                    3.0)
    assert verdict.text == "Okay, let's go."
    assert verdict.dropped == (tg.NOISE, tg.GUESS, tg.REPETITIVE)


def test_a_piece_ending_far_after_the_audio_is_dropped() -> None:
    verdict = judge([Piece("Okay.", end_s=2.0), Piece("and then we went home", end_s=9.0)], 3.0)
    assert verdict.text == "Okay." and verdict.dropped == (tg.LATE,)


def test_more_text_than_the_audio_can_hold_is_rejected() -> None:
    said = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
    assert judge([Piece(said)], 3.0).text == said                 # 16 words in 3 s: fast, but said
    verdict = judge([Piece(said + " " + said.replace(" ", "-"))], 1.0)
    assert verdict.text == "" and verdict.dropped == (tg.TOO_MUCH,)


def test_compression_ratio_is_gzips_and_empty_text_is_nothing() -> None:
    assert tg.compression_ratio("") == 0.0
    assert tg.compression_ratio("T. " * 85) > tg.MAX_COMPRESSION > tg.compression_ratio(JFK)
    assert judge([Piece("  "), Piece("")], 1.0) == tg.Judgement("", ())


# rule 5: scripts without spaces count graphemes
@pytest.mark.parametrize(("text", "expected"), [
    ("Ask not, what—your country's 2 cents", ["ask", "not", "what", "your", "country's", "2", "cents"]),
    ("配信ありがとう", ["配", "信", "あ", "り", "が", "と", "う"]),
    ("OK 谢谢大家!", ["ok", "谢", "谢", "大", "家"]),
    ("สวัสดี", ["ส", "วั", "ส", "ดี"]),                              # Thai vowels sit on their consonant
    ("Cafe\u0301 ou\u0300", ["cafe\u0301", "ou\u0300"]),               # decomposed accents stay in the word
])
def test_words_are_counted_as_each_script_writes_them(text: str, expected: list[str]) -> None:
    assert tg.words(text) == expected


@pytest.mark.parametrize("text", ["ありがとうございます" * 4, "谢谢大家。" * 5, "ขอบคุณครับ" * 4, "はは" * 7])
def test_a_loop_in_a_script_without_spaces_is_rejected(text: str) -> None:
    verdict = judge([Piece(text, 0.05, -0.3, 1.5)], 12.0)
    assert verdict.text == "" and verdict.dropped == (tg.LOOP,)


@pytest.mark.parametrize("text", ["今日は新しいお城を一緒に完成させましょう。", "大家好，欢迎来到今晚的直播。"])
def test_a_sentence_in_a_script_without_spaces_passes(text: str) -> None:
    """Said at a natural pace (up to 8 syllables a second): the word cap counts spaced words only."""
    verdict = judge([Piece(text, 0.05, -0.3, 1.2)], len(text) / 8)
    assert verdict.text == text and verdict.clean


# rule 6: whisper's language detection. The probabilities are whisper base's for the espeak-ng clips of
# tests/senses/voice/speech (6-7 s, the encoder's window cut to the clip)
ITALIAN_CLIP = {"it": 0.963, "la": 0.023, "cs": 0.005, "en": 0.002}
GERMAN_CLIP = {"de": 0.889, "nn": 0.034, "en": 0.028}
ENGLISH_CLIP = {"en": 0.961, "pt": 0.009, "es": 0.005}


@pytest.mark.parametrize(("probabilities", "wanted", "problem"), [
    (ITALIAN_CLIP, "en", tg.OTHER_LANGUAGE),       # "Thank you very much." never comes of it
    (GERMAN_CLIP, "en", tg.OTHER_LANGUAGE),
    (ENGLISH_CLIP, "it", tg.OTHER_LANGUAGE),       # nor English half translated into Italian
    (ENGLISH_CLIP, "fr", tg.OTHER_LANGUAGE),       # a language whisper did not list at all
    (ITALIAN_CLIP, "it", None),
    (ENGLISH_CLIP, "en", None),
    ({"cs": 0.53, "la": 0.17, "it": 0.12}, "it", tg.OTHER_LANGUAGE),   # 3 s of Italian: too unsure to hear
    ({"es": 0.65, "it": 0.25}, "it", None),        # in doubt: rule 7 asks the words
    (ITALIAN_CLIP, None, None),                    # detecting: sure of Italian
    ({"ja": 0.31, "it": 0.22, "la": 0.2}, None, tg.UNSURE_LANGUAGE),   # detecting: a guess is not heard
    (None, "en", None),                            # an English-only model tells nothing: rules 2-3 alone
    ({}, None, None),
])
def test_speech_in_a_language_not_set_or_not_known_is_not_heard(probabilities, wanted, problem) -> None:
    assert tg.language_problem(probabilities, wanted) == problem


def test_the_language_found_is_the_most_probable() -> None:
    assert tg.detected(GERMAN_CLIP) == "de" and tg.detected(None) is None and tg.detected({}) is None


@pytest.mark.parametrize(("language_p", "logprob", "doubt"), [
    (0.43, -0.80, True),     # German heard as English by whisper base: its words were guesses
    (0.61, -0.97, True),
    (0.42, -0.35, False),    # German set, German speech in doubt, but the words were sure
    (0.96, -0.90, False),    # the language sure: rules 2-3 alone judge the words
    (None, -0.90, False),    # nothing detected
    (0.50, None, False),     # no words kept
])
def test_a_doubtful_language_needs_sure_words(language_p, logprob, doubt) -> None:
    assert tg.doubtful(language_p, logprob) is doubt
