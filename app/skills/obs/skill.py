"""The OBS skill: her hands on OBS (scene, source visibility, text), captions as she speaks, and OBS's news.

Theory of operation:
1. The connection (client.py) lives while the skill is on; host and port come from the settings, the
   password from the secrets service (the OS keyring), never from the settings. A changed host, port or
   password, or privacy mode switched, retries at once (a refused password stays refused until then).
2. Her tools exist only while OBS is connected, and only those whose allowlist the streamer filled in: a
   tool that could only refuse would cost prompt and invite a useless call. Each handler still checks the
   allowlist (a model may ignore the enum) and refuses with an ERROR sentence naming what she may use.
3. Every SPEECH event on the bus goes to the caption text source, when one is set: the newest line wins
   (a line still being sent is not queued behind), and the caption is cleared after caption_hold_seconds.
4. StreamStateChanged opens a session in the stream store when outputActive turns true (opened_by "obs")
   and ends it when it turns false; going live is also something she perceives. A stream already live when
   the connection comes up opens a session too.
5. A scene change becomes a SYSTEM perception, marked noise (texture) unless the streamer wants scene
   changes to count; the change she made herself with switch_scene is not echoed back to her.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import Field, field_validator

from app.config.section import ADVANCED, SkillSettings
from app.core.events import Event, EventKind
from app.core.perception import Meta, Perception, PerceptionKind
from app.core.tools import Tool
from app.core.words import QT_TRANSLATE_NOOP, said
from app.process.tasks import spawn
from app.skills.base import Skill, SkillContext
from app.skills.obs import words
from app.skills.obs.client import NotConnected, ObsConnection, ObsError, ObsStatus, State, Target
from app.skills.ports import Sessions
from app.skills.registry import register

log = logging.getLogger(__name__)

PASSWORD_SECRET = "obs_password"
# where the password went, as the OBS page and dock say it; {where} is the secret store's marked place
PASSWORD_SAVED = QT_TRANSLATE_NOOP("obs_settings", "The OBS password is saved in {where}.")
PASSWORD_FORGOTTEN = QT_TRANSLATE_NOOP("obs_settings", "The OBS password is forgotten.")
PASSWORD_NOWHERE = QT_TRANSLATE_NOOP("obs_settings", "There is nowhere to keep the password in this build.")
SURFACE = "obs"
MAX_TEXT = 500
MAX_CAPTION = 1000
RECONNECT_ON = {"skills.obs.host", "skills.obs.port", "privacy.enabled"}
EXPECT_SCENE_FOR = 5.0  # seconds: a scene change this soon after her own switch_scene is hers


def _names(values: list[str]) -> list[str]:
    out: list[str] = []
    for value in values:
        name = str(value).strip()
        if name and name not in out:
            out.append(name)
    return out


class ObsSettings(SkillSettings):
    # off until the streamer asks for OBS: a streamer without it would otherwise see a connection refused and a
    # retry every 30 s for something they never set up
    enabled: bool = Field(False, title="Switched on",
                          description="Off until you switch it on: Bea connects to OBS only when you stream with "
                          "it. Only you can switch it (Settings → Skills).")
    host: str = Field("127.0.0.1", min_length=1, title="OBS address", json_schema_extra=ADVANCED,
                      description="Where OBS runs: 127.0.0.1 for this computer, or the address OBS shows in "
                      "Tools → WebSocket Server Settings → Show Connect Info.")
    port: int = Field(4455, ge=1, le=65535, title="OBS WebSocket port", json_schema_extra=ADVANCED,
                      description="4455 unless you changed it in OBS. The password is not a setting: it is "
                      "kept with Bea's secrets (below).")
    allowed_scenes: list[str] = Field(default_factory=list, title="Scenes she may switch to",
                                      description="Their exact OBS names, comma-separated. Empty: she cannot "
                                      "switch scenes.")
    allowed_sources: list[str] = Field(default_factory=list, title="Sources she may show or hide",
                                       description="Sources in the current scene, comma-separated. Empty: she "
                                       "cannot show or hide anything.")
    allowed_text_sources: list[str] = Field(default_factory=list, title="Text sources she may write",
                                            description="Comma-separated. Empty: she cannot set any text.")
    caption_source: str = Field("", title="Text source for captions",
                                description="A text source that shows what she says as she speaks. Empty: no "
                                "captions in OBS.")
    caption_hold_seconds: float = Field(8.0, ge=0, le=600, title="Caption stays (seconds)",
                                        json_schema_extra=ADVANCED,
                                        description="How long a caption stays after her last line (0: until "
                                        "the next).")
    scene_changes_are_noise: bool = Field(True, title="Scene changes pass quietly", json_schema_extra=ADVANCED,
                                          description="She notices scene changes, but they never make her speak "
                                          "on their own.")

    @field_validator("allowed_scenes", "allowed_sources", "allowed_text_sources")
    @classmethod
    def _clean(cls, values: list[str]) -> list[str]:
        return _names(values)

    @field_validator("host", "caption_source")
    @classmethod
    def _strip(cls, value: str) -> str:
        return value.strip()


def allowed(name: Any, allowlist: Sequence[str]) -> str | None:
    """The allowlist's own spelling of `name` (case and spaces forgiven), or None when it is not there."""
    wanted = " ".join(str(name or "").split()).casefold()
    return next((entry for entry in allowlist if " ".join(entry.split()).casefold() == wanted), None)


def refusal(what: str, name: Any, allowlist: Sequence[str]) -> str:
    listed = ", ".join(f"“{n}”" for n in allowlist) or "none"
    return f"ERROR: “{name}” is not one of the {what} the streamer allows you to use. Allowed: {listed}."


@register
class ObsSkill(Skill):
    key = "obs"
    title = "OBS"
    description = ("She switches scenes, shows or hides sources and writes text in OBS, and "
                   "captions what she says.")
    settings_model = ObsSettings
    dock = "app.skills.obs.dock:make_dock"
    settings_page = "app.skills.obs.settings:make_page"

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.connection = ObsConnection(self._target, gate=ctx.gate)
        self.connection.on_event(self._obs_event)
        self.connection.on_status(self._status_changed)
        self._listeners: list[Callable[[ObsStatus], None]] = []
        self._expected_scene: tuple[str, float] | None = None
        self._live: bool | None = None   # unknown until OBS first tells us; kept across reconnections
        self._caption: tuple[int, str] = (0, "")
        self._caption_wake: asyncio.Event | None = None
        self._caption_task: asyncio.Task | None = None
        self.last_caption_error = ""
        self._told = ""   # what the streamer was told is wrong with the connection, until it connects
        ctx.bus.subscribe(self._heard, kinds=[EventKind.SPEECH], replay=False)
        if ctx.app_settings is not None:
            ctx.app_settings.on_change(self._setting)

    # ---- the connection -------------------------------------------------------------------------------
    @property
    def status(self) -> ObsStatus:
        return self.connection.status

    @property
    def connected(self) -> bool:
        return self.status.connected

    def _target(self) -> Target:
        s = self.settings
        return Target(s.host, s.port, self.password())

    def password(self) -> str:
        secrets = self.ctx.secrets
        return (secrets.get(PASSWORD_SECRET) if secrets is not None else None) or ""

    def set_password(self, password: str) -> tuple[str, dict[str, Any]]:
        """The streamer typed OBS's password (empty: forget it). Returns where it went as said() gives it: the
        English sentence, and its marked words with {where} (the secret store's own marked words) for the window."""
        secrets = self.ctx.secrets
        if secrets is None:
            return said(PASSWORD_NOWHERE)
        if password:
            secrets.set(PASSWORD_SECRET, password)
            note = said(PASSWORD_SAVED, where=secrets.where)
        else:
            secrets.delete(PASSWORD_SECRET)
            note = said(PASSWORD_FORGOTTEN)
        self.connection.reconnect()
        return note

    def on_status(self, fn: Callable[[ObsStatus], None]) -> Callable[[], None]:
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def _status_changed(self, status: ObsStatus) -> None:
        if status.state is State.CONNECTED:
            self._observe_streaming(status.streaming)
        self._tell(status)
        for fn in list(self._listeners):
            try:
                fn(status)
            except Exception:
                log.exception("an OBS status listener failed")

    async def start(self) -> None:
        self._caption_wake = asyncio.Event()
        self.connection.start()

    async def stop(self) -> None:
        me = asyncio.current_task()
        for task in [*self._tasks, self._caption_task]:
            if task is not None and task is not me:   # switching the skill off runs stop() from our task
                task.cancel()
        await self.connection.stop()

    def reconnect(self) -> None:
        self.connection.reconnect()

    def _tell(self, status: ObsStatus) -> None:
        """OBS out of reach, not answering or refusing: said once (not at each retry) in the problems list, until
        it connects."""
        if status.state in (State.RETRYING, State.HUNG, State.REFUSED):
            text = status.message.partition(" Trying again")[0]
            text = text if "OBS" in text else f"OBS: {text}"
            said = tuple(s for s in status.words if s != words.AGAIN)
            if status.state is State.RETRYING:   # OBS not found; a hung OBS is there
                text += " If you don't use OBS, switch it off in Settings → Skills."
                said += (words.IF_UNUSED,)
            if not self._told or (status.state is State.REFUSED and text != self._told):
                self._told = text
                self.ctx.bus.publish(EventKind.ERROR, SURFACE, text, setting="skills.obs", problem=SURFACE,
                                     **({"words": list(said), "args": dict(status.args)} if status.words else {}))
        elif status.state in (State.CONNECTED, State.OFF) and self._told:
            self._told = ""
            self.ctx.bus.publish(EventKind.SYSTEM, SURFACE, status.message, resolved=SURFACE,
                                 **({"words": list(status.words), "args": dict(status.args)} if status.words else {}))

    def _setting(self, path: str, _value: object) -> None:
        if path in RECONNECT_ON:
            self.connection.reconnect()
        elif path == "skills.obs.enabled":
            spawn(self.start() if self.enabled else self.stop(), held=self._tasks)


    # ---- what she reads ---------------------------------------------------------------------------------
    def live_state(self) -> str:
        if not self.enabled or not self.connected:
            return ""
        s = self.status
        outputs = [word for on, word in ((s.streaming, "live"), (s.recording, "recording")) if on]
        return f"[OBS] Scene: {s.current_scene or 'unknown'}; {', '.join(outputs) or 'not live'}."

    def context_section(self) -> str:
        names = [t.name for t in self.tools()]
        if not names:
            return ""
        return self.ctx.words().say("skills.obs.section", tools=", ".join(f"`{n}`" for n in names))

    def tools(self) -> list[Tool]:
        if not self.enabled or not self.connected:
            return []
        s, out = self.settings, []
        if s.allowed_scenes:
            out.append(Tool(
                "switch_scene", "Switch OBS to another scene (what the viewers see).",
                {"type": "object", "properties": {"scene": {
                    "type": "string", "enum": list(s.allowed_scenes), "description": "The scene to show."}},
                 "required": ["scene"]}, handler=self.switch_scene, reaches=True))
        if s.allowed_sources:
            out.append(Tool(
                "show_source", "Show or hide a source in the current OBS scene.",
                {"type": "object", "properties": {
                    "source": {"type": "string", "enum": list(s.allowed_sources)},
                    "visible": {"type": "boolean", "description": "true shows it, false hides it."}},
                 "required": ["source", "visible"]}, handler=self.show_source, reaches=True))
        if s.allowed_text_sources:
            out.append(Tool(
                "set_text", "Set the text an OBS text source shows on stream.",
                {"type": "object", "properties": {
                    "source": {"type": "string", "enum": list(s.allowed_text_sources)},
                    "text": {"type": "string", "maxLength": MAX_TEXT, "description": "The text to show."}},
                 "required": ["source", "text"]}, handler=self.set_text, reaches=True))
        return out

    # ---- her tools: an observation, or "ERROR: ..." -----------------------------------------------------
    async def switch_scene(self, scene: Any) -> str:
        name = allowed(scene, self.settings.allowed_scenes)
        if name is None:
            return refusal("scenes", scene, self.settings.allowed_scenes)
        if name == self.status.current_scene:
            return f"“{name}” is already the scene on stream."
        self._expected_scene = (name, self.ctx.clock.monotonic())
        try:
            await self.connection.call(lambda req: req.set_current_program_scene(name))
        except ObsError as exc:
            self._expected_scene = None
            return f"ERROR: could not switch to “{name}”: {exc}"
        self.connection.note_scene(name)
        return f"Switched OBS to the scene “{name}”."

    async def show_source(self, source: Any, visible: Any) -> str:
        name = allowed(source, self.settings.allowed_sources)
        if name is None:
            return refusal("sources", source, self.settings.allowed_sources)
        if not isinstance(visible, bool):
            return "ERROR: visible must be true (show) or false (hide)."
        scene = self.status.current_scene

        def toggle(req: Any) -> None:
            item = req.get_scene_item_id(scene, name).scene_item_id
            req.set_scene_item_enabled(scene, item, visible)
        try:
            await self.connection.call(toggle)
        except ObsError as exc:
            return f"ERROR: could not {'show' if visible else 'hide'} “{name}” in “{scene}”: {exc}"
        return f"{'Showing' if visible else 'Hid'} “{name}” in the scene “{scene}”."

    async def set_text(self, source: Any, text: Any) -> str:
        name = allowed(source, self.settings.allowed_text_sources)
        if name is None:
            return refusal("text sources", source, self.settings.allowed_text_sources)
        value = str(text if text is not None else "")[:MAX_TEXT]
        if value and self.ctx.senders is not None:     # on stream: the on-air filter first
            value = self.ctx.senders.screen(value, where=f"the OBS text “{name}”").text
            if not value:
                return (f"ERROR: not shown: that text held words that never go on stream; “{name}” is unchanged. "
                        "Put it another way")
        try:
            await self.connection.call(lambda req: req.set_input_settings(name, {"text": value}, True))
        except ObsError as exc:
            return f"ERROR: could not set the text of “{name}”: {exc}"
        return f"“{name}” now shows: {value}" if value else f"“{name}” is now empty."

    # ---- the streamer's own actions (the dock) ------------------------------------------------------------
    async def streamer_switch(self, scene: str) -> str:
        """The streamer picked a scene in the dock: no allowlist, it is their OBS. "" when done."""
        try:
            await self.connection.call(lambda req: req.set_current_program_scene(scene))
        except ObsError as exc:
            return str(exc)
        self.connection.note_scene(scene)
        return ""

    # ---- captions ---------------------------------------------------------------------------------------
    def _heard(self, event: Event) -> None:
        if not self.enabled or not self.settings.caption_source or not self.connected:
            return
        self._caption = (self._caption[0] + 1, event.text[:MAX_CAPTION])
        if self._caption_wake is not None:
            self._caption_wake.set()
        if self._caption_task is None or self._caption_task.done():
            self._caption_task = spawn(self._captions())

    async def _captions(self) -> None:
        """Send the newest line; after the hold with nothing newer, clear it."""
        assert self._caption_wake is not None
        sent = 0
        while True:
            seq, text = self._caption
            if seq != sent:
                self._caption_wake.clear()
                await self._write_caption(text)
                sent = seq
                continue
            hold = float(self.settings.caption_hold_seconds)
            if hold <= 0:
                return
            try:
                await asyncio.wait_for(self._caption_wake.wait(), hold)
            except TimeoutError:
                if self._caption[0] == sent:
                    await self._write_caption("")
                    return

    async def _write_caption(self, text: str) -> None:
        source = self.settings.caption_source
        if not source:
            return
        try:
            await self.connection.call(lambda req: req.set_input_settings(source, {"text": text}, True))
            self.last_caption_error = ""
        except NotConnected:
            pass
        except ObsError as exc:
            message, data = said(QT_TRANSLATE_NOOP("problems", "The caption source “{source}” could not be "
                                                               "updated (detail: {detail})."),
                                 source=source, detail=exc)
            if message != self.last_caption_error:  # once, not on every line
                self.last_caption_error = message
                self.ctx.bus.publish(EventKind.ERROR, SURFACE, message, **data)

    # ---- what OBS tells us ------------------------------------------------------------------------------
    def _obs_event(self, event_type: str, data: dict[str, Any]) -> None:
        if event_type == "CurrentProgramSceneChanged":
            self._scene_changed(str(data.get("scene_name", "")))

    def _scene_changed(self, scene: str) -> None:
        expected, self._expected_scene = self._expected_scene, None
        if expected is not None and expected[0] == scene and \
                self.ctx.clock.monotonic() - expected[1] < EXPECT_SCENE_FOR:
            return  # her own switch_scene: the tool's answer already told her
        text, data = said(QT_TRANSLATE_NOOP("activity", "OBS scene: {scene}"), scene=scene)
        self.ctx.bus.publish(EventKind.SYSTEM, SURFACE, text, scene=scene, **data)
        self.ctx.perceive(Perception(
            PerceptionKind.SYSTEM, SURFACE, f"[OBS] The scene on stream is now “{scene}”.", salience=0.3,
            meta={Meta.NOISE: bool(self.settings.scene_changes_are_noise), Meta.CONVERSATION_KEY: SURFACE},
            ts=self.ctx.clock.time()))

    def _observe_streaming(self, active: bool) -> None:
        """What OBS says now about the stream output (a StreamStateChanged, or the state on connecting)."""
        before, self._live = self._live, active
        if before is None and not active:
            return  # first news, not live: a session the streamer opened by hand is theirs to end
        if before == active:
            return
        sessions = self.ctx.sessions
        text, data = said(QT_TRANSLATE_NOOP("activity", "The stream is live in OBS: a session opens.") if active
                          else QT_TRANSLATE_NOOP("activity", "The stream ended in OBS: the session closes."))
        self.ctx.bus.publish(EventKind.SYSTEM, SURFACE, text, **data)
        spawn(self._session(sessions, active), held=self._tasks)

    async def _session(self, sessions: Sessions | None, live: bool) -> None:
        loop = asyncio.get_running_loop()
        if sessions is not None:
            try:  # the store blocks its caller: never on the loop's thread
                if live:
                    await loop.run_in_executor(None, sessions.go_live, SURFACE)
                else:
                    await loop.run_in_executor(None, sessions.end)
                    remembering = self.ctx.remembering
                    if remembering is not None:   # the stream's lines become memories now, not at night
                        await remembering.remember()
            except Exception as exc:
                log.exception("the OBS skill could not %s the session", "open" if live else "end")
                text, data = said(QT_TRANSLATE_NOOP("problems", "The stream session could not be opened "
                                                                "(detail: {detail}).") if live else
                                  QT_TRANSLATE_NOOP("problems", "The stream session could not be closed "
                                                                "(detail: {detail})."), detail=exc)
                self.ctx.bus.publish(EventKind.ERROR, SURFACE, text, **data)
        if live:  # after the session is open, so the line lands in it
            self.ctx.perceive(Perception(
                PerceptionKind.SYSTEM, SURFACE, "[OBS] The stream is live.", salience=0.6,
                meta={Meta.CONVERSATION_KEY: SURFACE}, ts=self.ctx.clock.time()))
