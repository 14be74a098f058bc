"""Her default avatar: the file the install makes is a VRM humanoid with a face, she wears it until the streamer
picks one, the real stage page draws it (a screenshot is kept at build/screenshots/default_avatar.png), and a
view with no WebGL says so in words while Get started keeps "Give her a body" open and points at it."""

import asyncio

import pytest

from app.skills.stage.skill import NO_WEBGL, StageSkill
from app.stage import doll
from app.stage.assets import default_avatar_path
from app.stage.vrm import inspect
from tests.conftest import REPO
from tests.stage.conftest import HAPPY_VRM, js, until, until_js
from tests.stage.test_page import pixels, stage
from tests.stage.vrmfiles import chunks

SCREENSHOT = REPO / "build" / "screenshots" / "default_avatar.png"
# VRM 1.0's required humanoid bones (VRMC_vrm-1.0 humanoid.md)
REQUIRED_BONES = {"hips", "spine", "head", "leftUpperLeg", "leftLowerLeg", "leftFoot", "rightUpperLeg",
                  "rightLowerLeg", "rightFoot", "leftUpperArm", "leftLowerArm", "leftHand", "rightUpperArm",
                  "rightLowerArm", "rightHand"}


def test_the_installed_default_avatar_is_a_redistributable_vrm_humanoid_with_a_face():
    path = default_avatar_path()
    assert path.is_file(), "installer/dev.sh makes it (python -m app.stage.doll)"
    assert path.read_bytes() == doll.build(), "the installed avatar is the one the code makes today"
    doc, binary = chunks(path.read_bytes())
    vrm = doc["extensions"]["VRMC_vrm"]
    assert vrm["specVersion"] == "1.0" and doc["extensionsUsed"] == ["VRMC_vrm"]
    bones = vrm["humanoid"]["humanBones"]
    assert REQUIRED_BONES <= set(bones)
    names = {i: n["name"] for i, n in enumerate(doc["nodes"])}
    assert all(names[b["node"]] == bone for bone, b in bones.items())
    meta = vrm["meta"]
    assert meta["allowRedistribution"] is True and meta["modification"] == "allowModificationRedistribution"
    assert meta["otherLicenseUrl"] == doll.LICENCE_URL and meta["avatarPermission"] == "everyone"
    faces = vrm["expressions"]["preset"]
    assert {"aa", "ih", "ou", "ee", "oh", "blink", "happy", "sad", "angry", "surprised", "relaxed"} <= set(faces)
    for expression in faces.values():   # every expression moves a real morph target of the face mesh
        (bind,) = expression["morphTargetBinds"]
        mesh = doc["meshes"][doc["nodes"][bind["node"]]["mesh"]]
        assert all(bind["index"] < len(p["targets"]) for p in mesh["primitives"])
    assert len(binary) == doc["buffers"][0]["byteLength"]
    info = inspect(path)
    assert (info.title, info.version) == ("Bea", "1") and "aa" in info.expressions


def test_the_readme_states_the_avatars_licence():
    readme = (REPO / "README.md").read_text()
    assert "default avatar" in readme and "CC0" in readme


@pytest.mark.timeout(240)
def test_she_wears_it_until_you_pick_one_and_the_stage_draws_it(bea, web_views, qt_run):
    from app.core.getting_started import steps
    from app.ui.getting_started_dock import read_facts

    async def main():
        async with stage(bea, web_views) as (skill, view):
            assert skill.using_default and skill.model.path == default_avatar_path()
            report = await until(lambda: skill.report, timeout=30, what="the page's report")
            assert report["name"] == "Bea" and report["vrm_version"] == "1"
            assert report["lip_sync"] == ["aa", "ih", "ou", "ee", "oh"] and report["blink"] is True
            assert skill.drawing_problem() == "" and view.stack.currentWidget() is view.web
            body = {s.key: s for s in steps(read_facts(bea))}["body"]
            assert body.done and "default avatar" in body.detail
            assert skill.show_mood("happy", hold=60) == "happy"
            await until_js(view, "window.stageState().weights.happy > 0.75", what="the happy face")
            await asyncio.sleep(0.5)
            image = view.grab().toImage()
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            assert image.save(str(SCREENSHOT))
            # her dress (lavender) and her hair (violet) are on screen, not only the backdrop
            assert any(c.red() > 110 and c.blue() > 170 and c.green() > 80 for c in pixels(image, 4))
            assert len({c.name() for c in pixels(image)}) > 30
    qt_run(main())


@pytest.mark.timeout(240)
def test_without_webgl_the_stage_says_so_and_the_body_step_stays_open(bea, web_views, qt_run):
    from PySide6.QtWebEngineCore import QWebEngineSettings

    from app.core.getting_started import steps
    from app.ui.getting_started_dock import read_facts

    async def main():
        async with stage(bea, web_views) as (skill, view):
            skill: StageSkill
            view.web.settings().setAttribute(QWebEngineSettings.WebAttribute.WebGLEnabled, False)
            first = skill.app_page()
            view.web.reload()   # the same page, now on a view that has no WebGL
            await until(lambda: skill.app_page() not in (None, first), timeout=30, what="the page again")
            assert skill.choose_model(HAPPY_VRM) == ""      # choosing a .vrm does not make a body appear
            await until(lambda: view.stack.currentWidget() is view.placeholder, what="the words")
            assert view.placeholder.text() == NO_WEBGL and "no WebGL" in NO_WEBGL
            state = await until_js(view, "window.stageState && window.stageState().error && window.stageState()",
                                   what="the page's own notice")
            assert state["error"]["code"] == "webgl" and "cannot be drawn" in state["notice"]
            await asyncio.sleep(0.5)
            assert skill.report is None
            body = {s.key: s for s in steps(read_facts(bea))}["body"]
            assert not body.done and body.detail == "Her stage cannot show her: see what it says in its place."
            assert (await js(view, "window.stageState().name")) == ""
    qt_run(main())
