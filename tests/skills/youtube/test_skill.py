"""The YouTube skill in the real app against a fake Data API: what was said before she joined is left alone,
every later line reaches her once (tallied, addressed when it names her), a Super Chat is a donation with a
card, moderation is heeded, the key stays out of URLs, and each way the API can say no has a clear state."""

from __future__ import annotations

import asyncio
from decimal import Decimal

import pydantic
import pytest

from app.core.events import EventKind
from app.core.perception import Meta
from app.skills.youtube.skill import YouTubeSettings
from tests.skills.youtube.fake_api import KEY, VIDEO, FakeYouTube, banned, deleted, error, superchat, text
from tests.waiting import until


async def reading(bea, api: FakeYouTube, key: str = KEY):
    skill = bea.skills["youtube"]
    skill.client_options = {"min_poll_s": 0.01, "backoff_base": 0.05, "backoff_cap": 0.2, "not_live_retry_s": 0.05}
    skill.set_api_key(key)
    bea.settings.set("skills.youtube.api_base", api.base)
    bea.settings.set("skills.youtube.video", f"https://www.youtube.com/live/{VIDEO}?si=share")
    await until(lambda: skill.client is not None)
    return skill


def errors(bea) -> list[str]:
    return [e.text for e in bea.bus.recent([EventKind.ERROR])]


def test_she_reads_the_live_chat_from_when_she_joins(bea, qtbot):
    pages = [[text("old1", "UCold", "Oldie", "said before she came")],
             [text("a1", "UCanna", "Anna", "ciao Bea, come stai?"), text("b1", "UCbo", "Bo", "gg"),
              superchat("s1", "UCcarla", "Carla", "5000000", "EUR", "for the castle")],
             [text("a1", "UCanna", "Anna", "ciao Bea, come stai?"),       # served again: counted once
              text("spam1", "UCspam", "Spammer", "buy followers"), text("c2", "UCcarla", "Carla", "wow")],
             [deleted("d1", "b1"), banned("x1", "UCspam", "Spammer", seconds=300)]]

    async def go():
        async with FakeYouTube(pages) as api:
            skill = await reading(bea, api)
            await until(lambda: api.served >= 5)
            pending = bea.mind.bus.pending()
            state = skill.status
            await skill.stop()
            return pending, state, api.requests

    pending, state, requests = asyncio.run(go())
    assert state == ("reading", "")
    assert [p.content for p in pending] == [
        "[Anna] ciao Bea, come stai?", "[Carla] (sent a Super Chat of 5.00 EUR) for the castle", "[Carla] wow"]
    anna, paid, _ = pending                                  # Bo's line was deleted, the spammer timed out
    assert anna.meta[Meta.MESSAGE_ID] == "a1" and anna.meta.get(Meta.ADDRESSED) is True and anna.tallied
    assert anna.author.identity == "youtube:UCanna" and anna.conversation_key == f"youtube:{VIDEO}"
    assert paid.meta[Meta.DONATION] == {"amount": "5.00", "currency": "EUR", "platform": "youtube"}
    people = bea.skills["people"]
    carla = people.card_of("youtube:UCcarla")
    assert carla is not None and people.people.donations_of(carla.person_id) == {"EUR": Decimal("5.00")}
    assert people.card_of("youtube:UCold") is None                      # history: not even counted
    assert all(key == KEY for _path, _query, key in requests)           # the key in the header...
    assert not any("key" in query for _path, query, _key in requests)   # ...never in a URL
    said = [e.text for e in bea.bus.recent([EventKind.SYSTEM])]
    assert "a moderator deleted a YouTube message before she read it" in said
    assert "a moderator timed out Spammer on YouTube: 1 waiting line(s) taken back" in said

    # the dock shows the chat as she read it, with what moderators removed struck through
    from app.skills.youtube.dock import make_dock
    from tests.conftest import REPO
    dock = make_dock(bea.skills["youtube"])
    qtbot.addWidget(dock)
    shown = [line for line in dock.chat.toPlainText().splitlines() if not line.startswith(("reading", "off",
                                                                                           "connecting"))]
    assert shown == ["Anna: ciao Bea, come stai?", "Bo: gg (removed by a moderator)",
                     "Carla Super Chat 5.00 EUR: for the castle",
                     "Spammer: buy followers (removed by a moderator)", "Carla: wow"]
    assert "no stream named" not in dock.stream.text() and VIDEO in dock.stream.text()
    dock.resize(420, 300)
    shots = REPO / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    assert dock.grab().save(str(shots / "youtube_dock.png"))


def test_a_stream_not_live_yet_is_looked_up_again_and_an_ended_chat_stops(bea):
    async def go():
        async with FakeYouTube([[], [text("a1", "UCanna", "Anna", "we're live!")]], live=False) as api:
            skill = await reading(bea, api)
            await until(lambda: skill.status[0] == "not live")
            why = skill.status[1]
            api.live = True
            await until(lambda: len(bea.mind.bus.pending()) == 1)
            api.fail_next = error(403, "liveChatEnded", "The live chat is no longer live.")
            await until(lambda: skill.status[0] == "ended")
            ended = skill.status
            await skill.stop()
            return why, ended

    why, ended = asyncio.run(go())
    assert why.startswith("that video is not live now, or its chat is off; looking again in")
    assert ended == ("ended", "the live chat has ended (The live chat is no longer live.)")
    assert any("YouTube chat: the live chat has ended" in e for e in errors(bea))


def test_a_server_hiccup_is_retried_and_a_spent_quota_or_a_bad_key_stops_with_youtubes_words(bea):
    async def hiccup():
        async with FakeYouTube([[], [text("a1", "UCanna", "Anna", "still here")]]) as api:
            api.fail_next = error(503, "backendError", "Backend Error")
            skill = await reading(bea, api)
            await until(lambda: len(bea.mind.bus.pending()) == 1)
            await skill.stop()

    async def refused(key, failure):
        async with FakeYouTube([[]]) as api:
            api.fail_next = failure
            skill = await reading(bea, api, key=key)
            await until(lambda: skill.status[0] == "stopped")
            status = skill.status
            await skill.stop()
            return status

    asyncio.run(hiccup())
    assert refused_state(asyncio.run(refused(KEY, error(403, "quotaExceeded", "The request cannot be completed because "
                                                                              "you have exceeded your quota."))),
                         "exceeded your quota")
    assert refused_state(asyncio.run(refused("AIza-wrong", None)), "API key not valid")
    assert any("YouTube chat: API key not valid" in e for e in errors(bea))


def refused_state(status, words) -> bool:
    return status[0] == "stopped" and words in status[1]


def test_privacy_mode_refuses_youtube_and_a_bad_link_is_refused_with_the_reason(bea):
    skill = bea.skills["youtube"]

    async def go():
        bea.settings.set("privacy.enabled", True)
        skill.set_api_key(KEY)
        bea.settings.set("skills.youtube.video", VIDEO)          # the real API host
        await until(lambda: skill.status[0] == "refused")
        status = skill.status
        await skill.stop()
        return status

    errors = []
    bea.bus.subscribe(lambda e: errors.append(e.text), kinds=[EventKind.ERROR], replay=False)
    state, why = asyncio.run(go())
    assert state == "refused" and "privacy" in why.lower()
    said = [t for t in errors if "privacy" in t.lower() and "youtube" in t.lower()]
    assert said and all(t.count("YouTube chat") == 1 for t in said), "\n".join(errors)   # named once
    with pytest.raises(pydantic.ValidationError, match="not a YouTube video link"):
        YouTubeSettings(video="https://www.youtube.com/@somechannel")
    before = bea.settings.current.skills.youtube.video
    with pytest.raises(Exception, match="not a YouTube video link"):
        bea.settings.set("skills.youtube.video", "twitch.tv/someone")
    assert bea.settings.current.skills.youtube.video == before


def test_the_settings_page_keeps_the_key_out_of_sight(bea, qtbot):
    from app.skills.youtube.settings import make_page
    from app.widgets.qt import QLineEdit
    from tests.conftest import REPO

    skill = bea.skills["youtube"]
    page = make_page(skill, "skills.youtube", bea.settings.current.skills.youtube)
    qtbot.addWidget(page)
    assert page.key.echoMode() == QLineEdit.EchoMode.Password
    assert page.status.text() == "No key is kept. Not reading (name your stream above)."
    page.key.setText(" AIza-1")
    page.refresh()                                   # the poll's state changes while the key is being pasted
    assert page.key.text() == " AIza-1"              # what is being typed stays
    page.key.setText(" AIza-123 ")
    page.save.click()
    assert skill.api_key() == "AIza-123" and page.key.text() == "" and page.forget.isEnabled()
    assert "AIza-123" not in str(bea.settings.current.model_dump(mode="json"))
    # where it is kept, truly: this machine has no keyring, so Bea's encrypted memory file holds it
    assert bea.secrets.place == "store"
    assert page.status.text().startswith(f"A key is kept in {bea.secrets.where}. ")
    page.resize(700, 420)
    shots = REPO / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    assert page.grab().save(str(shots / "settings_youtube.png"))
    page.forget.click()
    assert skill.api_key() == "" and page.changes() == {}
