"""Animation clips (.vrma) from Python: the file check, the clip route, and the skill with a stand-in page
(the list sent, the idle clip, actions played by name, clips added and removed, the dock)."""

import aiohttp
import pytest

from app.process.clock import SYSTEM
from app.skills.stage.skill import StageSettings
from app.stage import messages as m
from app.stage.server import StageServer
from app.stage.vrma import InvalidVrma, fold, inspect
from tests.stage.conftest import HAPPY_VRM, until
from tests.stage.test_skill import FakePage, run, started
from tests.stage.vrmafiles import vrma, vrma_doc, without_extension
from tests.stage.vrmfiles import BEACON, glb, plain_gltf, with_uri, write


def test_a_built_clip_is_a_vrm_animation(tmp_path):
    info = inspect(write(tmp_path / "Wave Hello.vrma", vrma(seconds=1.5)))
    assert (info.name, info.duration, info.bones, info.expressions) == ("Wave Hello", 1.5, ("head",), ())
    assert info.size == (tmp_path / "Wave Hello.vrma").stat().st_size
    assert inspect(write(tmp_path / "nod.vrma", vrma(bone="neck", spec=None))).bones == ("neck",)
    assert fold("Wave_hello") == fold("wave-Hello") == fold("WAVE HELLO") == "wavehello"


@pytest.mark.parametrize(("name", "data", "says"), [
    ("avatar.vrma", HAPPY_VRM.read_bytes(), "“avatar.vrma” is a VRM avatar, not an animation: choose it as her "
                                            "avatar instead"),
    ("noise.vrma", bytes(range(256)) * 4, "“noise.vrma” is not a VRM animation: a .vrma clip is a binary glTF"),
    ("plain.vrma", without_extension(), "“plain.vrma” is a 3D model (glTF) but not a VRM animation: it has no "
                                        "VRMC_vrm_animation data"),
    ("empty.vrma", plain_gltf(), "is a 3D model (glTF) but not a VRM animation"),
    ("short.vrma", vrma()[:60], "“short.vrma” is cut short"),
    ("undeclared.vrma", vrma(declared=False), "does not declare VRMC_vrm_animation in extensionsUsed"),
    ("future.vrma", vrma(spec="2.0"), "a VRM animation of version 2.0, which this app cannot play"),
    ("gltf1.vrma", b"glTF" + (1).to_bytes(4, "little") + bytes(40), "is a glTF 1 file"),
])
def test_what_is_not_a_clip_is_refused_with_a_reason(tmp_path, name, data, says):
    with pytest.raises(InvalidVrma) as caught:
        inspect(write(tmp_path / name, data))
    assert says in str(caught.value)


def test_a_clip_that_points_outside_itself_is_refused_naming_the_uri(tmp_path):
    doc, binary = vrma_doc()
    doc["buffers"][0]["uri"] = BEACON      # its keyframes fetched from outside instead of its binary chunk
    for name, data in (("remote.vrma", glb(doc, binary)), ("extra.vrma", with_uri(vrma(), where="buffers"))):
        with pytest.raises(InvalidVrma) as caught:
            inspect(write(tmp_path / name, data))
        assert f"“{name}” is refused: it asks for “{BEACON}” from outside the file" in str(caught.value)
    doc, binary = vrma_doc()
    doc["buffers"].append({"uri": "data:application/octet-stream;base64,AAAAAA==", "byteLength": 4})
    assert inspect(write(tmp_path / "inline.vrma", glb(doc, binary))).bones == ("head",)


def test_clips_that_move_nothing_or_point_nowhere_are_refused(tmp_path):
    doc, binary = vrma_doc()
    doc["animations"] = []
    with pytest.raises(InvalidVrma, match="no animation in it"):
        inspect(write(tmp_path / "still.vrma", glb(doc, binary)))
    doc, binary = vrma_doc()
    doc["extensions"]["VRMC_vrm_animation"]["humanoid"]["humanBones"] = {"hips": {"node": 0}}
    with pytest.raises(InvalidVrma, match="moves none of her bones"):
        inspect(write(tmp_path / "elsewhere.vrma", glb(doc, binary)))
    doc, binary = vrma_doc()
    doc["extensions"]["VRMC_vrm_animation"]["humanoid"]["humanBones"]["head"] = {"node": 99}
    with pytest.raises(InvalidVrma, match="its bone “head” points at a node that is not there"):
        inspect(write(tmp_path / "broken.vrma", glb(doc, binary)))
    with pytest.raises(InvalidVrma, match="does not exist"):
        inspect(tmp_path / "nowhere.vrma")


def test_the_server_serves_registered_clips_only(tmp_path):
    wave = write(tmp_path / "Wave Hello.vrma", vrma())
    write(tmp_path / "secret.vrma", vrma())

    async def main():
        server = StageServer(clock=SYSTEM)
        port = await server.start()
        server.clips = {"Wave Hello": wave, "gone": tmp_path / "gone.vrma"}
        base = f"http://127.0.0.1:{port}"
        try:
            async with aiohttp.ClientSession() as s:
                url = server.clip_url("Wave Hello", "1a")
                assert url == "/stage/clips/Wave%20Hello.vrma?v=1a"
                async with s.get(base + url) as r:
                    assert r.status == 200 and await r.read() == wave.read_bytes()
                    assert r.headers["Content-Type"] == "model/gltf-binary"
                    assert r.headers["Cache-Control"] == "no-store"
                for path in ("/stage/clips/secret.vrma", "/stage/clips/gone.vrma", "/stage/clips/Wave%20Hello.vrm",
                             "/stage/clips/..%2Fsecret.vrma", "/stage/clips/"):
                    async with s.get(base + path) as r:
                        assert r.status == 404, path
        finally:
            await server.stop()
    run(main())


def test_the_skill_gives_the_pages_its_clips_and_plays_actions_by_name(bea, tmp_path):
    wave = write(tmp_path / "Wave_Hello.vrma", vrma())
    idle = write(tmp_path / "idle.vrma", vrma(bone="neck", seconds=3))
    junk = write(tmp_path / "junk.vrma", b"not a clip" * 20)

    async def main():
        settings = {"skills.stage.clips": [str(wave), str(idle), str(junk)], "skills.stage.idle_clip": "IDLE"}
        async with started(bea, **settings) as skill, aiohttp.ClientSession() as session:
            assert set(skill.clips) == {"Wave_Hello", "idle"} and skill.idle_clip == "idle"
            assert "“junk.vrma” is not a VRM animation" in skill.clip_problems[str(junk)]
            async with FakePage(session, skill) as page:
                sent = (await until(lambda: page.of("clips"), what="the clip list"))[-1]
                assert [(c["name"], c["idle"]) for c in sent["clips"]] == [("Wave_Hello", False), ("idle", True)]
                async with session.get(f"http://127.0.0.1:{skill.server.port}{sent['clips'][0]['url']}") as r:
                    assert await r.read() == wave.read_bytes()

                assert skill.play_action("wave hello") is True        # <do:wave hello>
                assert skill.play_action("WAVE-HELLO") is True
                assert skill.play_action("dance") is False            # no such clip: nothing happens
                assert skill.play_action("") is False
                await until(lambda: len(page.of("play")) == 2, what="the plays")
                assert page.of("play") == [m.play("Wave_Hello", 300)] * 2

                await page.send({"type": "clip_loaded", "name": "idle", "duration": 3, "bones": ["neck"]})
                await page.send({"type": "error", "code": "invalid_clip", "clip": "Wave_Hello",
                                 "message": "“Wave_Hello” is not a valid VRM animation: bad."})
                await until(lambda: skill.clip_errors and "idle" in skill.clip_reports, what="the page's word")
                assert skill.clip_errors == {"Wave_Hello": "“Wave_Hello” is not a valid VRM animation: bad."}
                assert skill.problem() == ""   # a clip problem is not the avatar's

                assert skill.set_idle_clip("nope") == "There is no clip called “nope”."
                assert skill.set_idle_clip("wave hello") == ""
                assert bea.settings.current.skills.stage.idle_clip == "Wave_Hello"
                flipped = await until(lambda: [c for c in page.of("clips") if c["clips"][0]["idle"]])
                assert [x["idle"] for x in flipped[-1]["clips"]] == [True, False]

                assert skill.remove_clip("Wave_Hello") == ""
                assert bea.settings.current.skills.stage.clips == [str(idle), str(junk)]
                assert bea.settings.current.skills.stage.idle_clip == ""
                last = await until(lambda: [c for c in page.of("clips") if len(c["clips"]) == 1])
                assert last[-1]["clips"] == [{"name": "idle", "url": skill._clip_urls["idle"], "idle": False}]
                assert skill.play_action("wave_hello") is False and "Wave_Hello" not in skill.server.clips
                assert skill.remove_clip(str(junk)) == "" and skill.clip_problems == {}
    run(main())


def test_adding_clips_checks_them_and_refuses_a_second_clip_of_the_same_name(bea, tmp_path):
    wave = write(tmp_path / "wave.vrma", vrma())
    (tmp_path / "other").mkdir()
    twin = write(tmp_path / "other" / "Wave.vrma", vrma())
    avatar = write(tmp_path / "bea.vrma", HAPPY_VRM.read_bytes())

    async def main():
        async with started(bea) as skill:
            said = skill.add_clips([wave, avatar, twin, wave])
            assert "“bea.vrma” is a VRM avatar, not an animation" in said
            assert "“Wave.vrma” is not added: a clip called “wave” is already there" in said
            assert bea.settings.current.skills.stage.clips == [str(wave.resolve())]
            assert list(skill.clips) == ["wave"] and skill.add_clips([wave]) == ""
            # a file changed on disk gets a new address, so pages fetch it again
            before = skill._clip_urls["wave"]
            write(wave, vrma(seconds=2))
            bea.settings.set("skills.stage.idle_clip", "wave")
            assert skill._clip_urls["wave"] != before and skill.clips["wave"].duration == 2.0
    run(main())


def test_the_clip_settings_are_described_and_cleaned():
    s = StageSettings(clips=[" /a/x.vrma ", "/a/x.vrma", "", "/b/y.vrma"], idle_clip=" x ")
    assert s.clips == ["/a/x.vrma", "/b/y.vrma"] and s.idle_clip == "x"
    assert StageSettings().clips == [] and StageSettings().idle_clip == ""


def test_the_dock_lists_the_clips_and_marks_plays_and_removes_them(bea, qtbot, tmp_path):
    from app.skills.stage.dock import make_dock

    wave = write(tmp_path / "wave.vrma", vrma())
    bad = write(tmp_path / "bad.vrma", b"nope" * 10)

    async def main():
        async with started(bea, **{"skills.stage.clips": [str(wave), str(bad)]}) as skill, \
                aiohttp.ClientSession() as session:
            async with FakePage(session, skill) as page:
                await until(lambda: page.of("clips"), what="the clip list")
                dock = make_dock(skill)
                qtbot.addWidget(dock)
                texts = [dock.clips.item(i).text() for i in range(dock.clips.count())]
                assert texts == ["wave (1.0 s)", "bad.vrma (not a clip)"]
                assert "“bad.vrma” is not a VRM animation" in dock.clip_problem.text()
                dock.clips.setCurrentRow(0)
                assert dock.play_clip.isEnabled() and dock.idle_clip.isEnabled()
                assert dock.try_clip() is True and "Playing “wave”" in dock.feedback.text()
                await until(lambda: page.of("play"), what="the play")
                dock.idle_clip.click()
                assert bea.settings.current.skills.stage.idle_clip == "wave"
                assert dock.clips.item(0).text() == "wave (1.0 s, idle)" and dock.idle_clip.isChecked()
                dock.clips.setCurrentRow(1)
                assert not dock.play_clip.isEnabled() and dock.remove_clip.isEnabled()
                dock.remove_clip.click()
                assert bea.settings.current.skills.stage.clips == [str(wave)]
                assert dock.clips.count() == 1 and not dock.clip_problem.isVisibleTo(dock)
    run(main())


def test_the_settings_page_edits_the_clips_one_per_line(bea, qtbot):
    from app.skills.stage.settings import make_page, parse_lines

    assert parse_lines(" /a/b, c.vrma \n\n/d.vrma ") == ["/a/b, c.vrma", "/d.vrma"]
    page = make_page(bea.skills["stage"], "skills.stage", bea.settings.current.skills.stage)
    qtbot.addWidget(page)
    editor = page.findChild(object, "skills.stage.clips")
    editor.setPlainText("/clips/wave, big.vrma\n/clips/nod.vrma\n")
    assert page.changes() == {"skills.stage.clips": ["/clips/wave, big.vrma", "/clips/nod.vrma"]}
