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
