"""--self-test: open the store and check what a user's install depends on; one verdict line, exit 0 or 1.

Her mind is checked for real: one turn with the configured model (the built-in one by default), a line typed
to her as the Chat dock types it, and the check fails unless she answers it out loud or in writing."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from app.compose import Bea, build, close
from app.memory import meta
from app.memory.database import cipher_facts, integrity_check, pages_failing_hmac
from app.memory.migrations import LATEST

SELF_TEST_LINE = "Hello everyone, welcome back to the stream tonight."
MIND_LINE = "Hi Bea, can you hear me?"
MIND_TIMEOUT = 90.0   # a cold model load and one answer on a slow CPU; a cloud model answers in seconds


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z']+", text.lower()))


def _voice_note(pcm: object, rate: int) -> bytes:
    """Mono float32 speech as a Telegram voice note: Ogg Opus, made with PyAV (libopus)."""
    import io

    import av
    import numpy as np

    out = io.BytesIO()
    with av.open(out, "w", format="ogg") as box:
        stream = box.add_stream("libopus", rate=48000, layout="mono")
        frame = av.AudioFrame.from_ndarray(np.ascontiguousarray(pcm, dtype=np.float32).reshape(1, -1),
                                           format="flt", layout="mono")
        frame.sample_rate = rate
        for packet in [*stream.encode(frame), *stream.encode(None)]:
            box.mux(packet)
    return out.getvalue()


def _checks(bea: Bea) -> list[tuple[str, Callable[[], str]]]:
    def cipher() -> str:
        bad = bea.db.read(pages_failing_hmac)
        if bad:
            raise AssertionError(f"{bad} pages fail their HMAC")
        return bea.db.read(cipher_facts)["cipher_version"]

    def integrity() -> str:
        result = bea.db.read(integrity_check)
        if result != "ok":
            raise AssertionError(result)
        return "ok"

    def schema() -> str:
        facts = bea.db.read(cipher_facts)
        if facts["schema_version"] != LATEST or facts["journal_mode"].lower() != "wal":
            raise AssertionError(f"schema {facts['schema_version']} in {facts['journal_mode']} mode")
        return f"schema {LATEST}"

    def roundtrip() -> str:
        stamp = str(bea.clock.time())
        bea.db.write(lambda c: meta.put(c, "self_test_at", stamp))
        back = bea.db.read(lambda c: meta.get(c, "self_test_at"))
        if back != stamp:
            raise AssertionError("a written value did not read back")
        return "write+read"

    def settings() -> str:
        bea.settings.model.model_validate(bea.settings.current.model_dump())
        return "valid"

    def skills() -> str:
        for skill in bea.skills.values():
            skill.live_state()
            skill.context_section()
        return f"{len(bea.skills)} skill(s)"

    def models() -> str:
        specs = bea.settings.current.mind.models
        if not any(spec.startswith("local:") for spec in specs):
            return f"{len(specs)} model(s), none built in"
        from app.senses.llm import llama_backends
        from app.senses.llm.local_llama import missing
        if problem := missing():
            raise AssertionError(f"the built-in model cannot run: {problem}")
        return f"built-in model ready (CPU code for {' '.join(llama_backends.load()) or 'this processor'})"

    def mind() -> str:
        """One real turn: a line typed to her; she must answer it."""
        models = bea.settings.current.mind.models
        if not models:
            raise AssertionError("no model is set for her mind (Settings → Mind)")
        said, errors = asyncio.run(_one_turn(bea))
        if not said.strip():
            why = f": {errors[-1]}" if errors else ""
            raise AssertionError(f"she did not answer a line typed to her with {models[0]}{why}")
        return f"she answered with {models[0]}"

    def memory() -> str:
        from app.memory.pick_embedder import open_chosen
        embedder, note = open_chosen(bea.settings.current.skills.memory.embedder, bea.models, bea.mind.models_dir,
                                     language=bea.mind.prompts.language())
        rows = embedder.embed_queries(["ciao, come stai?"])
        if rows.shape != (1, embedder.dim):
            raise AssertionError(f"{embedder.name} embedded to {rows.shape}, not (1, {embedder.dim})")
        return f"memory embeds with {embedder.name}" + (f" ({note})" if note else "")

    def voice() -> str:
        """Her voice and her ears load, and she understands what she says: a line -> Piper -> whisper; a voice
        note of it (Ogg Opus) decodes as the Telegram skill decodes one."""
        import numpy as np

        from app.process.executors import BoundedExecutor
        from app.senses.voice.pcm import resample
        from app.skills.voice.parts import load_parts

        wanted = bea.settings.current.skills.voice.model_copy(update={"mode": "always_on"})
        pool = BoundedExecutor("self-test-voice", 1, queue_size=4)
        parts = load_parts(wanted, pool)
        try:
            if parts.problems:
                raise AssertionError("; ".join(parts.problems))
            synthesis = parts.voice.synthesize_sync(SELF_TEST_LINE)
            pcm = np.frombuffer(synthesis.pcm, dtype="<i2").astype(np.float32) / 32768
            heard = parts.transcriber.transcribe_sync(resample(pcm, synthesis.sample_rate, 16000)).text
            said, got = _words(SELF_TEST_LINE), _words(heard)
            if len(said & got) < 0.6 * len(said):   # tiny.en may mishear a word; not most of them
                raise AssertionError(f"she said {SELF_TEST_LINE!r} and heard {heard!r}")
            # a voice note as Telegram sends one goes through the Telegram skill's decoder (PyAV's Ogg and Opus)
            from app.skills.telegram.skill import decode_voice
            note = decode_voice(_voice_note(pcm, synthesis.sample_rate))
            expected = len(pcm) * 16000 / synthesis.sample_rate
            if abs(len(note) - expected) > 0.05 * expected:
                raise AssertionError(f"a voice note of {expected:.0f} samples decoded to {len(note)}")
            return f"voice round trip heard {heard.strip()!r}, voice note decoded"
        finally:
            parts.close()
            pool.shutdown(wait=False, cancel_futures=True)

    def stage() -> str:
        from app.stage.assets import missing
        if gone := missing():
            raise AssertionError(f"the stage page lacks {', '.join(gone[:3])}" + (" …" if len(gone) > 3 else ""))
        return "stage page complete"

    def talk_key() -> str:
        """The system-wide talk key's hook loads and listens, where the platform has one."""
        from app.core.talk_key import global_support
        from app.senses.voice.hotkey import GlobalKeys

        support = global_support(sys.platform, os.environ)
        if not support.available:
            return f"talk key in Bea's window only ({support.note})"
        hook = GlobalKeys()
        hook.start(lambda _name, _down: None)
        hook.stop()
        return "talk key heard in any app"

    def shipped() -> str:
        """Where her default models were found: in a bundle, its own models folder, each one there."""
        from app.process import shipped_models

        if shipped_models.bundle_models_dir() is not None and None in shipped_models.found().values():
            raise AssertionError(f"the bundle lacks its {shipped_models.where_from()}")
        return shipped_models.where_from()

    def writable() -> str:
        probe = bea.paths.root / ".write-probe"
        probe.write_text("ok")
        probe.unlink()
        return "writable"

    return [("cipher", cipher), ("integrity", integrity), ("schema", schema), ("roundtrip", roundtrip),
            ("settings", settings), ("skills", skills), ("models", models), ("mind", mind),
            ("memory", memory), ("voice", voice), ("stage", stage), ("talk key", talk_key),
            ("data folder", writable), ("shipped models", shipped)]


async def _one_turn(bea: Bea) -> tuple[str, list[str]]:
    """What she said to MIND_LINE, typed by the owner as the Chat dock types it, and the ERRORs meanwhile. The
    turn is hers (her models, prompts, tools and loop) but on a window of its own: nothing of it is kept."""
    from app.core.context_window import SingleContext
    from app.core.events import EventKind
    from app.core.perception import Meta, Perception, PerceptionKind
    from app.mind.briefing import FixedBriefing
    from app.mind.bus import LoopClock, PerceptionBus
    from app.mind.consciousness import Consciousness
    from app.skills.chat.skill import CHANNEL, OWNER, PLATFORM

    errors: list[str] = []
    unsubscribe = bea.bus.subscribe(lambda e: errors.append(e.text), kinds=[EventKind.ERROR], replay=False)
    mind = bea.mind
    pool = mind.client_factory().pool("mind", bea.settings.current.mind.models)
    briefing = FixedBriefing(words=mind.words, skill_tools=mind.skill_tools, static_prompt=mind.static_prompt,
                             dynamic_prompt=mind.dynamic_prompt, relabel=mind.relabel)
    turn = Consciousness(bus=PerceptionBus(LoopClock(bea.clock), words=mind.words), gate=mind.gate, llm=pool,
                         events=bea.bus, outlets=mind.outlets, briefing=briefing, wall=bea.clock.time,
                         executor=bea.blocking,
                         context=SingleContext(bea.settings.current.mind.budget()))
    line = Perception(PerceptionKind.CHAT, PLATFORM, f"[{OWNER.display_name}] {MIND_LINE}", salience=0.9,
                      meta={Meta.CONVERSATION_KEY: f"{PLATFORM}:{CHANNEL}", Meta.TEXT: MIND_LINE},
                      author=OWNER, ts=bea.clock.time())
    try:
        record = await asyncio.wait_for(turn.turn([line]), MIND_TIMEOUT)
        return "\n".join(text for _where, text in record.said), errors
    except TimeoutError:
        return "", [*errors, f"no answer within {MIND_TIMEOUT:.0f} s"]
    except Exception as exc:  # the model failed: the reason is the verdict
        return "", [*errors, str(exc)]
    finally:
        unsubscribe()
        await pool.aclose()
        mind.local_executor.shutdown(wait=False, cancel_futures=True)


def run(data_dir: Path, env: Mapping[str, str] | None = None) -> int:
    bea = build(data_dir, env=dict(os.environ if env is None else env), log_to_stderr=False)
    passed: list[str] = []
    try:
        checks = _checks(bea)
        for name, check in checks:
            try:
                passed.append(check())
            except Exception as exc:
                print(f"self-test FAILED at {name}: {exc} ({len(passed)} of {len(checks)} checks passed)")
                return 1
    finally:
        close(bea)
    print(f"self-test OK: {len(passed)} checks passed (SQLCipher {passed[0]}, {passed[2]}, {passed[5]}, "
          f"{passed[6]}, {passed[7]}, {passed[8]}, {passed[9]}, {passed[10]}, {passed[11]}, {passed[13]}) "
          f"in {data_dir}")
    return 0
