"""A .vrm or .vrma that asks for something from outside itself is refused wherever it comes in:
the Stage dock's choice, Settings → Stage, a saved path at launch, the clips; the stored settings stay."""

import aiohttp

from app.skills.stage.skill import AVATAR_PROBLEM
from tests.stage.conftest import HAPPY_VRM, until
from tests.stage.test_skill import FakePage, run, started
from tests.stage.vrmafiles import vrma
from tests.stage.vrmfiles import BEACON, with_uri, write


def test_choosing_a_hostile_avatar_is_refused_naming_the_uri_and_the_good_one_stays(bea, tmp_path):
    hostile = write(tmp_path / "beacon.vrm", with_uri(HAPPY_VRM))

    async def main():
        async with started(bea) as skill, aiohttp.ClientSession() as session:
            async with FakePage(session, skill) as page:
                assert skill.choose_model(HAPPY_VRM) == ""
                await until(lambda: [m for m in page.of("load") if m["name"] == "isBinary overridden"],
                            what="the good avatar")
                loads = len(page.of("load"))
                said = skill.choose_model(hostile)
                assert f"“beacon.vrm” is refused: it asks for “{BEACON}”" in said and skill.problem() == said
                assert bea.settings.current.skills.stage.vrm_path == str(HAPPY_VRM.resolve())
                assert skill.server.model_path == HAPPY_VRM.resolve() or skill.server.model_path == HAPPY_VRM
                assert len(page.of("load")) == loads     # no page was asked to load it
    run(main())


def test_a_saved_hostile_avatar_is_refused_at_launch_said_in_the_chat_dock_and_kept_in_the_settings(bea, tmp_path):
    hostile = write(tmp_path / "beacon.vrm", with_uri(HAPPY_VRM))
    chat = bea.skills["chat"]

    async def main():
        async with started(bea, **{"skills.stage.vrm_path": str(hostile)}) as skill, \
                aiohttp.ClientSession() as session:
            assert skill.model is None and skill.server.model_path is None
            assert f"it asks for “{BEACON}” from outside the file" in skill.problem()
            assert bea.settings.current.skills.stage.vrm_path == str(hostile)      # untouched
            line = chat.problems[AVATAR_PROBLEM]
            assert BEACON in line.text and line.setting == "skills.stage"
            async with FakePage(session, skill) as page:
                await until(lambda: page.of("config"), what="config")
                assert page.of("load") == []
                async with session.get(f"http://127.0.0.1:{skill.server.port}/stage/model/1.vrm") as r:
                    assert r.status == 404                                        # nothing served either
            assert skill.choose_model(HAPPY_VRM) == ""                            # a good file clears the line
            await until(lambda: AVATAR_PROBLEM not in chat.problems, what="the problem line gone")
            assert skill.problem() == ""
    run(main())


def test_settings_page_does_not_save_a_hostile_avatar_and_says_why(bea, qtbot, tmp_path):
    from app.skills.stage.settings import make_page

    hostile = write(tmp_path / "beacon.vrm", with_uri(HAPPY_VRM))
    page = make_page(bea.skills["stage"], "skills.stage", bea.settings.current.skills.stage)
    qtbot.addWidget(page)
    avatar = page.findChild(object, "skills.stage.vrm_path")
    avatar.line.setText(str(hostile))
    assert page.changes() == {}                                   # the stored path ("") stays
    assert avatar.refusal.text().startswith("Not saved: “beacon.vrm” is refused: it asks for “http://192.0.2.1/")
    avatar.line.setText(str(HAPPY_VRM))
    assert page.changes() == {"skills.stage.vrm_path": str(HAPPY_VRM)} and avatar.refusal.text() == ""
    bea.settings.update(page.changes())
    page.reload(bea.settings.current.skills.stage)
    avatar.line.setText(str(hostile))
    assert page.changes() == {} and "Not saved" in avatar.refusal.text()
    assert bea.settings.current.skills.stage.vrm_path == str(HAPPY_VRM)


def test_a_hostile_clip_is_not_added_and_a_saved_one_is_not_served(bea, tmp_path):
    hostile = write(tmp_path / "wave.vrma", with_uri(vrma(), where="buffers"))

    async def main():
        async with started(bea) as skill:
            said = skill.add_clips([hostile])
            assert f"“wave.vrma” is refused: it asks for “{BEACON}”" in said
            assert bea.settings.current.skills.stage.clips == []
        async with started(bea, **{"skills.stage.clips": [str(hostile)]}) as skill:
            assert skill.clips == {} and BEACON in skill.clip_problems[str(hostile)]
            assert skill.server.clips == {}
            assert bea.settings.current.skills.stage.clips == [str(hostile)]
    run(main())
