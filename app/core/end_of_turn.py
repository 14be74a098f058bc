"""The end of her listener's turn: the silence timer, moved by models that judge whether the speaker has finished.

Theory of operation:
1. Without a turn model a turn ends after the silence timer alone (the VAD's end_silence_ms): end_silence_ms(None,
   timer) is the timer.
2. The sound model (Smart Turn) scores the turn's audio once its silence has lasted CHECK_MS (the point where the
   early transcription starts), giving P(complete): how sure the model is that the speaker has finished.
3. P(complete) >= COMPLETE ends the turn as soon as the score is known (a crisp ending needs no longer wait);
   P(complete) < INCOMPLETE keeps listening until HOLD_MS of silence (a pause inside a sentence is not the end);
   anything between keeps the timer. The turn never ends before CHECK_MS, and never waits past HOLD_MS.
4. The constants were chosen on the dev split of the end-of-turn benchmark (tests/bench/end_of_turn.py) as the
   fewest cut turns whose mean end-of-turn latency is no later than the timer's. On its synthetic speech (Piper's
   joe and eSpeak NG, English and Italian) the sound model cannot tell ends from pauses, and no setting that
   moves the timer met that bar. So COMPLETE ends a turn early only on a near-certain score and INCOMPLETE never
   extends one. Real speech (the JFK recording) scores as the model promises.
5. The words model reads the early transcript of the words so far (turn_words: lower case, no marks, the last
   LAST_WORDS) and gives P(complete) the same way, with its own constants, chosen on the same split by the same
   bar: WORDS_COMPLETE ends the turn once the words are read, WORDS_INCOMPLETE holds it up to WORDS_HOLD_MS.
   Words her ears would not pass on (None) leave the timer: holding those too cut fewer turns but ended the
   rest later than the timer.
6. When both models have spoken, the words' verdict wins where it moves the timer (moved_end): they read what
   was said, which the sound model on a voice unlike its training can only guess.
7. While the words are being transcribed and read the timer waits for them, up to WORDS_WAIT_MS of silence: a
   verdict that lands after the timer has ended the turn can hold nothing. A machine too busy to read them by
   then ends the turn there, as the timer would have a little earlier (on 2 cores under a full test run the
   verdict took over 1.5 s; on the same machine at rest, about 0.45 s in the composed app).
"""

from __future__ import annotations

import re

CHECK_MS = 128          # rule 2: the silence after which the turn is scored
COMPLETE = 0.99         # rule 3: at or above, the turn ends once the score is known
INCOMPLETE = 0.0        # rule 3: below, the wait grows to HOLD_MS (0: never, rule 4)
HOLD_MS = 1500          # rule 3: the longest silence a turn waits through
WORDS_COMPLETE = 0.4    # rule 5: the words model's P(complete) at or above which the turn ends
WORDS_INCOMPLETE = 0.01  # rule 5: below, the turn waits up to WORDS_HOLD_MS
WORDS_HOLD_MS = 1500    # rule 5
WORDS_WAIT_MS = 640     # rule 7: the longest silence the timer waits for the words' verdict


def end_silence_ms(p_complete: float | None, timer_ms: int, *, complete: float | None = None,
                   incomplete: float | None = None, hold_ms: int | None = None) -> int:
    """The silence (ms) that ends the turn, given the model's P(complete) at CHECK_MS (None: no score); the
    thresholds default to the module's constants."""
    complete = COMPLETE if complete is None else complete
    incomplete = INCOMPLETE if incomplete is None else incomplete
    hold_ms = HOLD_MS if hold_ms is None else hold_ms
    if not 0.0 <= incomplete <= complete:
        raise ValueError("need 0 <= incomplete <= complete (above 1: never complete)")
    if p_complete is None:
        return timer_ms
    if p_complete >= complete:
        return min(CHECK_MS, timer_ms)
    if p_complete < incomplete:
        return max(hold_ms, timer_ms)
    return timer_ms


def words_end_silence_ms(p_complete: float | None, timer_ms: int, *, complete: float | None = None,
                         incomplete: float | None = None, hold_ms: int | None = None) -> int:
    """Rule 5: the silence (ms) that ends the turn given the words model's P(complete) for the words so far; None
    means the words so far are none that her ears would pass on, which holds the turn as an unfinished one does
    (ending it there would hand her nothing)."""
    complete = WORDS_COMPLETE if complete is None else complete
    incomplete = WORDS_INCOMPLETE if incomplete is None else incomplete
    hold_ms = WORDS_HOLD_MS if hold_ms is None else hold_ms
    return end_silence_ms(p_complete, timer_ms, complete=complete, incomplete=incomplete, hold_ms=hold_ms)


def moved_end(timer_ms: int, sound_ms: int | None, words_ms: int | None) -> int:
    """Rule 6: the pause's end when both models may have spoken (None: not yet, or no model): the words' verdict
    when it moves the timer, else the sound's, else the timer."""
    if words_ms is not None and words_ms != timer_ms:
        return words_ms
    return timer_ms if sound_ms is None else sound_ms


LAST_WORDS = 48         # rule 5: the words read, from the end (a long turn's start says nothing of its end)
_NOT_WORD = re.compile(r"[^\w\s']+")


def turn_words(text: str) -> str:
    """Rule 5: the words so far as the words model reads them: lower case, marks taken out (whisper writes a full
    stop after a pause whether or not the sentence was done), the typographic apostrophe made plain, the last
    LAST_WORDS words."""
    words = _NOT_WORD.sub(" ", text.replace("\u2019", "'").lower()).split()
    return " ".join(words[-LAST_WORDS:])
