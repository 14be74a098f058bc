"""Her ears in a Discord call: datagrams a speaker's client would send (RTP sealed with the rtpsize AEAD mode,
Opus from libopus, DAVE from a real two-member davey group), through the receiver into real ears (Silero VAD,
faster-whisper), a VOICE perception from that Discord user, and their voice over hers as the microphone's
barge-in.

discord.py's voice connection is stood in for by Connection below only where it hands us its parts: the socket
listener (called from a thread of its own, as discord.py's socket reader does), the session's secret key and
mode, its DAVE session, and the voice websocket's frames (listen())."""

from __future__ import annotations

import asyncio
import os
import statistics
import threading
import time
from types import SimpleNamespace

import numpy as np
import pytest

from app.core.events import EventBus, EventKind
from app.core.perception import Meta, PerceptionKind
from app.mind.outlets import Outlets
from app.process.clock import SYSTEM
from app.senses.voice import FakeAudioDevice, OwnerVoice
from app.skills.base import SkillContext
from app.skills.discord.hearing import CLIENT_DISCONNECT, FAILING, SILENCE_S, CallEars, talking_over
from app.skills.discord.rtp import MODE, Undecryptable, open_datagram
from app.skills.discord.skill import CALL_PROBLEM, DiscordSettings, DiscordSkill
from tests.her_words import english
from tests.senses.voice.conftest import JFK, needs_fixture, needs_stt, needs_tts
from tests.senses.voice.wer import word_error_rate
from tests.skills.discord.voice_packets import (
    dave_pair,
    rtcp,
    seal,
    speaker_datagrams,
    speech_frames,
)
from tests.skills.voice.helpers import build_skill, until

KEY = bytes(range(32))
ANNA, HER, CHANNEL, GUILD = 412345678901234567, 998877665544332211, 555000111222333444, 777
SSRC = 4242


class Recorder:
    """Ears that keep what they are fed (for the packet path's tests; the real ears are below)."""

    def __init__(self) -> None:
        self.audio: list[np.ndarray] = []

    def feed(self, samples, t=None) -> None:
        self.audio.append(np.asarray(samples, dtype=np.float32))

    async def close(self) -> None:
        return None


# ---- the datagram ---------------------------------------------------------------------------------------
def test_a_sealed_datagram_opens_to_its_opus_frame_with_the_extension_cut():
    frame = b"\xfc\x01\x02opus frame bytes"
    plain = seal(frame, KEY, SSRC, 7, 960 * 7, 41)
    audio = open_datagram(plain, KEY, MODE)
    assert (audio.ssrc, audio.sequence, audio.timestamp, audio.opus) == (SSRC, 7, 6720, frame)
    extended = seal(frame, KEY, SSRC, 8, 7680, 42, extension=b"\x10\xab\x00\x00\x22\x01\x02\x03",
                    csrcs=(11, 12), marker=True)
    assert open_datagram(extended, KEY, MODE).opus == frame     # CSRCs skipped, the extension's body cut


def test_what_is_not_audio_is_skipped_and_what_does_not_open_is_undecryptable():
    frame = b"\xfc\x01\x02"
    assert open_datagram(rtcp(SSRC), KEY, MODE) is None                    # RTCP
    assert open_datagram(bytes(74), KEY, MODE) is None                     # an IP discovery answer
    other = bytearray(seal(frame, KEY, SSRC, 1, 960, 1))
    other[1] = 96                                                          # payload type 96, not Opus
    assert open_datagram(bytes(other), KEY, MODE) is None
    with pytest.raises(Undecryptable):
        open_datagram(seal(frame, bytes(32), SSRC, 1, 960, 1), KEY, MODE)  # another key
    tampered = bytearray(seal(frame, KEY, SSRC, 1, 960, 1))
    tampered[5] ^= 1                                                       # the timestamp is authenticated
    with pytest.raises(Undecryptable):
        open_datagram(bytes(tampered), KEY, MODE)
    with pytest.raises(Undecryptable, match="aead_aes256_gcm_rtpsize"):
        open_datagram(seal(frame, KEY, SSRC, 1, 960, 1), KEY, "aead_aes256_gcm_rtpsize")


def test_several_speakers_over_her_are_one_voice_as_long_as_the_longest():
    assert talking_over({}) == OwnerVoice(False, 0.0)
    assert talking_over({1: OwnerVoice(True, 0.4), 2: OwnerVoice(True, 1.1)}) == OwnerVoice(True, 1.1)
    assert talking_over({1: OwnerVoice(False, 2.0), 2: OwnerVoice(True, 0.2)}) == OwnerVoice(True, 0.2)
    assert talking_over({1: OwnerVoice(False, 2.0), 2: OwnerVoice(False, 0.5)}) == OwnerVoice(False, 2.0)


def _receiver(dave=None, make=None, **kw) -> tuple[CallEars, dict[int, Recorder]]:
    made: dict[int, Recorder] = {}

    def make_ears(user, _heard, _voice):
        made[user] = Recorder()
        return made[user]

    kw.setdefault("clock", time.monotonic)
    ears = CallEars(lambda: (KEY, MODE), lambda: dave, HER, make or make_ears, on_heard=lambda *_a: None, **kw)
    return ears, made


def _fed(recorder: Recorder) -> np.ndarray:
    return np.concatenate(recorder.audio) if recorder.audio else np.zeros(0, np.float32)


def _speaking(user: int, ssrc: int) -> dict:
    return {"op": 5, "d": {"user_id": str(user), "ssrc": ssrc, "speaking": 1}}


@needs_fixture
def test_dave_frames_of_a_real_two_member_group_are_heard_as_the_clip_at_16k_mono():
    """A real MLS group of two made with davey: the speaker's session encrypts each Opus frame, hers opens it
    in the receiver; what reaches the speaker's ears is the clip, at 16 kHz mono."""
    from faster_whisper import decode_audio

    speaker, her = dave_pair(ANNA, HER, CHANNEL)
    frames = speech_frames()[:150]                                         # 3 s
    datagrams = speaker_datagrams(frames, KEY, SSRC, dave=speaker)

    async def go():
        ears, made = _receiver(dave=her)
        await ears.voice_event(None, _speaking(ANNA, SSRC))
        ears.datagram(datagrams[0][:40])                                   # a cut datagram: counted
        for d in datagrams:
            ears.datagram(d)
        await ears.close()
        return ears, made

    ears, made = asyncio.run(go())
    assert ears.heard_packets == 150 and ears.undecryptable == 1 and ears.decode_errors == 0
    stats = her.get_decryption_stats(ANNA)
    assert stats.successes == 150 and stats.passthroughs == 0
    got = _fed(made[ANNA])
    clip = decode_audio(str(SPEECH_PATH()), sampling_rate=16000)[:got.size]
    lag = _lag(got, clip)
    corr = np.corrcoef(got[lag:lag + 40000], clip[:40000])[0, 1]
    latency = statistics.median(ears.latency) * 1000
    print(f"\n150 DAVE datagrams: correlation with the clip {corr:.3f} at a lag of {lag} samples; per packet "
          f"(AEAD, DAVE, Opus, resample, VAD) median {latency:.2f} ms")
    assert corr > 0.9, corr


def SPEECH_PATH():  # noqa: N802
    from tests.skills.discord.voice_packets import SPEECH
    return SPEECH


def _lag(got: np.ndarray, clip: np.ndarray) -> int:
    """The resampler's delay, in samples (the best alignment within 20 ms)."""
    n = 16000
    return max(range(320), key=lambda k: float(np.dot(got[k:k + n], clip[:n])))


def test_plain_frames_pass_when_the_call_has_no_dave_and_dave_frames_without_a_session_are_counted():
    speaker, _her = dave_pair(ANNA, HER, CHANNEL)
    frames = speech_frames()[:10]

    async def go():
        ears, made = _receiver(dave=None)
        await ears.voice_event(None, _speaking(ANNA, SSRC))
        for d in speaker_datagrams(frames, KEY, SSRC):                     # DAVE version 0: plain Opus
            ears.datagram(d)
        for d in speaker_datagrams(frames, KEY, SSRC, dave=speaker, counter=10):
            ears.datagram(d)
        return ears

    ears = asyncio.run(go())
    assert ears.heard_packets == 10 and ears.undecryptable == 10


def test_unknown_ssrcs_her_own_and_a_speaker_who_left_are_not_heard():
    frames = speech_frames()[:5]

    async def go():
        ears, made = _receiver()
        for d in speaker_datagrams(frames, KEY, 999):                      # nobody named SSRC 999 yet
            ears.datagram(d)
        await ears.voice_event(None, _speaking(HER, 1))                    # her own SSRC
        for d in speaker_datagrams(frames, KEY, 1):
            ears.datagram(d)
        await ears.voice_event(None, {"op": 11, "d": {"user_ids": [str(ANNA), str(HER)]}})
        await ears.voice_event(None, _speaking(ANNA, SSRC))
        for d in speaker_datagrams(frames, KEY, SSRC):
            ears.datagram(d)
        assert ears.present == {ANNA} and ANNA in ears.speakers
        await ears.voice_event(None, {"op": CLIENT_DISCONNECT, "d": {"user_id": str(ANNA)}})
        for d in speaker_datagrams(frames, KEY, SSRC, counter=5):          # after leaving: an unknown SSRC
            ears.datagram(d)
        return ears, made

    ears, made = asyncio.run(go())
    assert ears.unknown == 10 and ears.heard_packets == 5 and set(made) == {ANNA}
    assert ears.speakers == {} and ears.present == set() and SSRC not in ears.users


def test_packets_that_beat_their_speaking_frame_are_heard_once_it_names_them():
    """The voice websocket and the UDP socket race: a speaker's first packets may come before SPEAKING."""
    frames = speech_frames()[:60]

    async def go():
        ears, made = _receiver()
        for d in speaker_datagrams(frames, KEY, SSRC):
            ears.datagram(d)
        assert ears.heard_packets == 0 and ears.unknown == 60
        await ears.voice_event(None, _speaking(ANNA, SSRC))
        return ears, made

    ears, made = asyncio.run(go())
    assert ears.heard_packets == 50                                        # the last second of them
    assert _fed(made[ANNA]).size > 0.9 * 16000


def test_a_frame_libopus_refuses_is_counted_and_the_next_is_heard():
    frames = speech_frames()[:2]

    async def go():
        ears, made = _receiver()
        await ears.voice_event(None, _speaking(ANNA, SSRC))
        ears.datagram(seal(b"\xff\xff\xff", KEY, SSRC, 0, 0, 0))                # corrupted Opus
        for d in speaker_datagrams(frames, KEY, SSRC, counter=1):
            ears.datagram(d)
        await ears.close()
        return ears

    ears = asyncio.run(go())
    assert ears.decode_errors == 1 and ears.heard_packets == 2 and ears.failing == 0


def test_audio_that_keeps_failing_is_one_problem_cleared_when_she_hears_again():
    problems: list[str | None] = []
    frames = speech_frames()[:1]

    async def go():
        ears, _made = _receiver(on_problem=problems.append)
        await ears.voice_event(None, _speaking(ANNA, SSRC))
        wrong = seal(frames[0], bytes(32), SSRC, 1, 960, 1)
        for _ in range(FAILING + 20):
            ears.datagram(wrong)
        ears.datagram(speaker_datagrams(frames, KEY, SSRC)[0])
        await ears.close()
        return ears

    ears = asyncio.run(go())
    assert ears.undecryptable == FAILING + 20
    assert problems == ["CryptoError", None]


# ---- through the skill: real ears, a perception, and barge-in --------------------------------------------
class Connection:
    """discord.py's VoiceClient and VoiceConnectionState where the skill takes its parts."""

    def __init__(self, dave=None) -> None:
        self.secret_key = list(KEY)
        self.mode = MODE
        self._connection = self
        self.dave_session = dave
        self.channel = SimpleNamespace(id=CHANNEL, name="Hangout", guild=SimpleNamespace(id=GUILD))
        self.listeners: list = []
        self.frames: list[dict] = [{"op": 11, "d": {"user_ids": [str(ANNA)]}}, _speaking(ANNA, SSRC)]

    def is_connected(self) -> bool:
        return True

    async def disconnect(self, force: bool = False) -> None:
        return None

    async def listen(self, listener) -> None:
        for msg in self.frames:
            await listener(None, msg)

    def add_socket_listener(self, callback) -> None:
        self.listeners.append(callback)

    def remove_socket_listener(self, callback) -> None:
        self.listeners.remove(callback)

    def send(self, datagrams, pace: float = 0.0) -> threading.Thread:
        """The socket reader's thread: every datagram to every listener, `pace` seconds apart."""
        def run():
            for d in datagrams:
                for cb in list(self.listeners):
                    cb(d)
                if pace:
                    time.sleep(pace)
        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        return thread


def _discord(events, transcriber, perceive, tap=None) -> DiscordSkill:
    values = DiscordSettings()
    return DiscordSkill(SkillContext(settings=lambda: values, bus=events, clock=SYSTEM,
                                     words=english, perceive=perceive, ears=lambda: transcriber, voice_tap=lambda: tap))


@needs_stt
@needs_fixture
def test_a_speaker_in_the_call_is_heard_as_a_voice_perception_of_theirs(transcriber):
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    speaker, her = dave_pair(ANNA, HER, CHANNEL)
    datagrams = speaker_datagrams(speech_frames(), KEY, SSRC, dave=speaker)
    events = EventBus(lambda: 0.0)
    got = []
    skill = _discord(events, transcriber, got.append)
    call = Connection(dave=her)

    async def go():
        skill.call = call
        await skill.hear(call, HER)
        sent = time.monotonic()
        call.send(datagrams).join()
        await asyncio.sleep(SILENCE_S + 0.5)            # Anna is silent: the ticker's silence ends her turn
        ears = skill.call_ears
        await ears.speakers[ANNA].ears.drain()
        took = time.monotonic() - sent
        await skill.leave_voice()
        return ears, took

    ears, took = asyncio.run(go())
    heard = " ".join(p.meta[Meta.TEXT] for p in got)
    wer = word_error_rate(JFK, heard)
    print(f"\nheard {len(got)} utterance(s) {heard!r} (WER {wer:.3f}), the last {took:.1f} s after the first "
          f"of {len(datagrams)} datagrams (sent at once); per packet median "
          f"{statistics.median(ears.latency) * 1000:.2f} ms, max {max(ears.latency) * 1000:.2f} ms")
    for p in got:
        assert p.kind is PerceptionKind.VOICE and p.author.identity == f"discord:{ANNA}"
        assert p.meta[Meta.CONVERSATION_KEY] == f"voice:discord:{CHANNEL}" and not p.written
        assert p.meta[Meta.PLACE] == "the Discord voice call #Hangout" and p.meta[Meta.ONE_TO_ONE]
        assert p.content.startswith(f"[Discord user {ANNA}, in the Discord call] ")
    assert wer < 0.35, heard
    assert ears.undecryptable == ears.decode_errors == ears.unknown == 0
    assert call.listeners == []                                            # she left: no more datagrams


@needs_tts
@needs_stt
@needs_fixture
def test_a_speaker_talking_over_her_ducks_then_stops_her(voice, transcriber):
    events = EventBus(lambda: 0.0)
    outlets = Outlets(events)
    out = FakeAudioDevice(voice.sample_rate, realtime=True, speed=1.0, clock=SYSTEM.monotonic)
    her_voice = build_skill(events, outlets, voice, output=out, mode="off")
    skill = _discord(events, transcriber, lambda _p: None, tap=her_voice.tap)
    call = Connection()
    states: list[str] = []
    line = ("Tonight we finish the castle walls, then we go looking for the cave behind the waterfall, and if "
            "there is time left we build the bridge over the river too.")

    async def go():
        await her_voice.start()
        await her_voice.up()
        her_voice.on_change(lambda: states.append(her_voice.state))
        saying = asyncio.ensure_future(her_voice.mouth.say(line, "happy"))
        await until(lambda: her_voice.speaking, 60)
        await skill.hear(call, HER)
        call.send(speaker_datagrams(speech_frames()[:150], KEY, SSRC), pace=0.02)   # Anna talks, in real time
        spoken = await asyncio.wait_for(saying, 60)
        barge = her_voice.mouth.barge_in.state
        await skill.leave_voice()
        await her_voice.stop()
        return spoken, barge

    spoken, barge = asyncio.run(go())
    print(f"\nshe got to say {spoken.said!r}; her states: {states}")
    assert states[:2] == ["speaking", "ducked"] and barge == "stopped"     # ducked first, then stopped
    assert 0 < len(spoken.said) < len(line) and line.startswith(spoken.said)


def test_a_problem_line_names_the_call_and_is_cleared():
    events = EventBus(lambda: 0.0)
    skill = _discord(events, None, lambda _p: None)
    skill._call_problem("CryptoError")
    skill._call_problem(None)
    error, fixed = [e for e in events.recent() if e.kind in (EventKind.ERROR, EventKind.SYSTEM)][-2:]
    assert error.data["problem"] == CALL_PROBLEM and error.data["setting"] == "skills.discord"
    assert "cannot hear the Discord call" in error.text and "CryptoError" in error.text
    assert fixed.data["resolved"] == CALL_PROBLEM

