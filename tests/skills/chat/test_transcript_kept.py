"""The Chat dock after a restart: what the streamer typed to her and what she answered are still there (on a
real X server the dock came back empty while the Turn Log still held the talk)."""

import asyncio

from app import compose
from app.core.chat_transcript import OUT_LOUD, YOU, past_lines
from app.core.context_window import SingleContext
from app.core.perception import OWNER_IDENTITY
from app.core.words import phrase
from tests.conftest import PASSPHRASE
from tests.fakes import FakeLLMClient, says


def test_what_was_said_in_the_chat_dock_is_there_after_a_restart(data_dir):
    env = {"BEA_PASSPHRASE": PASSPHRASE}
    first = compose.build(data_dir, env=env, log_to_stderr=False)

    async def talk():
        chat = first.skills["chat"]
        await chat.start()
        first.mind.start()
        first.mind.consciousness.llm = FakeLLMClient([says("I'm fine, ready for a fun stream!")])
        chat.send("hi Bea, how are you today?")
        await first.mind.consciousness.turn(first.mind.bus.take_all())
        await first.mind.stop()
    asyncio.run(talk())
    compose.close(first)

    again = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        asyncio.run(again.skills["chat"].start())
        assert again.skills["chat"].lines == [("You", "hi Bea, how are you today?"),
                                              ("Bea (out loud)", "I'm fine, ready for a fun stream!")]
    finally:
        compose.close(again)


def test_only_the_app_chat_and_her_own_lines_come_back():
    window = SingleContext()
    window.heard("[Streamer] first line", "app:chat", author=OWNER_IDENTITY)
    window.heard("[Anna] hi from Twitch", "twitch:#chan", author="twitch:anna")
    window.spoke("Hello Anna and you!")
    window.wrote("app", "chat", "written back")
    window.wrote("telegram", "42", "to Telegram")
    lines = past_lines(window.since(0), "Bea")
    assert lines == [(phrase("chat_dock", YOU), "first line"),
                     (phrase("chat_dock", OUT_LOUD, name="Bea"), "Hello Anna and you!"), ("Bea", "written back")]
    assert [(getattr(who, "english", who), text) for who, text in lines][:2] == [
        ("You", "first line"), ("Bea (out loud)", "Hello Anna and you!")]
