"""A chat platform reached with one bot token (Telegram, Discord): what such a skill does alike, written once.

1. The token lives in the keyring (SecretSlot; never in settings, never logged). Saving or forgetting it starts
   the client again; whether one is kept is read once (the store is a database) and then known.
2. start() follows the settings: a change of `enabled`, of a name in `restart_on` (the addresses) or of privacy
   mode starts the client again. The client is made by the skill (`_new_client`) only when the skill is on, the
   network gate exists and a token is kept; otherwise the state is OFF with the reason.
3. status is (state, why) for the settings page and the dock: the client's while there is one (its words as
   they came), else OFF with NO_TOKEN (a Phrase the window translates) when no token is kept. me is her bot's
   @username once the platform said it.
4. A state in `stopping` (a refused token, privacy mode...) is an ERROR event for the Chat dock's problem line
   (setting skills.<key>, problem `problem`), and so is the client's first "not answering" (a peer that hangs:
   once, not at each try); reading again is a SYSTEM event that resolves it. Every state is a
   system line in the dock's log (a run of retries for the same failure, one), kept with its Phrase (the state's
   word and why, state_line) so the dock never reads them back out of the English; listeners (the dock, the page)
   are told.

The client is a platform Link (app.skills.platform.link: start(), async stop(), state, why) with me (a dict
with "username").
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from typing import Any, ClassVar

from app.core.backoff import retry_run
from app.core.events import EventKind
from app.core.words import QT_TRANSLATE_NOOP, Phrase, phrase, said
from app.process.tasks import spawn
from app.skills.base import Skill, SkillContext
from app.skills.listeners import Listeners
from app.skills.platform.background import Background
from app.skills.platform.chat_ring import ChatRing
from app.skills.platform.secret_slot import SecretSlot
from app.skills.platform.settings_watch import SettingsWatch
from app.skills.platform.tallies import Tallies

OFF, READING = "off", "reading"          # the states every client names alike
# why she is off: English in the log and on the bus, a Phrase the docks and pages translate
NO_TOKEN = QT_TRANSLATE_NOOP("token_platform", "no bot token is kept (Settings → {title})")
NO_GATE = QT_TRANSLATE_NOOP("token_platform", "{title} needs the network gate, and this build has none")
# the token platforms' states as the dock says them (the clients' values are for logs and tests)
STATE_WORDS = {"off": QT_TRANSLATE_NOOP("token_dock", "Off"), "no token": QT_TRANSLATE_NOOP("token_dock", "No token"),
               "connecting": QT_TRANSLATE_NOOP("token_dock", "Connecting"),
               "retrying": QT_TRANSLATE_NOOP("token_dock", "Retrying"),
               "not answering": QT_TRANSLATE_NOOP("token_dock", "Not answering"),
               "token refused": QT_TRANSLATE_NOOP("token_dock", "Token refused"),
               "intents refused": QT_TRANSLATE_NOOP("token_dock", "Intents refused"),
               "refused": QT_TRANSLATE_NOOP("token_dock", "Refused"),
               "waiting": QT_TRANSLATE_NOOP("token_dock", "Waiting"),
               "conflict": QT_TRANSLATE_NOOP("token_dock", "Conflict")}
STATE_LINE = QT_TRANSLATE_NOOP("token_dock", "{state}: {why}")   # a state's line in the dock's log, with its why
# rule 4's problem line, by the client's state: the platform's own words are the detail
STOPPED = QT_TRANSLATE_NOOP("problems", "{title} stopped, and trying again cannot help until the settings change "
                                        "(detail: {detail}).")
STOPPED_WORDS = {
    "token refused": QT_TRANSLATE_NOOP("problems", "{title} refused her bot token: check it in Settings → {title} "
                                                   "(detail: {detail})."),
    "intents refused": QT_TRANSLATE_NOOP("problems", "{title} refused what her bot asks to read (its intents): turn "
                                                     "them on for her bot in the developer portal (detail: "
                                                     "{detail})."),
    "conflict": QT_TRANSLATE_NOOP("problems", "Another program is reading with the same {title} bot token, and only "
                                              "one can (detail: {detail})."),
}
# a peer that keeps the link open but answers nothing (State.HUNG): said once, resolved when it reads again
NOT_ANSWERING = QT_TRANSLATE_NOOP("problems", "{title} is not answering; Bea tries again by herself, and her "
                                              "{title} tools are away meanwhile (detail: {detail}).")
HUNG = "not answering"
IGNORED = "ignored"                      # the dock's kind of line for a message she did not read (its reason only)


def state_line(state: str, why: Phrase | str) -> Phrase | None:
    """A state's system line in the dock's log, in marked words ("Off: no bot token is kept..."); None for a state
    the dock has no word for (the line is shown as it came)."""
    if state not in STATE_WORDS:
        return None
    word = phrase("token_dock", STATE_WORDS[state])
    return phrase("token_dock", STATE_LINE, state=word, why=why) if why else word


class TokenPlatform(Skill, abc.ABC):
    token_secret: ClassVar[str]                       # the keyring's name for the bot token
    problem: ClassVar[str]                            # the Chat dock's problem topic
    restart_on: ClassVar[tuple[str, ...]] = ()        # settings (besides enabled) whose change restarts the client
    stopping: ClassVar[tuple[str, ...]] = ()          # the client's states that are problems for the streamer
    # "Telegram: reading as @bea"
    reading_words: ClassVar[str] = QT_TRANSLATE_NOOP("activity", "{title}: reading as {me}")

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.client: Any = None
        self.log = ChatRing()
        self.work = Background(self.key, self.title, ctx.bus,
                               lambda: ctx.stage.executor if ctx.stage is not None else None)
        self.tallies = Tallies(ctx.people, self._session, self.work)
        self.token = SecretSlot(self.token_secret, ctx.secrets)
        self.client_options: dict[str, Any] = {}     # a test's faster rhythm
        self._listeners = Listeners(self.title)
        self.watch = SettingsWatch(ctx, self._setting_changed)
        self._sender_registered = False
        self._problem = False
        self._kept: bool | None = None               # whether a token is kept (read once: the store is a DB)
        self._retry_run = ""                         # the failure the client keeps retrying, told once

    @property
    def no_token(self) -> Phrase:
        return phrase("token_platform", NO_TOKEN, title=phrase("skills", self.title))

    # ---- life cycle (rule 2) --------------------------------------------------------------------------
    async def start(self) -> None:
        self.watch.start()
        await self._connect()

    async def stop(self) -> None:
        self.watch.stop()
        await self._disconnect()
        await self.tallies.flush()
        await self.work.settle()

    @abc.abstractmethod
    def _new_client(self) -> Any:
        """The skill's client for the current settings, not started yet."""

    @abc.abstractmethod
    async def _send_from_mind(self, channel: str, text: str) -> None:
        """Her line out to a channel of the platform's."""

    @abc.abstractmethod
    async def _typing(self, channel: str) -> None:
        """The platform's "typing…" in a channel while she thinks."""

    async def _connect(self) -> None:
        if self.client is not None or not self.settings.enabled:
            return
        if self.ctx.gate is None:
            self._state(OFF, phrase("token_platform", NO_GATE, title=phrase("skills", self.title)))
            return
        if not self.has_token:
            self._state(OFF, self.no_token)
            return
        self.client = self._new_client()
        self.client.start()
        senders = self.ctx.senders
        if senders is not None and not self._sender_registered:
            senders.register_sender(self.key, self._send_from_mind, typing=self._typing)
            self._sender_registered = True

    async def _disconnect(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            await client.stop()

    async def restart(self) -> None:
        await self._disconnect()
        await self._connect()

    def _setting_changed(self, path: str, _value: object) -> None:
        names = ("enabled", *self.restart_on)
        if path in (f"skills.{self.key}.{n}" for n in names) or path == "privacy.enabled":
            spawn(self.restart(), held=self._tasks)

    # ---- the token (rule 1) ---------------------------------------------------------------------------
    def save_token(self, text: str) -> str:
        """Keep the bot token in the keyring; "" when kept (the client starts again with it), else why not."""
        why = self.token.save(text)
        if not why:
            self._kept = True
            spawn(self.restart(), held=self._tasks)
        return why

    def forget_token(self) -> None:
        self.token.forget()
        self._kept = False
        spawn(self.restart(), held=self._tasks)

    @property
    def has_token(self) -> bool:
        if self._kept is None:
            self._kept = bool(self.token.get())
        return self._kept

    # ---- state (rules 3 and 4) ------------------------------------------------------------------------
    @property
    def status(self) -> tuple[str, Phrase | str]:
        client = self.client
        if client is not None:
            return client.state, client.why
        return OFF, ("" if self.has_token or not self.enabled else self.no_token)

    @property
    def me(self) -> str:
        """Her bot's @username, once the platform said it."""
        client = self.client
        name = client.me.get("username", "") if client is not None else ""
        return f"@{name}" if name else ""

    def on_change(self, fn: Callable[[], None]) -> Callable[[], None]:
        return self._listeners.add(fn)

    def _state(self, state: str, why: Phrase | str) -> None:
        self._retry_run, tell = retry_run(self._retry_run, state, str(why),   # a hang tried again: told once too
                                          waiting=HUNG if state == HUNG else "retrying")
        if tell:   # offline for an hour, the dock's log keeps the people's lines, not 200 retries
            self.log.add(self.ctx.clock.time(), self.title, f"{state}" + (f": {why}" if why else ""), "system",
                         phrase=state_line(state, why))
        if state in self.stopping:
            self._problem = True
            self.ctx.bus.publish(EventKind.ERROR, self.key, f"{self.title}: {why}", state=state,
                                 setting=f"skills.{self.key}", problem=self.problem,
                                 words=STOPPED_WORDS.get(state, STOPPED),
                                 args={"title": self.title, "detail": str(why)})
        elif state == HUNG and not self._problem:
            self._problem = True
            self.ctx.bus.publish(EventKind.ERROR, self.key, f"{self.title} is not answering: {why}", state=state,
                                 setting=f"skills.{self.key}", problem=self.problem, words=NOT_ANSWERING,
                                 args={"title": self.title, "detail": str(why)})
        elif state == READING:
            data: dict[str, Any] = {"state": state}
            if self._problem:
                self._problem = False
                data["resolved"] = self.problem
            text, said_data = said(self.reading_words, title=self.title, me=self.me)
            self.ctx.bus.publish(EventKind.SYSTEM, self.key, text, **data, **said_data)
        self._listeners.notify()

    def _session(self) -> int | None:
        return self.ctx.stage.session() if self.ctx.stage is not None else None

    def _persona(self) -> str:
        return self.ctx.stage.persona() if self.ctx.stage is not None else "Bea"
