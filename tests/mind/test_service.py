"""The mind as the app builds it: the demo-model notice, Ollama offered when it runs here, the pools."""

import asyncio
import dataclasses

from aiohttp import web

from app.core.events import EventKind
from app.core.perception import Meta
from app.senses.llm.local_llama import DEMO_NOTICE
from tests.her_words import EN


def test_the_demo_model_is_the_default_and_the_ui_says_so(bea):
    assert bea.settings.current.mind.models == ["local:smollm2"]
    assert bea.mind.notice() == DEMO_NOTICE
    bea.settings.set("mind.models", ["ollama:qwen2.5:7b"])
    assert bea.mind.notice() == ""
    bea.settings.set("mind.models", [])
    assert "sleeps" in bea.mind.notice()


def test_ollama_on_this_machine_is_offered(bea):
    async def go():
        async def tags(_request):
            return web.json_response({"models": [{"name": "qwen2.5:7b"}]})

        app = web.Application()
        app.router.add_get("/api/tags", tags)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        bea.settings.set("mind.base_urls", {"ollama": f"http://127.0.0.1:{port}/v1"})
        try:
            offered = await bea.mind.offer_ollama()
            bea.settings.set("mind.models", ["openai:gpt-4o-mini"])
            not_offered = await bea.mind.offer_ollama()  # a real model is set: nothing to offer
        finally:
            await runner.cleanup()
        return offered, not_offered

    offered, not_offered = asyncio.run(go())
    assert offered == ["qwen2.5:7b"] and not_offered == []
    said = [e.text for e in bea.bus.recent([EventKind.SYSTEM]) if "Ollama" in e.text]
    assert said == ["Ollama is running on this computer with qwen2.5:7b: set ollama:qwen2.5:7b in Settings → "
                    "Mind for a far better co-host than the demo model."]


def test_the_background_pool_uses_its_own_models_or_the_minds(bea):
    assert bea.mind.background_pool().models == ["local:smollm2"]
    bea.settings.set("mind.background_models", ["ollama:llama3.1:8b", "local:smollm2"])
    assert bea.mind.background_pool().models == ["ollama:llama3.1:8b", "local:smollm2"]
    asyncio.run(bea.mind.stop())


def test_a_change_in_settings_restarts_her_mind_with_the_same_window(bea):
    async def go():
        bea.mind.start()
        first = bea.mind.consciousness
        bea.mind.context.heard("what she remembers from before")
        bea.settings.set("mind.models", ["ollama:qwen2.5:7b"])
        for _ in range(100):
            await asyncio.sleep(0.01)
            if bea.mind.consciousness is not first and bea.mind.consciousness is not None:
                break
        second = bea.mind.consciousness
        pool = second.llm.models                     # the pool her new loop asks
        bea.settings.set("mind.models", [])
        for _ in range(100):
            await asyncio.sleep(0.01)
            if bea.mind.consciousness is None:
                break
        asleep = bea.mind.consciousness is None
        await bea.mind.stop()
        return first, second, pool, asleep

    first, second, pool, asleep = asyncio.run(go())
    assert second is not first and pool == ["ollama:qwen2.5:7b"]
    assert second.context is first.context
    assert [m.content for m in second.context.replay(EN)] == ["what she remembers from before"]
    assert asleep


def test_attention_follows_the_settings(bea):
    from datetime import time

    import pytest

    from app.config.service import SettingsError
    bea.settings.update({"general.persona_name": "Beatrice", "mind.aliases": ["Bea", " Trixie "],
                         "mind.hot_names": ["elden ring"], "mind.quiet_hours": ["23:00-07:00"],
                         "mind.cooldown_seconds": 5})
    gate = bea.mind.gate
    assert gate.names == ("Beatrice", "Bea", "Trixie") and gate.hot_names == ("elden ring",)
    assert gate.quiet_hours == ((time(23, 0), time(7, 0)),) and gate.cooldown_seconds == 5.0
    with pytest.raises(SettingsError) as err:
        bea.settings.set("mind.quiet_hours", ["late"])
    assert err.value.field == "mind.quiet_hours"


def test_every_turn_reaches_the_append_only_stream(bea):
    from tests.fakes import FakeLLMClient, says
    from tests.mind.harness import chat

    async def go():
        bea.mind.start()
        bea.mind.consciousness.llm = FakeLLMClient([says("ciao marco!")])
        said = chat("ciao bea", who="marco")
        line = dataclasses.replace(said, meta={**said.meta, Meta.MESSAGE_ID: "msg-42"})   # Twitch's id of it
        await bea.mind.consciousness.turn([line])
        await bea.mind.stop()

    asyncio.run(go())
    sid = bea.mind.stream.session_id
    lines = bea.mind.stream.session_lines(sid)
    assert [(ln.kind, ln.text, ln.author) for ln in lines] == [
        ("heard", "[marco] ciao bea", "twitch:id-marco"), ("spoke", "ciao marco!", None)]
    assert bea.mind.stream.flag_message("msg-42") == 1              # the id came along: a deletion finds it
    assert [ln.flagged for ln in bea.mind.stream.session_lines(sid)] == [True, False]


def test_a_burst_on_the_built_in_model_shows_a_few_lines_and_streams_the_rest_never_in_her_window(bea):
    from app.core.burst import BUILTIN_TOKENS
    from tests.fakes import FakeLLMClient, says
    from tests.mind.harness import chat

    async def go():
        bea.mind.start()   # the default pool: the built-in model, whose frames are small
        assert bea.mind.consciousness.config.frame_tokens == BUILTIN_TOKENS
        llm = bea.mind.consciousness.llm = FakeLLMClient([says("welcome raiders!")])
        await bea.mind.consciousness.turn([chat(f"raid hype {i}", who=f"raider{i}") for i in range(40)])
        await bea.mind.stop()
        return llm

    llm = asyncio.run(go())
    frame = llm.user_texts(0)
    assert 1 <= frame.count("[via twitch]") < 10 and "more lines from" in frame
    lines = bea.mind.stream.session_lines(bea.mind.stream.session_id)
    heard = [ln.text for ln in lines if ln.kind == "heard"]
    assert sorted(heard) == sorted(f"[raider{i}] raid hype {i}" for i in range(40))   # every line, once
    window = [text for who, _where, text in bea.mind.context.messages() if who == "them"]
    assert window and len(window) < 10 and all(text in frame for text in window)        # what she read


def test_idle_frames_follow_the_idle_skills_switch(bea):
    """Its switch is the only one: off, the loop waits for real input; turning it restarts the loop."""
    async def go():
        bea.settings.set("mind.models", ["ollama:qwen2.5:7b"])
        bea.settings.set("skills.idle.enabled", False)
        bea.mind.start()
        off = bea.mind.consciousness
        bea.settings.set("skills.idle.enabled", True)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if bea.mind.consciousness not in (off, None):
                break
        on = bea.mind.consciousness
        await bea.mind.stop()
        return off.config.idle_enabled, on is not off and on.config.idle_enabled

    assert asyncio.run(go()) == (False, True)


def test_a_stored_idle_switch_that_was_off_turns_the_idle_skill_off(data_dir, env):
    import json

    from app import compose
    from app.config.schema import SETTINGS_SCHEMA_VERSION
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    doc = json.loads(bea.settings.current.model_dump_json())
    doc["mind"]["idle_enabled"] = False  # as schema 1 kept it
    bea.db.write(lambda c: c.execute("UPDATE settings SET schema_version = 1, body = ?", (json.dumps(doc),)))
    compose.close(bea)
    again = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        assert again.settings.current.skills.idle.enabled is False
        assert not hasattr(again.settings.current.mind, "idle_enabled")
        stored = again.db.read(lambda c: c.execute("SELECT schema_version, body FROM settings").fetchone())
        assert stored[0] == SETTINGS_SCHEMA_VERSION == 3 and "idle_enabled" not in stored[1]
    finally:
        compose.close(again)


def test_her_turns_wait_for_her_memory_while_it_loads_and_not_once_it_is_there(bea, monkeypatch):
    from app.memory.memories import MemoryStore
    from tests.fakes import HashingEmbedder

    async def slow_load() -> None:
        await asyncio.sleep(0.3)
        bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)

    async def go():
        bea.mind.start()
        assert bea.mind.consciousness.briefing is bea.mind   # her turns are briefed by the service, warm-up too
        await asyncio.wait_for(bea.mind.memory_tried(), 0.05)    # no load under way: nothing to wait for
        monkeypatch.setattr(bea.mind, "_load_memory", slow_load)
        loading = asyncio.ensure_future(bea.mind.load_memory())
        await asyncio.sleep(0)
        await bea.mind.memory_tried()
        assert bea.mind.memories is not None                    # it waited for the load
        await loading
        await asyncio.wait_for(bea.mind.memory_tried(), 0.05)    # loaded: at once
        await bea.mind.stop()

    asyncio.run(go())
