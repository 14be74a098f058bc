"""The OBS skill in a real composed app (the `bea` fixture) against the fake OBS server: tools, allowlists,
captions, perceptions and sessions."""

import asyncio
import json
from contextlib import asynccontextmanager

from app.core.events import EventBus, EventKind
from app.core.perception import PerceptionKind
from app.core.tools import broken_promises
from app.process.clock import SYSTEM
from app.skills.base import SkillContext
from app.skills.obs.client import State
from app.skills.obs.skill import PASSWORD_SECRET, ObsSettings, ObsSkill, allowed
from app.widgets.palette import FINE, QUIET
from tests.her_words import english
from tests.obs_server import OBS_29, FakeOBS
from tests.skills.obs.test_client import FAST, run, until

ALLOW = {"skills.obs.allowed_scenes": ["BRB", "Main"], "skills.obs.allowed_sources": ["Webcam"],
         "skills.obs.allowed_text_sources": ["BRB Text"]}


@asynccontextmanager
async def running(bea, obs: FakeOBS, password: str | None = "pw", **settings):
    bea.settings.update({"skills.obs.enabled": True, "skills.obs.port": obs.port, **settings})
    if password:
        bea.secrets.set(PASSWORD_SECRET, password)
    skill: ObsSkill = bea.skills["obs"]
    skill.connection.backoff_base, skill.connection.backoff_cap = FAST
    await skill.start()
    try:
        yield skill
    finally:
        await skill.stop()


async def connected(skill: ObsSkill) -> None:
    await until(lambda: skill.connected, what="OBS connected")


def call(skill: ObsSkill, name: str, **args):
    tool = next(t for t in skill.tools() if t.name == name)
    return tool.handler(**args)


def test_settings_have_descriptions_and_no_password():
    fields = ObsSettings.model_fields
    assert all(f.description for f in fields.values())
    assert not [name for name in fields if "password" in name]
    s = ObsSettings()
    assert (s.host, s.port, s.scene_changes_are_noise, s.caption_source) == ("127.0.0.1", 4455, True, "")
    assert ObsSettings(allowed_scenes=[" BRB ", "BRB", ""]).allowed_scenes == ["BRB"]


def test_allowlist_matching_forgives_case_and_spaces_only():
    assert allowed("brb", ["BRB", "Main"]) == "BRB"
    assert allowed("  Main ", ["BRB", "Main"]) == "Main"
    assert allowed("Mai", ["BRB", "Main"]) is None and allowed(None, ["BRB"]) is None


def test_tools_exist_only_while_connected_and_only_with_an_allowlist(bea):
    skill: ObsSkill = bea.skills["obs"]
    assert skill.tools() == [] and skill.context_section() == "" and skill.live_state() == ""

    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs) as skill:
                await connected(skill)
                assert skill.tools() == []  # nothing allowed yet: no tool that could only refuse
                bea.settings.update(ALLOW)
                assert [t.name for t in skill.tools()] == ["switch_scene", "show_source", "set_text"]
                scene_tool = skill.tools()[0]
                assert scene_tool.parameters["properties"]["scene"]["enum"] == ["BRB", "Main"]
                section = skill.context_section()
                assert "`switch_scene`" in section
                assert broken_promises({"obs": section}, [t.name for t in skill.tools()]) == {}
                assert skill.live_state() == "[OBS] Scene: Main; not live."
                obs.stop_in_thread()
                await until(lambda: not skill.connected, what="disconnected")
                assert skill.tools() == [] and skill.context_section() == "" and skill.live_state() == ""
    run(main())


def test_she_switches_to_an_allowed_scene_and_is_refused_others(bea):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, **ALLOW) as skill:
                await connected(skill)
                assert await call(skill, "switch_scene", scene="brb") == "Switched OBS to the scene “BRB”."
                assert obs.current_scene == "BRB"
                obs.clear_requests()
                answer = await call(skill, "switch_scene", scene="Starting Soon")
                assert answer.startswith("ERROR: “Starting Soon” is not one of the scenes")
                assert "Allowed: “BRB”, “Main”." in answer
                assert obs.current_scene == "BRB" and obs.requests == []  # refused before OBS heard of it
                hidden = await call(skill, "show_source", source="Captions", visible=False)
                assert hidden.startswith("ERROR")
                assert (await call(skill, "set_text", source="Captions", text="hi")).startswith("ERROR")
                assert obs.requests == []
                again = await call(skill, "switch_scene", scene="BRB")
                assert again == "“BRB” is already the scene on stream."
    run(main())


def test_show_source_and_set_text(bea):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, **ALLOW) as skill:
                await connected(skill)
                assert await call(skill, "show_source", source="webcam", visible=False) == \
                    "Hid “Webcam” in the scene “Main”."
                assert obs.item_enabled("Main", "Webcam") is False
                assert await call(skill, "show_source", source="Webcam", visible=True) == \
                    "Showing “Webcam” in the scene “Main”."
                assert obs.item_enabled("Main", "Webcam") is True
                assert await call(skill, "set_text", source="BRB Text", text="Back in 5") == \
                    "“BRB Text” now shows: Back in 5"
                assert obs.text_of("BRB Text") == "Back in 5"
                await call(skill, "switch_scene", scene="BRB")
                answer = await call(skill, "show_source", source="Webcam", visible=False)
                assert answer.startswith("ERROR: could not hide “Webcam” in “BRB”:")
    run(main())


def test_captions_follow_her_speech_and_clear_after_the_hold(bea):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, **{"skills.obs.caption_source": "Captions",
                                            "skills.obs.caption_hold_seconds": 0.4}) as skill:
                await connected(skill)
                bea.bus.publish(EventKind.SPEECH, "voice", "Hello chat!", mood="happy")
                await until(lambda: obs.text_of("Captions") == "Hello chat!", what="the caption")
                for n in range(5):  # a burst: the newest line wins, nothing queues behind
                    bea.bus.publish(EventKind.SPEECH, "voice", f"line {n}", mood="happy")
                await until(lambda: obs.text_of("Captions") == "line 4", what="the newest caption")
                sets = len(obs.requests_of("SetInputSettings"))
                assert sets <= 4
                await until(lambda: obs.text_of("Captions") == "", timeout=3, what="the caption cleared")
                assert obs.requests_of("SetInputSettings")[-1].request_data["inputSettings"] == {"text": ""}
    run(main())


def test_a_missing_caption_source_is_reported_once(bea):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, **{"skills.obs.caption_source": "Nope",
                                            "skills.obs.caption_hold_seconds": 0}) as skill:
                await connected(skill)
                for text in ("one", "two"):
                    bea.bus.publish(EventKind.SPEECH, "voice", text, mood="calm")
                    await until(lambda: len(obs.requests_of("SetInputSettings")) >= 1, what="a try")
                    await asyncio.sleep(0.1)
                errors = [e for e in bea.bus.recent([EventKind.ERROR]) if e.source == "obs"]
                assert len(errors) == 1 and "caption source “Nope”" in errors[0].text
    run(main())


def test_scene_changes_become_noise_perceptions_unless_wanted(bea):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, **ALLOW) as skill:
                await connected(skill)
                obs.switch_scene("BRB")
                await until(lambda: any("BRB" in p.content for p in bea.mind.bus.pending()), what="perceived")
                p = bea.mind.bus.pending()[-1]
                assert p.kind is PerceptionKind.SYSTEM and p.surface == "obs" and p.noise
                assert p.content == "[OBS] The scene on stream is now “BRB”."
                bea.settings.set("skills.obs.scene_changes_are_noise", False)
                obs.switch_scene("Main")
                await until(lambda: len(bea.mind.bus.pending()) == 2, what="perceived")
                assert not bea.mind.bus.pending()[-1].noise
                await call(skill, "switch_scene", scene="BRB")  # her own change is not echoed back
                await until(lambda: skill.status.current_scene == "BRB", what="scene state")
                await asyncio.sleep(0.1)
                assert len(bea.mind.bus.pending()) == 2
    run(main())


def test_stream_start_and_stop_open_and_close_a_session(bea):
    stream = bea.mind.stream

    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs) as skill:
                await connected(skill)
                assert stream.session_id is None
                obs.start_stream()
                await until(lambda: stream.session_id is not None, what="a session")
                sid = stream.session_id
                assert stream.sessions()[0][0] == sid and stream.sessions()[0][3] == "obs"
                await until(lambda: any(p.content == "[OBS] The stream is live."
                                        for p in bea.mind.bus.pending()))
                obs.stop_stream()
                await until(lambda: stream.session_id is None, what="the session ended")
                assert stream.sessions()[0][2] is not None  # ended_at
                obs.start_stream()  # live before she connects: still a session
            async with running(bea, obs) as skill:
                await connected(skill)
                await until(lambda: stream.session_id not in (None, sid), what="a new session")
    run(main())


def test_a_wrong_password_is_explained_and_a_new_one_reconnects(bea):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, password="nope") as skill:
                await until(lambda: skill.status.state is State.REFUSED, what="refused")
                assert "OBS refused the password" in skill.status.message
                where, data = skill.set_password("pw")
                assert where == ("The OBS password is saved in Bea's encrypted memory file, since this machine has no "
                                 "keyring.")
                assert data == {"words": "The OBS password is saved in {where}.",            # for the window
                                "args": {"where": "Bea's encrypted memory file, since this machine has no keyring"}}
                await connected(skill)
    run(main())


def test_changing_the_port_reconnects_at_once(bea):
    async def main():
        with FakeOBS() as obs, FakeOBS() as other:
            async with running(bea, obs, password=None) as skill:
                await connected(skill)
                bea.settings.set("skills.obs.port", other.port)
                await until(lambda: other.identified_count == 2, what="moved to the other OBS")
                await until(lambda: obs.identified_count == 0, what="left the first")
                await connected(skill)  # a reconnect still in its handshake is not yet connected
    run(main())


def test_the_password_lives_in_the_keyring_never_in_settings(bea, file_keyring):
    from app.memory.keys import KEYRING_SERVICE
    from app.process.secrets import SecretStore

    bea.secrets = SecretStore(use_keyring=True)
    skill: ObsSkill = bea.skills["obs"]
    skill.ctx.secrets = bea.secrets
    assert skill.set_password("s3cret-obs")[0] == "The OBS password is saved in the system keyring."
    assert file_keyring.get_password(KEYRING_SERVICE, f"secret:{PASSWORD_SECRET}") == "s3cret-obs"
    assert "s3cret-obs" not in json.dumps(bea.settings.current.model_dump())
    assert skill.password() == "s3cret-obs"
    assert skill.set_password("")[0] == "The OBS password is forgotten."
    assert skill.password() == ""


def test_the_dock_shows_the_connection_scenes_and_outputs(bea, qtbot):
    from app.skills.obs.dock import make_dock

    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, **ALLOW) as skill:
                dock = make_dock(skill)
                qtbot.addWidget(dock)
                await connected(skill)
                assert "connected" in dock.state.text() and f"color:{FINE}" in dock.state.text()
                assert [dock.scenes.item(i).text() for i in range(dock.scenes.count())] == \
                    ["   Starting Soon", "▶ Main  ★", "   BRB  ★"]
                assert dock.current.text() == "Current scene: Main (scene collection “Untitled”)"
                obs.start_stream()
                await until(lambda: "LIVE" in dock.outputs.text(), what="live in the dock")
                dock.switch("Starting Soon")  # the streamer's own switch: no allowlist
                await until(lambda: obs.current_scene == "Starting Soon", what="switched")
                await until(lambda: dock.current.text().startswith("Current scene: Starting Soon ("))
                obs.stop_in_thread()
                await until(lambda: "not connected" in dock.state.text(), what="shown as lost")
                assert f"color:{QUIET}" in dock.state.text()    # the problems list says why, not this dot
                assert not dock.scenes.isEnabled()
    run(main())


def test_settings_page_saves_the_password_to_the_secrets_service(bea, qtbot):
    from app.skills.obs.settings import make_page

    skill: ObsSkill = bea.skills["obs"]
    page = make_page(skill, "skills.obs", bea.settings.current.skills.obs)
    qtbot.addWidget(page)
    assert page.where.text() == ("The password is kept in Bea's encrypted memory file, since this machine has no "
                                 "keyring.")
    page.password.setText("typed-pw")
    assert "saved in Bea's encrypted memory file" in page.save_password()
    assert bea.secrets.get(PASSWORD_SECRET) == "typed-pw" and page.password.text() == ""
    assert page.changes() == {}  # nothing for the settings document
    assert page.forget_password() == "The OBS password is forgotten."
    assert bea.secrets.get(PASSWORD_SECRET) is None


def test_a_password_obs_29_refuses_is_a_problem_line_and_no_retry(bea):
    async def main():
        with FakeOBS(password="pw", **OBS_29) as obs:
            async with running(bea, obs, password="nope") as skill:
                await until(lambda: skill.status.state is State.REFUSED, what="refused")
                assert skill.status.close_code == 4009
                errors = [e for e in bea.bus.recent([EventKind.ERROR]) if e.source == "obs"]
                assert len(errors) == 1 and errors[0].text.startswith("OBS refused the password.")
                assert errors[0].data["setting"] == "skills.obs" and errors[0].data["problem"] == "obs"
                assert "Settings → OBS" in errors[0].text and "switch it off" not in errors[0].text
                await asyncio.sleep(0.5)   # several backoff periods of FAST
                assert obs.connections == 1 and skill.connection.attempts == 1
                bea.settings.set("skills.obs.port", obs.port)   # unchanged settings: still no retry
                skill.set_password("pw")                        # the password changed: one new try
                await connected(skill)
                assert obs.connections == 3   # events and requests
                assert any(e.data.get("resolved") == "obs" for e in bea.bus.recent([EventKind.SYSTEM]))
    run(main())


def test_after_a_new_scene_collection_she_knows_the_old_scene_is_gone(bea, qtbot):
    from app.skills.obs.dock import make_dock

    async def main():
        with FakeOBS(password="pw", **OBS_29) as obs:
            async with running(bea, obs, **ALLOW) as skill:
                dock = make_dock(skill)
                qtbot.addWidget(dock)
                await connected(skill)
                assert dock.current.text() == "Current scene: Main (scene collection “Untitled”)"
                obs.new_scene_collection("Fresh")
                await until(lambda: skill.status.scene_collection == "Fresh", what="the collection followed")
                assert skill.live_state() == "[OBS] Scene: Scene; not live."
                answer = await call(skill, "switch_scene", scene="Main")
                assert answer.startswith("ERROR: could not switch to “Main”: OBS has no scene")
                await until(lambda: dock.current.text() == "Current scene: Scene (scene collection “Fresh”)")
                assert [dock.scenes.item(i).text() for i in range(dock.scenes.count())] == ["▶ Scene"]
    run(main())


class Sessions:
    def __init__(self, done: list[str]) -> None:
        self.done = done

    def go_live(self, opened_by: str = "streamer") -> int:
        self.done.append(f"go_live by {opened_by}")
        return 1

    def end(self) -> int | None:
        self.done.append("end")
        return 1


class Remembering:
    def __init__(self, done: list[str]) -> None:
        self.done = done

    async def remember(self, deadline: float | None = None) -> int:
        self.done.append("remember")
        return 0


def test_the_stream_ending_in_obs_closes_the_session_then_remembers_it_through_the_ports():
    """The skill on a hand-built context: what it reaches is its ports, and a port left out is a step left out."""
    def skill_with(done: list[str], sessions: bool, remembering: bool) -> tuple[ObsSkill, list]:
        heard: list = []
        ctx = SkillContext(settings=ObsSettings, bus=EventBus(lambda: 0.0), clock=SYSTEM,
                           words=english, perceive=heard.append, sessions=Sessions(done) if sessions else None,
                           remembering=Remembering(done) if remembering else None)
        return ObsSkill(ctx), heard

    async def live_then_ended(skill: ObsSkill) -> None:
        for active in (True, False):
            skill._observe_streaming(active)
            await asyncio.gather(*skill._tasks)

    done: list[str] = []
    skill, heard = skill_with(done, sessions=True, remembering=True)
    run(live_then_ended(skill))
    assert done == ["go_live by obs", "end", "remember"]
    assert [p.content for p in heard] == ["[OBS] The stream is live."]
    done.clear()
    run(live_then_ended(skill_with(done, sessions=True, remembering=False)[0]))
    assert done == ["go_live by obs", "end"]
    done.clear()
    skill, heard = skill_with(done, sessions=False, remembering=True)
    run(live_then_ended(skill))
    assert done == [] and [p.content for p in heard] == ["[OBS] The stream is live."]


def test_a_frozen_obs_withdraws_her_tools_says_so_once_and_comes_back(bea, qtbot):
    from app.skills.obs.dock import make_dock

    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, **ALLOW) as skill:
                conn = skill.connection
                conn.answer_timeout, conn.probe_after, conn.watch_step, conn.timeout = 0.5, 0.3, 0.05, 0.5
                conn.watch_grace = 0.3
                dock = make_dock(skill)
                qtbot.addWidget(dock)
                await connected(skill)
                conn.reconnect()   # a session on the watchful rhythm
                await until(lambda: skill.connected and conn.attempts == 2, what="connected again")
                assert skill.tools()
                obs.freeze()
                await until(lambda: skill.status.state is State.HUNG, timeout=3, what="not answering")
                assert skill.tools() == [] and skill.context_section() == "" and skill.live_state() == ""
                assert "not answering" in dock.state.text()
                assert "is not answering: nothing came back in 0.5 s" in dock.message.text()
                await until(lambda: conn.attempts >= 4, what="tries that time out")
                errors = [e for e in bea.bus.recent([EventKind.ERROR]) if e.source == "obs"]
                assert len(errors) == 1 and "is not answering" in errors[0].text   # said once, not per try
                assert "switch it off" not in errors[0].text                         # OBS is there, frozen
                assert errors[0].data["words"][0].startswith("OBS at {where} is not answering")
                obs.thaw()
                await connected(skill)
                assert skill.tools()
                assert any(e.data.get("resolved") == "obs" for e in bea.bus.recent([EventKind.SYSTEM]))
    run(main())
