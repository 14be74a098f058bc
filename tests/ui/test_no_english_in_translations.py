"""No English in a translated window: for each translation (resources/i18n/bea_<code>.ts but English, the source),
the main window (its menus, status bar and every dock), the tray's menu, every settings page (Advanced sections open)
and the Models and Prompt changes windows are built with the window in that language, and every text they show is read
back: labels, buttons, group and window titles, picker entries, tabs, list and table entries, placeholders and
tooltips. A text is English when it is the source of a catalog entry whose translation differs (the window showed the
English it should have translated), or when it holds English words: words that the catalog's English sources use and
none of its translations does ("the", "kept"; "password" is not one in Italian: Italian says it too). Names ("OBS",
"Twitch"), numbers, paths and addresses are no words of either, so they pass; ENGLISH_KEPT lists the few texts a
translated window shows in English on purpose, each with its reason."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
import zoneinfo
from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTableView,
    QTextEdit,
    QWidget,
)

from app.core.model_catalog import CATALOG
from app.ui import launch
from app.ui.language import install_window_language
from app.ui.settings_dialog import SettingsDialog
from tests.conftest import REPO

I18N = REPO / "resources" / "i18n"
# every language the window is translated into (English is the source text)
LANGUAGES = sorted(p.stem.removeprefix("bea_") for p in I18N.glob("bea_*.ts") if p.stem != "bea_en")
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# what is no word of any language: markup, {placeholders}, addresses, paths, file names, ids with dots or colons
NOT_WORDS = re.compile(r"<[^>]*>|&\w+;|\{[^{}]*\}|%\d|\b\w+://\S+|(?:~|\.{1,2})?(?:/[\w.\-@~+]+)+/?|"
                       r"\b[\w\-]+\.(?:md|json|gguf|onnx|vrm|vrma|db|log|qm|ts|py|svg|png|txt)\b|\b\w+[.:]\w[\w.:\-]*")

# texts shown in English in a translated window on purpose (a text, not a word: each is looked at alone)
ENGLISH_KEPT = {
    "English": "the name of a language in its own words, in the window-language picker",
    "English (en)": "the name of a language in its own words, in the Voice page's language picker",
    **dict.fromkeys(("DEBUG", "INFO", "WARNING", "ERROR"),
                    "a log level, named as the log file writes it (the field's help says 'DEBUG for a bug report')"),
    **dict.fromkeys(zoneinfo.available_timezones(), "a time zone's IANA name ('Universal', 'Europe/Rome'): an id"),
    **dict.fromkeys((e.title for e in CATALOG), "a model's name in the Models window, as its makers call it"),
    **dict.fromkeys((e.licence for e in CATALOG), "a model's licence, in the words its authors chose"),
}
# a technical detail is an exception's or a server's own words, kept as they came at the end of Bea's sentence
# (app.core.words): "... (dettaglio: PortAudio library not found)", in the word the translation gives "detail"
DETAIL_WORD = re.compile(r"\(([^(){}:]+): \{detail\}\)")


class Catalog(NamedTuple):
    sources: set[str]            # English sources whose translation differs
    translations: set[str]       # every translation
    english_words: set[str]      # words the English sources use and no translation does
    detail: re.Pattern[str]      # a technical detail, "(dettaglio: ...)"


@cache
def catalog(language: str) -> Catalog:
    untranslated_sources, translations, details = set(), set(), set()
    source_words, translated_words = set(), set()
    for message in ET.parse(I18N / f"bea_{language}.ts").getroot().iter("message"):
        source = message.findtext("source") or ""
        source_words |= words(source)
        plurals = [f.text or "" for f in message.iter("numerusform")]
        for translated in plurals or [message.findtext("translation") or ""]:
            translated_words |= words(translated)
            translations.add(plain(translated))
            if plain(source) != plain(translated):
                untranslated_sources.add(plain(source))
            if "(detail: {detail})" in source:
                details |= set(DETAIL_WORD.findall(translated))
    assert len(details) == 1, f"bea_{language}.ts says 'detail' in more than one way: {details}"
    detail = re.compile(r"\(" + re.escape(details.pop()) + r": [^()]*(?:\([^()]*\)[^()]*)*\)")
    return Catalog(untranslated_sources - translations, translations, source_words - translated_words, detail)


def plain(text: str) -> str:
    """Text as the streamer reads it: no markup, no mnemonic '&', one space between words."""
    text = re.sub(r"<[^>]*>", " ", text)
    text = html.unescape(re.sub(r"&(?=\w)(?!\w+;)", "", text))
    return " ".join(text.split())


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(NOT_WORDS.sub(" ", html.unescape(text)))}


def english(text: str, translation: Catalog) -> list[str]:
    """Why `text`, shown in the window in `translation`'s language, reads as English (empty when it does not)."""
    text = plain(translation.detail.sub("", text))
    if not text or text in ENGLISH_KEPT or text in translation.translations:
        return []
    if text in translation.sources:
        return ["an English source the catalog translates"]
    found = sorted(words(text) & translation.english_words)
    return found if len(found) >= 2 or (found and len(found) * 3 >= len(words(text))) else []


def shown(widget: QWidget, tooltips: bool = True) -> Iterator[str]:
    """The texts `widget` shows (not what the streamer typed into it)."""
    if isinstance(widget, QLabel):
        yield widget.text()
    elif isinstance(widget, QAbstractButton):
        yield widget.text()
    elif isinstance(widget, QGroupBox):
        yield widget.title()
    elif isinstance(widget, QComboBox):
        yield from (widget.itemText(i) for i in range(widget.count()))
    elif isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
        yield widget.placeholderText()
        if widget.isReadOnly():
            yield widget.toPlainText() if not isinstance(widget, QLineEdit) else widget.text()
    elif isinstance(widget, QTabBar):
        yield from (widget.tabText(i) for i in range(widget.count()))
    elif isinstance(widget, QListWidget):
        yield from (widget.item(i).text() for i in range(widget.count()))
    elif isinstance(widget, QTableView) and widget.model() is not None:
        model = widget.model()
        yield from (str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(model.columnCount()))
        yield from (str(model.index(r, c).data() or "") for r in range(model.rowCount())
                    for c in range(model.columnCount()))
    elif isinstance(widget, QMenu):
        yield widget.title()
        yield from (a.text() for a in widget.actions())
    if isinstance(widget, QDockWidget):
        yield widget.windowTitle()
    if tooltips:
        yield widget.toolTip()


def english_under(root: QWidget, where: str, translation: Catalog) -> list[str]:
    found = []
    for widget in (root, *root.findChildren(QWidget)):
        if widget is not root and not widget.isVisibleTo(root) and not isinstance(widget, QMenu):
            continue
        for text in shown(widget):
            for line in text.splitlines():
                if why := english(line, translation):
                    found.append(f"{where} / {type(widget).__name__} {widget.objectName()!r}: {plain(line)!r} {why}")
    return found


def test_the_rule_sees_english_and_lets_italian_names_and_numbers_pass():
    italian = catalog("it")
    assert english("The password is kept in the system keyring.", italian)
    assert english("Quit", italian)                          # a source the catalog translates ("Esci")
    assert english("&Quit", italian)
    assert not english("Esci", italian)
    assert not english("La password è custodita nel portachiavi di sistema.", italian)
    assert not any(english(name, italian) for name in ("OBS", "Twitch", "12 ms", ""))
    assert not english("http://127.0.0.1:11434/v1", italian) and not english("/tmp/data/bea.db", italian)
    assert not english("smollm2-135m-instruct-q8_0.gguf", italian)
    assert not english("English", italian) and not english("Universal", italian)   # ENGLISH_KEPT, for its reason
    assert not english("Nessun dispositivo audio (dettaglio: PortAudio library not found).", italian)
    assert english("No audio device (dettaglio: PortAudio library not found).", italian)
    assert "kept" in italian.english_words and "the" in italian.english_words and "obs" not in italian.english_words


@pytest.fixture(params=LANGUAGES)
def translated_shell(request, qapp, bea):
    """The main window built in one translation's language, and that translation's catalog; English again after."""
    assert install_window_language(request.param) == request.param
    s = launch.Shell(bea, launch.app_icon())
    yield s, catalog(request.param)
    s.window.hide_on_close = False
    s.window.deleteLater()
    install_window_language("en")


@pytest.mark.qt_log_ignore("systemTrayWindowChanged")
def test_the_translated_window_shows_no_english(translated_shell, qtbot, qapp):
    shell, translation = translated_shell
    w = shell.window
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    w.stage.refresh()
    qapp.processEvents()
    # its menus too (hidden until opened, read all the same)
    found = english_under(w.menuBar(), "menu bar", translation)
    found += english_under(w.statusBar(), "status bar", translation)
    found += english_under(shell.tray.menu, "tray menu", translation)
    for key, dock in w.docks.items():
        found += english_under(dock, f"dock {key}", translation)

    dialog = SettingsDialog(shell.bea)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    found += [f"settings: window title {dialog.windowTitle()!r}"] if english(dialog.windowTitle(), translation) else []
    found += english_under(dialog.pages, "settings: page list", translation)
    for row in range(dialog.pages.count()):
        dialog.pages.setCurrentRow(row)
        page = dialog.stack.widget(row)
        for button in page.findChildren(QAbstractButton):
            if button.objectName().endswith(".showAdvanced") and button.isVisibleTo(page) and not button.isChecked():
                button.click()
        qapp.processEvents()
        found += english_under(page, f"settings: {dialog.pages.item(row).text()}", translation)
    for opened in (w.open_models(), w.open_prompt_changes()):      # the other windows the menus open
        qtbot.addWidget(opened)
        qtbot.waitExposed(opened)
        found += [f"{type(opened).__name__}: window title"] if english(opened.windowTitle(), translation) else []
        found += english_under(opened, type(opened).__name__, translation)
    found = list(dict.fromkeys(found))
    assert not found, f"{len(found)} English texts in the translated window:\n" + "\n".join(found)


def test_where_secrets_are_kept_reads_italian_in_each_place(qapp):
    """Every place a secret can be kept, as the secret fields' notes say it (the test machine has one place)."""
    from app.process.secrets import WHERE, WHERE_CONTEXT
    from app.widgets.qt import translate
    assert install_window_language("it") == "it"
    try:
        said = {place: translate(WHERE_CONTEXT, words) for place, words in WHERE.items()}
        notes = [translate("obs_settings", "The password is kept in {place}.").format(place=where)
                 for where in said.values()]
    finally:
        install_window_language("en")
    assert said["keyring"] == "nel portachiavi di sistema"
    assert all(not english(note, catalog("it")) for note in notes), notes
    assert notes[0] == "La password è custodita nel portachiavi di sistema."
