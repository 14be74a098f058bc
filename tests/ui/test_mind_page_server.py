"""Settings → Mind: a server's address typed into "Her models" is checked by Apply, then saved as provider=url."""

import asyncio

import pytest

from tests.senses.llm_server import LLMServer, Stream, openai_stream
from tests.ui.settings_pages import opened


@pytest.fixture
def page(qapp, bea, qtbot):
    with opened(bea, qtbot) as page:
        yield page


def test_a_typed_server_address_is_checked_then_saved_with_the_model_it_offers(page, bea):
    dialog, mind = page
    models = dialog.findChild(object, "mind.models")

    async def go():
        async with LLMServer() as server:
            server.script("qwen3-4b", Stream(openai_stream("qwen3-4b", text=["ciao"])))
            models.setText(f"{server.base_url}, local:smollm2")
            first = dialog.apply()                      # the server is asked first: nothing saved yet
            waiting = dialog.error.text()
            await mind.checking
            return first, waiting, server.port

    first, waiting, port = asyncio.run(go())
    url = f"http://127.0.0.1:{port}/v1"
    assert not first and waiting == f"Checking the server at {url} before saving…"
    assert bea.settings.current.mind.models == ["server:qwen3-4b", "local:smollm2"]
    assert bea.settings.current.mind.base_urls == {"server": url}
    assert dialog.error.text() == ""
    assert models.text() == "server:qwen3-4b, local:smollm2"     # the page shows what was stored


def test_apply_refuses_a_dead_server_in_plain_words_and_saves_nothing(page, bea):
    dialog, mind = page
    before = bea.settings.current.model_dump()
    dialog.findChild(object, "mind.models").setText("http://127.0.0.1:9/v1 qwen3")

    async def go():
        assert not dialog.apply()
        await mind.checking

    asyncio.run(go())
    assert dialog.error.text().startswith("Not saved: no model server answered at http://127.0.0.1:9/v1 (")
    assert dialog.error.text().endswith("Start it (Ollama, LM Studio, llama.cpp…) or check the address.")
    assert bea.settings.current.model_dump() == before


def test_a_model_the_server_does_not_offer_is_refused_with_what_it_offers(page, bea):
    dialog, mind = page

    async def go():
        async with LLMServer() as server:
            server.script("qwen3-4b")
            dialog.findChild(object, "mind.models").setText(f"{server.base_url} qwen3-8b")
            assert not dialog.apply()
            await mind.checking
            return server.base_url

    url = asyncio.run(go())
    assert dialog.error.text() == f"Not saved: the server at {url} has no model called qwen3-8b; it offers qwen3-4b."
    assert bea.settings.current.mind.models == ["local:smollm2"]
