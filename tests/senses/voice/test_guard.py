"""The self-hearing guard's judgement of a window while she speaks, on a clock the test moves."""

from __future__ import annotations

from app.senses.voice.guard import SETTLED, SelfHearingGuard
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


def _playing(guard: SelfHearingGuard, level_db: float, start: int, n: int, t0: float = 10.0) -> None:
    for k in range(start, start + n):
        guard.reference(Progress(k, level_db, t0 + 0.02 * k, 320))


def test_the_streamer_missed_by_the_vad_is_not_learnt_as_her_echo_and_is_still_heard_over_her():
    now = [10.0]
    guard = guard_at(now)
    _playing(guard, -20.0, 0, 60)
    for i in range(SETTLED):                              # the canceller leaves her 50 dB down
        assert guard.owner_over_echo(-70.0, True, 10.1 + 0.005 * i) is False
    learnt = guard._echo()
    for i in range(40):                                   # he starts: the VAD misses his quiet syllables
        guard.owner_over_echo(-25.0, False, 10.4 + 0.01 * i)
    assert guard._echo() == learnt
    assert guard.owner_over_echo(-22.0, True, 10.9) is True
    for i in range(40):                                   # heard talking over her: nothing he says is learnt
        guard.owner_over_echo(-60.0, True, 10.9 + 0.005 * i, owner_talking=True)
    assert guard._echo() == learnt


def test_her_echo_growing_louder_is_learnt_a_margin_at_a_time():
    now = [10.0]
    guard = guard_at(now)
    _playing(guard, -20.0, 0, 150)
    for i in range(SETTLED):
        guard.owner_over_echo(-70.0, False, 10.1 + 0.005 * i)
    before = guard._echo()
    t = 10.4
    for level in (-64.0, -58.0, -52.0, -46.0, -40.0):    # louder speakers: 6 dB a step, under the margin
        for _i in range(96):
            guard.owner_over_echo(level, False, t)
            t += 0.02 if t < 12.9 else 0.0
    assert before < -45.0 and guard._echo() > -22.0


def test_in_her_first_seconds_her_voice_let_through_loud_does_not_stop_her():
    now = [10.0]
    guard = guard_at(now)
    _playing(guard, -12.0, 0, 60)
    for i in range(20):                                   # cancelled well from the start...
        guard.owner_over_echo(-70.0, False, 10.1 + 0.01 * i)
    assert guard.owner_over_echo(-20.0, True, 10.35) is False     # ...then let through for a moment: still hers
    assert guard.owner_over_echo(0.0, True, 10.36) is True        # the streamer well over her output is heard
