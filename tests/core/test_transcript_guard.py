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
