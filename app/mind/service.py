"""The mind as the app runs it: bus, attention gate, outlets, the model pool and the loop, built from settings."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from app.core import triage_look
from app.core.attention import parse_window
from app.core.budget import Budget
from app.core.burst import frame_budget
from app.core.chat import Usage
from app.core.context_window import SingleContext
from app.core.embedder_choice import FALLBACK, NO_ENCODER
from app.core.events import EventBus, EventKind
from app.core.failures import summary
from app.core.her_words import Catalogs, HerWords
from app.core.local_calls import DemoLanguages
from app.core.model_spec import ModelSpecError, Wire, base_url, model_hosts, parse
from app.core.netpolicy import on_this_machine
from app.core.on_air import OnAir
from app.core.perception import OWNER_IDENTITY, Perception
from app.core.prices import call_cost, parse_table
from app.core.quiet import idle_fits
from app.core.turn_record import TurnRecord
from app.core.words import QT_TRANSLATE_NOOP, said
from app.memory.database import Database
from app.memory.embedder import LazyEmbedder, lazy_default_embedder
from app.memory.memories import MemoryStore
from app.memory.offence_store import OffenceStore
from app.memory.prompt_store import PromptFiles
from app.memory.stream import Line, Stream
from app.memory.turn_log import TurnLog
from app.memory.window_store import WindowStore
from app.mind.attention_gate import AttentionGate
from app.mind.bus import LoopClock, PerceptionBus
from app.mind.chat_guard import ChatGuard
from app.mind.consciousness import Consciousness, MindConfig
from app.mind.consolidation import QUIT_DEADLINE, Consolidation
from app.mind.dreamer import Dreamer
from app.mind.follow_ups import FollowUps
from app.mind.handoff import HandoffWorker
from app.mind.mood import MoodKeeper
from app.mind.outlets import Outlets
from app.mind.profiler import Profiler
from app.mind.skill_faces import Skills
from app.process.clock import Clock
from app.process.executors import BoundedExecutor
from app.process.tasks import spawn
from app.senses.llm.figures import Figures, ServerFigures
from app.senses.llm.local_llama import CONTEXT as LOCAL_CONTEXT
from app.senses.llm.local_llama import DEMO_NOTICE, LocalLlamaClient
from app.senses.llm.probe import OLLAMA, detect_ollama, server_context
from app.senses.llm.registry import ClientFactory
from app.senses.llm.tokens import ESTIMATE, counter_for

log = logging.getLogger(__name__)

LOCAL_STOP_S = 10.0   # a prompt being read cannot be interrupted; a generation stops at its next token
MEMORY_POLL_S = 5.0   # a night that is due waits this long between looks for her memory
# with no model set (English on the bus; the Chat dock and Settings → Mind say it in the window's language)
SLEEPS = QT_TRANSLATE_NOOP("mind_notice", "Her mind sleeps until a model is set in Settings → Mind; what you type "
                                          "waits for her.")

REEMBEDDING = QT_TRANSLATE_NOOP("activity", "re-embedding memories with {model}: {done} of {total}")
OLLAMA_OFFER = QT_TRANSLATE_NOOP("activity", "Ollama is running on this computer with {models}: set ollama:{first} "
                                             "in Settings → Mind for a far better co-host than the demo model.")
# privacy mode on with models on other machines: said once, where the streamer looks, not at each turn
PRIVATE_MODELS = QT_TRANSLATE_NOOP("problems", "Privacy mode is on, so she will not use {models}: not on this "
                                               "computer. Choose a model on this computer, or switch privacy mode "
                                               "off.")
PRIVATE_MODELS_PROBLEM = "privacy:models"
RESTART = {"mind.models", "mind.background_models", "mind.base_urls", "mind.burst_steps", "skills.idle.enabled",
           "mind.idle_after"}
SHAPE = {"mind.context_max_tokens", "mind.handoff_trigger_tokens", "mind.hot_tokens", "mind.models",
         "mind.background_models", "mind.learnt"}


def model_context(spec: str) -> int | None:
    """The context a model is known to hold: the built-in models run with LOCAL_CONTEXT; a server's is unknown."""
    try:
        wire = parse(spec).info.wire
    except ModelSpecError:
        return None
    return LOCAL_CONTEXT if wire is Wire.LOCAL else None


def _builtin(spec: str) -> bool:
    try:
        return parse(spec).info.wire is Wire.LOCAL
    except ModelSpecError:
        return False


class MindService:
    def __init__(self, settings: Any, events: EventBus, net: Any, secrets: Any, turn_log: TurnLog,
                 executor: Executor, muted: Any, window_store: WindowStore, prompts: PromptFiles, catalogs: Catalogs,
                 clock: Clock, mood: MoodKeeper, skills: Skills, stream: Stream | None = None,
                 db: Database | None = None, model_manager: Any = None, models_dir: Path | None = None,
                 offences: OffenceStore | None = None) -> None:
        self.settings = settings
        self.events = events
        self.net = net
        self._private_models_said = False
        self.secrets = secrets
        self.turn_log = turn_log
        self.executor = executor
        self.catalogs = catalogs   # her words, every language; words() picks the one of her prompts
        self.demo_languages = DemoLanguages.of(catalogs)
        self.clock = clock   # the one clock: every part of her mind reads the time through it
        self.bus = PerceptionBus(LoopClock(clock), words=self.words)
        # chat triage before the mind; its second look reads a line's meaning with the embedder her memory ships
        self.guard = ChatGuard(self.bus.put, events, clock.time, words=self.words, look=self.look)
        self._look_embedder: LazyEmbedder | None = None
        self.outlets = Outlets(events, muted=muted)
        self.gate = AttentionGate(clock.now, owner=OWNER_IDENTITY, is_known=self.knows)
        self.configure_attention()
        # the built-in model gets a thread of its own: a generation takes seconds and must not starve the store
        self.local_executor = BoundedExecutor("local-model", 1, queue_size=8)
        self.skills = skills
        # how fast each server reads and how much it holds, kept in Settings → Mind as the clients learn it
        self.figures = ServerFigures(
            {spec: Figures(seen.prompt_speed or None, seen.context or None)
             for spec, seen in settings.current.mind.learnt.items()},
            override=lambda: float(settings.current.mind.first_token_seconds), on_learnt=self._learnt)
        self.window_store = window_store
        self.prompts = prompts
        self._prompt_cache: dict[str, tuple[int, str]] = {}
        budget = self.budget()
        stored = window_store.load()
        self.context = SingleContext.restore(stored, budget) if stored else SingleContext(budget)
        self.counter_name = ESTIMATE.name
        self._count = ESTIMATE.count
        self.mood = mood
        self.stream = stream
        self.db = db
        self.memories: MemoryStore | None = None  # set once the embedder has loaded (off the loop)
        self.models_dir = models_dir              # where the default embedder's converted folder lives
        self.model_manager = model_manager        # installed embedding models (Settings → Memory picks one)
        self._embedder_setting: tuple[str, str] | None = None   # the setting and her prompts' language loaded
        self._memory_loading = asyncio.Lock()
        self.dreamer = (Dreamer(db, stream, lambda: self.memories, self.background_pool, events, clock.time,
                                prompt=lambda: prompts.fixed("dream"), verbatim=self.background_is_demo)
                        if db is not None and stream is not None else None)
        # the stream's lines become memories at End stream, at quit and after a long pause, not only at night
        self.consolidation = (Consolidation(self.dreamer, stream, events, lambda: int(
            settings.current.skills.memory.remember_after_minutes), clock.time)
            if self.dreamer is not None and stream is not None else None)
        self.profiler = (Profiler(db, self.background_pool, self._profiled, prompt=lambda: prompts.fixed("profile"),
                                  clock=clock.time) if db is not None else None)
        self.follow_ups = FollowUps(db, self.gate, clock.time) if db is not None else None
        if self.follow_ups is not None:
            self.follow_ups.restore()  # whom she had just answered before a restart still gets the follow-up
        if self.dreamer is not None:
            self.dreamer.person_fact = self._dreamt_fact
            self.dreamer.owner_told = self._owner_told
        self.tasks: set[asyncio.Task] = set()   # background work she owns (tasks.spawn), cancelled at stop
        if offences is not None:   # repeat offenders stay marked on their tally card
            self.guard.keep_in(offences, self.tasks)
        self._streamed_seq = self.context.next_seq - 1  # what a restored window held was streamed before
        self._pending_said: dict[int, asyncio.Future[str]] = {}  # spoken lines not ended (Consciousness)
        self._streaming = asyncio.Lock()
        self.handoff = HandoffWorker(self.context, self.background_pool, events, on_slid=self.flush,
                                     clock=clock.monotonic, wall=clock.time, prompt=lambda: prompts.fixed("recap"),
                                     words=self.words)
        self.consciousness: Consciousness | None = None
        self._pool: Any = None
        self._background: Any = None
        self._offer: Any = None
        self._counting: Any = None
        self._sizing: Any = None
        self._restarting = False
        self._started = False   # start() was called: the app wants her mind running
        self._paused = False

        settings.on_change(self._setting_changed)

    def known_context(self) -> int | None:
        """The smallest context among the models that read her window (her mind's, and the background's that
        writes the recap), where that context is known; None when none is."""
        mind = self.settings.current.mind
        known = [size for spec in (*mind.models, *mind.background_models)
                 if (size := model_context(spec) or (mind.learnt[spec].context if spec in mind.learnt else 0))]
        return min(known, default=None)

    def _learnt(self, spec: str, figures: Figures) -> None:
        """A server showed a new speed or size: kept in the settings (a new size reshapes her window, SHAPE)."""
        learnt = {name: seen.model_dump() for name, seen in self.settings.current.mind.learnt.items()}
        learnt[spec] = {"prompt_speed": round(figures.speed or 0.0, 1), "context": figures.context or 0}
        try:
            self.settings.set("mind.learnt", learnt)
        except Exception as exc:   # a figure not kept is learnt again; it never costs her a call
            log.warning("what %s showed could not be kept: %s", spec, summary(exc))

    def frame_tokens(self) -> int:
        """The tokens a turn's new lines may take: the smallest budget in her pool (app.core.burst), from each
        model's context where it is known or learnt."""
        mind = self.settings.current.mind
        return min((frame_budget(_builtin(spec), model_context(spec) or (
            mind.learnt[spec].context if spec in mind.learnt else None)) for spec in mind.models),
                   default=frame_budget(False))

    def budget(self) -> Budget:
        """The window's shape from Settings → Mind, capped by known_context()."""
        return self.settings.current.mind.budget().fit(self.known_context())

    def configure_attention(self) -> None:
        s = self.settings.current
        self.gate.names = (s.general.persona_name, *s.mind.aliases)
        self.gate.hot_names = tuple(s.mind.hot_names)
        self.gate.quiet_hours = tuple(parse_window(w) for w in s.mind.quiet_hours)
        self.gate.cooldown_seconds = float(s.mind.cooldown_seconds)
        self.outlets.on_air = OnAir(s.mind.never_say, s.mind.may_say)

    def _setting_changed(self, path: str, _value: object) -> None:
        """A change under Settings → Mind reaches her at once: attention is reconfigured in place; for the
        models and the shape of a turn, the pools are rebuilt and the loop restarted with the same window and
        the same pending perceptions."""
        if path == "general.persona_name" or path.startswith("mind."):
            self.configure_attention()
        if path in ("privacy.enabled", "mind.models", "mind.background_models", "mind.base_urls"):
            self.say_private_models()
        if path in SHAPE:
            self.context.set_budget(self.budget())  # reaches the next turn, no restart
            if self.consciousness is not None:      # a server's size learnt: its frames follow too
                self.consciousness.config.frame_tokens = self.frame_tokens()
        if path in ("skills.memory.embedder", "ui.language") and self._started:   # "default" follows the language
            try:
                asyncio.get_running_loop()
                spawn(self.load_memory(), held=self.tasks)
            except RuntimeError:  # no loop yet: start-up loads whatever is set by then
                pass
        if path not in RESTART or self._restarting:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # not running (tests, start-up): the next start() reads the new settings
            self._background = None
            return
        self._restarting = True
        spawn(self.restart(), held=self.tasks)

    async def restart(self) -> None:
        try:
            await asyncio.sleep(0)  # let a batch of changes from one Apply land first
            await self._close_models()
            if self._started:
                self.start(paused=self._paused)
        finally:
            self._restarting = False

    def idle_enabled(self) -> bool:
        """IDLE frames come while the Idle skill is on (turning it restarts the loop) and her mind can keep its
        thoughts to itself: the built-in demo model would say any frame out loud (app.core.quiet rule 3)."""
        idle = self.skills.idle()
        return idle is not None and idle.enabled and idle_fits(self.settings.current.mind.models)

    def knows(self, identity: str) -> bool:
        """Whether she has a card for them (the People skill's, from memory): the gate's known-person bonus."""
        people = self.skills.people()
        return people is not None and people.enabled and people.knows(identity)

    def perceive(self, perception: Perception) -> None:
        self.guard.perceive(perception)

    async def look(self, text: str) -> Sequence[float] | None:
        """The chat triage's second look: the line's query vector of the model its weights were fitted on, by her
        memory's embedder when it is that model, else by one of its own, loaded on the first look. None (no look)
        until her memory has loaded: no model is loaded or converted for the triage before hers."""
        if self.memories is None:
            return None
        embedder: Any = self.memories.embedder
        if embedder.name != triage_look.EMBEDDER:
            if self._look_embedder is None:
                self._look_embedder = lazy_default_embedder(self.models_dir)
            embedder = self._look_embedder
        if embedder.name != triage_look.EMBEDDER:
            raise ValueError(f"the installed embedding model is {embedder.name}, the check was fitted on "
                             f"{triage_look.EMBEDDER}")
        rows = await asyncio.get_running_loop().run_in_executor(self.executor, embedder.embed_queries, [text])
        return rows[0]

    @property
    def awake(self) -> bool:
        return self.consciousness is not None

    def prompt(self, name: str) -> str:
        """The streamer's own copy of a prompt file in the streamer's language, re-read only when it changed on
        disk."""
        name = self.prompts.in_language(name)
        path = self.prompts.path(name)
        try:
            stamp = path.stat().st_mtime_ns
        except OSError:
            stamp = -1
        cached = self._prompt_cache.get(name)
        if cached is None or cached[0] != stamp:
            cached = (stamp, self.prompts.read(name).strip())
            self._prompt_cache[name] = cached
        return cached[1]

    def static_prompt(self) -> dict[str, str]:
        name = self.settings.current.general.persona_name
        sections = {"soul": self.prompt("soul").replace("{name}", name), "manual": self.prompt("operating")}
        for skill in self.skills.every():
            if skill.enabled and (text := skill.context_section()):
                sections[skill.key] = text
        return sections

    def dynamic_prompt(self, batch: list[Perception]) -> str:
        parts = [self.mood.describe(self.words())]
        for skill in self.skills.every():
            if skill.enabled:
                parts += [text for text in (skill.live_state(), skill.context_for(batch)) if text]
        return "\n".join(parts)

    def relabel(self, batch: Sequence[Perception]) -> list[Perception]:
        out = list(batch)
        for skill in self.skills.every():
            if skill.enabled:
                try:
                    out = skill.relabel(out)
                except Exception as exc:  # a line with the surface's own label beats no turn at all
                    log.error("the %s skill could not relabel the batch: %s", skill.key, summary(exc))
        return out

    def skill_tools(self) -> dict[str, list]:
        return {skill.key: skill.tools() for skill in self.skills.every() if skill.enabled}

    def client_factory(self, base_urls: dict[str, str] | None = None) -> ClientFactory:
        urls = self.settings.current.mind.base_urls if base_urls is None else base_urls
        return ClientFactory(self.net, self.secrets.get, base_urls=urls, clock=self.clock.monotonic,
                             pace=self.figures,
                             local=lambda spec: LocalLlamaClient(spec, self.demo_languages, self.local_executor))

    def models_privacy_stops(self) -> list[str]:
        """Her models (mind and background) on another machine that is not one of the streamer's own (Settings →
        General), while privacy mode is on."""
        if not self.net.privacy:
            return []
        mind = self.settings.current.mind
        names, lan = self.net.local_names(), self.net.lan()
        hosts = model_hosts([*mind.models, *mind.background_models], mind.base_urls)
        return list(dict.fromkeys(spec for spec, host in hosts if not on_this_machine(host, names, lan)))

    def say_private_models(self) -> None:
        """Privacy mode on and models set on other machines: one problem line naming them, gone once privacy
        mode is off or the models are on this computer."""
        outside = self.models_privacy_stops()
        if outside:
            text, data = said(PRIVATE_MODELS, models=", ".join(outside))
            self.events.publish(EventKind.ERROR, "mind", text, setting="mind", problem=PRIVATE_MODELS_PROBLEM,
                                **data)
        elif self._private_models_said:
            text, data = said(QT_TRANSLATE_NOOP("activity", "privacy mode no longer stops any of her models"))
            self.events.publish(EventKind.SYSTEM, "mind", text, resolved=PRIVATE_MODELS_PROBLEM, **data)
        self._private_models_said = bool(outside)

    def start(self, paused: bool = False) -> None:
        self._started, self._paused = True, paused
        self.say_private_models()
        mind = self.settings.current.mind
        if not mind.models:
            text, data = said(QT_TRANSLATE_NOOP("activity", "her mind sleeps: no model is set (Settings → Mind)"))
            self.events.publish(EventKind.SYSTEM, "mind", text, **data)
            return
        self._pool = self.client_factory().pool("mind", mind.models)
        self.consciousness = Consciousness(
            bus=self.bus, gate=self.gate, llm=self._pool, events=self.events, outlets=self.outlets,
            briefing=self, wall=self.clock.time, turn_log=self.turn_log.record, executor=self.executor,
            context=self.context,
            is_speaking=self.outlets.is_speaking, barge_in=self.outlets.barge_in, after_turn=self._after_turn,
            count_tokens=self.count_tokens, cost=self.cost, unread=self._stream_unread,
            config=MindConfig(burst_steps=mind.burst_steps, idle_enabled=self.idle_enabled(),
                              idle_after=float(mind.idle_after), frame_tokens=self.frame_tokens()))
        self.consciousness.pending_said = self._pending_said  # one record across restarts of the loop
        self.consciousness.on_line_ended = lambda: spawn(self._line_ended(), held=self.tasks)
        self.consciousness.pause(paused)
        self.consciousness.start()
        self._offer = spawn(self.offer_ollama())
        self._counting = spawn(self._count_with(mind.models[0]))
        self._sizing = spawn(self.learn_sizes([*mind.models, *mind.background_models]))
        text, data = said(QT_TRANSLATE_NOOP("activity", "her mind is awake on {models}"), models=", ".join(mind.models))
        self.events.publish(EventKind.SYSTEM, "mind", text, **data)
        if self.notice():
            self.events.publish(EventKind.SYSTEM, "mind", self.notice(), words=self.notice(),
                                words_context="mind_notice")

    async def learn_sizes(self, specs: Sequence[str]) -> None:
        """Each server's context where it says (llama.cpp's /props, a model list): her window fits it before a
        prompt is ever refused as too long."""
        urls = self.settings.current.mind.base_urls
        for spec in dict.fromkeys(specs):
            try:
                parsed = parse(spec)
            except ModelSpecError:
                continue
            url = base_url(parsed, urls.get(parsed.provider)) if parsed.info.wire is Wire.OPENAI else None
            if url and (size := await server_context(self.net, url, parsed.model)):
                self.figures.context(str(parsed), size)

    async def _count_with(self, spec: str) -> None:
        """Until the model's own tokenizer is loaded (off the loop), the declared estimate counts."""
        counter = await asyncio.get_running_loop().run_in_executor(self.local_executor, counter_for, spec)
        self.context.set_counter(counter.count)
        self.counter_name, self._count = counter.name, counter.count

    def count_tokens(self, text: str) -> int:
        """The counter of the first mind model (the estimate until its tokenizer has loaded)."""
        return self._count(text)

    def cost(self, model: str, usage: Usage) -> float | None:
        """What one call cost in USD, from the price table in Settings → Mind; None for a local model or one
        with no price."""
        mind = self.settings.current.mind
        return call_cost(model, usage.prompt, usage.completion, mind.models, parse_table(mind.prices),
                         mind.base_urls)

    async def _after_turn(self, record: TurnRecord) -> None:
        # her mood forms on stage: a scoped turn (only written conversations) reads it and never writes it, and
        # nobody in a written conversation can be said to have moved her (seed 004, Mood)
        moods = [] if record.scoped else record.moods
        movers = {who for mood in moods if (who := self.mood.feel(mood, record.stage_authors)) is not None}
        await self._stream_new_lines()
        await self.flush()
        self.handoff.maybe_start()  # the window reached its trigger: the recap is written beside the turns
        loop = asyncio.get_running_loop()
        for skill in [s for s in self.skills.every() if s.enabled]:
            try:
                await loop.run_in_executor(self.executor, skill.after_turn, record)
            except Exception as exc:
                log.error("the %s skill failed after a turn: %s", skill.key, summary(exc))
        people = self.skills.people()
        for identity in movers if people is not None and people.enabled else ():
            try:  # someone who really moved her earns a card (seed 004, Mood)
                await loop.run_in_executor(self.executor, people.moved_her, identity)
            except Exception as exc:
                log.error("the card of someone who moved her could not be minted: %s", summary(exc))
        if self.profiler is not None and not record.failed:  # the models just failed: no profile now
            for identity in record.authors:
                if identity != OWNER_IDENTITY:
                    spawn(self.profiler.maybe_profile(identity), held=self.tasks)
        if self.follow_ups is not None:
            try:
                await self.follow_ups.save()
            except Exception as exc:
                log.error("the follow-ups could not be saved: %s", summary(exc))

    def _dreamt_fact(self, text: str) -> object:
        people = self.skills.people()
        return people.dreamt_fact(text) if people is not None and people.enabled else False

    def _owner_told(self, sentences: list[str]) -> object:
        you = self.skills.streamer()
        return you.told(sentences) if you is not None and you.enabled else 0

    async def _profiled(self, identity: str, profile: str) -> None:
        """A profile goes on their card (the People skill), off the loop."""
        people = self.skills.people()
        if people is not None and people.enabled:
            await asyncio.get_running_loop().run_in_executor(self.executor, people.profiled, identity, profile)
        text, data = said(QT_TRANSLATE_NOOP("activity", "a profile was written for someone in chat"))
        self.events.publish(EventKind.SYSTEM, "memory", text, identity=identity, profile=profile, **data)

    async def load_memory(self) -> None:
        """Load the embedder the settings name, off the loop, then catch up on memories without a vector of
        that model (all of them after a change of model), reporting progress as events the Memory dock shows.
        Loads run one at a time; the store in use is swapped only once the new model has loaded."""
        if self.db is None:
            return
        async with self._memory_loading:
            await self._load_memory()

    def words(self) -> HerWords:
        """Her words in her prompts' language (the Briefing's face of them)."""
        return self.catalogs.pick(self.prompts.language())

    async def warm_up(self) -> None:
        """The Briefing's warm-up: her memory's load."""
        await self.memory_tried()

    async def memory_tried(self) -> None:
        """Returns once her memory is there, or at once when it is not loading (no store, a failed load)."""
        if self.memories is None and self._memory_loading.locked():
            async with self._memory_loading:
                pass

    async def _load_memory(self) -> None:
        loop = asyncio.get_running_loop()
        setting = self.settings.current.skills.memory.embedder
        language = self.prompts.language()   # what "default" means follows it (app.core.embedder_choice rule 1)
        if self.memories is not None and (setting, language) == self._embedder_setting:
            return
        try:
            from app.memory.pick_embedder import open_chosen
            embedder, note = await loop.run_in_executor(self.executor, functools.partial(
                open_chosen, setting, self.model_manager, self.models_dir, language=language))
            store = await loop.run_in_executor(self.executor, MemoryStore, self.db, embedder, self.clock.time)
        except Exception as exc:
            log.error("her memory could not load: %s", summary(exc))
            text, data = said(QT_TRANSLATE_NOOP("problems", "Her memory could not load (detail: {detail})."),
                              detail=exc)
            self.events.publish(EventKind.ERROR, "memory", f"her memory could not load: {exc}", **data)
            return
        if self.memories is not None and self.memories.embedder.name == embedder.name:
            self._embedder_setting = (setting, language)   # the same model either way: nothing to swap
            return
        self.memories, self._embedder_setting = store, (setting, language)
        if note:
            model = embedder.name.partition("@")[0]
            words = (said(FALLBACK, model=model)[1] if note == FALLBACK.format(model=model)
                     else said(NO_ENCODER)[1] if note == NO_ENCODER else {})
            self.events.publish(EventKind.SYSTEM, "memory", note, **words)

        def progress(done: int, total: int) -> None:
            _text, data = said(REEMBEDDING, model=embedder.name, done=done, total=total)
            loop.call_soon_threadsafe(functools.partial(
                self.events.publish, EventKind.SYSTEM, "memory",
                f"re-embedding memories with {embedder.name}: {done} of {total}", done=done, total=total, **data))
        total = await loop.run_in_executor(self.executor, store.pending_count)
        if total:
            _text, data = said(REEMBEDDING, model=embedder.name, done=0, total=total)
            self.events.publish(EventKind.SYSTEM, "memory", f"re-embedding memories with {embedder.name}: "
                                f"0 of {total}", done=0, total=total, **data)
        try:
            count = await loop.run_in_executor(self.executor, store.embed_pending, 64, progress)
        except Exception as exc:  # the store stays usable; what is left is embedded at the next load
            log.error("re-embedding stopped: %s", summary(exc))
            _text, data = said(QT_TRANSLATE_NOOP("problems", "Re-embedding her memories stopped; what is left is "
                                                             "done at the next start (detail: {detail})."), detail=exc)
            self.events.publish(EventKind.ERROR, "memory", f"re-embedding stopped: {exc}", done=0, total=0, **data)
            return
        text, data = said(QT_TRANSLATE_NOOP("activity", "memory ready ({embedder}, {count} re-embedded)") if count
                          else QT_TRANSLATE_NOOP("activity", "memory ready ({embedder})"), embedder=embedder.name,
                          count=count)
        self.events.publish(EventKind.SYSTEM, "memory", text, **data)

    async def dream_nightly(self, hour: Callable[[], int], memory_poll: float = MEMORY_POLL_S) -> None:
        """Sleep until the dream hour (or dream at once when a night was missed), dream, repeat. A night is dreamt
        into her memory: while it is not loaded (at start, a night missed while she was off is due at once) or
        could not load, the night waits for it and is not marked, so it is never lost."""
        while self.dreamer is not None:
            due = self.dreamer.next_due(hour())
            wait = due.timestamp() - self.clock.time()
            if wait > 0:
                await asyncio.sleep(min(wait, 3600))  # re-read the hour at least hourly
                continue
            await self.memory_tried()
            if self.memories is None:
                await asyncio.sleep(memory_poll)
                continue
            try:
                await self.dreamer.dream()
            except Exception as exc:
                log.warning("the dream failed: %s", summary(exc))
                _text, data = said(QT_TRANSLATE_NOOP("problems", "Her dream failed (detail: {detail})."), detail=exc)
                self.events.publish(EventKind.ERROR, "memory", f"the dream failed: {exc}", **data)
            self.dreamer.mark_dreamt_now()

    async def _line_ended(self) -> None:
        """A line she finished (or was stopped in) between turns is kept now, not at the next turn: an export
        or a quit right after it has it."""
        await self._stream_new_lines()
        await self.flush()

    async def _stream_new_lines(self, hold: bool = True) -> None:
        """What this turn added to the window goes to the append-only stream too (in one transaction). A
        spoken line still sounding is held back, with what came after it, until it has ended: the stream keeps
        what she actually got to say (`hold=False` at stop takes everything as it is). One writer at a time:
        a line that ends while a turn's lines are being written waits, so nothing is written twice."""
        if self.stream is None:
            return
        async with self._streaming:
            fresh = self.context.since(self._streamed_seq)
            if hold and self._pending_said:
                fresh = list(itertools.takewhile(lambda e: e.seq not in self._pending_said, fresh))
            if not fresh:
                return
            self._streamed_seq = fresh[-1].seq
            await self.stream.append([Line(e.kind.value, e.text, e.ts, e.author or None, "", e.conversation,
                                           e.message_id or None) for e in fresh])

    async def _stream_unread(self, lines: list[Perception]) -> None:
        """The lines a burst's frames left unread: into the stream as heard (the transcript and her dreams keep
        every line), never into her window."""
        if self.stream is None:
            return
        now = self.clock.time()
        async with self._streaming:
            await self.stream.append([Line("heard", p.content, p.ts or now,
                                           p.author.identity if p.author is not None else None, "",
                                           p.conversation_key, p.message_id) for p in lines])

    async def flush(self) -> None:
        """What the window changed, to disk in one transaction (the whole window after a slide or a clear)."""
        await self.window_store.flush(self.context)

    def flush_sync(self) -> None:
        self.window_store.flush_sync(self.context)

    async def forget_window(self) -> None:
        """Clear the window and its recap (a recap still being written for it will be dropped)."""
        self.context.clear()
        await self.flush()
        text, data = said(QT_TRANSLATE_NOOP("activity", "the window was cleared: she starts fresh"))
        self.events.publish(EventKind.SYSTEM, "context", text, **data)

    def notice(self) -> str:
        """What the streamer should know about the models in use (the demo model is not a real co-host)."""
        models = self.settings.current.mind.models
        if not models:
            return SLEEPS
        return DEMO_NOTICE if models[0] == "local:smollm2" else ""

    def background_is_demo(self) -> bool:
        """The background pool starts with the built-in demo model, too small to write a dream or a recap."""
        mind = self.settings.current.mind
        return (mind.background_models or mind.models)[:1] == ["local:smollm2"]

    def background_pool(self) -> Any:
        """The pool for batch work; built on first use, and closed with the mind."""
        if self._background is None:
            mind = self.settings.current.mind
            self._background = self.client_factory().pool("background", mind.background_models or mind.models)
        return self._background

    async def offer_ollama(self) -> list[str]:
        """When she runs on the demo model and an Ollama server answers here, say what it offers."""
        if self.settings.current.mind.models[:1] != ["local:smollm2"]:
            return []
        base = self.settings.current.mind.base_urls.get("ollama", OLLAMA + "/v1").removesuffix("/v1")
        models = await detect_ollama(self.net, base)
        if models:
            _text, data = said(OLLAMA_OFFER, models=", ".join(models), first=models[0])
            self.events.publish(EventKind.SYSTEM, "mind", "Ollama is running on this computer with "
                                f"{', '.join(models)}: set ollama:{models[0]} in Settings → Mind for a far "
                                "better co-host than the demo model.", ollama=models, **data)
        return models

    def pause(self, paused: bool) -> None:
        self._paused = paused
        if self.consciousness is not None:
            self.consciousness.pause(paused)

    async def _close_models(self) -> None:
        if self.consciousness is not None:
            await self.consciousness.stop()
            self.consciousness = None
        for task in (self._offer, self._counting, self._sizing):
            if task is not None:
                task.cancel()
        for pool in (self._pool, self._background):
            if pool is not None:
                await pool.aclose()
        self._pool = self._background = None

    async def stop(self) -> None:
        self._started = False
        for task in list(self.tasks):
            task.cancel()
        await self.handoff.stop()
        await self.mood.settle()
        if self.consciousness is not None:   # her last lines reach the stream, then the stream her memory
            await self.consciousness.stop()
            self.consciousness = None
        try:
            await self._stream_new_lines(hold=False)
        except Exception as exc:
            log.error("the last lines could not reach the stream at stop: %s", summary(exc))
        if self.consolidation is not None:
            try:
                await asyncio.wait_for(self.consolidation.at_quit(), QUIT_DEADLINE + 1)
            except Exception as exc:   # what is not remembered now waits for the next start
                log.warning("the stream was not remembered at quit: %s", summary(exc))
        await self._close_models()
        try:
            self.flush_sync()
        except Exception as exc:
            log.error("the window could not be saved at stop: %s", summary(exc))
        # the built-in model's thread ends its step (closing the models stopped its generation) before the
        # process goes: one still inside llama.cpp while the interpreter tears down crashes it
        ended = await _joined(self.local_executor, LOCAL_STOP_S)
        if not ended:
            log.warning("the built-in model did not end its step within %.0f s of quitting", LOCAL_STOP_S)




async def _joined(executor: BoundedExecutor, timeout: float) -> bool:
    """Shuts `executor` down and waits, off the loop, up to `timeout` for its workers to end; whether they did.
    The wait is a thread of its own, not the loop's executor: a pool's worker keeps its last job (and through
    its future, the coroutine that awaited it) until its next job, and this is the last job of the app."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[bool] = loop.create_future()

    def join() -> None:
        ended = executor.shutdown(wait=True, cancel_futures=True, timeout=timeout)
        with contextlib.suppress(RuntimeError):   # the loop is gone: nobody waits any more
            loop.call_soon_threadsafe(lambda: done.done() or done.set_result(ended))
    threading.Thread(target=join, name="local-model-stop", daemon=True).start()
    return await done
