"""The self-hearing guard's judgement of a window while she speaks, on a clock the test moves."""

from __future__ import annotations

from app.senses.voice.guard import SelfHearingGuard
from app.senses.voice.output import Progress


def guard_at(now: list[float]) -> SelfHearingGuard:
    guard = SelfHearingGuard(clock=lambda: now[0])
    guard.speaking(True)
    return guard


def test_a_window_the_reference_does_not_reach_yet_is_her_echo_not_the_streamer():
    now = [10.0]
    guard = guard_at(now)
    guard.reference(Progress(0, -20.0, 10.0, 320))
    # the render thread's reports are late: a loud speech window at 10.4 s has no reference for its time
    assert guard.owner_over_echo(-10.0, True, 10.4) is False
    assert guard._echo() == guard.initial_echo_db        # and taught the estimate nothing


def test_between_her_words_speech_is_the_streamer_and_over_her_echo_it_must_stand_out():
    now = [10.0]
    guard = guard_at(now)
    for k in range(10):                                   # she plays at -20 dB, block by block
        guard.reference(Progress(k, -20.0, 10.0 + 0.02 * k, 320))
    assert guard.owner_over_echo(-26.0, True, 10.2) is False          # her echo, 6 dB under her
    assert guard.owner_over_echo(-5.0, True, 10.2) is True            # someone well over her echo
    for k in range(10, 30):                               # then she is between words
        guard.reference(Progress(k, -80.0, 10.0 + 0.02 * k, 320))
    assert guard.owner_over_echo(-40.0, True, 10.58) is True          # any speech now is the streamer's
