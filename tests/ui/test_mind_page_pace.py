"""Settings → Mind shows what her servers showed (speed and size), and Test connection says a server's size."""

import asyncio

import pytest

from tests.senses.llm_server import LLMServer, Stream, openai_stream
from tests.ui.settings_pages import opened


@pytest.fixture
def page(qapp, bea, qtbot):
    bea.settings.update({"mind.learnt": {"llamacpp:tiny": {"prompt_speed": 14.6, "context": 1024}}})
    with opened(bea, qtbot) as page:
        yield page


def test_the_page_shows_what_was_measured_and_apply_leaves_it(page, bea):
    dialog, mind = page
    shown = mind.findChild(object, "mind.learnt")
    assert shown.text() == "llamacpp:tiny: reads 14.6 prompt tokens a second; holds 1,024 tokens"
    assert "mind.learnt" not in mind.changes()
    assert dialog.findChild(object, "mind.first_token_seconds").value() == 0


def test_test_connection_says_the_size_the_server_reports_and_keeps_it(page, bea):
    dialog, mind = page

    async def go():
        async with LLMServer() as server:
            server.props = {"default_generation_settings": {"n_ctx": 2048}, "total_slots": 1}
            server.script("good", Stream(openai_stream("good", tool_calls=[("c1", "ping", '{"ok": true}')])))
            dialog.findChild(object, "mind.models").setText("llamacpp:good")
            dialog.findChild(object, "mind.base_urls").setText(f"llamacpp={server.base_url}")
            return await mind.test_connection()

    report = asyncio.run(go())
    assert report.startswith("llamacpp:good: Works: answered in") and "tool calling works" in report
    assert report.endswith("It holds 2,048 tokens at once, so her window keeps to 1,024.")
    assert bea.settings.current.mind.learnt["llamacpp:good"].context == 2048
