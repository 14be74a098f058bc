"""The Telegram skill in the real app against a fake Bot API: she reads only the allowed (and says who she
ignored and why), her lines are written conversations she answers with a typing indicator first, a voice note
is heard through her ears, and a refused token or privacy mode is a problem line on the Chat dock. Each forum
topic is a conversation of its own, answered in its topic; a line Telegram's waits outlived is said in the dock.
A file sent is said in her words before its caption, and what the sender wrote reaches her on one line."""

from __future__ import annotations

import asyncio
import time

from app.core.events import EventKind
from app.core.perception import Meta
from app.skills.telegram.client import State
from tests.skills.telegram.attachments import DOCUMENT, PHOTO, STICKER
from tests.skills.telegram.fake_bot_api import BOT, TOKEN, FakeBotApi, group, mention, private, user
from tests.skills.telegram.voice_note import speech_ogg
from tests.waiting import until

ANNA = user(42, "Anna", "anna_b", last="B")
BO = user(77, "Bo")
EVE = user(66, "Eve", "eve")
NIGHT_OWLS = group(-1001234567890, "Night Owls")
FORUM = group(-1009876543210, "Speedrunners", username="Speed_Runners", forum=True)


async def reading(bea, api: FakeBotApi, token: str = TOKEN, **options):
    skill = bea.skills["telegram"]
    skill.client_options = {"poll_timeout": 2, "backoff_base": 0.05, "backoff_cap": 0.2, **options}
    bea.settings.set("skills.telegram.api_base", api.base_url)
    bea.settings.set("skills.telegram.file_base", api.base_file_url)
    bea.settings.set("skills.telegram.allowed_users", ["@Anna_B", "77"])
    bea.settings.set("skills.telegram.allowed_chats", [str(NIGHT_OWLS["id"]), "@speed_runners"])
    assert skill.save_token(token) == ""
    await until(lambda: skill.client is not None and skill.client.state != State.CONNECTING
                and skill.client.state != State.OFF, what="the bot's first answer")
    return skill


def test_she_reads_the_allowed_and_answers_in_writing(bea, qtbot):
    async def go():
        async with FakeBotApi() as api:
            skill = await reading(bea, api)
            api.message(private(ANNA), ANNA, "ciao Bea, come stai?")
            api.message(private(EVE), EVE, "let me in")
            api.message(NIGHT_OWLS, BO, "just chatting among us")
            text = "🦉 @bea_cohost_bot what's the plan tonight?"
            api.message(NIGHT_OWLS, BO, text, entities=mention(text, "@bea_cohost_bot"))
            await until(lambda: len(bea.mind.bus.pending()) == 2, what="two lines she reads")
            await until(lambda: sum(1 for line in skill.log if line.kind == "ignored") == 2, what="two ignored")
            pending = bea.mind.bus.pending()
            bea.mind.outlets.deliver("telegram", str(NIGHT_OWLS["id"]), "A boss fight at nine!")
            bea.mind.outlets.deliver("telegram", "42", "Benissimo, grazie!")
            bea.mind.outlets.deliver("telegram", "-5", "to a chat she never read")
            await until(lambda: len(api.sent) == 2, what="her answers")
            await asyncio.sleep(0.3)
            await skill.stop()
            return skill, api, pending

    skill, api, pending = asyncio.run(go())
    anna, bo = pending
    assert anna.content == "[Anna B] ciao Bea, come stai?" and anna.author.identity == "telegram:42"
    assert anna.conversation_key == "telegram:42" and anna.written and anna.addressed
    assert anna.meta[Meta.DM] is True and anna.meta[Meta.PLACE] == "a private chat with Anna B"
    assert bo.conversation_key == f"telegram:{NIGHT_OWLS['id']}" and bo.place == "the group Night Owls"
    assert bo.meta[Meta.TEXT].endswith("what's the plan tonight?") and Meta.DM not in bo.meta
    assert bo.destination == ("telegram", str(NIGHT_OWLS["id"]))
    # typing first, then the line (two conversations: each at its own pace); in the group as a reply
    assert sorted(api.actions) == [(NIGHT_OWLS["id"], "typing"), (42, "typing")]
    sent = {m["chat"]["id"]: m for m in api.sent}
    assert sent[NIGHT_OWLS["id"]]["text"] == "A boss fight at nine!" and sent[42]["text"] == "Benissimo, grazie!"
    assert sent[NIGHT_OWLS["id"]]["reply_to_message"]["message_id"] == int(bo.meta[Meta.MESSAGE_ID])
    assert "reply_to_message" not in sent[42]
    errors = [e.text for e in bea.bus.recent([EventKind.ERROR])]
    assert any("not delivered to -5: she has no Telegram conversation '-5'" in e for e in errors)
    ignored = [line.text for line in skill.log if line.kind == "ignored"]
    assert ignored == ["a private message from Eve (@eve, id 66), who is not on the allow-list",
                       "a message in the group Night Owls that neither mentions her nor replies to her"]
    assert not any("let me in" in line.text or "among us" in line.text for line in skill.log)

    from app.skills.telegram.dock import make_dock
    dock = make_dock(skill)
    qtbot.addWidget(dock)
    shown = dock.chat.toPlainText()
    assert "Anna B: ciao Bea, come stai?" in shown and "Bea: Benissimo, grazie!" in shown
    assert "ignored: a private message from Eve" in shown
    assert "the group Night Owls" in dock.talks.text() and "a private chat with Anna B" in dock.talks.text()


def test_a_voice_note_is_heard_through_her_ears(bea):
    from app.process.executors import BoundedExecutor
    from app.senses.voice.models import default_whisper_model
    from app.senses.voice.speech_pool import Here, TranscriberPool
    from app.senses.voice.stt import Transcriber

    ogg, seconds = speech_ogg()
    pool = BoundedExecutor("telegram-test-ears", 1, queue_size=8)
    ears = Transcriber(default_whisper_model(), "en", executor=pool)
    bea.skills["voice"].hear_pool = TranscriberPool([Here(ears)], clock=time.monotonic)   # where she hears

    async def go():
        async with FakeBotApi() as api:
            await reading(bea, api)
            api.voice(private(ANNA), ANNA, ogg, seconds)
            await until(lambda: bea.mind.bus.pending(), timeout=120, what="the voice note heard")
            await bea.skills["telegram"].stop()
            return api, bea.mind.bus.pending()

    try:
        api, pending = asyncio.run(go())
    finally:
        ears.close()
        pool.shutdown(wait=False)
    heard = pending[0]
    assert api.downloads and heard.written and heard.author.identity == "telegram:42"
    assert heard.content.startswith("[Anna B] (voice note) ")
    assert "fellow americans" in heard.meta[Meta.TEXT].lower()


def test_a_run_of_retries_is_one_line_in_the_docks_log(bea):
    """Telegram out of reach (on a real X server with no network, each retry added two lines to the dock's log
    until the people's lines were lost among them): the first try and the failure are told once."""
    import socket

    with socket.socket() as closed:               # a loopback port nobody answers on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]

    async def go():
        skill = bea.skills["telegram"]
        skill.client_options = {"poll_timeout": 2, "backoff_base": 0.05, "backoff_cap": 0.1}
        bea.settings.set("skills.telegram.api_base", f"http://127.0.0.1:{port}/bot")
        seen: list[str] = []
        skill.on_change(lambda: seen.append(skill.status[0]))
        assert skill.save_token(TOKEN) == ""
        await until(lambda: seen.count(State.RETRYING) >= 4, what="four retries")
        await skill.stop()
        return skill

    skill = asyncio.run(go())
    told = [line.text for line in skill.log if line.kind == "system"]
    assert [t.partition(":")[0] for t in told] == ["connecting", "retrying", "off"], told
    assert "Telegram could not be reached" in told[1]


def test_a_refused_token_is_a_problem_line_that_never_shows_the_token(bea):
    wrong = f"{BOT['id']}:AAE-not-the-token-telegram-knows"

    async def go():
        async with FakeBotApi() as api:
            skill = await reading(bea, api, token=wrong)
            await until(lambda: skill.status[0] == State.AUTH_FAILED, what="the refusal")
            await skill.stop()
            return skill

    skill = asyncio.run(go())
    error = [e for e in bea.bus.recent([EventKind.ERROR]) if e.source == "telegram"][-1]
    assert error.text == "Telegram: the bot token was refused: Unauthorized (Settings → Telegram)"
    assert error.data["setting"] == "skills.telegram" and error.data["problem"] == "telegram:link"
    from app.skills.chat.dock import page_title
    assert page_title(error.data["setting"]) == "Telegram"      # the problem line's button opens Settings → Telegram
    assert all(wrong not in e.text for e in bea.bus.recent()) and all(wrong not in line.text for line in skill.log)
    assert bea.settings.current.skills.telegram.model_dump_json().find(wrong) == -1


def test_privacy_mode_refuses_telegram(bea):
    async def go():
        bea.settings.set("privacy.enabled", True)
        skill = bea.skills["telegram"]
        assert skill.save_token(TOKEN) == ""
        await until(lambda: skill.status[0] == State.REFUSED, what="the refusal")
        why = skill.status[1]
        await skill.stop()
        return why

    why = asyncio.run(go())
    assert "privacy" in why.lower()
    assert any(e.source == "telegram" and e.data.get("problem") == "telegram:link"
               for e in bea.bus.recent([EventKind.ERROR]))


def test_the_allow_lists_are_checked_when_set(bea):
    import pytest

    with pytest.raises(Exception, match="is not a chat id"):
        bea.settings.set("skills.telegram.allowed_chats", ["Night Owls"])
    bea.settings.set("skills.telegram.allowed_chats", [" @Speed_Runners ", "-100123", "@speed_runners"])
    assert bea.settings.current.skills.telegram.allowed_chats == ["@speed_runners", "-100123"]
    bea.settings.set("skills.telegram.allowed_users", [" @Anna_B ", "anna_b", "", "42"])
    assert bea.settings.current.skills.telegram.allowed_users == ["anna_b", "42"]


def test_the_settings_page_keeps_the_token_out_of_sight(bea, qtbot):
    from app.skills.telegram.settings import make_page
    from app.widgets.qt import QLineEdit

    skill = bea.skills["telegram"]
    page = make_page(skill, "skills.telegram", bea.settings.current.skills.telegram)
    qtbot.addWidget(page)
    edit = page.secret.edit
    assert edit.echoMode() == QLineEdit.EchoMode.Password
    assert page.status.text() == "No bot token is kept: Telegram stays off until you save one here."
    edit.setText("not a token")
    page.secret.save_button.click()
    assert page.status.text() == "A token has no spaces or line breaks: paste it again." and not skill.token.get()
    edit.setText(f" {TOKEN} ")
    page.secret.save_button.click()
    assert skill.token.get() == TOKEN and edit.text() == "" and page.secret.forget_button.isEnabled()
    assert TOKEN not in str(bea.settings.current.model_dump(mode="json"))
    # where it is kept, truly: this machine has no keyring, so Bea's encrypted memory file holds it
    assert bea.secrets.place == "store"
    assert page.status.text().startswith(f"A bot token is kept in {bea.secrets.where}. Telegram is ")
    page.secret.forget_button.click()
    assert skill.token.get() == ""


def test_a_voice_note_she_cannot_hear_is_said_so(bea):
    ogg, _seconds = speech_ogg()

    async def go():
        async with FakeBotApi() as api:
            await reading(bea, api)
            api.voice(private(ANNA), ANNA, ogg, 11)            # her ears are off in this build
            api.voice(private(ANNA), ANNA, ogg, 1800)          # half an hour: not listened to
            await until(lambda: len(bea.mind.bus.pending()) == 2, what="both voice notes")
            await bea.skills["telegram"].stop()
            return api, [p.meta[Meta.TEXT] for p in bea.mind.bus.pending()]

    api, said = asyncio.run(go())
    assert said == ["(sent a voice note; her ears are off, so she could not hear it)",
                    "(sent a voice note of 30 minutes, too long for her to listen to)"]
    assert api.downloads == []                                  # nothing fetched that nobody would hear


def test_each_forum_topic_is_a_conversation_answered_in_its_topic(bea):
    """A group allowed by its @username, with two topics and its General one: three conversations, and every
    piece of an answer, and the typing before it, in the topic the line came from."""
    def to_her(text):
        text = f"@bea_cohost_bot {text}"
        return {"text": text, "entities": mention(text, "@bea_cohost_bot")}

    async def go():
        async with FakeBotApi() as api:
            skill = await reading(bea, api)
            bosses = api.topic(FORUM, "Boss fights", BO)
            runs = api.topic(FORUM, "Any%", BO)
            api.message(FORUM, BO, thread=bosses, **to_her("who is the last boss?"))
            api.message(FORUM, BO, thread=runs, **to_her("best route?"))
            api.message(FORUM, BO, **to_her("hello all"))
            await until(lambda: len(bea.mind.bus.pending()) == 3, what="three lines she reads")
            pending = bea.mind.bus.pending()
            for p, answer in zip(pending, ("The dragon. " + "Again " * 800, "The glitchless one.", "Ciao!"),
                                 strict=True):
                bea.mind.outlets.deliver(*p.destination, answer)
            bea.mind.outlets.deliver("telegram", "@Speed_Runners", "And welcome to all of you.")
            await until(lambda: len(api.sent) == 5, timeout=15, what="her answers")
            await skill.stop()
            return skill, api, pending, bosses, runs

    skill, api, pending, bosses, runs = asyncio.run(go())
    chat = FORUM["id"]
    assert [p.conversation_key for p in pending] == [f"telegram:{chat}/{bosses}", f"telegram:{chat}/{runs}",
                                                     f"telegram:{chat}"]
    assert [p.place for p in pending] == ['the topic "Boss fights" in the group Speedrunners',
                                          'the topic "Any%" in the group Speedrunners', "the group Speedrunners"]
    where = {}
    for m in api.sent:
        where.setdefault(m.get("message_thread_id"), []).append(m["text"])
    assert len(where[bosses]) == 2 and where[bosses][0].startswith("The dragon.")     # both pieces in the topic
    assert where[runs] == ["The glitchless one."] and where[None] == ["Ciao!", "And welcome to all of you."]
    assert sorted(api.action_threads, key=str) == sorted([bosses, runs, None, None], key=str)
    assert len(skill.conversations) == 3


def test_a_line_telegrams_waits_outlived_is_said_in_the_dock(bea, qtbot):
    from app.skills.platform.chat_ring import DROPPED
    from app.skills.telegram.dock import make_dock
    from tests.skills.dropped_line import assert_said_dropped

    async def go():
        async with FakeBotApi() as api:
            skill = await reading(bea, api, line_life=1.0)
            api.message(private(ANNA), ANNA, "ciao Bea")
            await until(lambda: bea.mind.bus.pending(), what="her line")
            api.too_many("sendMessage", 20)
            bea.mind.outlets.deliver("telegram", "42", "Ciao Anna, che bello sentirti!")
            await until(lambda: any(line.kind == DROPPED for line in skill.log), what="the dropped line")
            await until(lambda: bea.bus.recent([EventKind.ERROR]), what="the Chat dock's problem")
            await skill.stop()
            return skill, api

    skill, api = asyncio.run(go())
    assert api.sent == []
    shown = assert_said_dropped(bea, qtbot, skill, make_dock, "telegram", "42",
                                "Not sent to a private chat with Anna B: Telegram asked her to wait 20 s, longer than "
                                "a line stays worth sending (1 s). Unsent: Ciao Anna, che bello sentirti!")
    assert "20 s" in shown


def test_a_hung_telegram_is_not_answering_once_in_the_problems_and_her_section_goes(bea):
    async def go():
        async with FakeBotApi() as api:
            skill = await reading(bea, api)
            skill.client.poll_timeout, skill.client.poll_margin = 1, 0.2    # from the next poll on
            api.message(private(ANNA), ANNA, "hi")
            await until(lambda: bea.mind.bus.pending(), what="a line she reads")
            assert skill.context_section()
            seen = []
            skill.on_change(lambda: seen.append((skill.status[0], skill.context_section())))
            api.hang()
            await until(lambda: State.HUNG in [s for s, _ in seen], timeout=3, what="not answering")
            polls = sum(1 for name, _ in api.calls if name == "getUpdates")
            await until(lambda: sum(1 for name, _ in api.calls if name == "getUpdates") >= polls + 2, timeout=8,
                        what="asked again, twice")
            assert all(section == "" for state, section in seen if state == State.HUNG)
            api.answer()
            await until(lambda: skill.client.state == State.READING, timeout=5, what="reading again")
            assert skill.context_section()
            hung_lines = [line for line in skill.log if line.kind == "system" and "not answering" in line.text]
            await skill.stop()
            return hung_lines

    hung_lines = asyncio.run(go())
    errors = [e for e in bea.bus.recent([EventKind.ERROR]) if e.source == "telegram"]
    assert len(errors) == 1 and errors[0].text.startswith("Telegram is not answering: Telegram did not answer")
    assert errors[0].data["problem"] == "telegram:link"
    assert any(e.data.get("resolved") == "telegram:link" for e in bea.bus.recent([EventKind.SYSTEM]))
    assert len(hung_lines) == 1                          # the dock's log: a run of the same hang, told once


def test_a_file_sent_is_said_before_its_caption_and_every_line_break_is_a_space(bea):
    caption = "@bea_cohost_bot\nrate my\nsetup"

    async def go():
        async with FakeBotApi() as api:
            skill = await reading(bea, api)
            api.message(private(ANNA), ANNA, caption="look at\nmy cat", **PHOTO)
            api.message(private(ANNA), ANNA, **DOCUMENT)
            api.message(NIGHT_OWLS, BO, caption=caption, caption_entities=mention(caption, "@bea_cohost_bot"),
                        **PHOTO)
            api.message(NIGHT_OWLS, BO, **STICKER)            # neither names her nor replies to her: ignored
            await until(lambda: len(bea.mind.bus.pending()) == 3, what="three files she reads")
            await until(lambda: any(line.kind == "ignored" for line in skill.log), what="the sticker ignored")
            bea.settings.set("ui.language", "it")             # her words follow her prompts' language
            api.message(private(ANNA), ANNA, **STICKER)
            await until(lambda: len(bea.mind.bus.pending()) == 4, what="the sticker in Italian")
            await skill.stop()
            return [line.text for line in skill.log if line.kind == "chat"], bea.mind.bus.pending()

    logged, (photo, document, in_group, sticker) = asyncio.run(go())
    assert photo.content == "[Anna B] (sent a photo, which you cannot see) look at my cat"
    assert photo.meta[Meta.TEXT] == "(sent a photo, which you cannot see) look at my cat"
    assert document.content == "[Anna B] (sent a document, “setlist friday.pdf”, which you cannot open)"
    assert in_group.content == "[Bo] (sent a photo, which you cannot see) @bea_cohost_bot rate my setup"
    assert in_group.addressed and in_group.conversation_key == f"telegram:{NIGHT_OWLS['id']}"
    assert sticker.content == "[Anna B] (ha mandato uno sticker: 😂)"
    assert logged == [p.meta[Meta.TEXT] for p in (photo, document, in_group, sticker)]
    assert not any("\n" in p.content for p in (photo, document, in_group, sticker))
