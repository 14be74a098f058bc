"""Settings → Voice: where she hears and speaks, a server's key in the keyring, and "Test connection" against a
real Wyoming server and a machine that is off."""

from __future__ import annotations

import asyncio

import pytest

from app.core.speech_servers import key_name, parse
from app.skills.voice.settings import make_page
from app.widgets.qt import QComboBox, QLineEdit, QPushButton
from tests import speech_engines as engines


def page_for(bea, qtbot):
    skill = bea.skills["voice"]
    page = make_page(skill, "skills.voice", skill.settings)
    qtbot.addWidget(page)
    return page


def test_the_places_are_edited_in_order_and_a_bad_one_is_refused_with_what_a_good_one_looks_like(bea, qtbot):
    page = page_for(bea, qtbot)
    hear = page.findChild(QLineEdit, "skills.voice.hear_on")
    assert hear.text() == "this computer"
    hear.setText("wyoming://192.168.1.20:10300, this computer")
    assert page.changes() == {"skills.voice.hear_on": ["wyoming://192.168.1.20:10300", "this computer"]}
    with pytest.raises(ValueError, match="not a place her speech can run"):
        bea.settings.update({"skills.voice.speak_on": ["192.168.1.20:10200"]})
    assert bea.settings.get("skills.voice.speak_on") == ["this computer"]     # stored settings untouched


def test_a_key_is_kept_for_the_openai_server_listed_and_forgotten(bea, qtbot):
    page = page_for(bea, qtbot)
    page.findChild(QLineEdit, "skills.voice.speak_on").setText(
        "http://192.168.1.20:8880/v1 kokoro af_bella, wyoming://192.168.1.20:10200")
    page._fill_key_servers()
    servers = page.findChild(QComboBox, "speechKeyServer")
    assert [servers.itemText(i) for i in range(servers.count())] == ["http://192.168.1.20:8880/v1"]
    page.secret.edit.setText("sk-box-secret")
    page.secret.save_button.click()
    name = key_name(parse("http://192.168.1.20:8880/v1 kokoro"))
    assert bea.secrets.get(name) == "sk-box-secret" and page.secret.edit.text() == ""
    assert page.secret.forget_button.isEnabled() and "sk-box-secret" not in page.server_result.text()
    page.secret.forget_button.click()
    assert bea.secrets.get(name) is None and not page.secret.forget_button.isEnabled()


def test_test_connection_says_what_a_real_server_offers_and_that_a_box_that_is_off_does_not_answer(bea, qtbot):
    why = engines.missing("wyoming-piper")
    if why is not None:
        pytest.skip(why)
    page = page_for(bea, qtbot)
    assert page.findChild(QPushButton, "speechTest") is not None
    off = engines.free_port()
    with engines.running("wyoming-piper") as piper:
        page.findChild(QLineEdit, "skills.voice.speak_on").setText(
            f"wyoming://127.0.0.1:{piper.port} {piper.voice}, wyoming://127.0.0.1:{off}")
        said = asyncio.run(page.test_connection())
    first, second = said.splitlines()
    assert first.startswith(f"wyoming://127.0.0.1:{piper.port}: answered in ") and "en_US-joe-medium" in first
    assert second.startswith(f"wyoming://127.0.0.1:{off}: nothing answers there")


def test_only_this_computer_listed_there_is_nothing_to_test(bea, qtbot):
    page = page_for(bea, qtbot)
    assert asyncio.run(page.test_connection()) == "Only this computer is listed: there is no server to test."
