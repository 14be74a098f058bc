"""The Voice skill: her ears and her voice in the room, wired to the mind, the stage and the dock.

Theory of operation:
1. start() returns at once; in the background the skill loads its models in its own bounded executor (never
   on the loop), then opens the speakers and the microphone (devices.py, also off the loop); up() waits for
   that. A device that cannot open (no PortAudio, no such
   device) is one ERROR event saying what is missing; without speakers she speaks into a SilentOutput, so
   captions, timing, barge-in and lip sync still work. A model that cannot load is an ERROR event too, and
   the rest runs without it.
2. Her voice attaches to the mind's outlets: whole lines (say) and lines streamed while the model writes them
   (begin). Either way the outlets get back what she actually got to say. stop() detaches it.
3. Each chunk passes the mind's on-air filter (outlets.screen) as it reaches the synthesiser.
   Each chunk she starts playing is a caption: a SPEECH event whose text is the line heard so far, marked
   chunk=True (the chat dock skips those; the stage and OBS show them). The whole line is the outlets' own
   SPEECH event, once she is done.
4. Each utterance the ears hear is a VOICE perception from the streamer (the owner), salient, its words in
   meta text. The self-hearing guard, shared by her mouth and her ears, gates the capture while she speaks.
5. The streamer's voice reaches her mouth as barge-in (duck, then stop); push-to-talk is press()/release(),
   from the dock's button or the talk key (talk_keys.py: system-wide where the platform allows, else while
   Bea's window has focus), the key listened for only while her ears are up in push-to-talk mode.
6. The level of every block she plays goes to the stage skill's mouth (lip sync), at most 30 times a second,
   and a closed mouth when she falls silent; <do:x> actions play the stage's clip of that name.
7. The mode, the talk key (and the barge-in knobs) change in place; a changed device, model, language or end-of-turn
   pause restarts the skill.
8. The mind's barge-in (chat, a raid, a donation arriving while she speaks: interrupt(), through the outlets)
   ducks her first. If she then answers out loud, the ducked line stops where it got as her answer begins; if
   the turn ends without a new line of hers, she comes back to full volume and finishes it. Either way the
   line reports what she actually got to say.
9. A copy of her voice goes, part by part as her mouth queues it, to whatever is attached to `tap` (the VoiceTap
   port, tap.py: a Discord call); the speakers play as before. The call's speakers talking over her come back
   through the tap's talked_over(): the same two-stage barge-in as the streamer's voice (rule 5).
10. With echo cancellation on (the default), the microphone's blocks pass the echo canceller
   (app.senses.voice.echo) on the microphone's thread, with what her speakers render as its reference: her voice
   is taken out before the ears and the self-hearing guard see the audio. Without it she hears as before, and
   says once why.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator

from app.config.section import ADVANCED, SkillSettings
from app.core.events import Event, EventKind
from app.core.failures import summary
from app.core.her_words import HerWords
from app.core.perception import OWNER, Meta, Perception, PerceptionKind
from app.core.speech_servers import SpeechServerError, parse_list
from app.core.talk_key import TalkKeyError, parse_talk_key
from app.core.turn_stages import TurnStages, stages
from app.core.voice_print import HERS, SOMEONE, STREAMER
from app.core.words import QT_TRANSLATE_NOOP, said
from app.process.executors import BoundedExecutor
from app.process.tasks import spawn
from app.senses.voice.bargein import BargeIn, Decision, OwnerVoice
from app.senses.voice.devices import (
    AudioUnavailable,
    Microphone,
    SpeakerOutput,
    backend,
    list_devices,
    to_loop,
)
from app.senses.voice.ears import Ears, Heard
from app.senses.voice.echo import EchoCanceller, EchoUnavailable
from app.senses.voice.guard import SelfHearingGuard
from app.senses.voice.hotkey import preload as preload_hook
from app.senses.voice.mouth import Caption, Line, Mouth, Spoken
from app.senses.voice.output import AudioOutput, Progress
from app.senses.voice.speaker_model import find_model as find_speaker_model
from app.senses.voice.speech_pool import TranscriberPool, VoicePool
from app.senses.voice.turn_model import TurnModel, find_model
from app.senses.voice.vad import TurnRules
from app.senses.voice.words_turn import WordsTurn, builtin_model
from app.skills.base import Skill, SkillContext
from app.skills.registry import register
from app.skills.voice.parts import Parts, SilentOutput, choose_models, load_parts
from app.skills.voice.places import hearing_pool, speaking_pool, test_places
from app.skills.voice.state import caption_text, mouth_level, voice_state
from app.skills.voice.talk_keys import TalkKeys
from app.skills.voice.tap import Tap, TappedOutput
from app.skills.voice.whose import Whose

log = logging.getLogger(__name__)

SURFACE = "voice"
SETTINGS = "skills.voice"   # the settings page that fixes what goes wrong here
CONVERSATION = "voice:room"
RESTART_ON = {"input_device", "output_device", "whisper_model", "language", "piper_voice", "end_of_turn_ms", "hear_on",
              "speak_on", "echo_cancellation"}
LIP_EVERY = 1.0 / 30.0      # seconds between mouth levels sent to the stage
KEEP_CAPTIONS = 4           # lines whose captions are remembered
STOP_WAIT_S = 10.0          # how long stopping waits for a synthesis in flight (a long line takes about 4 s)
NONE_FOUND = QT_TRANSLATE_NOOP("problems", "no audio devices were found")


class VoiceSettings(SkillSettings):
    mode: Literal["push_to_talk", "always_on", "off"] = Field(
        "push_to_talk", title="How she hears you",
        json_schema_extra={"choices": {"push_to_talk": "Push to talk", "always_on": "Always on", "off": "Off"}},
        description="Push to talk: while you hold the talk key or button. Always on: whenever you speak. Off: "
                    "she does not listen.")
    talk_key: str = Field("F8", title="Push-to-talk key",
                          description="Hold it while you speak to her (F8, Ctrl+Space, "
                          "...): in any app where the system allows, else while Bea has focus. Empty: the "
                          "button only.")
    input_device: str = Field("", title="Microphone", description="The microphone she hears you with.")
    output_device: str = Field("", title="Speakers", description="The speakers or headphones she speaks "
                                                                 "through.")
    whisper_model: str = Field("", title="Speech recognition", description="How she turns your speech into "
                               "words: the packaged model (English only), one from Settings → Models…, or a "
                               "faster-whisper folder.")
    language: str = Field("en", title="Language you speak",
                          description="The language you speak to her in. Detect it: she finds out at each "
                                      "sentence. Any language but English uses a multilingual speech model, and "
                                      "the voice installed for that language (auto, en, it, de, ...).")
    piper_voice: str = Field("", title="Her voice", description="The voice she speaks with: the packaged one, "
                             "one from Settings → Models…, or a Piper .onnx file.")
    hear_on: list[str] = Field(
        default_factory=lambda: ["this computer"], title="Where she hears",
        description="Where your speech becomes words, tried in order: this computer, a Wyoming server "
                    "(wyoming://192.168.1.20:10300) or an OpenAI-compatible server (http://192.168.1.20:8000/v1 "
                    "and the model's name). When one does not answer, the next does, and this computer last. "
                    "Hearing when you speak stays on this computer: no sound leaves it until you finish a "
                    "sentence.")
    speak_on: list[str] = Field(
        default_factory=lambda: ["this computer"], title="Where she speaks",
        description="Where her voice is made, tried in order: this computer, a Wyoming server "
                    "(wyoming://192.168.1.20:10200, optionally followed by a voice) or an OpenAI-compatible "
                    "server (http://192.168.1.20:8880/v1, the model's name and a voice). When one does not "
                    "answer, the next does, and this computer last.")
    end_of_turn_ms: int = Field(352, ge=224, le=2000, title="You are done after a pause of (ms)",
                                json_schema_extra=ADVANCED,
                                description="How long you are silent before she takes it that you are done and "
                                            "answers, when your words do not tell her: she also reads what you "
                                            "said so far, answers a finished sentence once she has read it, and "
                                            "waits up to 1.5 s after one that is not (\"so I was thinking "
                                            "that\"). Shorter: she is quicker; longer: a pause in the middle of a "
                                            "sentence does not cut it in two.")
    hear_who: Literal["anyone", "you"] = Field(
        "anyone", title="Hear",
        json_schema_extra={"choices": {"anyone": "Anyone (others as someone in the room)", "you": "Only you"}},
        description="Once she knows your voice (Voice dock, Teach her your voice): \"anyone\" hears other voices "
                    "in the room as someone in the room, not as you; \"you\" leaves them out.")
    echo_cancellation: bool = Field(True, title="Take her voice out of the microphone", json_schema_extra=ADVANCED,
                                    description="Her own voice from your speakers is cancelled from the microphone "
                                                "(and steady noise lowered), so you can talk over her with speakers, "
                                                "not only with headphones.")
    duck_db: float = Field(-14.0, ge=-40.0, le=0.0, title="Quieter when you talk (dB)", json_schema_extra=ADVANCED,
                           description="How much quieter she gets when you start talking over her.")
    stop_after_seconds: float = Field(0.9, ge=0.0, le=10.0, title="She stops after (seconds)",
                                      json_schema_extra=ADVANCED,
                                      description="She stops her line once you have talked over her this long.")

    @field_validator("input_device", "output_device", "whisper_model", "language", "piper_voice")
    @classmethod
    def _strip(cls, value: str) -> str:
        return value.strip()

    @field_validator("hear_on", "speak_on")
    @classmethod
    def _places(cls, value: list[str]) -> list[str]:
        entries = [entry.strip() for entry in value if entry.strip()]
        try:
            parse_list(entries)
        except SpeechServerError as exc:
            raise ValueError(str(exc)) from None
        return entries

    @field_validator("language")
    @classmethod
    def _a_language(cls, value: str) -> str:
        code = value.lower() or "auto"
        if code != "auto" and not (code.isalpha() and 2 <= len(code) <= 3):
            raise ValueError(f"{value!r} is not a language code (en, it, de, ...) or auto")
        return code

    @field_validator("talk_key")
    @classmethod
    def _a_key(cls, value: str) -> str:
        try:
            key = parse_talk_key(value)
        except TalkKeyError as exc:
            raise ValueError(str(exc)) from None
        return key.label if key is not None else ""


# what could not load (app.skills.voice.parts says it "<what>: <why>"), in Bea's words; the why is the detail
PART_WORDS = {
    "her ears could not load": QT_TRANSLATE_NOOP("problems", "Her ears could not load, so she can't hear you "
                                                             "(detail: {detail})."),
    "her voice could not load": QT_TRANSLATE_NOOP("problems", "Her voice could not load, so she can't speak aloud "
                                                              "(detail: {detail})."),
    "her voice": QT_TRANSLATE_NOOP("problems", "Her voice is not the one for your language (detail: {detail})."),
}


def device_brief(*, hears: bool, aloud: bool) -> str:
    """The Chat dock's short line for a missing audio device (the Voice dock has the whole story)."""
    if not (hears or aloud):
        return QT_TRANSLATE_NOOP("problems", "No audio device: she can't hear you or speak aloud. The Voice dock "
                                             "says why and how to fix it.")
    if not hears:
        return QT_TRANSLATE_NOOP("problems", "No audio device: she can't hear you. The Voice dock says why and how "
                                             "to fix it.")
    return QT_TRANSLATE_NOOP("problems", "No audio device: she can't speak aloud. The Voice dock says why and how "
                                         "to fix it.")


def open_speakers(sample_rate: int, device: str | None, *, clock: Callable[[], float]) -> AudioOutput:
    output = SpeakerOutput(sample_rate, device, clock=clock)
    output.start()
    return output


def open_microphone(sink: Callable[[Any, float], None], device: str | None, *, clock: Callable[[], float]) -> Any:
    mic = Microphone(sink, device, clock=clock)
    mic.start()
    return mic


class StreamedLine:
    """A Mouth line as the outlets see it (Outlets.StreamedLine)."""

    def __init__(self, line: Line, report: Callable[[Spoken], str]) -> None:
        self.line = line
        self._report = report

    def feed(self, fragment: str) -> None:
        self.line.feed(fragment)

    def finish(self) -> None:
        self.line.finish()

    def abort(self) -> None:
        if not self.line.done.done():
            self.line.cancel()

    async def said(self) -> str:
        return self._report(await self.line.spoken())


def heard_mark(her: HerWords) -> str:
    """The mark in front of what the streamer said out loud: "[Streamer, out loud]", "[Streamer, ad alta voce]"."""
    return f"[{OWNER.display_name}, {her.text('skills.voice.out_loud')}]"


@register
class VoiceSkill(Skill):
    key = "voice"
    title = "Voice"
    settings_model = VoiceSettings
    description = "She hears you through your microphone and answers out loud in her own voice."
    dock = "app.skills.voice.dock:make_dock"
    settings_page = "app.skills.voice.settings:make_page"

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        # the effects, replaceable by a test: models, speakers, microphone
        self.load: Callable[[Any, Any], Parts] = load_parts
        self.open_output: Callable[[int, str | None], AudioOutput] = functools.partial(
            open_speakers, clock=ctx.clock.monotonic)
        self.open_input: Callable[[Callable[[Any, float], None], str | None], Any] = functools.partial(
            open_microphone, clock=ctx.clock.monotonic)
        self.executor: BoundedExecutor | None = None
        self.words_turn: WordsTurn | None = None
        self.parts: Parts | None = None
        self.echo: EchoCanceller | None = None          # her voice taken out of the microphone
        self.hear_pool: TranscriberPool | None = None   # where she hears: the servers listed, then this computer
        self.speak_pool: VoicePool | None = None        # where she speaks, likewise
        self.guard: SelfHearingGuard | None = None
        self.mouth: Mouth | None = None
        self.keys = TalkKeys(self.press, self.release)
        self.ears: Ears | None = None
        self.output: AudioOutput | None = None
        self.mic: Any = None
        self.tap = Tap(self.talked_over)   # the VoiceTap port: a copy of her voice, and a call's voices (rule 9)
        self.running = False
        self.loading = False
        self._up: asyncio.Future[None] | None = None
        self.problems: list[str] = []
        self.problem_words: dict[str, dict[str, Any]] = {}   # a problem's words and args (app.core.words), by line
        self.last_transcript = ""
        self.last_stages: TurnStages | None = None   # where the time of her last answer went
        self.whose: Whose | None = None              # the streamer's voice print, while her ears are open
        self.find_speaker_model: Callable[[Path | None], Path | None] = find_speaker_model
        self.left_out = 0                            # lines in other voices left out ("hear: you")
        self._asked: Heard | None = None             # the streamer's line her next answer follows
        self.level_db = -120.0
        self.speaking = False
        self.ducked = False
        self.barged = False          # the mind interrupted the line she is saying (rule 8)
        self.owner_talking = False
        self.thinking = False
        self._captions: dict[int, list[str]] = {}
        self._lip_at = float("-inf")
        self._lip_open = False
        self._listeners: list[Callable[[], None]] = []
        self._level_listeners: list[Callable[[float], None]] = []
        self._shown = ""
        if ctx.app_settings is not None:
            ctx.app_settings.on_change(self._setting)
        ctx.bus.subscribe(self._turn_over, kinds=[EventKind.TURN], replay=False)

    # ---- listeners (the dock) -----------------------------------------------------------------------
    def on_change(self, fn: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def on_level(self, fn: Callable[[float], None]) -> Callable[[], None]:
        self._level_listeners.append(fn)
        return lambda: self._level_listeners.remove(fn) if fn in self._level_listeners else None

    def _changed(self, force: bool = True) -> None:
        state = self.state
        if not force and state == self._shown:
            return
        self._shown = state
        for fn in list(self._listeners):
            try:
                fn()
            except Exception:
                log.exception("a voice listener failed")

    @property
    def state(self) -> str:
        return voice_state(running=self.running, loading=self.loading, mode=self.settings.mode, speaking=self.speaking,
                           ducked=self.ducked, owner_talking=self.owner_talking, thinking=self.thinking)

    # ---- life cycle (rules 1, 2) ------------------------------------------------------------------------
    async def start(self) -> None:
        if self.running:
            return
        self.running = self.loading = True
        self._up = spawn(self._bring_up())
        self._changed()

    async def up(self) -> None:
        """Wait until the models are loaded and the devices open (or found missing)."""
        if self._up is not None:
            await asyncio.shield(self._up)

    async def _bring_up(self) -> None:
        try:
            await self._open()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("the voice could not start")
            self.problems.append(f"Voice could not start: {exc}")
            said = {"words": QT_TRANSLATE_NOOP("problems", "Voice could not start: {why}"), "args": {"why": str(exc)}}
            self.problem_words[self.problems[-1]] = said
            self.ctx.bus.publish(EventKind.ERROR, SURFACE, f"Voice could not start: {exc}", setting=SETTINGS,
                                 problem=f"{SURFACE}:start", **said)
        finally:
            self.loading = False
            self._changed()

    async def _open(self) -> None:
        loop = asyncio.get_running_loop()
        s = self.settings
        self.problems = []
        self.problem_words = {}
        self.executor = BoundedExecutor("voice", 2, queue_size=64)
        wanted, choosing = await loop.run_in_executor(self.executor, choose_models, s, self.ctx.models)
        parts = await loop.run_in_executor(self.executor, self.load, wanted, self.executor)
        parts.problems[:0] = choosing
        self.parts, self.problems = parts, list(parts.problems)
        for problem in parts.problems:   # the Chat dock shows each once, by what could not load
            head, _, detail = problem.partition(": ")
            said = {"words": PART_WORDS[head], "args": {"detail": detail}} if head in PART_WORDS else {}
            if said:
                self.problem_words[problem] = said
            self.ctx.bus.publish(EventKind.ERROR, SURFACE, problem, setting=SETTINGS,
                                 problem=f"{SURFACE}:{problem.partition(':')[0]}", **said)
        monotonic = self.ctx.clock.monotonic   # one clock for the guard, her voice and her ears
        self.guard = SelfHearingGuard(clock=monotonic)
        missing: list[str] = []
        carried: dict[str, tuple[str, dict[str, str]]] = {}   # a missing device's words for the window, by message
        bus = self.ctx.bus
        self.speak_pool = speaking_pool(s.speak_on, parts, self.ctx.gate, self.ctx.secrets, clock=monotonic, bus=bus)
        if s.mode != "off":
            self.hear_pool = hearing_pool(s.hear_on, parts, self.ctx.gate, self.ctx.secrets, s.language,
                                        clock=monotonic, bus=bus)
        if self.speak_pool is not None:
            rate = self.speak_pool.sample_rate
            try:
                self.output = await loop.run_in_executor(self.executor, self.open_output, rate,
                                                         s.output_device or None)
            except AudioUnavailable as exc:
                missing.append(str(exc))
                carried[str(exc)] = (exc.words, exc.values)
                self.output = SilentOutput(rate, clock=monotonic)
                self.output.start()
            self.output.add_listener(self._played)
            self.mouth = Mouth(self.speak_pool, TappedOutput(self.output, self.tap), guard=self.guard,
                               barge_in=BargeIn(s.duck_db, s.stop_after_seconds), on_caption=self._caption,
                               on_action=self._action, on_speaking=self._on_speaking, screen=self._screen,
                               clock=monotonic)
            outlets = self.ctx.voice_outlet
            if outlets is not None:
                outlets.attach_voice(self._say, self._begin, speaking=lambda: self.speaking,
                                     interrupt=self.interrupt,
                                     audible=lambda: not isinstance(self.output, SilentOutput))
        if self.hear_pool is not None:
            root = self.ctx.models.root if self.ctx.models is not None else None
            found = await loop.run_in_executor(self.executor, find_model, root)   # the semantic end of turn
            turn_model = TurnModel(found, executor=self.executor) if found is not None else None
            built_in = await loop.run_in_executor(self.executor, builtin_model)   # the words' end of turn
            # loaded at its first reading, not here: a load as she starts to speak stalls the echo canceller's
            # reference, and her first words leak through to the self-hearing guard
            self.words_turn = WordsTurn(built_in, executor=self.executor) if built_in is not None else None
            speaker = await loop.run_in_executor(self.executor, self.find_speaker_model, root)
            self.whose = await loop.run_in_executor(self.executor, Whose, speaker, self.ctx.person_store,
                                                    self.executor, self._her_voice)
            self.ears = Ears(self.hear_pool, vad=parts.vad, guard=self.guard, mode=s.mode, turn_model=turn_model,
                             words_turn=self.words_turn,
                             rules=TurnRules(end_silence_ms=s.end_of_turn_ms), identify=self._identify,
                             on_heard=self._heard, on_owner_voice=self._owner_voice, on_level=self._level,
                             clock=monotonic)
            sink = to_loop(loop, self._feed)
            if s.echo_cancellation and self.output is not None:
                sink = self._cancelling(sink)
            try:
                self.mic = await loop.run_in_executor(self.executor, self.open_input, sink, s.input_device or None)
            except AudioUnavailable as exc:
                if str(exc) not in missing:
                    missing.append(str(exc))
                    carried[str(exc)] = (exc.words, exc.values)
            await loop.run_in_executor(self.executor, preload_hook)   # the hook's import, off the loop
            self._listen_for_key()
        if missing:
            message = "no audio device: " + "; ".join(missing)
            words = [QT_TRANSLATE_NOOP("problems", "No audio device (detail: {detail}).")]
            args = {"detail": "; ".join(missing)}
            said_why, why_args = carried.get(missing[0], ("", {})) if len(missing) == 1 else ("", {})
            if said_why:   # the one reason, said in the window's language
                words, args = [QT_TRANSLATE_NOOP("problems", "No audio device:"), said_why], dict(why_args)
            if self.mouth is not None and isinstance(self.output, SilentOutput):
                message += ". She speaks into silence: captions and lip sync still work."
                words.append(QT_TRANSLATE_NOOP("problems", "She speaks into silence: captions and lip sync still "
                                                           "work."))
            self.problems.append(message)
            self.problem_words[message] = {"words": words, "args": args}
            brief = device_brief(hears=self.mic is not None or self.ears is None,
                                 aloud=not isinstance(self.output, SilentOutput))
            self.ctx.bus.publish(EventKind.ERROR, SURFACE, message, setting=SETTINGS, problem=f"{SURFACE}:audio",
                                 brief=brief, words=brief)

    async def stop(self) -> None:
        me = asyncio.current_task()
        for task in list(self._tasks):
            if task is not me:
                task.cancel()
        up, self._up = self._up, None
        still_loading = up is not None and not up.done()
        if up is not None and not up.done():
            up.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await up
        outlets = self.ctx.voice_outlet
        if outlets is not None and outlets.voice == self._say:
            outlets.detach_voice()
        self.keys.stop()
        mic, self.mic = self.mic, None
        if mic is not None:
            with contextlib.suppress(Exception):
                mic.close()
        ears, self.ears = self.ears, None
        if ears is not None:
            await ears.close()
        whose, self.whose = self.whose, None
        if whose is not None and whose.model is not None:
            whose.model.close()
        mouth, self.mouth = self.mouth, None
        if mouth is not None:
            await mouth.close()
        output, self.output = self.output, None
        if output is not None:
            with contextlib.suppress(Exception):
                output.close()
        if self.parts is not None:
            self.parts.close()
            self.parts = None
        for pool in (self.hear_pool, self.speak_pool):
            if pool is not None:
                await pool.aclose()
        self.hear_pool = self.speak_pool = None
        self.echo = None
        executor, self.executor = self.executor, None
        if executor is not None and still_loading:   # a quit during start-up does not wait for the models' load
            executor.shutdown(wait=False, cancel_futures=True)
        elif executor is not None:
            # a synthesis or transcription still running when the process exits is killed inside onnxruntime,
            # which aborts the process: wait for what runs, bounded (a stuck call is left to die with it)
            await asyncio.get_running_loop().run_in_executor(
                None, functools.partial(executor.shutdown, wait=True, cancel_futures=True, timeout=STOP_WAIT_S))
        words, self.words_turn = self.words_turn, None
        if words is not None:
            words.close()
        self.running = self.loading = self.speaking = self.ducked = self.owner_talking = self.thinking = False
        self.barged = False
        if self.problems:   # stopped (or restarting): what was wrong is not said any more
            self.ctx.bus.publish(EventKind.SYSTEM, SURFACE, "Voice stopped", resolved=SURFACE,
                                 words=QT_TRANSLATE_NOOP("problems", "Voice stopped"))
        self.problems = []
        self.problem_words = {}
        self._changed()

    async def restart(self) -> None:
        await self.stop()
        if self.enabled:
            await self.start()

    # ---- her voice (rules 2, 3) ---------------------------------------------------------------------
    def _cancelling(self, sink: Callable[[Any, float], None]) -> Callable[[Any, float], None]:
        """Rule 10: the microphone's blocks through the echo canceller, on the microphone's thread, with what her
        speakers render as its reference; without the canceller, the blocks as they come, said once."""
        try:
            canceller = EchoCanceller()
        except EchoUnavailable as exc:
            log.warning("no echo cancellation: %s", summary(exc))
            said = {"words": QT_TRANSLATE_NOOP("problems", "Her voice is not taken out of the microphone (detail: "
                                                           "{detail}); wear headphones or use push to talk."),
                    "args": {"detail": str(exc)}}
            self.problems.append(f"no echo cancellation: {exc}")
            self.problem_words[self.problems[-1]] = said
            self.ctx.bus.publish(EventKind.ERROR, SURFACE, self.problems[-1], setting=SETTINGS,
                                 problem=f"{SURFACE}:echo", **said)
            return sink
        self.echo = canceller
        rate = self.output.sample_rate
        self.output.add_listener(lambda p: canceller.played(p.audio, rate, p.t))

        def cleaned(samples: Any, t: float) -> None:
            sink(canceller.clean(samples, t), t)
        return cleaned

    async def test_places(self, hear: list[str], speak: list[str]) -> list[tuple[str, dict]]:
        """What each speech server listed offers and how fast it answered (places.test_places)."""
        return await test_places(hear, speak, self.ctx.gate, self.ctx.secrets)

    async def _say(self, text: str, mood: str) -> str:
        assert self.mouth is not None
        self._answering()
        return self._report(await self.mouth.say(text, mood))

    def _screen(self, chunk: str) -> str:
        """Each chunk as it may go on air: the mind's on-air filter, chunk by chunk."""
        outlets = self.ctx.voice_outlet
        return outlets.screen(chunk, spoken=True).text if outlets is not None else chunk

    def _begin(self) -> StreamedLine:
        assert self.mouth is not None
        self._answering()
        return StreamedLine(self.mouth.begin(), self._report)

    # ---- the mind's barge-in (rule 8) -------------------------------------------------------------------
    def interrupt(self) -> None:
        """Something real arrived while she speaks: duck her (stage one)."""
        if self.mouth is None or self.barged:
            return
        self.barged = True
        if self.mouth.owner_voice(OwnerVoice(True, 0.0)) is Decision.DUCK:
            self.ducked = True
        self._changed(force=False)

    def _answering(self) -> None:
        """She answers out loud what interrupted her: the ducked line stops where it got (stage two)."""
        if self.barged and self.mouth is not None:
            self.barged = self.ducked = False
            self.mouth.stop()
            self._changed(force=False)

    def _let_pass(self) -> None:
        """The turn ended without a new line of hers: back to full volume, the line goes on."""
        if self.barged:
            self.barged = False
            if self.mouth is not None and self.mouth.owner_voice(OwnerVoice(False)) is Decision.RESTORE:
                self.ducked = False
            self._changed(force=False)

    def _report(self, spoken: Spoken) -> str:
        if spoken.error:
            _text, data = said(QT_TRANSLATE_NOOP("problems", "Her voice broke off mid-line (detail: {detail})."),
                               detail=spoken.error)
            self.ctx.bus.publish(EventKind.ERROR, SURFACE, f"her voice broke off: {spoken.error}", **data)
        return spoken.said

    def _caption(self, caption: Caption) -> None:
        chunks = self._captions.setdefault(caption.line, [])
        chunks.append(caption.text)
        for old in [n for n in self._captions if n <= caption.line - KEEP_CAPTIONS]:
            del self._captions[old]
        self.ctx.bus.publish(EventKind.SPEECH, SURFACE, caption_text(chunks), mood=caption.mood or "neutral",
                             chunk=True, caption=True, line=caption.line, index=caption.index,
                             chunk_text=caption.text, duration_s=round(caption.duration_s, 3))

    def _on_speaking(self, on: bool) -> None:
        self.speaking = on
        if on:
            self.thinking = False
            self._timed()
        else:
            self.ducked = self.barged = False
        self._changed(force=False)

    def _timed(self) -> None:
        """Her first sound after the streamer spoke: the stages of that answer, for the dock."""
        asked, self._asked = self._asked, None
        began = next((ln for ln in self.mouth.lines if ln.first_audio_at is not None), None) if self.mouth else None
        if asked is None or began is None:
            return
        timed = stages(asked.last_word_at, asked.ended_at, asked.heard_at, began.started_at, began.first_audio_at)
        if timed is not None:
            self.last_stages = timed

    def stop_speaking(self) -> None:
        """The streamer's stop button: silence now."""
        if self.mouth is not None:
            self.mouth.stop()

    # ---- her ears (rules 4, 5) --------------------------------------------------------------------------
    def _feed(self, samples: Any, t: float) -> None:
        """The microphone: to a take of her voice print while one is read, else to her ears."""
        if self.ears is not None and (self.whose is None or not self.whose.hear(samples)):
            self.ears.feed(samples, t)

    async def _identify(self, audio: Any) -> str:
        return STREAMER if self.whose is None else await self.whose.identify(audio)

    async def _her_voice(self) -> Any:
        """A sentence in her own voice (a Synthesis): what she sounds like when her voice comes back."""
        if self.speak_pool is None:
            raise RuntimeError("she has no voice open")
        return await self.speak_pool.synthesize(self.ctx.words().text("skills.voice.her_sample"))

    def _heard(self, heard: Heard) -> None:
        text = heard.text.strip()
        if not text:
            return
        if heard.speaker == HERS:   # her own voice come back through the room: never a line to answer
            return
        if heard.speaker == SOMEONE:
            self._someone(text)
            return
        self.last_transcript = text
        self._asked = heard
        self.thinking = True
        self.ctx.perceive(Perception(
            PerceptionKind.VOICE, SURFACE, f"{heard_mark(self.ctx.words())} {text}", salience=0.9,
            meta={Meta.CONVERSATION_KEY: CONVERSATION, Meta.TEXT: text}, author=OWNER, ts=self.ctx.clock.time()))
        self._changed()

    def _someone(self, text: str) -> None:
        """A voice that is not the streamer's: left out, or heard as someone in the room, at low priority."""
        if self.settings.hear_who == "you":
            self.left_out += 1
            self._changed()
            return
        her = self.ctx.words()
        self.ctx.perceive(Perception(
            PerceptionKind.VOICE, SURFACE, f"[{her.text('skills.voice.someone')}, {her.text('skills.voice.out_loud')}]"
            f" {text}", salience=0.3, meta={Meta.CONVERSATION_KEY: CONVERSATION, Meta.TEXT: text},
            ts=self.ctx.clock.time()))

    def _owner_voice(self, event: OwnerVoice) -> None:
        self.owner_talking = event.speaking
        self.talked_over(event)

    def talked_over(self, event: OwnerVoice) -> None:
        """A voice over hers (the streamer's, or a call's through the tap): the two-stage barge-in (rule 5)."""
        decision = self.mouth.owner_voice(event) if self.mouth is not None else Decision.NONE
        if decision is Decision.DUCK:
            self.ducked = True
        elif decision in (Decision.RESTORE, Decision.STOP):
            self.ducked = False
        self._changed(force=False)

    def _level(self, level_db: float) -> None:
        self.level_db = level_db
        for fn in list(self._level_listeners):
            try:
                fn(level_db)
            except Exception:
                log.exception("a level listener failed")

    def press(self) -> None:
        if self.ears is not None:
            self.ears.press()

    def release(self) -> None:
        if self.ears is not None:
            self.ears.release()

    def _listen_for_key(self) -> None:
        """The talk key is heard only while her ears are up in push-to-talk mode (rule 5)."""
        wanted = self.ears is not None and self.settings.mode == "push_to_talk"
        self.keys.configure(self.settings.talk_key if wanted else "")

    def _turn_over(self, _event: Event) -> None:
        self._let_pass()
        if self.thinking:
            self.thinking = False
            self._changed(force=False)

    # ---- the stage (rule 6) -----------------------------------------------------------------------------
    def _stage(self) -> Any:
        return self.ctx.avatar()

    def _played(self, progress: Progress) -> None:
        """An output listener, on the render thread."""
        stage = self._stage()
        if stage is None:
            return
        if progress.audio_frames:
            if progress.t - self._lip_at >= LIP_EVERY:
                self._lip_at, self._lip_open = progress.t, True
                stage.mouth_threadsafe(mouth_level(progress.level_db))
        elif self._lip_open:
            self._lip_open = False
            stage.mouth_threadsafe(0.0)

    def _action(self, name: str) -> None:
        stage = self._stage()
        if stage is not None:
            stage.play_action(name)

    # ---- settings (rule 7) ------------------------------------------------------------------------------
    def _setting(self, path: str, _value: object) -> None:
        prefix = f"skills.{self.key}."
        if not path.startswith(prefix):
            return
        name, s = path.removeprefix(prefix), self.settings
        if name == "enabled":
            spawn(self.start() if self.enabled else self.stop(), held=self._tasks)
        elif name == "mode":
            if self.ears is not None:
                self.ears.mode = s.mode
                self._listen_for_key()
            elif self.running and s.mode != "off":
                spawn(self.restart(), held=self._tasks)   # her ears were never loaded
            self._changed()
        elif name == "talk_key" and self.ears is not None:
            self._listen_for_key()
            self._changed()
        elif name in ("duck_db", "stop_after_seconds") and self.mouth is not None:
            self.mouth.barge_in.duck_db = s.duck_db
            self.mouth.barge_in.stop_after_s = s.stop_after_seconds
        elif name in RESTART_ON and self.running:
            spawn(self.restart(), held=self._tasks)


    # ---- devices (the dock's pickers) -------------------------------------------------------------------
    @staticmethod
    def devices() -> tuple[list[str], list[str], str]:
        """(input names, output names, why there are none)."""
        found = list_devices()
        why = "" if found else (backend().reason or NONE_FOUND)
        return ([d.name for d in found if d.inputs > 0], [d.name for d in found if d.outputs > 0], why)

    @staticmethod
    def why_said(why: str) -> dict[str, Any]:
        """The words and args of the why devices() gave (app.core.words), for the window; {} when it has none."""
        if why == NONE_FOUND:
            return {"words": NONE_FOUND, "args": {}}
        found = backend()
        return {"words": found.words, "args": dict(found.args)} if found.words and found.reason == why else {}

    def context_section(self) -> str:
        if not self.enabled:
            return ""
        her = self.ctx.words()
        return her.say("skills.voice.section", mark=heard_mark(her))
