"""The end of a turn: the silence timer moved by the turn model's P(complete) (app.core.end_of_turn)."""

from __future__ import annotations

import pytest

from app.core.end_of_turn import CHECK_MS, COMPLETE, HOLD_MS, INCOMPLETE, end_silence_ms

TIMER = 352


@pytest.mark.parametrize(("p", "expected"), [
    (None, TIMER),                      # rule 1: no model, the timer alone
    (1.0, CHECK_MS),                    # rule 3: complete ends as soon as it is scored
    (COMPLETE, CHECK_MS),
    (INCOMPLETE, TIMER),                # between the two: the timer
    ((COMPLETE + INCOMPLETE) / 2, TIMER),
    (INCOMPLETE - 1e-6, HOLD_MS),       # not finished: wait up to the cap
    (0.0, HOLD_MS),
])
def test_the_score_moves_the_end_of_the_pause(p: float | None, expected: int) -> None:
    assert end_silence_ms(p, TIMER) == expected


def test_the_turn_never_ends_before_the_check_nor_waits_past_the_cap() -> None:
    for p in (None, 0.0, 0.1, 0.3, 0.5, 0.9, 1.0):
        ms = end_silence_ms(p, TIMER)
        assert CHECK_MS <= ms <= max(HOLD_MS, TIMER)


def test_a_timer_longer_or_shorter_than_the_band_is_respected() -> None:
    assert end_silence_ms(0.0, 3000) == 3000          # a longer timer is never shortened by "not finished"
    assert end_silence_ms(1.0, 96) == 96              # nor does "finished" lengthen a shorter one


def test_thresholds_can_be_given_and_are_checked() -> None:
    assert end_silence_ms(0.6, TIMER, complete=0.7, incomplete=0.1) == TIMER
    assert end_silence_ms(0.05, TIMER, complete=0.7, incomplete=0.1, hold_ms=1000) == 1000
    with pytest.raises(ValueError):
        end_silence_ms(0.5, TIMER, complete=0.2, incomplete=0.4)


def test_the_constants_are_ordered() -> None:
    assert 0.0 < INCOMPLETE <= COMPLETE < 1.0
    assert CHECK_MS < TIMER < HOLD_MS
