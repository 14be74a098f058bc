"""The one loop (seed 004): one batch, one frame, one turn; a burst of steps; steering; one rescue.

Per turn: take a settled batch from the bus (or IDLE), interrupt her voice if anything real arrived, rank the
batch with the attention gate, build the briefing (static system prompt | window | dynamic part built
off-thread with a timeout | the perception frame), then reason for up to burst_steps model calls. Plain text
is a THOUGHT, never spoken; tools run and publish their outcome; speak and silence end the turn; a turn in
which nothing reached anybody is nudged once. A speak call is streamed: its argument fragments go to the
outlets while the model is still writing (her voice starts on the first words), and its handler then claims
that line (Outlets rule 2). What arrives meanwhile is folded in by the steering rules
(app.core.steering). The turn is written to the Turn Log and the window, with its token usage (counted here
when a server reports none, and marked as estimated) and what its cloud calls cost. A burst's frame holds a sample
within the model's budget (app.core.burst): the lines said to her that did not fit go back on the bus for the next
turn; the rest go to the stream through `unread`, never to the window (she did not read them, and a window filled
by a raid would cost the next turns its reading and a recap). A turn whose model calls all fail loses nothing:
its lines enter the window (and so the stream) as heard, without being put back on the bus to be answered twice;
the Turn Log gets a "failed" row naming the models and why; an ERROR says it.
Written conversations (seed 004, app.core.steering rules 6-7): a turn that has shown her only written lines is
scoped: her speak calls reach neither the voice (not even streamed) nor the mood, and the record says so
(TurnRecord.scoped; the mood is attributed to the stage's people only, stage_authors). Plain text that reached
nobody is nudged once, naming the written conversations still waiting and the send_message that answers each.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any

from app.core import burst, frame
from app.core import mind_words as say
from app.core.chat import AssistantMessage, Delta, DeltaKind, Message, ToolArgumentsError, ToolCall, Usage
from app.core.context_window import SingleContext, estimate_tokens
from app.core.events import EventBus, EventKind
from app.core.failures import summary
from app.core.her_words import HerWords
from app.core.model_failure import failure_words
from app.core.perception import Perception, PerceptionKind
from app.core.prices import add_cost
from app.core.steering import (
    carries_voice,
    owes_rescue,
    plan_steering,
    scoped,
    should_wait,
    stage_authors,
    waiting_written,
)
from app.core.tools import Tool, assemble, broken_promises, is_failure
from app.core.turn_record import FAILED, ToolOutcome, TurnRecord
from app.core.usage import usage_of
from app.core.words import said
from app.mind.attention_gate import AttentionGate
from app.mind.briefing import Briefing
from app.mind.bus import PerceptionBus
from app.mind.expression import TurnState, expression_tools
from app.mind.outlets import Outlets
from app.process.logs import where
from app.process.tasks import spawn

log = logging.getLogger(__name__)

REASON_LIMIT = 200


@dataclass
class MindConfig:
    burst_steps: int = 6
    idle_enabled: bool = True
    idle_after: float = 240.0
    dynamic_timeout: float = 2.0
    # how long a turn waits for what its briefing needs to finish loading (her memory, just after a start); a
    # line typed at once after a restart is asked about what she remembers, not answered without it
    warm_up_timeout: float = 30.0
    stop_grace: float = 10.0
    # the tokens a frame's new lines may take (app.core.burst.frame_budget: it follows her model)
    frame_tokens: int = burst.SERVER_TOKENS


class Consciousness:
    def __init__(self, *, bus: PerceptionBus, gate: AttentionGate, llm, events: EventBus, outlets: Outlets,
                 briefing: Briefing, wall: Callable[[], float],
                 turn_log: Callable[[TurnRecord], Awaitable[object]] | None = None,
                 config: MindConfig | None = None, executor: Executor | None = None,
                 is_speaking: Callable[[], bool] = lambda: False,
                 barge_in: Callable[[], None] = lambda: None, context: SingleContext | None = None,
                 after_turn: Callable[[TurnRecord], Awaitable[object]] | None = None,
                 count_tokens: Callable[[str], int] = estimate_tokens,
                 cost: Callable[[str, Usage], float | None] = lambda _model, _usage: None,
                 unread: Callable[[list[Perception]], Awaitable[object]] | None = None) -> None:
        self.bus = bus
        self.gate = gate
        self.llm = llm
        self.events = events
        self.outlets = outlets
        self.briefing = briefing
        self.wall = wall                  # wall time: when a turn started, the ts of what had none
        self.turn_log = turn_log
        self.config = config or MindConfig()
        self.executor = executor
        self.is_speaking = is_speaking
        self.barge_in = barge_in
        self.context = context if context is not None else SingleContext()
        self.after_turn = after_turn
        self.count_tokens = count_tokens  # counts a call a server reported no usage for
        self.cost = cost                  # (model that answered, usage) -> USD, or None when free or unpriced
        self.unread = unread              # keeps the lines a burst's frames left unread (the stream)
        self._briefed = False             # a briefing came in time since this loop started
        self._told_plain: set[str] = set()   # models whose plain-text answers the streamer was told of
        self._owed: list[Perception] = []  # lines said to her that this turn's frames could not show
        self._kept: list[Perception] | None = None   # this turn's lines once ranked, but for the owed ones
        self.pending_said: dict[int, asyncio.Future[str]] = {}  # window seq -> a spoken line not ended yet
        self.on_line_ended: Callable[[], None] | None = None    # a held-back line can now be kept
        self._running = asyncio.Event()
        self._running.set()
        self._task: asyncio.Task[None] | None = None

    # ---- life ---------------------------------------------------------------------------------
    def start(self) -> None:
        self._task = spawn(self.run())

    def pause(self, paused: bool) -> None:
        if paused:
            self._running.clear()
        else:
            self._running.set()

    async def run(self) -> None:
        while True:
            await self._running.wait()
            if self.config.idle_enabled:
                batch = await self.bus.wait_or_idle(self.config.idle_after)
            else:
                batch = await self.bus.drain()
            try:
                await self.turn(batch)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a turn that breaks must not end the mind (turn() keeps its lines)
                log.error("a turn failed: %s", where(exc))
                _text, data = said(say.TURN_FAILED, detail=repr(exc))
                self.events.publish(EventKind.ERROR, "mind", f"the turn failed: {exc!r}", **data)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        late = await self.outlets.drain(self.config.stop_grace)
        if late:
            log.warning("%d written lines were still going out at stop", late)

    # ---- one turn -----------------------------------------------------------------------------
    async def turn(self, batch: Sequence[Perception]) -> TurnRecord:
        """One turn. A turn whose model calls fail (every model in the pool) or that breaks in any other way
        still loses nothing: its lines enter the window as heard, the Turn Log gets a failed row, and an ERROR
        says why. Cancellation is never caught."""
        started = time.perf_counter()
        record = TurnRecord(started_at=self.wall(), perceptions=[p.content for p in batch])
        state = TurnState(self.briefing.words())   # one language for the whole turn
        self._owed, self._kept = [], None
        try:
            reached = await self._reason(batch, state, record)
            record.outcome = ("spoke" if state.spoke else "wrote" if state.wrote else "silent" if state.silenced
                              else "mute" if not reached else "acted")
            self._tell_plain_text(record)
        except Exception as exc:
            self._failed(exc, batch, state, record)
        heard = [item[1] for item in state.log if item[0] == "heard"]
        record.moods = [item[2] for item in state.log if item[0] == "spoke"]
        record.authors = sorted({p.author.identity for p in heard if p.author is not None})
        record.stage_authors = stage_authors(heard)
        record.scoped = scoped(heard)
        record.said = [["voice", item[1]] if item[0] == "spoke" else [f"{item[1]}:{item[2]}", item[3]]
                       for item in state.log if item[0] in ("spoke", "wrote")]
        record.ms = (time.perf_counter() - started) * 1000
        for key in state.answered:
            self.gate.note_spoke(key)
        self._remember(state)
        unread = [item[1] for item in state.log if item[0] == "unread"]
        if unread:
            await self._hook(self.unread, unread, "the lines a burst left unread")
        await self._hook(self.turn_log, record, "the turn log")  # written before TURN: the dock reads it then
        words, args = say.turn_words(record.outcome, record.model_calls, record.prompt_tokens,
                                     record.completion_tokens, record.usage_estimated, record.ms)
        _text, data = said(words, **args)
        self.events.publish(EventKind.TURN, "mind", f"turn: {record.outcome}, {record.model_calls} call(s), "
                            f"{record.tokens()}, {record.ms:.0f} ms", outcome=record.outcome,
                            calls=record.model_calls, **data)
        await self._hook(self.after_turn, record, "the window flush")
        if self._owed:   # never lost: the next turn shows them first, in the order they came
            self.bus.push_back(self._owed)
        return record

    def _tell_plain_text(self, record: TurnRecord) -> None:
        """A turn left mute by a model that wrote text but called no tool at all (a server that drops the tools,
        or a model that ignores them) is said once per model, in the Chat dock, where her answer was awaited."""
        model = record.model
        if record.outcome != "mute" or record.tools or not record.thoughts or not model or model in self._told_plain:
            return
        self._told_plain.add(model)
        text, data = said(say.PLAIN_TEXT, model=model)
        log.warning("%s answered in plain text instead of calling a tool: the turn reached nobody", model)
        self.events.publish(EventKind.ERROR, "mind", text, failed_turn=True, reason=text, answered=False,
                            models=[model], setting="mind", **data)

    @staticmethod
    async def _hook(hook: Callable[[Any], Awaitable[object]] | None, record: object, what: str) -> None:
        if hook is not None:
            try:
                await hook(record)
            except Exception as exc:
                log.error("%s could not be written (%s)", what, summary(exc))

    async def _reason(self, batch: Sequence[Perception], state: TurnState, record: TurnRecord) -> bool:
        """The steps of a turn; True when something she did reached somebody."""
        if self.is_speaking() and any(p.kind is not PerceptionKind.IDLE for p in batch):
            self.barge_in()
        her = state.words
        cut = self._sample(self.gate.annotate(batch), her)
        ranked = list(cut.shown)
        for p in (*cut.shown, *cut.summed):
            self.events.publish(EventKind.PERCEPTION, p.surface, p.content, priority=p.priority)
        self._kept = [*cut.shown, *cut.summed]
        state.stage = {p.conversation_key for p in ranked if not p.written and p.kind is not PerceptionKind.IDLE}
        has_voice = carries_voice(ranked)
        sections = self.briefing.static_prompt()
        tools = assemble({"mind": expression_tools(state, self.outlets), **self.briefing.skill_tools()})
        self._check_promises(sections, tools)
        static = "\n\n".join(text for text in sections.values() if text)
        dynamic = await self._dynamic(ranked)  # the briefing also learns who is here, before the relabel
        ranked = self.briefing.relabel(ranked)   # each line in the words she uses for its author (seed 001)
        record.prompt, record.briefing, record.perceptions = static, dynamic, [p.content for p in ranked]
        state.log += [("heard", p) for p in ranked]
        state.log += [("unread", p) for p in cut.summed]
        state.scoped = scoped(ranked)
        turn_messages = [Message.user(frame.perception_frame(ranked, her, burst.summary(cut.summed, her)))]
        rescued = False
        reached = False
        ended = False
        for step in range(self.config.burst_steps):
            if step:
                turn_messages += await self._steer(state, has_voice, record)
            answer = await self._complete(static, dynamic, turn_messages, tools, record, voiced=not state.scoped)
            turn_messages.append(answer.as_message())
            if answer.text.strip():
                record.thoughts.append(answer.text.strip())
                self.events.publish(EventKind.THOUGHT, "mind", answer.text.strip())
            try:
                for index, call in enumerate(answer.tool_calls):
                    with self.outlets.answering(index, call.id):
                        observation, tool = await self._call(call, tools, record)
                    turn_messages.append(Message.tool_result(call, observation))
                    if tool is not None and not is_failure(observation):
                        reached = reached or tool.reaches
                        ended = ended or tool.ends_turn
            finally:
                self.outlets.stream_close()  # a streamed speak call whose handler never ran is not said
            if ended:
                if not rescued and owes_rescue(state.shown_follow_ups, state.answered, state.silenced):
                    rescued, ended = True, False  # she was shown a follow-up and let it drop
                    record.rescued = True
                    turn_messages.append(Message.user(frame.words(her).nudge_follow_up))
                    continue
                break
            if answer.tool_calls:
                continue  # she acted: the next step shows her the observations (until burst_steps runs out)
            # plain text or nothing: that reached nobody, unless an earlier step already did
            owed = owes_rescue(state.shown_follow_ups, state.answered, state.silenced)
            if (reached and not owed) or rescued:
                break
            rescued = record.rescued = True
            turn_messages.append(Message.user(frame.words(her).nudge_follow_up if reached
                                              else self._nudge(state)))
        return reached

    @staticmethod
    def _nudge(state: TurnState) -> str:
        """Rule 7 of app.core.steering: name the written conversations still waiting, when there are any."""
        shown = [item[1] for item in state.log if item[0] == "heard"]
        waiting = waiting_written(frame.written_conversations(shown), state.answered)
        if waiting:
            return frame.nudge_written(waiting, state.words, out_loud=not state.scoped)
        return frame.words(state.words).nudge_no_tool

    def _failed(self, exc: Exception, batch: Sequence[Perception], state: TurnState, record: TurnRecord) -> None:
        """Rule of a failed turn: what was heard is kept (the batch as it came, when the turn broke before it
        was relabelled), the record says which models failed and why, and an ERROR says it plainly."""
        if not any(item[0] == "heard" for item in state.log):
            state.log[:0] = [("heard", p) for p in (batch if self._kept is None else self._kept)]
        failures = [[str(name), str(why)] for name, why in getattr(exc, "failures", ())]
        record.outcome = FAILED
        record.failures = failures
        record.error = failure_reason(exc)
        record.model = record.model or ", ".join(name for name, _why in failures)
        if failures:
            log.warning("a turn failed (%s)", summary(exc))
        else:  # not the models: a bug somewhere in the turn
            log.error("a turn failed: %s", where(exc))
        reached = state.spoke or state.wrote
        words, args = failure_words(getattr(exc, "kinds", {}), failures, record.error)
        self.events.publish(EventKind.ERROR, "mind", f"She couldn't answer: {record.error}" if not reached
                            else f"her turn broke off: {record.error}", failed_turn=True, reason=record.error,
                            answered=reached, models=[name for name, _why in failures], setting="mind",
                            **({"words": words, "args": args} if not reached else said(say.BROKE_OFF,
                                                                                     detail=record.error)[1]))

    async def _dynamic(self, batch: Sequence[Perception]) -> str:
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(self.briefing.warm_up(), self.config.warm_up_timeout)
        except TimeoutError:
            log.warning("her briefing went on before her memory had loaded (%.0f s)", self.config.warm_up_timeout)
        # the first briefing after a start runs on cold caches and behind the last loads: it gets the warm-up's
        # time, so the first line after a restart is answered with what she remembers
        timeout = self.config.dynamic_timeout if self._briefed else max(self.config.dynamic_timeout,
                                                                        self.config.warm_up_timeout)
        try:
            briefing = await asyncio.wait_for(
                loop.run_in_executor(self.executor, self.briefing.dynamic_prompt, batch), timeout)
            self._briefed = True
            return briefing
        except TimeoutError:
            log.warning("the briefing took longer than %.1f s; the turn went without it", timeout)
            self.events.publish(EventKind.ERROR, "mind", "the briefing took too long; this turn goes without it",
                                **said(say.BRIEFING_SLOW)[1])
        except Exception as exc:
            self.events.publish(EventKind.ERROR, "mind", f"the briefing failed: {exc!r}",
                                **said(say.BRIEFING_FAILED, detail=repr(exc))[1])
        return ""

    async def _steer(self, state: TurnState, has_voice: bool, record: TurnRecord) -> list[Message]:
        arrivals = self.bus.pending()
        if not arrivals:
            return []
        if should_wait(arrivals, state.answered, has_voice):
            arrivals = await self.bus.settle()
        else:
            arrivals = self.bus.take_all()
        plan = plan_steering(arrivals, state.answered, has_voice)
        if plan.back_to_bus:
            self.bus.push_back(plan.back_to_bus)
        if plan.empty:
            return []
        fresh = self.gate.annotate(plan.fresh) if plan.fresh else []
        follow = self.gate.annotate(plan.follow_ups) if plan.follow_ups else []
        cut = self._sample([*fresh, *follow], state.words)
        shown_ids = {id(p) for p in cut.shown}
        fresh = [p for p in fresh if id(p) in shown_ids]
        follow = [p for p in follow if id(p) in shown_ids]
        state.stage |= {p.conversation_key for p in fresh if not p.written and p.kind is not PerceptionKind.IDLE}
        shown = {p.conversation_key for p in follow}
        state.shown_follow_ups |= shown
        state.answered -= shown  # re-opened for the one answer the follow-up header asks for
        record.perceptions += [p.content for p in (*fresh, *follow)]
        state.log += [("heard", p) for p in (*fresh, *follow)]
        state.log += [("unread", p) for p in cut.summed]
        state.scoped = scoped(item[1] for item in state.log if item[0] == "heard")
        not_shown = burst.summary(cut.summed, state.words)
        return [Message.user(frame.steering_frame(fresh, follow, state.words, not_shown))]

    def _sample(self, ranked: Sequence[Perception], her: HerWords) -> burst.Sample:
        """What a frame shows of these lines within the model's budget; the lines said to her that it cannot show
        wait for the next turn (app.core.burst)."""
        cut = burst.sample(ranked, self.config.frame_tokens, lambda p: self.count_tokens(frame.line(p, her)))
        self._owed += cut.owed
        if not cut.whole:
            log.info("a burst of %d lines: %d shown, %d said to her kept for the next turn, %d summed up",
                     len(ranked), len(cut.shown), len(cut.owed), len(cut.summed))
        return cut

    async def _complete(self, static: str, dynamic: str, turn_messages: list[Message], tools: dict[str, Tool],
                        record: TurnRecord, voiced: bool = True) -> AssistantMessage:
        messages = [Message.system(static), *self.context.replay(self.briefing.words())]
        if dynamic:
            messages.append(Message.system(dynamic))
        messages += turn_messages
        try:
            answer = await self.llm.complete(messages, list(tools.values()),
                                             on_delta=speak_deltas(self.outlets, voiced))
        except BaseException:
            self.outlets.stream_abort()
            raise
        record.model_calls += 1
        record.model = answer.model or record.model
        used, estimated = usage_of(messages, list(tools.values()), answer, self.count_tokens)
        record.usage_estimated = record.usage_estimated or estimated
        record.prompt_tokens += used.prompt
        record.completion_tokens += used.completion
        record.reasoning_tokens += used.reasoning
        try:
            record.cost_usd = add_cost(record.cost_usd, self.cost(answer.model, used))
        except Exception as exc:  # a price that cannot be worked out never costs her the answer
            log.warning("the cost of a call could not be worked out: %s", summary(exc))
        return answer

    async def _call(self, call: ToolCall, tools: dict[str, Tool], record: TurnRecord) -> tuple[str, Tool | None]:
        started = time.perf_counter()
        tool = tools.get(call.name)
        if tool is None or tool.handler is None:
            observation = f"ERROR: there is no tool called {call.name}; use one of: {', '.join(tools)}"
        else:
            try:
                args = call.parsed()
                observation = await self._run(tool, args)
            except ToolArgumentsError as exc:
                observation = f"ERROR: {exc}"
            except TypeError as exc:
                observation = f"ERROR: {call.name} was called with the wrong arguments: {exc}"
            except Exception as exc:
                log.warning("tool %s failed: %s", call.name, where(exc))
                observation = f"ERROR: {call.name} failed: {exc}"
        failed = is_failure(observation)
        if failed:   # a problem line: the call and the tool's own words, as they came
            self.events.publish(EventKind.ERROR, call.name, f"{call.name}({call.arguments}) -> {observation}")
        else:
            words, called = say.tool_words(call.name, call.arguments, observation)
            text, data = said(words, call=called, result=observation)
            self.events.publish(EventKind.TOOL, call.name, text, **data)
        record.tools.append(ToolOutcome(call.name, call.arguments, observation, failed,
                                        (time.perf_counter() - started) * 1000))
        return observation, tool

    async def _run(self, tool: Tool, args: dict) -> str:
        handler = tool.handler
        if inspect.iscoroutinefunction(handler):
            result = await handler(**args)
        else:
            result = await asyncio.get_running_loop().run_in_executor(self.executor, partial(handler, **args))
            if inspect.isawaitable(result):
                result = await result
        return str(result)

    def _remember(self, state: TurnState) -> None:
        """The turn enters the window as it happened."""
        now = self.wall()
        for item in state.log:
            if item[0] == "unread":   # kept by the stream (self.unread): what she never read is not replayed
                continue
            if item[0] == "heard":
                p = item[1]
                self.context.heard(p.content, p.conversation_key, p.ts or now,
                                   p.author.identity if p.author is not None else "", p.message_id or "")
            elif item[0] == "spoke":
                entry = self.context.spoke(item[1], item[2], ts=now)
                if len(item) > 3:
                    self._revise_when_said(entry.seq, item[1], item[3])
            else:
                self.context.wrote(item[1], item[2], item[3], ts=now)

    def _revise_when_said(self, seq: int, text: str, heard: asyncio.Future[str]) -> None:
        """A line still sounding when the turn ended: once it ends, its entry becomes what she got to say
        (nothing, when she was stopped before her first word)."""
        self.pending_said[seq] = heard

        def ended(future: asyncio.Future[str]) -> None:
            self.pending_said.pop(seq, None)
            if future.cancelled() or future.exception() is not None:
                return
            said = future.result().strip()
            if said != text:
                self.context.revise(seq, said)
            if self.on_line_ended is not None:
                self.on_line_ended()
        heard.add_done_callback(ended)

    def _check_promises(self, sections: dict[str, str], tools: dict[str, Tool]) -> None:
        for owner, missing in broken_promises(sections, tools).items():
            message = f"the {owner} prompt names tools she was not given: {', '.join(sorted(missing))}"
            log.error(message)
            self.events.publish(EventKind.ERROR, owner, message,
                                **said(say.PROMISES, owner=owner, tools=", ".join(sorted(missing)))[1])


def speak_deltas(outlets: Outlets, voiced: bool = True) -> Callable[[Delta], None]:
    """A listener for one model call: the argument fragments of its speak calls go to the outlets as they
    stream; fragments that came before the call's name was known are held until it is; a RESET (the pool moved
    on to another model) drops every line begun. Not voiced (a scoped turn: only written conversations), no
    fragment goes anywhere: her voice never starts a line the speak handler will refuse."""
    held: dict[object, list[str]] = {}
    names: dict[object, str] = {}

    def listen(delta: Delta) -> None:
        if delta.kind is DeltaKind.RESET:
            held.clear()
            names.clear()
            outlets.stream_abort()
            return
        if delta.kind is not DeltaKind.TOOL_ARGUMENTS or not voiced:
            return
        key = delta.index if delta.index is not None else delta.call_id
        if delta.name:
            names.setdefault(key, delta.name)
        name = names.get(key)
        if name is None:
            held.setdefault(key, []).append(delta.text)
            return
        if name != "speak":
            held.pop(key, None)
            return
        for fragment in (*held.pop(key, ()), delta.text):
            if fragment:
                outlets.stream_feed(key, fragment, delta.call_id)
    return listen


def failure_reason(exc: BaseException) -> str:
    """Why a turn failed, short enough for one line: the first model's reason when the pool gave up (naming
    how many others failed too), else the error's own sentence."""
    failures = list(getattr(exc, "failures", ()))
    if failures:
        name, why = failures[0]
        reason = f"{name}: {why}"
        if len(failures) > 1:
            reason += f" (and {len(failures) - 1} more model{'s' if len(failures) > 2 else ''} failed)"
    else:
        reason = str(exc).strip() or type(exc).__name__
    reason = " ".join(reason.split())
    return reason if len(reason) <= REASON_LIMIT else reason[:REASON_LIMIT - 1].rstrip() + "…"
