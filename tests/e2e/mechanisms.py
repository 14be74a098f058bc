"""The seed mechanisms the stream in a box must execute: qualified names under app/. A name that no
longer resolves fails as loudly as one that never ran: a rename must be reflected here.

watch() tells which ran: each is wrapped where it is defined (its class, or its module) for as long as the box
runs, and notes the name when its body is entered (a coroutine's when it starts, not when it is made). Nothing
else is traced: a line tracer over all of app/ (coverage) made the run about 30% slower.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
from collections.abc import Iterator

MECHANISMS = [
    # the one loop, its window and the handoff (seed 004)
    "app.mind.consciousness.Consciousness.turn",
    "app.mind.service.MindService._after_turn",
    "app.mind.handoff.HandoffWorker.maybe_start",
    "app.mind.handoff.HandoffWorker._run",
    "app.core.context_window.SingleContext.cut",
    "app.core.context_window.SingleContext.slide",
    "app.memory.window_store.WindowStore.flush",
    "app.mind.attention_gate.AttentionGate.annotate",
    "app.mind.service.MindService.knows",                 # the known-person bonus reads the cards
    "app.mind.mood.MoodKeeper.feel",
    # chat triage: the second look at a raider's line in other words, through her memory's embedder
    "app.mind.service.MindService.look",
    "app.core.triage_look.attempt",
    # her voice: barge-in (a raid or donation while she speaks: duck, then stop)
    "app.mind.outlets.Outlets.barge_in",
    # her ears: the streamer's speech through the microphone, the VAD's turn, whisper, a VOICE perception
    "app.senses.voice.ears.Ears.feed",
    # the end of the streamer's turn from the words so far: her ears ask for them to be read (on a busy
    # machine the JFK clip's pauses end before their words are transcribed, so the reading itself may not come)
    "app.senses.voice.ears.Ears._read",
    # her ears and voice on the streamer's other computer, this computer as the last resort
    "app.senses.voice.speech_pool.TranscriberPool.transcribe",
    "app.senses.voice.speech_pool.VoicePool.synthesize",
    "app.senses.voice.remote_speech.RemoteTranscriber.transcribe",
    "app.senses.voice.remote_speech.RemoteVoice.synthesize",
    "app.senses.voice.ears.Ears._transcribe",
    "app.skills.voice.skill.VoiceSkill._heard",
    # memory: the stream, the dream, recall by meaning, profiles
    "app.memory.stream.Stream.go_live",
    "app.memory.stream.Stream.end",
    "app.memory.stream.Stream.append",
    "app.mind.service.MindService.dream_nightly",
    "app.mind.dreamer.Dreamer._dream",
    "app.memory.memories.MemoryStore.remember_all",
    "app.memory.memories.MemoryStore.recall_split",
    "app.skills.memory.skill.MemorySkill.context_for",
    "app.mind.profiler.Profiler.maybe_profile",
    "app.skills.people.skill.PeopleSkill.profiled",
    # people: roster tallies and cards
    "app.skills.people.skill.PeopleSkill.relabel",
    "app.skills.people.skill.PeopleSkill.context_for",
    "app.skills.people.skill.PeopleSkill.donation",
    # senses and surfaces driven by the peers
    "app.skills.twitch.skill.TwitchSkill.start",
    "app.skills.obs.skill.ObsSkill._observe_streaming",
    "app.api.donation_routes.DonationApi.generic",
    "app.skills.donations.skill.DonationsSkill.record",
    "app.skills.donations.skill.DonationsSkill.announce",
    "app.skills.donations.skill.DonationsSkill._streamlabs_donation",
    "app.skills.telegram.skill.TelegramSkill._updates",     # a written conversation, answered in writing
    "app.skills.telegram.skill.TelegramSkill._send_from_mind",
    "app.skills.discord.skill.DiscordSkill._message",       # a mention in an allowed channel, answered there
    "app.skills.discord.skill.DiscordSkill._send_from_mind",
    "app.senses.llm.openai_compat.OpenAICompatClient.complete",
    "app.senses.llm.pool.ModelPool.complete",
]


def _owner(qualified: str) -> tuple[object, str] | None:
    """(the class or module that defines it, its name there), or None when the name no longer resolves."""
    parts = qualified.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            owner = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for name in parts[cut:-1]:
                owner = getattr(owner, name)
            inspect.getattr_static(owner, parts[-1])
        except AttributeError:
            return None
        return owner, parts[-1]
    return None


def _noting(fn, note):
    if inspect.iscoroutinefunction(fn):
        @functools.wraps(fn)
        async def entered(*args, **kwargs):
            note()
            return await fn(*args, **kwargs)
    else:
        @functools.wraps(fn)
        def entered(*args, **kwargs):
            note()
            return fn(*args, **kwargs)
    return entered


@contextlib.contextmanager
def watch(names: list[str] = MECHANISMS) -> Iterator[tuple[set[str], list[str]]]:
    """While the block runs: (the names that ran so far, the names that no longer resolve)."""
    ran: set[str] = set()
    missing: list[str] = []
    undo: list[tuple[object, str, object]] = []
    for name in names:
        found = _owner(name)
        if found is None:
            missing.append(name)
            continue
        owner, attr = found
        defined = inspect.getattr_static(owner, attr)
        fn = getattr(defined, "__func__", defined)
        wrapped = _noting(fn, functools.partial(ran.add, name))
        setattr(owner, attr, type(defined)(wrapped) if isinstance(defined, (staticmethod, classmethod)) else wrapped)
        undo.append((owner, attr, defined))
    try:
        yield ran, missing
    finally:
        for owner, attr, defined in reversed(undo):
            setattr(owner, attr, defined)
