"""The Chat skill: a conversation between the streamer (the owner) and her, inside the app, and what is wrong.

Theory of operation (what is wrong):
1. An ERROR event that names the settings section fixing it (data `setting`) is a problem for the streamer: one
   line in the window's problems list per topic (data `problem`, else the event's source; her failed turns in the
   Chat dock too, under the line they did not answer), with a button to that page; its words are the event's, or
   their short form (data `brief`) with the whole text behind it. The same problem again changes nothing, so a
   problem said by several parts shows once.
2. Her failed turns (the mind's ERROR with `failed_turn`, unless she had already answered) are the "mind" topic:
   a run of the same reason is one line that counts the turns; the line goes once she says something.
3. A SYSTEM event with data `resolved` (a topic, or a list of them) takes those lines away, and those of their
   sub-topics ("voice" takes "voice:audio"); the streamer can dismiss any line.
4. The event's text stays English (logs, the bus); data `words` (the line's sentence, its `brief` when it has
   one, marked with QT_TRANSLATE_NOOP in the "problems" context, with {names}) and `args` (the names' values)
   let the dock say it in the window's language.

Theory of operation (her lines):
5. Her spoken lines come through the HerLines port: a line is shown as her speak call is written (word by word
   when her voice takes it as it streams), marked as speaking, and marked again when her voice has ended it
   (said, or cut short with what she got to say), so the transcript never waits seconds for the audio. A SPEECH
   event of a line the port told of (data `spoken_line`) adds nothing; any other whole line comes from its
   SPEECH event.
6. Each line carries a number, rising, so a listener finds a line it showed again when its mark changes:
   on_line listeners get a new line and a changed one alike.
7. A line keeps who said it and what in English (lines, logs, tests) and, where they are marked words (the
   streamer as "You", her voice as "Bea (out loud)", an agent's name and fixed lines), as Phrases the dock
   translates; what a model wrote and what the streamer typed are shown as they came.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from app.core.chat_transcript import out_loud, past_lines, you
from app.core.events import Event, EventKind
from app.core.her_lines import LineState, SpokenLine
from app.core.model_failure import COULDNT_ANSWER
from app.core.perception import OWNER, Meta, Perception, PerceptionKind
from app.core.words import Phrase
from app.skills.base import Skill, SkillContext
from app.skills.registry import register

PLATFORM = "app"
CHANNEL = "chat"
MAX_LINES = 500

_DIGITS = re.compile(r"\d+")


def same_reason(a: str, b: str) -> bool:
    """The same failure again, whatever its numbers say ("cooling down for 4 s more" and then 2 s more)."""
    return _DIGITS.sub("#", a) == _DIGITS.sub("#", b)


@dataclass(frozen=True)
class Line:
    """A line of the conversation (rule 6)."""
    who: str
    text: str
    number: int = 0
    state: LineState | None = None   # her spoken lines: speaking until her voice has ended them (rule 5)
    said: str = ""                   # a cut line: what she got to say of it
    who_phrase: Phrase | None = None  # who, in marked words (rule 7); None: `who` as it came
    phrase: Phrase | None = None      # the text, in marked words (rule 7); None: `text` as it came


@dataclass
class Problem:
    """Something wrong that you can fix, for one topic: one line in the problems list with a button to the
    settings page that fixes it, however many times it was said."""
    topic: str                # what it is about ("mind", "audio", "obs", "twitch"...): one line per topic
    text: str                 # in plain words
    setting: str = "mind"     # the settings section that fixes it
    reason: str = ""          # her failed turns: the model's reason, compared to count a run of the same one
    count: int = 1
    detail: str = ""          # the whole story, when the line is its short form (data `brief`)
    words: str | tuple[str, ...] = ""   # the text's sentences to translate ("problems" context), {names} from args
    args: tuple[tuple[str, str], ...] = ()


@register
class ChatSkill(Skill):
    key = "chat"
    title = "Chat"
    description = "You talk with her in the Chat dock, here in the app, and see there why she could not answer."
    dock = "app.skills.chat.dock:make_dock"

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.entries: list[Line] = []
        self._numbers = 0
        self._voiced: dict[int, int] = {}   # her lines still sounding: the outlets' number -> the line's number
        self._listeners: list[Callable[[Line], None]] = []
        self.problems: dict[str, Problem] = {}   # by topic, oldest first
        self._problem_listeners: list[Callable[[], None]] = []
        # while set, the streamer's lines go to this conversation (Getting to Know You) instead of to her
        self.diverted_to: Callable[[str], None] | None = None
        ctx.bus.subscribe(self._heard, kinds=[EventKind.SPEECH], replay=False)
        ctx.bus.subscribe(self._error, kinds=[EventKind.ERROR], replay=False)
        ctx.bus.subscribe(self._resolved, kinds=[EventKind.SYSTEM], replay=False)
        if ctx.her_lines is not None:
            ctx.her_lines.on_spoken(self._spoken)

    @property
    def lines(self) -> list[tuple[str, str]]:
        """(who, text) of every line kept, oldest first."""
        return [(line.who, line.text) for line in self.entries]

    async def start(self) -> None:
        window = self.ctx.window
        if window is not None and not self.entries:   # after a restart, the talk her window still holds
            for who, text in past_lines(window.since(0), self._name()):
                self._add(who, text)
        outlets = self.ctx.senders
        if outlets is not None:
            outlets.register_sender(PLATFORM, self._receive)

    def on_line(self, fn: Callable[[Line], None]) -> None:
        self._listeners.append(fn)

    def on_problems(self, fn: Callable[[], None]) -> Callable[[], None]:
        self._problem_listeners.append(fn)
        return lambda: self._problem_listeners.remove(fn) if fn in self._problem_listeners else None

    def _set_problem(self, topic: str, problem: Problem | None) -> None:
        if problem is None and self.problems.pop(topic, None) is None:
            return
        if problem is not None:
            self.problems[topic] = problem
        for fn in list(self._problem_listeners):
            fn()

    def dismiss(self, topic: str) -> None:
        self._set_problem(topic, None)

    def _error(self, event: Event) -> None:
        """Rules 1 and 2."""
        setting = event.data.get("setting")
        if not setting:
            return
        if event.data.get("failed_turn"):
            if event.source == "mind" and not event.data.get("answered"):
                self._turn_failed(event, str(setting))
            return
        topic = str(event.data.get("problem") or event.source)
        brief = str(event.data.get("brief") or "")
        said = event.data.get("words") or ""
        words = said if isinstance(said, str) else tuple(str(w) for w in said)
        args = tuple((str(k), str(v)) for k, v in dict(event.data.get("args") or {}).items())
        problem = Problem(topic, brief or event.text, str(setting), detail=event.text if brief else "", words=words,
                          args=args if words else ())
        if self.problems.get(topic) != problem:
            self._set_problem(topic, problem)

    def _turn_failed(self, event: Event, setting: str) -> None:
        reason = str(event.data.get("reason") or event.text)
        text = COULDNT_ANSWER.format(reason=reason)
        words = str(event.data.get("words") or COULDNT_ANSWER)
        args = tuple((str(k), str(v)) for k, v in dict(event.data.get("args") or {"reason": reason}).items())
        last = self.problems.get("mind")
        count = last.count + 1 if last is not None and same_reason(last.reason, reason) and \
            last.setting == setting else 1
        self._set_problem("mind", Problem("mind", text, setting, reason, count, words=words, args=args))

    def _resolved(self, event: Event) -> None:
        """Rule 3."""
        resolved = event.data.get("resolved")
        gone = {str(r) for r in ([resolved] if isinstance(resolved, str) else resolved or ())}
        for topic in [t for t in self.problems if t in gone or t.partition(":")[0] in gone]:
            self._set_problem(topic, None)

    def _add(self, who: Phrase | str, text: Phrase | str, state: LineState | None = None) -> Line:
        self._numbers += 1
        line = Line(who.english if isinstance(who, Phrase) else who,
                    text.english if isinstance(text, Phrase) else text, self._numbers, state,
                    who_phrase=who if isinstance(who, Phrase) else None,
                    phrase=text if isinstance(text, Phrase) else None)
        self.entries = [*self.entries[-(MAX_LINES - 1):], line]
        self._tell(line)
        return line

    def _tell(self, line: Line) -> None:
        for fn in list(self._listeners):
            fn(line)

    def _spoken(self, spoken: SpokenLine) -> None:
        """Rule 5: a line of hers new to the dock is added; one it shows changes where it is (its words as she
        writes them, then its mark)."""
        number = self._voiced.get(spoken.number) if spoken.state is LineState.SPEAKING \
            else self._voiced.pop(spoken.number, None)
        if number is None:
            self._answered()
            line = self._add(out_loud(self._name()), spoken.text,
                             None if spoken.state is LineState.SAID else spoken.state)
            if spoken.state is LineState.SPEAKING:
                self._voiced[spoken.number] = line.number
            return
        for i in range(len(self.entries) - 1, -1, -1):
            if self.entries[i].number == number:
                self.entries[i] = replace(self.entries[i], text=spoken.text, state=spoken.state, said=spoken.said)
                self._tell(self.entries[i])
                return

    def send(self, text: str) -> None:
        """The streamer typed a line: it goes to her as a CHAT perception from the owner."""
        text = text.strip()
        if not text:
            return
        self._add(you(), text)
        if self.diverted_to is not None:
            self.diverted_to(text)
            return
        self.ctx.perceive(Perception(
            PerceptionKind.CHAT, PLATFORM, f"[{OWNER.display_name}] {text}", salience=0.9,
            meta={Meta.CONVERSATION_KEY: f"{PLATFORM}:{CHANNEL}", Meta.TEXT: text}, author=OWNER,
            ts=self.ctx.clock.time()))

    def say_as(self, who: Phrase | str, text: Phrase | str) -> None:
        """A line in the Chat dock from someone other than her (an agent talking with the streamer): its name and
        fixed lines as Phrases, what a model wrote as it came (rule 7)."""
        self._add(who, text)

    async def _receive(self, channel: str, text: str) -> None:
        self._answered()
        self._add(self._name(), text)

    def _answered(self) -> None:
        self._set_problem("mind", None)

    def _heard(self, event: Event) -> None:
        if event.data.get("chunk"):  # a caption while she speaks: the whole line follows
            return
        self._answered()
        if self.ctx.her_lines is None or "spoken_line" not in event.data:   # rule 5: the port showed it sooner
            self._add(out_loud(self._name()), event.text)

    def _name(self) -> str:
        service = self.ctx.app_settings
        return service.current.general.persona_name if service is not None else "Bea"

    def notice(self) -> str:
        return self.ctx.models_notice()

    def context_section(self) -> str:
        return self.ctx.words().text("skills.chat.section")
