"""The Stage skill: her body. It runs the stage server and turns what happens into stage messages.

Theory of operation:
1. start() serves the stage on 127.0.0.1:<port> (the OBS browser source), and only there: a saved browser
   source must keep working, so the stage never moves to another port. When the port is held (often by the
   Bea that is still closing), the dock and the app's stage say by which program (app.stage.port_holder) and
   it tries again every PORT_RETRY_EVERY seconds for PORT_RETRY_FOR, then says it gave up.
2. The avatar is the .vrm file in the settings (vrm_path), or, while none is chosen, her default avatar (the
   doll app.stage.doll makes at install time; using_default says so). It is checked (app.stage.vrm.inspect) before any
   page is asked to load it: a file that is not a VRM is refused with a sentence and the setting keeps the
   last good file. choose_model() is how the dock sets it: checked first, then written to the settings, and
   the settings change loads it. A page that still fails to load it reports why; the dock shows that too.
   A saved path refused when it is loaded (at launch, or typed in a settings file) stays in the settings and
   is also the Chat dock's problem line (topic stage:avatar), gone once an avatar loads; the check refuses a
   file that asks for anything from outside itself (app.stage.glb.outside_uri), which a page would fetch.
3. Her mood picks the expression: each SPEECH event carries the mood she spoke in, shown while she says the
   line; between lines the stage shows her stored mood (app.mind.mood), as strongly as she feels it. The
   mapping (vrm.expression_for) uses the expressions the page reported for the model actually loaded, and the
   streamer's own picks (expression_map) first.
4. Lip sync: mouth(level, viseme) is the voice's way in (energy per audio frame, 0..1). While no voice sends
   levels, a spoken line moves the mouth from its words (lipsync.text_envelope), unless switched off.
5. Every SPEECH event is also a caption for the captions overlay (/stage/captions).
6. The app's own page says, when ready, what draws it (its WebGL renderer): without one, drawing_problem()
   says so in words, the app's view shows that instead of an empty backdrop, and Get started keeps "Give her
   a body" open.
7. Any change (pages coming and going, a model loaded or refused, the server moving) calls the on_change
   listeners: the dock and the app's stage view follow it.
8. Animation clips: the streamer's .vrma files (the `clips` setting, edited from the dock). Each is checked
   (app.stage.vrma.inspect) and served at /stage/clips/<name>.vrma, the name being the file stem; the pages
   get the whole list (the `clips` message) and play them with three-vrm-animation. The clip named by
   `idle_clip` loops whenever nothing else plays. play_action(name) plays the clip whose name matches, as
   the voice does for a <do:x> tag (case, spaces, dashes and underscores do not matter); with no such clip
   it does nothing and says so (False). There is no action event on the bus to follow: the voice calls it.
"""

from __future__ import annotations

import asyncio
import errno
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator

from app.config.section import ADVANCED, SkillSettings
from app.core import affect
from app.core.events import Event, EventKind
from app.core.words import QT_TRANSLATE_NOOP
from app.process.tasks import spawn
from app.skills.base import Skill, SkillContext
from app.skills.listeners import Listeners
from app.skills.registry import register
from app.stage import lipsync, port_holder
from app.stage import messages as msgs
from app.stage.assets import NPM_HINT, default_avatar_path, missing
from app.stage.server import Page, StageServer
from app.stage.vrm import InvalidVrm, VrmInfo, expression_for, inspect, strength
from app.stage.vrma import InvalidVrma, VrmaInfo, fold
from app.stage.vrma import inspect as inspect_clip

log = logging.getLogger(__name__)

DEFAULT_PORT = 7455
MOOD_EVERY = 2.0          # seconds between looks at her stored mood
SPEAK_HOLD = 1.5          # seconds a line's mood stays after its words
TEXT_MOUTH_AFTER = 0.5    # seconds without voice levels before the words move the mouth
CONFIG_KEYS = {"background", "background_color", "camera", "blink", "idle_motion", "fps_limit", "lip_gain"}
CLIP_KEYS = {"clips", "idle_clip"}
CLIP_FADE_MS = 300        # a clip fades in and out over this
PORT_RETRY_EVERY = 2.0    # seconds between tries for a held port
PORT_RETRY_FOR = 120.0    # seconds of trying before saying it gave up
AVATAR_PROBLEM = "stage:avatar"   # the Chat dock's problem line for a saved avatar that is refused
# English in the log; the stage view says it in the window's language
NO_WEBGL = QT_TRANSLATE_NOOP("stage_view", "Her avatar cannot be drawn in this window: it has no WebGL (3D "
                                           "graphics), so the stage stays empty. Update your graphics driver or "
                                           "turn on 3D acceleration, then restart Bea. OBS's browser source may "
                                           "still show her.")


class StageSettings(SkillSettings):
    vrm_path: str = Field("", title="Avatar file",
                          description="Her body: a .vrm file (VRoid Studio, UniVRM...), chosen in the Stage dock. "
                                      "Empty: her default body.")
    port: int = Field(DEFAULT_PORT, ge=1024, le=65535, title="Stage port", json_schema_extra=ADVANCED,
                      description="OBS reads the stage as a Browser source at http://127.0.0.1:<port>/stage "
                      "(captions: /stage/captions); only this computer can reach it.")
    background: Literal["transparent", "chroma", "color"] = Field(
        "transparent", title="Behind her",
        json_schema_extra={"choices": {"transparent": "Transparent", "chroma": "Chroma key",
                                       "color": "Plain colour"}},
        description="Transparent (OBS browser sources keep it), a chroma-key colour to key out, or a plain "
                    "colour.")
    background_color: str = Field("#00ff00", pattern=r"^#[0-9a-fA-F]{6}$", title="Background colour",
                                  description="The chroma-key or plain colour, as #rrggbb.")
    camera: Literal["full", "upper", "face"] = Field(
        "upper", title="Framing",
        json_schema_extra={"choices": {"full": "Full body", "upper": "Upper body", "face": "Face"}},
        description="How much of her the stage shows.")
    blink: bool = Field(True, title="She blinks",
                        description="She blinks now and then (when the model has a blink expression).")
    idle_motion: bool = Field(True, title="She breathes and sways",
                              description="She breathes and sways a little when idle.")
    fps_limit: int = Field(60, ge=10, le=120, title="Most frames per second", json_schema_extra=ADVANCED,
                           description="The most frames per second the stage draws; lower spares your computer.")
    lip_gain: float = Field(1.0, ge=0, le=4, title="Mouth opening", json_schema_extra=ADVANCED,
                            description="How wide her mouth opens for a given loudness (1 is normal).")
    expression_strength: float = Field(0.8, ge=0, le=1, title="How much her face shows",
                                       description="How strongly her face shows her mood (1: the model's full "
                                                   "expression).")
    expression_map: dict[str, str] = Field(default_factory=dict, title="Your expression picks",
                                           json_schema_extra=ADVANCED,
                                           description="Mood word → expression name, e.g. excited=Smile. Other "
                                           "moods are matched to the model's expressions automatically.")
    lip_sync_from_text: bool = Field(True, title="Mouth follows her words", json_schema_extra=ADVANCED,
                                     description="With no voice sending audio levels, move her mouth from the "
                                                 "words she says.")
    caption_hold_seconds: float = Field(8.0, ge=0, le=600, title="Caption stays (seconds)",
                                        json_schema_extra=ADVANCED,
                                        description="How long a caption stays on the captions overlay (0: until "
                                                    "the next).")

    clips: list[str] = Field(default_factory=list, title="Animation clips",
                             description=".vrma files (VRM Animation), added in the Stage dock; when she says "
                             "<do:wave>, the clip named wave.vrma plays.")
    idle_clip: str = Field("", title="Clip she loops when idle",
                           description="Its file name without .vrma; empty: her own breathing and sway.")

    @field_validator("vrm_path", "idle_clip")
    @classmethod
    def _strip(cls, value: str) -> str:
        return value.strip()

    @field_validator("clips")
    @classmethod
    def _paths(cls, value: list[str]) -> list[str]:
        out: list[str] = []
        for path in value:
            path = str(path).strip()
            if path and path not in out:
                out.append(path)
        return out


@register
class StageSkill(Skill):
    key = "stage"
    title = "Stage"
    description = "Her body: a VRM avatar that moves, blinks and shows her mood, in the app and in OBS."
    settings_model = StageSettings
    dock = "app.skills.stage.dock:make_dock"
    settings_page = "app.skills.stage.settings:make_page"

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.server = StageServer(clock=ctx.clock)
        self.server.on_message(self._page_message)
        self.model: VrmInfo | None = None      # the checked file the pages are loading or showing
        self.model_error = ""                   # why the chosen file is not shown
        self._told_avatar = False               # the Chat dock has the refused saved avatar as a problem line
        self.page_error = ""                    # what a page said went wrong
        self.server_error = ""                  # why OBS cannot reach the stage
        self.problem_words: dict[str, dict[str, Any]] = {}   # a problem's marked words and args, by its English line
        self.report: dict[str, Any] | None = None   # the page's `loaded` for the current model
        self.serial = 0
        self.shown: tuple[str, str, float] = ("", "", 0.0)   # (mood, expression, weight)
        self._feeling: tuple[str, float] = ("", 1.0)         # (mood, intensity) behind what is shown
        self._speaking_until = 0.0
        self._last_chunk_at = float("-inf")
        self._last_level = 0.0
        self._listeners = Listeners("stage")
        self._mouth_task: asyncio.Task | None = None
        self._mood_task: asyncio.Task | None = None
        self._restarting = False
        self._port_task: asyncio.Task | None = None   # waiting for a held port (rule 1)
        self._wants_port = False                      # started, but the port was held
        self._loop: asyncio.AbstractEventLoop | None = None
        self.clips: dict[str, VrmaInfo] = {}         # name -> a checked clip the pages are given
        self.clip_problems: dict[str, str] = {}      # a path in the settings -> why it is not a clip
        self.clip_reports: dict[str, dict[str, Any]] = {}   # name -> the page's clip_loaded
        self.clip_errors: dict[str, str] = {}        # name -> what a page said is wrong with it
        self._clip_urls: dict[str, str] = {}
        ctx.bus.subscribe(self._heard, kinds=[EventKind.SPEECH], replay=False)
        if ctx.app_settings is not None:
            ctx.app_settings.on_change(self._setting)

    # ---- listeners ------------------------------------------------------------------------------------
    def on_change(self, fn: Callable[[], None]) -> Callable[[], None]:
        return self._listeners.add(fn)

    def _changed(self) -> None:
        self._listeners.notify()

    # ---- life cycle -----------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.server.running

    async def start(self) -> None:
        if self.running or self._port_task is not None:
            return
        self._loop = asyncio.get_running_loop()
        if absent := missing(self.server.root):
            self.server_error = f"The stage files are incomplete ({', '.join(absent[:3])}…): {NPM_HINT}."
            log.error("%s", self.server_error)
        port = self.settings.port
        if not await self._serve(port, absent):
            self._wants_port = True
            self._port_task = spawn(self._wait_for_port(port, absent))
            self._changed()

    async def _serve(self, port: int, absent: list[str]) -> bool:
        """Listen on the port asked for and get going; False (and server_error says why) when it is held."""
        try:
            await self.server.start(port)
        except OSError as exc:
            said, self.server_error = self.server_error, await self._port_problem(port, exc, gave_up=False)
            if self.server_error != said:   # once, not at every try
                log.warning("%s", self.server_error)
            return False
        self._wants_port = False
        if not absent:
            self.server_error = ""
        self.server.send(self._config())
        self._load_from_settings()
        self._load_clips()
        self._mood_task = spawn(self._follow_mood())
        self._changed()
        return True

    async def _wait_for_port(self, port: int, absent: list[str]) -> None:
        """Rule 1: the same port again and again, never another one."""
        deadline = self.ctx.clock.monotonic() + PORT_RETRY_FOR
        try:
            while self.ctx.clock.monotonic() < deadline:
                await asyncio.sleep(PORT_RETRY_EVERY)
                said = self.server_error
                if await self._serve(port, absent):
                    log.info("port %s is free again: the stage is served", port)
                    return
                if self.server_error != said:
                    self._changed()
            self.server_error = await self._port_problem(port, None, gave_up=True)
            log.warning("%s", self.server_error)
            self._changed()
        finally:
            if self._port_task is asyncio.current_task():
                self._port_task = None

    async def _port_problem(self, port: int, exc: OSError | None, gave_up: bool) -> str:
        """Why OBS cannot reach the stage, in English; its marked sentence and values are kept in problem_words
        for the window (app.core.words)."""
        if exc is not None and exc.errno != errno.EADDRINUSE:
            return self._said(QT_TRANSLATE_NOOP("problems", "The stage cannot listen on port {port}: pick another "
                                                            "port in Settings → Stage (detail: {detail})."),
                              f"The stage cannot listen on port {port} ({exc.strerror or exc}): pick another port in "
                              f"Settings → Stage.", port=port, detail=exc.strerror or exc)
        who = await asyncio.get_running_loop().run_in_executor(None, port_holder.holder, port)
        by = f"by {who}" if who else "by another program"
        if gave_up:
            return self._said(QT_TRANSLATE_NOOP("problems", "Port {port} is still held by another program, so the "
                                                            "stage is off: OBS and this window cannot show her. Quit "
                                                            "that program, then switch the stage off and on; or pick "
                                                            "another port in Settings → Stage (and in OBS's browser "
                                                            "source). (detail: {detail})"),
                              f"Port {port} is still held {by}, so the stage is off: OBS and this window cannot show "
                              f"her. Quit that program, then switch the stage off and on; or pick another port in "
                              f"Settings → Stage (and in OBS's browser source).", port=port, detail=who or "?")
        return self._said(QT_TRANSLATE_NOOP("problems", "Port {port}, where OBS reads the stage, is held by another "
                                                        "program. Bea tries again every {every} s: quit that program, "
                                                        "or pick another port in Settings → Stage. (detail: "
                                                        "{detail})"),
                          f"Port {port}, where OBS reads the stage, is held {by}. Bea tries again every "
                          f"{PORT_RETRY_EVERY:g} s: quit that program, or pick another port in Settings → Stage.",
                          port=port, every=f"{PORT_RETRY_EVERY:g}", detail=who or "?")

    def _said(self, words: str, text: str, **args: object) -> str:
        self.problem_words[text] = {"words": words, "args": {k: str(v) for k, v in args.items()}}
        return text

    async def stop(self) -> None:
        me = asyncio.current_task()
        for task in [*self._tasks, self._mouth_task, self._mood_task, self._port_task]:
            if task is not None and task is not me:   # a restart runs stop() from one of its own tasks
                task.cancel()
        self._port_task, self._wants_port = None, False
        await self.server.stop()
        self._changed()

    async def _restart(self) -> None:
        if self._restarting:
            return
        self._restarting = True
        try:
            await self.stop()
            await self.start()
        finally:
            self._restarting = False

    # ---- addresses -----------------------------------------------------------------------------------
    def app_url(self) -> str:
        """The in-app view's address: the server's own scheme, no socket (app.stage.server rule 1)."""
        return self.server.local_url(client="app") if self.running else ""

    def obs_url(self, page: str = "stage") -> str:
        """The browser-source address, or "" while OBS cannot reach it (off, or the port was taken)."""
        if not self.running or self.server.port != self.settings.port:
            return ""
        return self.server.url(page)

    # ---- the avatar -------------------------------------------------------------------------------------
    def choose_model(self, path: str | Path) -> str:
        """The streamer picked a file: "" when it is a VRM (remembered and loaded), else why not."""
        try:
            inspect(path)
        except InvalidVrm as exc:
            self.model_error = str(exc)
            self._changed()
            return self.model_error
        value = str(Path(path).resolve())
        service = self.ctx.app_settings
        if service is not None:
            service.set(f"skills.{self.key}.vrm_path", value)   # the SETTINGS event loads it
        else:
            self._load(value)
        return ""

    def _load_from_settings(self) -> None:
        default = default_avatar_path(self.server.root)
        self._load(self.settings.vrm_path or (str(default) if default.is_file() else ""))

    @property
    def using_default(self) -> bool:
        """She wears the default avatar: the streamer has not chosen one."""
        return self.model is not None and not self.settings.vrm_path

    def _load(self, path: str) -> None:
        self.report, self.page_error = None, ""
        if not path:
            self._resolve_avatar()
            self.model, self.model_error, self.server.model_path = None, "", None
            if self.running:
                self.server.send(msgs.unload())
            self._changed()
            return
        try:
            info = inspect(path)
        except InvalidVrm as exc:
            self.model, self.model_error, self.server.model_path = None, str(exc), None
            if self.running:
                self.server.send(msgs.unload())
            self._told_avatar = True
            self.ctx.bus.publish(EventKind.ERROR, self.key, f"Her avatar is not shown: {exc}",
                                 setting=f"skills.{self.key}", problem=AVATAR_PROBLEM,
                                 words=QT_TRANSLATE_NOOP("problems", "Her avatar is not shown: {why}"),
                                 args={"why": str(exc)})
            self._changed()
            return
        self.serial += 1
        self.model, self.model_error = info, ""
        self._resolve_avatar()
        self.server.model_path = info.path
        if self.running:
            self.server.send(msgs.load(f"/stage/model/{self.serial}.vrm", info.title, self.serial))
            self._show(*self._feeling, force=True)
        self._changed()

    def _resolve_avatar(self) -> None:
        if self._told_avatar:
            self._told_avatar = False
            self.ctx.bus.publish(EventKind.SYSTEM, self.key, "Her avatar is shown.", resolved=AVATAR_PROBLEM,
                                 words=QT_TRANSLATE_NOOP("problems", "Her avatar is shown."))

    @property
    def expressions(self) -> list[str]:
        """The model's expressions as the page reported them (else as the file lists them)."""
        if self.report is not None:
            return list(self.report["expressions"])
        return list(self.model.expressions) if self.model is not None else []

    # ---- animation clips ------------------------------------------------------------------------------
    def _load_clips(self) -> None:
        """Check the clips in the settings, serve the good ones and give the pages the list."""
        clips: dict[str, VrmaInfo] = {}
        problems: dict[str, str] = {}
        urls: dict[str, str] = {}
        for raw in self.settings.clips:
            try:
                info = inspect_clip(raw)
            except InvalidVrma as exc:
                problems[raw] = str(exc)
                continue
            same = next((n for n in clips if fold(n) == fold(info.name)), None)
            if same is not None:
                problems[raw] = (f"“{info.path.name}” is not used: the clip “{same}” has the same name, and "
                                 f"<do:{info.name}> could only play one of them. Rename one file.")
            elif not fold(info.name) or len(info.name) > msgs.CLIP_NAME_MAX:
                problems[raw] = f"“{info.path.name}”: the file name cannot name a clip; rename it."
            elif len(clips) >= msgs.MAX_CLIPS:
                problems[raw] = f"“{info.path.name}” is not used: {msgs.MAX_CLIPS} clips at most."
            else:
                clips[info.name] = info
                stat = info.path.stat()
                urls[info.name] = self.server.clip_url(info.name, f"{stat.st_mtime_ns:x}{stat.st_size:x}")
        for name in list(self.clip_reports):
            if urls.get(name) != self._clip_urls.get(name):
                self.clip_reports.pop(name, None)
        self.clip_errors = {k: v for k, v in self.clip_errors.items()
                            if k in urls and urls[k] == self._clip_urls.get(k)}
        self.clips, self.clip_problems, self._clip_urls = clips, problems, urls
        self.server.clips = {name: info.path for name, info in clips.items()}
        if self.running:
            self.server.send(self._clips_message())
        self._changed()

    @property
    def idle_clip(self) -> str:
        """The clip she loops when nothing else plays ("" for none, or when it is not among the clips)."""
        return self.find_clip(self.settings.idle_clip) or ""

    def _clips_message(self) -> dict[str, Any]:
        idle = self.idle_clip
        return msgs.clips([(name, self._clip_urls[name], name == idle) for name in self.clips])

    def find_clip(self, name: str) -> str | None:
        """The clip that `name` (an action, a file stem) means, or None."""
        key = fold(name.removesuffix(".vrma").removesuffix(".VRMA"))
        return next((n for n in self.clips if fold(n) == key), None) if key else None

    def play_action(self, name: str) -> bool:
        """Play the clip the action `name` names (a <do:x> tag); False when there is none (nothing happens)
        or the stage is off."""
        clip = self.find_clip(name)
        if clip is None or not self.enabled or not self.running:
            return False
        self.server.send(msgs.play(clip, CLIP_FADE_MS))
        return True

    def stop_clip(self) -> None:
        if self.running:
            self.server.send(msgs.play("", CLIP_FADE_MS))

    def add_clips(self, paths: list[str | Path]) -> str:
        """The streamer gave .vrma files: "" when all were added, else why some were not (those that are
        clips are added all the same)."""
        current = list(self.settings.clips)
        names = {fold(n): n for n in self.clips}
        problems = []
        for path in paths:
            try:
                info = inspect_clip(path)
            except InvalidVrma as exc:
                problems.append(str(exc))
                continue
            value = str(info.path.resolve())
            if value in current:
                continue
            if fold(info.name) in names:
                problems.append(f"“{info.path.name}” is not added: a clip called “{names[fold(info.name)]}” "
                                f"is already there. Rename one of the files.")
                continue
            names[fold(info.name)] = info.name
            current.append(value)
        if current != list(self.settings.clips):
            if problem := self.change_setting("clips", current):
                problems.append(problem)
        return "\n".join(problems)

    def remove_clip(self, name: str) -> str:
        """Forget the clip `name` (or the entry at that path, for a file that is not a clip): "" when done."""
        info = self.clips.get(name)
        gone = {name, str(info.path)} if info is not None else {name}
        kept = [p for p in self.settings.clips if p not in gone and str(Path(p)) not in gone]
        changes: dict[str, Any] = {f"skills.{self.key}.clips": kept}
        if info is not None and self.find_clip(self.settings.idle_clip) == name:
            changes[f"skills.{self.key}.idle_clip"] = ""
        service = self.ctx.app_settings
        if service is None:
            return "Settings cannot be changed from here in this build."
        try:
            service.update(changes)
        except ValueError as exc:
            return str(exc)
        return ""

    def set_idle_clip(self, name: str) -> str:
        """Loop the clip `name` when nothing else plays ("": none): "" when saved, else why not."""
        if name and self.find_clip(name) is None:
            return f"There is no clip called “{name}”."
        return self.change_setting("idle_clip", self.find_clip(name) if name else "")

    # ---- mood and mouth -----------------------------------------------------------------------------------
    def expression_for(self, mood: str) -> str:
        return expression_for(mood, self.expressions, self.settings.expression_map)

    def show_mood(self, mood: str, intensity: float = 1.0, hold: float = 0.0) -> str:
        """Show `mood` now (for `hold` seconds before her stored mood takes over again); returns the
        expression chosen ("" for a neutral face)."""
        if hold > 0:
            self._speaking_until = self.ctx.clock.monotonic() + hold
        return self._show(mood, intensity)

    def _show(self, mood: str = "", intensity: float = 1.0, force: bool = False) -> str:
        self._feeling = (mood, intensity)
        name = self.expression_for(mood) if mood else ""
        weight = 0.0
        if name:
            weight = round(float(self.settings.expression_strength) * max(0.0, min(1.0, intensity)), 3)
        if force or (mood, name, weight) != self.shown:
            self.shown = (mood, name, weight)
            if self.running:
                self.server.send(msgs.expression(name, weight, mood))
        return name

    def mouth_threadsafe(self, level: float, viseme: str | None = None) -> None:
        """mouth() from another thread (an audio callback)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.mouth, level, viseme)

    def mouth(self, level: float, viseme: str | None = None) -> None:
        """The voice's lip sync, on the loop's thread: how open her mouth is now (0..1, lipsync.level() of
        the audio frame being played), and the vowel when the voice knows it."""
        self._last_level = self.ctx.clock.monotonic()
        if self._mouth_task is not None:
            self._mouth_task.cancel()
            self._mouth_task = None
        if self.running:
            self.server.send(msgs.mouth(level, viseme if viseme in msgs.VISEMES else None))

    async def _follow_mood(self) -> None:
        """Between lines her face shows her stored mood, as strongly as she feels it."""
        while True:
            if self.ctx.clock.monotonic() >= self._speaking_until:
                keeper = self.ctx.mood
                try:
                    now = keeper.current() if keeper is not None else None
                except Exception:
                    log.exception("the stage could not read her mood")
                    now = None
                if now is not None:
                    self._show(affect.mood_word(now), strength(now.valence, now.arousal))
            await asyncio.sleep(MOOD_EVERY)

    async def _say_with_mouth(self, frames: list[lipsync.Frame]) -> None:
        step = 1.0 / lipsync.RATE
        started = self.ctx.clock.monotonic()
        for i, (level, viseme) in enumerate(frames):
            if self.running:
                self.server.send(msgs.mouth(level, viseme))
            await asyncio.sleep(max(0.0, started + (i + 1) * step - self.ctx.clock.monotonic()))

    # ---- what happens -----------------------------------------------------------------------------------
    def _heard(self, event: Event) -> None:
        if not self.enabled or not self.running:
            return
        text, mood = event.text, str(event.data.get("mood") or "")
        s = self.settings
        self.server.send(msgs.caption(text, mood, int(s.caption_hold_seconds * 1000)))
        now = self.ctx.clock.monotonic()
        if event.data.get("chunk"):            # her voice is playing this line now, chunk by chunk
            self._last_chunk_at = now
        # the whole line after its spoken chunks comes once she has finished: her face keeps the mood only a
        # little longer; a line with no voice is held for as long as it would take to say
        voiced = not event.data.get("chunk") and now - self._last_chunk_at <= lipsync.duration(text) + SPEAK_HOLD
        self.show_mood(mood, hold=SPEAK_HOLD if voiced else lipsync.duration(text) + SPEAK_HOLD)
        if s.lip_sync_from_text and self.ctx.clock.monotonic() - self._last_level > TEXT_MOUTH_AFTER:
            if self._mouth_task is not None:
                self._mouth_task.cancel()
            self._mouth_task = spawn(self._say_with_mouth(lipsync.text_envelope(text)))

    def _config(self) -> dict[str, Any]:
        s = self.settings
        return msgs.config(background=s.background, color=s.background_color, camera=s.camera, blink=s.blink,
                           idle=s.idle_motion, fps_limit=s.fps_limit, lip_gain=s.lip_gain)

    def _setting(self, path: str, _value: object) -> None:
        prefix = f"skills.{self.key}."
        if not path.startswith(prefix):
            return
        name = path.removeprefix(prefix)
        if name == "enabled":
            spawn(self.start() if self.enabled else self.stop(), held=self._tasks)
        elif name in CLIP_KEYS:   # checked even while stopped, so the dock lists them
            self._load_clips()
        elif name == "port" and self._wants_port:   # waiting for (or gave up on) the old port: try the new one
            spawn(self._restart(), held=self._tasks)
        elif not self.running:
            return
        elif name == "vrm_path":
            self._load_from_settings()
        elif name == "port":
            spawn(self._restart(), held=self._tasks)
        elif name in CONFIG_KEYS:
            self.server.send(self._config())
            self._changed()
        elif name in ("expression_map", "expression_strength"):
            self._show(*self._feeling, force=True)


    def _page_message(self, page: Page, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "clip_loaded":
            if message["name"] in self.clips:
                self.clip_reports[message["name"]] = message
                self.clip_errors.pop(message["name"], None)
        elif kind == "error" and message["code"] == "invalid_clip":
            self.clip_errors[message.get("clip") or "?"] = message["message"]
        elif kind == "loaded" and message["serial"] == self.serial:
            first = self.report is None
            self.report, self.page_error = message, ""
            if first:  # the real expression list may differ from the file's: pick again
                self._show(*self._feeling, force=True)
        elif kind == "error" and message.get("serial", self.serial) == self.serial:
            self.page_error = message["message"]
        elif kind == "stats":
            return  # once a second per page: the dock polls fps itself
        self._changed()

    # ---- for the dock ----------------------------------------------------------------------------------
    def pages(self) -> list[Page]:
        return [p for p in self.server.pages if p.ready]

    def app_page(self) -> Page | None:
        """The app's own stage page, once it has said it is ready."""
        return next((p for p in self.pages() if p.client == "app" and p.page == "stage"), None)

    def drawing_problem(self) -> str:
        """Why the app's own stage cannot draw her ("" when it can, or before its page has said): a view with
        no WebGL would otherwise be an empty backdrop with nothing to say."""
        page = self.app_page()
        if page is None or page.webgl:
            return ""
        return NO_WEBGL

    def problem(self) -> str:
        """The one thing the streamer should know is wrong, or ""."""
        return self.model_error or self.page_error or self.server_error
