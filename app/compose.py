"""The composition root: builds settings, store, adapters, skills and the runtime switches. Wiring only."""

from __future__ import annotations

import asyncio
import locale
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from platformdirs import user_cache_dir

import app as app_pkg
from app.api.service import ApiService
from app.config.schema import build_root_model
from app.config.service import SettingsService
from app.core.events import EventBus, EventKind
from app.core.failures import summary
from app.core.prompt_language import prompt_language, system_locale
from app.core.words import QT_TRANSLATE_NOOP, said
from app.memory import app_state
from app.memory.alias_store import AliasStore
from app.memory.database import Database
from app.memory.keys import PassphrasePrompt, obtain_key
from app.memory.model_manager import ModelManager
from app.memory.offence_store import OffenceStore
from app.memory.people_store import PeopleStore
from app.memory.person_store import PersonStore
from app.memory.plan_store import PlanStore
from app.memory.prompt_store import PromptFiles, PromptStoreError
from app.memory.secret_table import SecretTable
from app.memory.stream import Stream
from app.memory.turn_log import TurnLog
from app.memory.window_store import WindowStore
from app.mind.consolidation import QUIT_DEADLINE
from app.mind.mood import MoodKeeper
from app.mind.service import MindService
from app.mind.skill_faces import Skills
from app.mind.stage_port import MindStage
from app.process import heap
from app.process.catalogs import shipped as shipped_catalogs
from app.process.clock import SYSTEM, Clock
from app.process.executors import BoundedExecutor
from app.process.logs import set_level, setup_logging, where
from app.process.paths import DataPaths, private_dir, private_file, resources_dir, secure_tree
from app.process.runtime import RuntimeSwitches
from app.process.secrets import SecretStore
from app.process.tasks import spawn
from app.senses.netgate import NetworkGate
from app.senses.voice.speech_pool import TranscriberPool
from app.skills.base import Skill, SkillContext
from app.skills.idle.skill import IdleSkill
from app.skills.people.skill import PeopleSkill
from app.skills.person.skill import PersonSkill
from app.skills.ports import VoiceTap
from app.skills.registry import discover
from app.skills.voice.skill import VoiceSkill

T = TypeVar("T")
log = logging.getLogger(__name__)

STOP_TIMEOUT = 2.0


@dataclass
class Bea:
    paths: DataPaths
    db: Database
    settings: SettingsService
    secrets: SecretStore
    bus: EventBus
    gate: NetworkGate
    switches: RuntimeSwitches
    blocking: BoundedExecutor
    skills: dict[str, Skill]
    mind: MindService
    models: ModelManager
    run_id: int
    started: list[str] = field(default_factory=list)
    person_store: PersonStore | None = None
    api: ApiService | None = None   # the local HTTP API, while the app runs
    clock: Clock = SYSTEM           # the one clock every part was given


def build(data_dir: Path, ask_passphrase: PassphrasePrompt | None = None,
          env: dict[str, str] | None = None, log_to_stderr: bool = True, clock: Clock = SYSTEM) -> Bea:
    """Open everything. Raises KeyUnavailable / WrongKey / NewerSchema with a sentence for the user. `clock` is
    the one clock the mind, the skills and the stores read (a test may run the whole app on its own)."""
    heap.configure()   # before the store's and the skills' worker threads exist
    paths = DataPaths(data_dir)
    private_dir(data_dir)
    secure_tree(data_dir)   # 0700 and 0600, whatever an older build or the umask left
    secrets = SecretStore()
    setup_logging(data_dir, secrets.known_values, to_stderr=log_to_stderr, clock=clock.monotonic)
    log.info("Bea %s starting; data in %s", app_pkg.__version__, data_dir)
    key = obtain_key(paths.db, ask=ask_passphrase, env=env)
    secrets.remember_value(key.value)
    private_file(paths.db)   # SQLCipher gives its WAL and shared-memory files the database file's mode
    db = Database.open(paths.db, key)
    try:
        if db.migrated_from is not None:
            log.info("database migrated from schema %d to %d", db.migrated_from, db.version)
        secrets.keep_in(SecretTable(db, clock=clock.time))   # with no keyring, secrets live in the encrypted store
        skill_classes = discover()
        model = build_root_model({k: cls.settings_model for k, cls in skill_classes.items()})
        settings = SettingsService(model, app_state.load_settings(db),
                                   lambda version, body: app_state.save_settings(db, version, body, clock.time()))
        set_level(settings.current.general.log_level)
        bus = EventBus(clock.time, on_subscriber_error=lambda e, exc: log.error(
            "an event subscriber failed on %s: %s", e.kind, where(exc)))
        blocking = BoundedExecutor("blocking", 4, queue_size=256)
        gate = NetworkGate(lambda: settings.current.privacy.enabled, bus, executor=blocking,
                           local_network=lambda: settings.current.privacy.local_network)
        switches = RuntimeSwitches(bus)
        computer_locale = system_locale(os.environ, locale.getlocale()[0])
        catalogs = shipped_catalogs()   # her words: the languages she can be briefed in are the catalogs present
        prompts = PromptFiles(resources_dir(), data_dir,   # her prompts in the streamer's language
                              language=lambda: prompt_language(settings.current.ui.language, computer_locale,
                                                               catalogs.languages))
        try:
            prompts.sync()
        except PromptStoreError as exc:  # reading falls back to the shipped text
            log.error("%s", summary(exc))
        models = ModelManager(paths.models, gate, executor=blocking, clock=clock.time)
        skills: dict[str, Skill] = {}   # built after the mind, from its parts; the mind finds them when it asks
        mind_faces = Skills(every=lambda: list(skills.values()), idle=lambda: _as(skills.get("idle"), IdleSkill),
                            people=lambda: _as(skills.get("people"), PeopleSkill),
                            streamer=lambda: _as(skills.get("person"), PersonSkill))
        # the default embedder is converted once per machine, in the user's cache (it can always be rebuilt)
        mind = MindService(settings, bus, gate, secrets, TurnLog(db), blocking, muted=lambda: switches.muted,
                           window_store=WindowStore(db, clock=clock.time), prompts=prompts, catalogs=catalogs,
                           clock=clock,
                           skills=mind_faces,
                           mood=MoodKeeper(db, bus, lambda: settings.current.mind.mood_half_life_minutes * 60.0,
                                           clock.time),
                           stream=Stream(db, clock=clock.time), db=db, model_manager=models,
                           models_dir=Path(user_cache_dir("Bea", appauthor=False)) / "embeddings",
                           offences=OffenceStore(db))
        switches.on_change(lambda name, value: mind.pause(value) if name == "paused" else None)
        plan_store = PlanStore(db, clock=clock.time)
        person_store = PersonStore(db, clock=clock.time, zone=clock.zone)
        people_store = PeopleStore(db, clock=clock.time)
        alias_store = AliasStore(db, clock=clock.time, zone=clock.zone)
        stage = MindStage(mind)

        def people() -> PeopleSkill | None:   # the People port: the skill while it is on and has its store
            skill = skills.get("people")
            return skill if isinstance(skill, PeopleSkill) and skill.enabled and skill.ready else None

        def avatar() -> Skill | None:   # the Avatar port: the Stage skill while it is on
            skill = skills.get("stage")
            return skill if skill is not None and skill.enabled else None

        def voice() -> VoiceSkill | None:
            skill = skills.get("voice")
            return skill if isinstance(skill, VoiceSkill) and skill.enabled else None

        def ears() -> TranscriberPool | None:   # the Ears port: where the Voice skill hears, while it runs
            on = voice()
            return on.hear_pool if on is not None else None

        def voice_tap() -> VoiceTap | None:   # the VoiceTap port: a copy of her voice while the Voice skill is on
            on = voice()
            return on.tap if on is not None else None

        for key, cls in skill_classes.items():
            skills[key] = cls(SkillContext(
                settings=_section(settings, key), bus=bus, clock=clock, words=mind.words, perceive=mind.perceive,
                gate=gate, secrets=secrets, app_settings=settings, stage=stage, senders=mind.outlets,
                her_lines=mind.outlets, people=people, avatar=avatar, ears=ears, voice_tap=voice_tap,
                voice_outlet=mind.outlets, sessions=mind.stream, remembering=mind.consolidation, window=mind.context,
                mood=mind.mood, memories=lambda: mind.memories, offences=mind.guard, chat=lambda: skills.get("chat"),
                prompt=mind.prompt, shipped_prompt=prompts.fixed, background=mind.background_pool,
                models_notice=mind.notice, models=models, plan_store=plan_store, person_store=person_store,
                people_store=people_store, alias_store=alias_store))
        settings.on_change(lambda path, value: _on_setting(bus, path, value))
        run_id = app_state.run_started(db, clock.time(), app_pkg.__version__)
        secure_tree(data_dir)   # what opening made: a migration's backup, the prompts folder
    except BaseException:
        db.close()
        raise
    return Bea(paths, db, settings, secrets, bus, gate, switches, blocking, skills, mind, models, run_id,
               person_store=person_store, clock=clock)


def _as(skill: Skill | None, kind: type[T]) -> T | None:
    """A skill as the face it is built to show, or None in a build without it."""
    return skill if isinstance(skill, kind) else None


def _section(settings: SettingsService, key: str):
    return lambda: getattr(settings.current.skills, key)


def _on_setting(bus: EventBus, path: str, value: object) -> None:
    if path == "general.log_level":
        set_level(str(value))
    if path == "privacy.enabled":
        text, data = said(QT_TRANSLATE_NOOP("activity", "privacy mode on: only this machine, and your own machines "
                                                        "listed, are reachable") if value
                          else QT_TRANSLATE_NOOP("activity", "privacy mode off"))
        bus.publish(EventKind.SYSTEM, "privacy", text, privacy=bool(value), **data)
    text, data = said(QT_TRANSLATE_NOOP("activity", "{path} changed"), path=path)
    bus.publish(EventKind.SETTINGS, "settings", text, path=path, **data)


async def start(bea: Bea) -> None:
    for key, skill in bea.skills.items():
        if not skill.enabled:
            continue
        try:
            await skill.start()
            bea.started.append(key)
        except Exception as exc:
            log.exception("the %s skill failed to start", key)
            text, data = said(QT_TRANSLATE_NOOP("problems", "{title} could not start (detail: {detail})."),
                              title=skill.title, detail=exc)
            bea.bus.publish(EventKind.ERROR, key, f"{skill.title} could not start: {exc}", **data)
    bea.mind.start(paused=bea.switches.paused)
    spawn(bea.mind.load_memory(), held=bea.mind.tasks)
    spawn(bea.mind.dream_nightly(lambda: bea.settings.current.skills.memory.dream_hour), held=bea.mind.tasks)
    if bea.mind.consolidation is not None:   # a long pause with nobody speaking: she remembers the stream so far
        spawn(bea.mind.consolidation.watch_pauses(), held=bea.mind.tasks)
    spawn(heap.keep_trimmed(), held=bea.mind.tasks)
    bea.api = ApiService.for_app(bea)
    await bea.api.start()  # a taken port is an ERROR event, never a failed start
    text, data = said(QT_TRANSLATE_NOOP("activity", "Bea is up"))
    bea.bus.publish(EventKind.SYSTEM, "app", text, skills=list(bea.started), **data)


async def stop(bea: Bea) -> None:
    """Stop the mind (it waits, bounded, for lines still going out), then skills (each bounded in time), drop
    queued blocking work, record a clean stop, close the store. The local API goes first, so no request
    reaches a store that is closing."""
    if bea.api is not None:
        try:
            await asyncio.wait_for(bea.api.stop(), STOP_TIMEOUT)
        except Exception as exc:
            log.warning("the local API did not stop cleanly: %s", summary(exc))
        bea.api = None
    try:
        await asyncio.wait_for(bea.mind.stop(), STOP_TIMEOUT + 10 + QUIT_DEADLINE)   # she remembers, bounded
    except Exception as exc:
        log.warning("the mind did not stop cleanly: %s", summary(exc))
    for key in reversed(bea.started):
        try:
            await asyncio.wait_for(bea.skills[key].stop(), STOP_TIMEOUT)
        except Exception as exc:
            log.warning("the %s skill did not stop cleanly: %s", key, summary(exc))
    bea.started.clear()
    close(bea)


def close(bea: Bea) -> None:
    bea.blocking.shutdown(wait=False, cancel_futures=True)
    bea.mind.local_executor.shutdown(wait=False, cancel_futures=True)   # built, never started: its worker too
    try:
        app_state.run_stopped_cleanly(bea.db, bea.run_id, bea.clock.time())
    except Exception as exc:
        log.warning("could not record the clean stop: %s", summary(exc))
    bea.db.close()
    log.info("Bea stopped")
