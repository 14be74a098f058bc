"""Mouth levels from audio energy, and the stand-in read from the words."""

import math

from app.stage.lipsync import RATE, duration, level, text_envelope


def test_energy_to_mouth_level():
    assert level([]) == 0.0
    assert level([0.001] * 100) == 0.0
    loud = [0.5 * math.sin(i / 3) for i in range(400)]
    quiet = [0.05 * math.sin(i / 3) for i in range(400)]
    assert 0 < level(quiet) < level(loud) <= 1.0
    assert level([1.0] * 10) == 1.0


def test_words_open_the_mouth_once_per_vowel_group_with_its_shape():
    frames = text_envelope("Hello, Bea!")
    opens = [frames[i][1] for i in range(1, len(frames)) if frames[i][0] > 0.5 >= frames[i - 1][0]]
    assert opens == ["ee", "oh", "ee"]   # he-llo (e, o), bea (ea: one group)
    assert frames[-1][0] == 0.0 and all(0.0 <= lv <= 1.0 for lv, _ in frames)
    assert duration("Hello, Bea!") == len(frames) / RATE


def test_accents_punctuation_and_long_lines():
    assert text_envelope("perché") and [v for _lv, v in text_envelope("uuu") if _lv > 0.5][0] == "ou"
    assert text_envelope("") == [] and text_envelope("...") == [(0.0, "aa")] * round(0.25 * RATE) * 3
    assert duration("la " * 1000) <= 30.0
