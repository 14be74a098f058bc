"""Getting to Know You: a small agent that asks the streamer about what her person model is missing.

Rules (seed 002):
1. It has no tools but person_model, person_observe (as agent:getting_to_know_you) and ask_streamer, which
   puts a question (or the last thanks) in the Chat dock. A model that may answer in plain text (most servers)
   can ask that way too; a model whose every answer is forced into a tool call (the built-in one) asks through
   ask_streamer. Asking ends the step: the interview waits for the streamer's answer.
2. It is shown what is known at the start (person_model reads it again) and asks only about the sections with
   nothing live in them, one question at a time.
3. Each answer is recorded with a quote of the streamer's own words from that answer (person_observe checks it
   against exactly that message).
4. It stops after six questions: the answer to the sixth is recorded, then it thanks them and leaves the chat.
5. While it runs, the streamer's lines in the Chat dock go to it, not to Bea; "stop" ends it at once.
6. When the model fails, the Chat dock says so in one plain sentence (the first model's reason, not the
   pool's whole list), and the streamer's lines go back to Bea.
7. A model too small to interview (the built-in demo) gets no say: the interview is scripted. It asks one
   fixed question per missing section and keeps each answer word for word, quoted, under that section, so
   nothing a tiny model invents is stored.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

from app.core import person_model as pm
from app.core.chat import Message
from app.core.events import EventKind
from app.core.her_words import HerWords
from app.core.interview_lines import NO_MODEL, NOT_KEPT, STOPPED_BECAUSE
from app.core.tools import Tool
from app.core.words import QT_TRANSLATE_NOOP, phrase, said
from app.memory.prompt_store import shipped_prompt
from app.process.tasks import spawn
from app.skills.person.tools import PersonTools

log = logging.getLogger(__name__)

AGENT = "getting_to_know_you"
# What it says in the Chat dock is marked in the "interview" context and said as a Phrase (its name too): the
# dock says its fixed lines in the window's language with their values as they came; chat.lines keep the English.
# What a model asks is shown as it came (the model asks in the streamer's language).
NAME = QT_TRANSLATE_NOOP("interview", "Getting to Know You")
WHO = phrase("interview", NAME)
MAX_STEPS = 6        # model calls per answer: tool calls, then the next question
THANKS = QT_TRANSLATE_NOOP("interview", "That's all my questions. Thank you! Bea will remember what you told me.")
HELLO = QT_TRANSLATE_NOOP("interview", "Hi! I'll ask you a few questions so Bea knows you better (type “stop” to "
                                       "end).")
STOPPED = {   # why it stopped -> the line it says (any other why: STOPPED_BECAUSE)
    "you asked to stop": QT_TRANSLATE_NOOP("interview", "Stopped (you asked to stop). Your lines go to Bea again."),
    "stopped from the You dock": QT_TRANSLATE_NOOP("interview", "Stopped (stopped from the You dock). Your lines "
                                                                "go to Bea again."),
}
FAILED = QT_TRANSLATE_NOOP("problems", "Getting to Know You failed (detail: {detail}).")

PROMPT = shipped_prompt("interview")   # in English; the Person skill hands the one in the streamer's language

ASK = Tool("ask_streamer", "Ask the streamer your next question (or thank them at the end), in the Chat dock.",
           {"type": "object", "properties": {"question": {"type": "string", "description": "one short sentence"}},
            "required": ["question"]})

SCRIPTED_INTRO = QT_TRANSLATE_NOOP("interview", "Hi! The built-in demo model can't run an interview, so I'll ask a "
                                                "few fixed questions and keep your answers word for word (type "
                                                "“stop” to end).")
QUESTIONS = {
    "identity": QT_TRANSLATE_NOOP("interview", "Who are you? Your name, where you live, what you do."),
    "routine": QT_TRANSLATE_NOOP("interview", "What does a usual day, or a usual stream week, look like for you?"),
    "relationships": QT_TRANSLATE_NOOP("interview", "Who are the people who matter to you, on stream or off?"),
    "commitments": QT_TRANSLATE_NOOP("interview", "Have you promised your community anything, or is something "
                                                  "planned soon?"),
    "preferences": QT_TRANSLATE_NOOP("interview", "What do you like (games, music, food), and what should Bea "
                                                  "stay away from?"),
}
ANSWER_CHARS = 240



class Interview:
    def __init__(self, store: Any, pool: Callable[[], Any], chat: Any, events: Any = None, scripted: bool = False,
                 prompt: Callable[[], str] = lambda: PROMPT, *, words: Callable[[], HerWords],
                 clock: Callable[[], float]) -> None:
        self._prompt = prompt
        self._words = words   # what the interview itself tells her model, and the streamer's words that stop it
        self.tools = PersonTools(store, AGENT, clock, words=words)
        self.pool, self.chat, self.events, self.clock = pool, chat, events, clock
        self.scripted = scripted
        self._script: list[str] = []   # the sections still to ask about, when scripted
        self.questions = 0
        self.active = False
        self.messages: list[Message] = []
        self._task: asyncio.Future | None = None
        self._lock = asyncio.Lock()

    def start(self) -> None:
        entries = self.tools.store.entries()
        missing = pm.missing_sections(entries, self.clock()) or pm.ASKABLE
        known = pm.render(entries, self.clock(), her=self._words())
        self.messages = [Message.system(self._prompt().format(missing=", ".join(missing), limit=pm.QUESTION_LIMIT,
                                                      known=known)),
                         Message.user(self._words().text("interview.opened"))]
        self.active = True
        self.chat.diverted_to = self.hear
        if self.scripted:
            self._script = list(missing)[:pm.QUESTION_LIMIT]
            self._say(SCRIPTED_INTRO)
            self._ask_next()
            return
        self._say(HELLO)
        self._task = spawn(self._answer())

    def hear(self, text: str) -> None:
        """The streamer answered in the Chat dock."""
        if not self.active:
            return
        if text.strip().casefold() in self._words().text("interview.stop_words").split():
            self.stop("you asked to stop")
            return
        self.tools.said = text
        if self.scripted:
            self._keep(text)
            return
        self.messages.append(Message.user(text))
        if pm.interview_over(self.questions):
            self.messages.append(Message.user(self._words().text("interview.last")))
        self._task = spawn(self._answer())

    def stop(self, why: str = "") -> None:
        if not self.active:
            return
        self.active = False
        if self.chat.diverted_to == self.hear:
            self.chat.diverted_to = None
        if why:
            if why in STOPPED:
                self._say(STOPPED[why])
            else:
                self._say(STOPPED_BECAUSE, why=why)

    def _say(self, words: str, **args: object) -> None:
        """One of its own lines (marked in the "interview" context) in the Chat dock, with its values."""
        self.chat.say_as(WHO, phrase("interview", words, **args))

    def _ask_next(self) -> None:
        if not self._script:
            self._say(THANKS)
            self.active = False
            self.chat.diverted_to = None
            return
        self.questions += 1
        self._say(QUESTIONS[self._script[0]])

    def _keep(self, text: str) -> None:
        """The answer to the scripted question, kept word for word under its section (rule 7)."""
        section = self._script.pop(0)
        words = " ".join(text.split())[:ANSWER_CHARS]
        if words:
            result = self.tools.observe(section, "in_their_words", f"said: “{words}”", quote=words,
                                        confidence=1.0)
            if result.startswith(("ERROR", "NOT RECORDED")):
                self._say(NOT_KEPT, detail=result.split(":", 1)[-1].strip())
        self._ask_next()

    async def _answer(self) -> None:
        async with self._lock:
            try:
                text = await self._run()
            except Exception as exc:
                log.warning("Getting to Know You failed: %s", type(exc).__name__)  # its words may quote chat
                if self.events is not None:
                    self.events.publish(EventKind.ERROR, "person", f"Getting to Know You failed: {exc}",
                                        **said(FAILED, detail=exc)[1])
                self.stop()
                self._say(NO_MODEL, detail=plain_reason(exc))
                return
        if not self.active:
            return
        finished = pm.interview_over(self.questions)
        if finished:
            if text:
                self.chat.say_as(WHO, text)
            else:
                self._say(THANKS)
            self.active = False
            self.chat.diverted_to = None
            return
        if text:
            self.questions += 1
            self.chat.say_as(WHO, text)

    async def _run(self) -> str:
        tools = [*self.tools.tools(), ASK]
        by_name = {t.name: t for t in tools}
        loop = asyncio.get_running_loop()
        for _ in range(MAX_STEPS):
            answer = await self.pool().complete(self.messages, tools)
            self.messages.append(answer.as_message())
            if not answer.tool_calls:
                return answer.text.strip()
            asked = ""
            for call in answer.tool_calls:
                tool = by_name.get(call.name)
                try:
                    args = json.loads(call.arguments or "{}")
                    if tool is ASK:
                        asked = str(args.get("question") or "").strip()
                        result = "asked; wait for their answer" if asked else "ERROR: the question is empty"
                    elif tool is None:
                        result = "ERROR: you have only person_model, person_observe and ask_streamer"
                    else:
                        result = await loop.run_in_executor(None, lambda t=tool, a=args: t.handler(**a))
                except (ValueError, TypeError, AttributeError) as exc:
                    result = f"ERROR: bad arguments: {exc}"
                self.messages.append(Message.tool_result(call, str(result)))
            if asked:
                return asked
        return ""


def plain_reason(exc: BaseException) -> str:
    """One readable reason: the first model's own words when a whole pool failed."""
    failures = getattr(exc, "failures", None)
    if failures:
        return str(failures[0][1])
    return str(exc) or type(exc).__name__
