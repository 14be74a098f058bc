"""Animation clips on the real page (QtWebEngine offscreen, software WebGL): the fixture avatar plus a .vrma
built by tests/stage/vrmafiles.py, loaded with three-vrm-animation and played through an AnimationMixer."""

import asyncio
import math

import pytest

from app.stage import messages as m
from tests.stage.conftest import HAPPY_VRM, js, until, until_js
from tests.stage.test_page import stage
from tests.stage.vrmafiles import vrma
from tests.stage.vrmfiles import write

pytestmark = pytest.mark.timeout(240)


def turn(q) -> float:
    """How far (radians) a quaternion [x, y, z, w] turns away from the rest pose."""
    return 2 * math.acos(min(1.0, abs(q[3])))


async def watch_head(view, seconds: float) -> list[float]:
    turns = []
    end = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < end:
        turns.append(turn(await js(view, "window.stageBone('head')")))
        await asyncio.sleep(0.05)
    return turns


def test_a_clip_loads_plays_on_demand_and_loops_as_idle(bea, web_views, qt_run, tmp_path):
    wave = write(tmp_path / "Wave.vrma", vrma(seconds=2.0, angle=0.8))
    settings = {"skills.stage.vrm_path": str(HAPPY_VRM), "skills.stage.idle_motion": False,
                "skills.stage.clips": [str(wave)]}

    async def main():
        async with stage(bea, web_views, **settings) as (skill, view):
            await until(lambda: skill.report, timeout=30, what="the avatar")
            report = await until(lambda: skill.clip_reports.get("Wave"), timeout=30, what="the clip's report")
            assert report == {"type": "clip_loaded", "name": "Wave", "duration": 2, "bones": ["head"]}
            clip = await until_js(view, "window.stageState().clips.Wave.bound && window.stageState().clips.Wave")
            assert clip["status"] == "loaded" and clip["error"] is None and clip["idle"] is False
            still = await watch_head(view, 0.4)
            assert max(still) < 0.01, "with idle motion off and no clip playing, her head is still"

            assert skill.play_action("wave") is True
            await until_js(view, "window.stageState().playing === 'Wave'", what="the clip playing")
            turns = await watch_head(view, 2.6)
            assert max(turns) > 0.4, f"the head never turned: {max(turns):.3f} rad"
            assert len({round(t, 3) for t in turns}) > 5, "the head did not move over time"
            await until_js(view, "window.stageState().playing === ''", what="the clip ending")
            await asyncio.sleep(0.2)
            assert turn(await js(view, "window.stageBone('head')")) < 0.05, "back to rest after the clip"
            assert skill.play_action("dance") is False

            assert skill.set_idle_clip("WAVE") == ""
            await until_js(view, "window.stageState().idleClip === 'Wave'", what="the idle clip")
            looping = await watch_head(view, 4.5)   # two and more rounds of a two-second clip
            assert max(looping) > 0.4 and sum(t < 0.15 for t in looping) >= 2
            assert skill.set_idle_clip("") == ""
            await until_js(view, "window.stageState().idleClip === ''", what="no idle clip")
    qt_run(main())


def test_a_file_that_is_not_a_clip_gives_the_error_on_the_page(bea, web_views, qt_run, tmp_path):
    wave = write(tmp_path / "Wave.vrma", vrma())
    junk = write(tmp_path / "junk.vrma", b"\x00garbage" * 64)
    avatar = write(tmp_path / "avatar.vrma", HAPPY_VRM.read_bytes())

    async def main():
        async with stage(bea, web_views, **{"skills.stage.vrm_path": str(HAPPY_VRM),
                                            "skills.stage.clips": [str(wave)]}) as (skill, view):
            await until(lambda: skill.clip_reports.get("Wave"), timeout=30, what="the good clip")
            # refused before any page sees them
            said = skill.add_clips([junk, avatar])
            assert "“junk.vrma” is not a VRM animation" in said and "“avatar.vrma” is a VRM avatar" in said
            # and if they reach the page anyway, the page says why, in its state and to the app
            skill.server.clips.update({"junk": junk, "avatar": avatar})
            skill.server.send(m.clips([("Wave", skill._clip_urls["Wave"], False),
                                       ("junk", "/stage/clips/junk.vrma", False),
                                       ("avatar", "/stage/clips/avatar.vrma", False),
                                       ("missing", "/stage/clips/missing.vrma", False)]))
            for name, says in (("junk", "“junk” is not a valid VRM animation"),
                               ("avatar", "“avatar” is a 3D model (glTF) but not a VRM animation"),
                               ("missing", "The clip “missing” could not be read")):
                await until(lambda name=name: name in skill.clip_errors, timeout=30, what=f"the error for {name}")
                assert says in skill.clip_errors[name]
                seen = await js(view, f"window.stageState().clips[{name!r}]")
                assert seen["status"] == "error" and says in seen["error"]
            state = await js(view, "window.stageState()")
            assert state["clips"]["Wave"]["status"] == "loaded" and state["error"] is None
            assert skill.problem() == ""   # the avatar is fine
            assert skill.play_action("junk") is False   # never a clip the skill checked
    qt_run(main())
