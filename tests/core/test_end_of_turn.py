"""The end of a turn: the silence timer moved by the turn model's P(complete) (app.core.end_of_turn)."""

from __future__ import annotations

import pytest

from app.core.end_of_turn import CHECK_MS, COMPLETE, HOLD_MS, INCOMPLETE, end_silence_ms

TIMER = 352
BAND = {"complete": 0.7, "incomplete": 0.2, "hold_ms": 1500}


@pytest.mark.parametrize(("p", "expected"), [
    (None, TIMER),                      # rule 1: no model, the timer alone
    (1.0, CHECK_MS),                    # rule 3: complete ends as soon as it is scored
    (0.7, CHECK_MS),
    (0.2, TIMER),                       # between the two: the timer
    (0.5, TIMER),
    (0.2 - 1e-6, 1500),                 # not finished: wait up to the cap
    (0.0, 1500),
])
def test_the_score_moves_the_end_of_the_pause(p: float | None, expected: int) -> None:
    assert end_silence_ms(p, TIMER, **BAND) == expected


def test_the_shipped_constants() -> None:
    """Rule 4: near-certain 'complete' ends early, 'not finished' never extends (what the dev split allowed)."""
    assert end_silence_ms(None, TIMER) == TIMER
    assert end_silence_ms(COMPLETE, TIMER) == CHECK_MS
    assert end_silence_ms(0.0, TIMER) == (HOLD_MS if INCOMPLETE > 0 else TIMER)
    assert 0.0 <= INCOMPLETE <= COMPLETE <= 1.0 and CHECK_MS < TIMER < HOLD_MS


def test_the_turn_never_ends_before_the_check_nor_waits_past_the_cap() -> None:
    for p in (None, 0.0, 0.1, 0.3, 0.5, 0.9, 1.0):
        for band in (BAND, {}):
            assert CHECK_MS <= end_silence_ms(p, TIMER, **band) <= max(HOLD_MS, 1500, TIMER)


def test_a_timer_longer_or_shorter_than_the_band_is_respected() -> None:
    assert end_silence_ms(0.0, 3000, **BAND) == 3000    # a longer timer is never shortened by "not finished"
    assert end_silence_ms(1.0, 96, **BAND) == 96        # nor does "finished" lengthen a shorter one


def test_thresholds_are_checked_and_above_one_means_never() -> None:
    assert end_silence_ms(1.0, TIMER, complete=1.01, incomplete=0.0) == TIMER
    with pytest.raises(ValueError):
        end_silence_ms(0.5, TIMER, complete=0.2, incomplete=0.4)


# --- the words model (rules 5-6) -----------------------------------------------------------------------------

def test_the_words_verdict_moves_the_pause_with_its_own_constants() -> None:
    from app.core.end_of_turn import WORDS_COMPLETE, WORDS_HOLD_MS, WORDS_INCOMPLETE, words_end_silence_ms

    assert 0.0 < WORDS_INCOMPLETE < WORDS_COMPLETE <= 1.0 and WORDS_HOLD_MS > TIMER
    assert words_end_silence_ms(WORDS_COMPLETE, TIMER) == CHECK_MS
    assert words_end_silence_ms(WORDS_INCOMPLETE / 2, TIMER) == WORDS_HOLD_MS
    assert words_end_silence_ms((WORDS_INCOMPLETE + WORDS_COMPLETE) / 2, TIMER) == TIMER
    assert words_end_silence_ms(None, TIMER) == TIMER          # no words her ears would pass on: the timer


def test_where_the_models_disagree_the_words_win() -> None:
    from app.core.end_of_turn import moved_end

    assert moved_end(TIMER, None, None) == TIMER
    assert moved_end(TIMER, CHECK_MS, None) == CHECK_MS         # the sound alone
    assert moved_end(TIMER, CHECK_MS, 1500) == 1500             # the words hold what the sound would end
    assert moved_end(TIMER, 1500, CHECK_MS) == CHECK_MS
    assert moved_end(TIMER, CHECK_MS, TIMER) == CHECK_MS        # words unsure: the sound's verdict stands


@pytest.mark.parametrize(("said", "read"), [
    ("I went to the store.", "i went to the store"),
    ("Well... you know, it's", "well you know it's"),
    ("L\u2019altro giorno è andato così!", "l'altro giorno è andato così"),
    ("   ", ""),
])
def test_the_words_read_are_lower_case_without_marks(said: str, read: str) -> None:
    from app.core.end_of_turn import turn_words

    assert turn_words(said) == read


def test_only_the_last_words_are_read() -> None:
    from app.core.end_of_turn import LAST_WORDS, turn_words

    long = " ".join(f"w{i}" for i in range(LAST_WORDS + 10))
    assert turn_words(long).split() == [f"w{i}" for i in range(10, LAST_WORDS + 10)]
