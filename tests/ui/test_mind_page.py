"""Settings → Mind: model specs, base URLs, API keys into the secret store, and a real test connection."""

import asyncio

import pytest

from tests.senses.llm_server import LLMServer, Stream, openai_error, openai_stream
from tests.ui.settings_pages import opened


@pytest.fixture
def page(qapp, bea, qtbot):
    with opened(bea, qtbot) as page:
        yield page


def test_base_urls_are_validated_and_saved(page, bea):
    dialog, mind = page
    urls = dialog.findChild(object, "mind.base_urls")
    urls.setText("ollama=ftp://box")
    assert not dialog.apply() and "mind.base_urls" in dialog.error.text() and "http://" in dialog.error.text()
    urls.setText("nosuch=http://x")
    assert not dialog.apply() and "no provider called 'nosuch'" in dialog.error.text()
    urls.setText("ollama=http://127.0.0.1:9999/v1/")
    assert dialog.apply()
    assert bea.settings.current.mind.base_urls == {"ollama": "http://127.0.0.1:9999/v1"}


def test_an_api_key_goes_to_the_secret_store_not_the_settings(page, bea):
    _dialog, mind = page
    mind.key_provider.setCurrentText("openai")
    mind.key.setText("sk-test-0123456789abcdef")
    assert mind.save_key() == ("The OpenAI key is saved in Bea's encrypted memory file, since this machine has no "
                              "keyring.")
    assert mind.key_where.text() == ("API keys are kept in Bea's encrypted memory file, since this machine has no "
                                     "keyring.")
    assert bea.secrets.get("llm.openai.api_key") == "sk-test-0123456789abcdef"
    assert mind.key.text() == ""
    assert "sk-test" not in bea.settings.current.model_dump_json()


def test_test_connection_reports_each_model_against_a_real_server(page):
    dialog, mind = page

    async def go():
        async with LLMServer() as server:
            server.script("good", Stream(openai_stream("good", tool_calls=[("c1", "ping", '{"ok": true}')])))
            server.script("gone", openai_error(404, "model 'gone' not found"))
            dialog.findChild(object, "mind.models").setText("ollama:good, ollama:gone, nonsense")
            dialog.findChild(object, "mind.base_urls").setText(f"ollama={server.base_url}")
            return await mind.test_connection()

    report = asyncio.run(go()).splitlines()
    assert report[0].startswith("ollama:good: Works: answered in") and "tool calling works" in report[0]
    assert report[1].startswith("ollama:gone: Not working") and "not found" in report[1]
    assert report[2].startswith("nonsense:")


def test_looking_for_ollama_says_when_there_is_none(page):
    dialog, mind = page
    dialog.findChild(object, "mind.base_urls").setText("ollama=http://127.0.0.1:9/v1")
    assert asyncio.run(mind.find_ollama()) == "No Ollama server answered at http://127.0.0.1:9."


def test_the_page_says_plainly_that_the_default_is_a_tiny_demo_model(page):
    _dialog, mind = page
    assert mind.notice.isVisibleTo(mind)
    assert "tiny built-in demo model" in mind.notice.text() and "Ollama" in mind.notice.text()


def test_where_a_keyring_exists_the_pages_say_the_secrets_go_there(file_keyring, bea, qtbot):
    from app.skills.obs.settings import make_page as obs_page
    from app.skills.twitch.settings import make_page as twitch_page
    from app.ui.mind_page import make_page as mind_page

    current = bea.settings.current
    pages = (mind_page(bea, "mind", current.mind), obs_page(bea.skills["obs"], "skills.obs", current.skills.obs),
             twitch_page(bea.skills["twitch"], "skills.twitch", current.skills.twitch))
    for page in pages:
        qtbot.addWidget(page)
    assert [p.findChild(object, name).text() for p, name in zip(pages, ("apiKeyWhere", "obsPasswordWhere",
                                                                        "twitchTokenWhere"), strict=True)] == [
        "API keys are kept in the system keyring.", "The password is kept in the system keyring.",
        "The token is kept in the system keyring."]
