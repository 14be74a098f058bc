"""The stage page for real: QtWebEngine offscreen, WebGL on the software rasteriser, the fixture VRMs.

The app's view and a second view on the browser-source address (what OBS opens) run side by side and must
show the same thing. A screenshot of the app's view is saved to build/screenshots/stage.png.
"""

import asyncio
import logging
import socket
from contextlib import asynccontextmanager

import pytest

from app.skills.stage.skill import StageSkill
from app.stage import messages as m
from tests.conftest import REPO
from tests.stage.conftest import HAPPY_VRM, js, until, until_js
from tests.stage.vrmfiles import plain_gltf, with_mouth, write

pytestmark = pytest.mark.timeout(240)
SCREENSHOT = REPO / "build" / "screenshots" / "stage.png"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@asynccontextmanager
async def stage(bea, views, **settings):
    """The skill started, the app's stage view shown and its page connected."""
    from app.skills.stage.view import make_stage

    bea.settings.update({"skills.stage.port": free_port(), **settings})
    skill: StageSkill = bea.skills["stage"]
    await skill.start()
    view = make_stage(bea.skills["stage"])
    views.append(view)
    view.resize(800, 600)
    view.show()
    try:
        await until(lambda: any(p.client == "app" for p in skill.pages()), timeout=30, what="the app's page")
        yield skill, view
    finally:
        await skill.stop()


def browser_source(views, url: str):
    """What OBS does with the address: a plain browser on it."""
    from app.widgets.qt import QUrl, QWebEngineView

    web = QWebEngineView()
    views.append(web)
    web.resize(640, 480)
    web.show()
    web.load(QUrl(url))
    return web


def pixels(image, step: int = 8):
    return [image.pixelColor(x, y) for y in range(0, image.height(), step)
            for x in range(0, image.width(), step)]


def test_the_avatar_loads_reports_its_expressions_shows_her_mood_and_obs_sees_it(bea, web_views, qt_run, caplog):
    caplog.set_level(logging.DEBUG, logger="app.skills.stage.view")   # the page's console

    async def main():
        async with stage(bea, web_views) as (skill, view):
            assert view.url == skill.app_url()
            assert skill.choose_model(HAPPY_VRM) == ""
            report = await until(lambda: skill.report, timeout=30, what="the page's report")
            assert report["expressions"] == ["happy", "blink"] and report["vrm_version"] == "1"
            assert report["lip_sync"] == [] and report["blink"] is True and report["serial"] == skill.serial
            state = await js(view, "window.stageState()")
            assert state["client"] == "app" and state["emotions"] == ["happy"] and state["error"] is None
            assert "llvmpipe" in state["webgl"] or "SwiftShader" in state["webgl"] or state["webgl"]

            assert skill.show_mood("thrilled", hold=60) == "happy"
            await until_js(view, "window.stageState().weights.happy > 0.75", what="the happy face")
            await asyncio.sleep(0.5)
            image = view.grab().toImage()
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            assert image.save(str(SCREENSHOT))
            colours = {c.name() for c in pixels(image)}
            assert len(colours) > 30, "the screenshot is blank"
            # the fixture draws its `happy` expression as an orange meter: her mood is on screen
            assert any(c.red() > 200 and 110 < c.green() < 190 and c.blue() < 80 for c in pixels(image, 4))

            obs = browser_source(web_views, skill.obs_url())
            seen = await until_js(obs, "window.stageState && window.stageState().weights.happy > 0.75 && "
                                       "window.stageState()", timeout=30, what="the browser source")
            assert seen["client"] == "obs" and seen["serial"] == skill.serial and seen["notice"] == ""
            assert sorted(p.client for p in skill.pages()) == ["app", "obs"]
            skill.show_mood("furious", hold=60)   # no angry face on this model: both go neutral together
            for web in (view, obs):
                await until_js(web, "window.stageState().weights.happy < 0.05", what="neutral everywhere")
    qt_run(main())
    # the page's Content-Security-Policy let everything the avatar needs through (textures included: the
    # screenshot shows the fixture's orange meter) and had nothing to refuse
    assert not [r for r in caplog.records if "Content Security Policy" in r.getMessage()]


def test_a_file_that_is_not_a_vrm_gives_the_error(bea, web_views, qt_run, tmp_path):
    async def main():
        async with stage(bea, web_views) as (skill, view):
            # refused before any page sees it
            said = skill.choose_model(write(tmp_path / "cat.vrm", b"meow" * 100))
            assert "“cat.vrm” is not a VRM avatar" in said and skill.problem() == said
            # and if one reaches the page anyway, the page says why, on screen and to the app
            for name, data, says in (("plain.vrm", plain_gltf(), "is a 3D model (glTF) but not a VRM avatar"),
                                     ("junk.vrm", b"\x00garbage" * 64, "is not a valid VRM avatar")):
                skill.serial += 1
                skill.server.model_path = write(tmp_path / name, data)
                skill.server.send(m.load(f"/stage/model/{skill.serial}.vrm", name, skill.serial))
                await until(lambda says=says: says in skill.page_error, timeout=30,
                            what=f"the error for {name}")
                notice = await until_js(view, "window.stageState().notice", what="the notice")
                assert f"“{name}”" in notice and says in notice
                assert (await js(view, "window.stageState().error"))["code"] == "invalid_vrm"
    qt_run(main())


def test_lip_sync_camera_presets_and_chroma_key(bea, web_views, qt_run, tmp_path):
    talking = write(tmp_path / "talking.vrm", with_mouth(HAPPY_VRM))

    async def main():
        async with stage(bea, web_views, **{"skills.stage.vrm_path": str(talking),
                                        "skills.stage.camera": "full"}) as (skill, view):
            report = await until(lambda: skill.report, timeout=30, what="the report")
            assert report["lip_sync"] == ["aa"]
            for _ in range(20):
                skill.mouth(0.9)
                await asyncio.sleep(0.03)
            assert (await js(view, "window.stageState().mouth")).get("aa", 0) > 0.5
            await asyncio.sleep(0.6)   # the voice went quiet: the mouth closes by itself
            await until_js(view, "(window.stageState().mouth.aa || 0) < 0.05", what="the mouth closing")

            full = (await js(view, "window.stageState().camera"))["z"]
            assert skill.change_setting("camera", "face") == ""
            await until_js(view, f"window.stageState().camera.z < {full} * 0.6", what="the face framing")

            assert skill.change_setting("background", "chroma") == ""
            await until_js(view, "window.stageState().config.background === 'chroma'", what="chroma")
            await asyncio.sleep(0.3)
            corner = view.grab().toImage().pixelColor(3, 3)
            assert (corner.red(), corner.green(), corner.blue()) == (0, 255, 0)
    qt_run(main())


def test_the_captions_overlay_shows_what_she_says(bea, web_views, qt_run):
    from app.core.events import EventKind

    async def main():
        async with stage(bea, web_views, **{"skills.stage.caption_hold_seconds": 1}) as (skill, _view):
            captions = browser_source(web_views, skill.obs_url("captions"))
            await until(lambda: any(p.page == "captions" for p in skill.pages()), timeout=30, what="captions")
            bea.bus.publish(EventKind.SPEECH, "voice", "Benvenuti in diretta!", mood="happy")
            shown = await until_js(captions, "window.captionState && window.captionState().visible && "
                                             "window.captionState()", what="the caption")
            assert shown["text"] == "Benvenuti in diretta!" and shown["mood"] == "happy"
            await until_js(captions, "!window.captionState().visible", timeout=5, what="the caption clearing")
    qt_run(main())


def test_the_app_view_waits_for_the_stage_and_follows_it(bea, web_views, qt_run):
    from app.skills.stage.view import make_stage

    async def main():
        skill: StageSkill = bea.skills["stage"]
        bea.settings.set("skills.stage.port", free_port())
        view = make_stage(bea.skills["stage"])   # the window is built before the skills start
        web_views.append(view)
        assert view.stack.currentWidget() is view.placeholder
        assert view.placeholder.text() == "The stage is starting…"
        await skill.start()
        try:
            assert view.stack.currentWidget() is view.web and view.url == skill.app_url()
            await until(lambda: any(p.client == "app" for p in skill.pages()), timeout=30, what="the page")
            first = view.url
            bea.settings.set("skills.stage.port", free_port())   # the server moves: the view follows
            await until(lambda: view.url not in ("", first), what="the view on the new port")
            await until(lambda: any(p.client == "app" for p in skill.pages()), timeout=30, what="the page")
        finally:
            await skill.stop()
        assert view.stack.currentWidget() is view.placeholder
    qt_run(main())
