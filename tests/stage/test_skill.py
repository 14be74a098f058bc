"""The Stage skill in a composed app (the `bea` fixture), with stand-in pages on its socket: the avatar
chosen and remembered, moods, mouth, captions, the port, and the dock."""

import asyncio
import json
import os
import socket
import threading
import time
from contextlib import asynccontextmanager

import aiohttp
import pytest

from app.core.events import EventKind
from app.skills.stage.skill import DEFAULT_PORT, StageSettings, StageSkill
from app.stage.assets import default_avatar_path
from tests.stage.conftest import HAPPY_VRM, until
from tests.stage.vrmfiles import plain_gltf, write


def run(coro, timeout=30):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@asynccontextmanager
async def started(bea, **settings):
    bea.settings.update({"skills.stage.port": free_port(), **settings})
    skill: StageSkill = bea.skills["stage"]
    await skill.start()
    try:
        yield skill
    finally:
        await skill.stop()


class FakePage:
    """What bridge.js does, from Python: connect, say ready, collect what arrives, answer as told."""

    def __init__(self, session, skill, client="obs", page="stage"):
        self.session, self.skill, self.client, self.page = session, skill, client, page
        self.got: list[dict] = []

    async def __aenter__(self):
        port = self.skill.server.port
        self.ws = await self.session.ws_connect(f"ws://127.0.0.1:{port}/stage/ws")
        await self.send({"type": "ready", "page": self.page, "client": self.client, "version": 1})
        self.reader = asyncio.ensure_future(self._read())
        return self

    async def __aexit__(self, *exc):
        self.reader.cancel()
        await self.ws.close()

    async def _read(self):
        async for frame in self.ws:
            self.got.append(json.loads(frame.data))

    async def send(self, message):
        await self.ws.send_str(json.dumps(message))

    def of(self, kind):
        return [g for g in self.got if g["type"] == kind]


def test_settings_are_described_and_default_sensibly():
    assert all(f.description for f in StageSettings.model_fields.values())
    s = StageSettings()
    assert (s.port, s.background, s.camera, s.vrm_path) == (DEFAULT_PORT, "transparent", "upper", "")


def test_choosing_an_avatar_checks_it_remembers_it_and_loads_it(bea, tmp_path):
    async def main():
        async with started(bea) as skill, aiohttp.ClientSession() as session:
            async with FakePage(session, skill) as page:
                await until(lambda: page.of("config"), what="config")
                assert skill.choose_model(HAPPY_VRM) == ""
                assert bea.settings.current.skills.stage.vrm_path == str(HAPPY_VRM.resolve())
                # (the default avatar came first: she had it on until now)
                load = (await until(lambda: [m for m in page.of("load") if m["name"] != "Bea"], what="load"))[-1]
                assert load == {"type": "load", "url": f"/stage/model/{skill.serial}.vrm",
                                "name": "isBinary overridden", "serial": skill.serial}
                async with session.get(f"http://127.0.0.1:{skill.server.port}{load['url']}") as r:
                    assert await r.read() == HAPPY_VRM.read_bytes()
                await page.send({"type": "loaded", "serial": skill.serial, "name": "isBinary overridden",
                                 "vrm_version": "1", "expressions": ["happy", "blink"], "lip_sync": [],
                                 "blink": True})
                await until(lambda: skill.report is not None, what="the report")
                assert skill.expressions == ["happy", "blink"] and skill.problem() == ""

                bad = write(tmp_path / "not-an-avatar.vrm", plain_gltf())
                said = skill.choose_model(bad)
                assert "is a 3D model (glTF) but not a VRM avatar" in said and skill.problem() == said
                # the good one is kept
                assert bea.settings.current.skills.stage.vrm_path == str(HAPPY_VRM.resolve())

                # forgetting her avatar puts the default one back on: she is never without a body
                loads = len(page.of("load"))
                bea.settings.set("skills.stage.vrm_path", "")
                load = (await until(lambda: page.of("load")[loads:], what="the default avatar"))[-1]
                assert load["name"] == "Bea" and skill.using_default and not page.of("unload")
                assert skill.model.path == default_avatar_path()
    run(main())


def test_a_page_error_about_the_current_model_is_shown(bea):
    async def main():
        async with started(bea, **{"skills.stage.vrm_path": str(HAPPY_VRM)}) as skill, \
                aiohttp.ClientSession() as session:
            async with FakePage(session, skill) as page:
                await until(lambda: page.of("load"), what="load")
                await page.send({"type": "error", "code": "invalid_vrm", "serial": skill.serial,
                                 "message": "“x” is not a valid VRM avatar: bad."})
                await until(lambda: skill.problem(), what="the problem")
                assert skill.problem() == "“x” is not a valid VRM avatar: bad."
                await page.send({"type": "error", "code": "invalid_vrm", "serial": skill.serial + 5,
                                 "message": "an old load"})
                await asyncio.sleep(0.1)
                assert skill.problem() == "“x” is not a valid VRM avatar: bad."
    run(main())


def test_her_speech_is_a_caption_a_face_and_a_moving_mouth(bea):
    async def main():
        async with started(bea, **{"skills.stage.vrm_path": str(HAPPY_VRM),
                                   "skills.stage.caption_hold_seconds": 3}) as skill, \
                aiohttp.ClientSession() as session:
            async with FakePage(session, skill) as page:
                await until(lambda: page.of("load"), what="load")
                bea.bus.publish(EventKind.SPEECH, "voice", "What a run!", mood="excited")
                caption = (await until(lambda: page.of("caption"), what="caption"))[-1]
                assert caption == {"type": "caption", "text": "What a run!", "mood": "excited",
                                   "hold_ms": 3000}
                face = (await until(lambda: [e for e in page.of("expression") if e["mood"] == "excited"]))[-1]
                assert face["name"] == "happy" and face["weight"] == 0.8
                await until(lambda: len(page.of("mouth")) > 10, what="the words moving the mouth")
                levels = [mm["level"] for mm in page.of("mouth")]
                assert max(levels) > 0.5 and min(levels) == 0.0
                bea.bus.publish(EventKind.SPEECH, "voice", "Oh no.", mood="sad")
                sad = (await until(lambda: [e for e in page.of("expression") if e["mood"] == "sad"]))[-1]
                assert sad["name"] == "" and sad["weight"] == 0.0   # no smile for sadness on this model
    run(main())


def test_voice_levels_take_over_from_the_words(bea):
    async def main():
        async with started(bea) as skill, aiohttp.ClientSession() as session:
            async with FakePage(session, skill) as page:
                await until(lambda: page.of("config"), what="config")
                skill.mouth(0.6, "oh")
                bea.bus.publish(EventKind.SPEECH, "voice", "Hello there everybody", mood="happy")
                await until(lambda: page.of("mouth"), what="mouth")
                await asyncio.sleep(0.3)
                assert page.of("mouth") == [{"type": "mouth", "level": 0.6, "viseme": "oh"}]
                audio = threading.Thread(target=skill.mouth_threadsafe, args=(0.25, "xx"))  # an audio callback
                audio.start()
                audio.join()
                await until(lambda: len(page.of("mouth")) == 2, what="the level from another thread")
                assert page.of("mouth")[-1] == {"type": "mouth", "level": 0.25}   # an unknown vowel is dropped
    run(main())


def test_between_lines_her_face_follows_her_stored_mood(bea):
    async def main():
        bea.mind.mood.feel("excited", [None])
        bea.mind.mood.feel("excited", [None])
        async with started(bea, **{"skills.stage.vrm_path": str(HAPPY_VRM)}) as skill, \
                aiohttp.ClientSession() as session:
            async with FakePage(session, skill) as page:
                face = (await until(lambda: [e for e in page.of("expression") if e["name"] == "happy"]))[-1]
                assert face["mood"] in ("excited", "happy", "playful") and 0 < face["weight"] <= 0.8
    run(main())


def test_settings_changes_reach_the_pages(bea):
    async def main():
        async with started(bea) as skill, aiohttp.ClientSession() as session:
            async with FakePage(session, skill) as page:
                await until(lambda: page.of("config"), what="config")
                assert skill.change_setting("camera", "face") == ""
                assert skill.change_setting("background", "chroma") == ""
                chroma = await until(lambda: [c for c in page.of("config") if c["background"] == "chroma"])
                last = chroma[-1]
                assert last["camera"] == "face" and last["color"] == "#00ff00"
                assert "background_color" in skill.change_setting("background_color", "green")
    run(main())


def test_a_held_port_names_its_holder_and_the_stage_waits_for_it_never_moving(bea, monkeypatch):
    from app.skills.stage import skill as stage_skill
    monkeypatch.setattr(stage_skill, "PORT_RETRY_EVERY", 0.2)

    async def main():
        held = socket.socket()
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        bea.settings.set("skills.stage.port", port)
        skill: StageSkill = bea.skills["stage"]
        await skill.start()
        try:
            # this very process holds it: the message says so, and nothing listens anywhere else
            assert not skill.running and skill.server.port == 0 and skill.app_url() == ""
            problem = skill.problem()
            assert f"Port {port}, where OBS reads the stage, is held by python" in problem
            assert f"(process {os.getpid()})" in problem and "tries again every 0.2 s" in problem
            await asyncio.sleep(0.5)
            assert not skill.running   # still waiting, still on no other port
            held.close()               # the old Bea has gone: the stage comes up on its own port
            await until(lambda: skill.running, what="the stage on its port once free")
            assert skill.server.port == port and skill.obs_url() == f"http://127.0.0.1:{port}/stage"
            assert skill.problem() == ""
        finally:
            held.close()
            await skill.stop()
    run(main())


def test_a_port_held_for_too_long_is_given_up_and_another_port_can_be_picked(bea, monkeypatch):
    from app.skills.stage import skill as stage_skill
    monkeypatch.setattr(stage_skill, "PORT_RETRY_EVERY", 0.05)
    monkeypatch.setattr(stage_skill, "PORT_RETRY_FOR", 0.2)

    async def main():
        with socket.socket() as held:
            held.bind(("127.0.0.1", 0))
            held.listen()
            port = held.getsockname()[1]
            bea.settings.set("skills.stage.port", port)
            skill: StageSkill = bea.skills["stage"]
            await skill.start()
            try:
                await until(lambda: "still held" in skill.problem(), what="giving up")
                assert f"Port {port} is still held by python" in skill.problem() and not skill.running
                other = free_port()
                bea.settings.set("skills.stage.port", other)   # the streamer picks another
                await until(lambda: skill.obs_url() != "", what="the restart on the new port")
                assert skill.server.port == other and skill.problem() == ""
                assert skill.obs_url("captions").endswith("/stage/captions")
            finally:
                await skill.stop()
    run(main())


def test_the_dock_shows_the_avatar_the_problem_and_the_obs_address(bea, qtbot, tmp_path):
    from app.skills.stage.dock import make_dock

    async def main():
        async with started(bea, **{"skills.stage.vrm_path": str(HAPPY_VRM)}) as skill:
            dock = make_dock(skill)
            qtbot.addWidget(dock)
            assert dock.model.text().startswith("isBinary overridden (VRM 1.0, ")
            assert "Expressions: happy (from the file" in dock.details.text()
            assert "Lip sync: none (this model has no mouth shapes)" in dock.details.text()
            assert dock.obs_url.text() == skill.obs_url() and dock.copy_stage.isEnabled()
            dock.copy(skill.obs_url())
            from app.widgets.qt import QApplication
            assert QApplication.clipboard().text() == skill.obs_url()
            dock.mood.setText("thrilled")
            assert dock.try_mood() == "happy" and "→ happy" in dock.mood_result.text()
            skill.choose_model(write(tmp_path / "bad.vrm", b"nope"))
            assert "is not a VRM avatar" in dock.problem.text()
            dock.camera.setCurrentIndex(dock.camera.findData("face"))
            dock.camera.activated.emit(dock.camera.currentIndex())
            assert bea.settings.current.skills.stage.camera == "face"
    run(main())


def test_the_settings_page_edits_the_mood_picks_as_pairs(bea, qtbot):
    from app.skills.stage.settings import make_page, parse_pairs

    assert parse_pairs("excited=Smile, sad = Cry, broken, =x") == {"excited": "Smile", "sad": "Cry"}
    skill = bea.skills["stage"]
    page = make_page(skill, "skills.stage", bea.settings.current.skills.stage)
    qtbot.addWidget(page)
    editor = page.findChild(object, "skills.stage.expression_map")
    editor.setText("excited=Smile")
    assert page.changes() == {"skills.stage.expression_map": {"excited": "Smile"}}
    bea.settings.update(page.changes())
    assert skill.expression_for("thrilled") == ""   # the model has no Smile


def test_her_face_holds_a_spoken_line_s_mood_briefly_after_her_voice_ends(bea):
    from app.skills.stage.skill import SPEAK_HOLD
    from app.stage import lipsync

    line = "Okay so here is the whole plan for tonight, step by step, and then we build the tower."

    async def main():
        async with started(bea) as skill:
            bea.bus.publish(EventKind.SPEECH, "voice", line, mood="happy")           # no voice: read out
            unvoiced = skill._speaking_until - time.monotonic()
            bea.bus.publish(EventKind.SPEECH, "voice", "Okay so here is", mood="happy", chunk=True)
            chunk = skill._speaking_until - time.monotonic()
            bea.bus.publish(EventKind.SPEECH, "voice", line, mood="happy")           # the voice has finished it
            after = skill._speaking_until - time.monotonic()
            return unvoiced, chunk, after

    unvoiced, chunk, after = run(main())
    assert unvoiced == pytest.approx(lipsync.duration(line) + SPEAK_HOLD, abs=0.2)
    assert chunk > SPEAK_HOLD                     # while a chunk plays, its own length is held
    assert after == pytest.approx(SPEAK_HOLD, abs=0.2) and after < unvoiced / 2
