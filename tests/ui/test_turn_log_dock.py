"""The Turn Log dock, offscreen over the real store: failed turns are listed (with why), as every other turn."""

import asyncio
import socket

from app.ui.turn_log_dock import TurnLogView
from tests.fakes import FakeLLMClient, says
from tests.mind.harness import chat


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_failed_turns_are_in_the_turn_log_with_the_reason(bea, qtbot):
    bea.settings.update({"mind.models": ["vllm:tiny-test"],
                         "mind.base_urls": {"vllm": f"http://127.0.0.1:{closed_port()}/v1"}})
    view = TurnLogView(bea.mind.turn_log, bea.bus)
    qtbot.addWidget(view)

    async def until_listed(count: int) -> None:
        for _ in range(200):
            if view.list.count() == count:
                return
            await asyncio.sleep(0.01)

    async def go():
        bea.mind.start()
        mind = bea.mind.consciousness
        for text in ("Hi Bea, what's your name?", "hello?", "anyone?"):
            await mind.turn([chat(text)])
        await until_listed(3)
        failed = [view.list.item(i).text() for i in range(view.list.count())]
        failed_detail = view.detail.toHtml()
        mind.llm = FakeLLMClient([says("here!")])
        await mind.turn([chat("still there?")])
        await until_listed(4)
        await bea.mind.stop()
        return failed, failed_detail

    failed, detail = asyncio.run(go())
    assert len(failed) == 3 and all(" failed " in row for row in failed)
    assert "vllm:tiny-test: cannot reach" in failed[0] and failed[0].endswith("— [marco] anyone?")
    assert "She couldn't answer:" in detail and "Models tried" in detail
    assert view.list.count() == 4 and " spoke " in view.list.item(0).text()
    assert "100+10 tokens" in view.list.item(0).text()
