"""The end of her listener's turn: the silence timer, moved by a model that hears whether the words are complete.

Theory of operation:
1. Without a turn model a turn ends after the silence timer alone (the VAD's end_silence_ms): end_silence_ms(None,
   timer) is the timer.
2. With one, the turn's audio is scored once its silence has lasted CHECK_MS (the point where the early
   transcription starts), giving P(complete): how sure the model is that the speaker has finished.
3. P(complete) >= COMPLETE ends the turn as soon as the score is known (a crisp ending needs no longer wait);
   P(complete) < INCOMPLETE keeps listening until HOLD_MS of silence (a pause inside a sentence is not the end);
   anything between keeps the timer. The turn never ends before CHECK_MS, and never waits past HOLD_MS.
4. The constants were chosen on the dev half of the end-of-turn benchmark (tests/bench/end_of_turn.py) as the
   fewest cut turns whose mean end-of-turn latency is no later than the timer's; the other half, never seen while
   choosing, gives the figures in docs/benchmarks.md.
"""

from __future__ import annotations

CHECK_MS = 128          # rule 2: the silence after which the turn is scored
COMPLETE = 0.5          # rule 3: at or above, the turn ends once the score is known
INCOMPLETE = 0.2        # rule 3: below, the wait grows to HOLD_MS
HOLD_MS = 1500          # rule 3: the longest silence a turn waits through


def end_silence_ms(p_complete: float | None, timer_ms: int, *, complete: float = COMPLETE,
                   incomplete: float = INCOMPLETE, hold_ms: int = HOLD_MS) -> int:
    """The silence (ms) that ends the turn, given the model's P(complete) at CHECK_MS (None: no score)."""
    if not 0.0 <= incomplete <= complete:
        raise ValueError("need 0 <= incomplete <= complete (above 1: never complete)")
    if p_complete is None:
        return timer_ms
    if p_complete >= complete:
        return min(CHECK_MS, timer_ms)
    if p_complete < incomplete:
        return max(hold_ms, timer_ms)
    return timer_ms
