"""The window in other languages: every user-visible string is marked for translation, each translation (every
resources/i18n/bea_<code>.ts) is complete (no unfinished or empty entry, the same placeholders and markup as the
English), its committed .qm is the .ts compiled, and the .ts holds every marked string of app/ and the settings
schema."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tests.conftest import REPO
from tests.ui.unmarked_strings import all_unmarked

sys.path.insert(0, str(REPO / "installer"))
import i18n  # noqa: E402

TS = REPO / "resources" / "i18n" / "bea_it.ts"
EVERY_TS = pytest.mark.parametrize("ts", i18n.translations(), ids=lambda p: p.stem)
# a placeholder's name tells the translator what it holds: never a machine's {value}, {value2}, {name2} or a position
UNNAMED = re.compile(r"\{(?:value|\w*?\d+|)(?:[:!][^{}]*)?\}")
# {name}, %1 and markup, kept by every translation (a plural form may leave %n out: "once")
PLACEHOLDER = re.compile(r"\{\w*(?:[:!][^{}]*)?\}|%\d|<[^>]+>|&\w+;")


def entries(ts):
    root = ET.parse(ts).getroot()
    for context in root.iter("context"):
        for message in context.iter("message"):
            yield context.findtext("name"), message.findtext("source"), message.find("translation")


def forms(translation) -> list[str]:
    """A translation's text, or each of its plural forms."""
    numerus = translation.findall("numerusform")
    return [f.text or "" for f in numerus] if numerus else [translation.text or ""]


def test_every_user_visible_string_is_marked_for_translation():
    left = all_unmarked()
    assert not left, f"{len(left)} user-visible strings not in translate(): \n" + "\n".join(map(str, left))


def test_the_window_translations_are_the_ts_files_present():
    assert TS in i18n.translations()


@EVERY_TS
def test_the_translation_is_complete_and_keeps_placeholders(ts):
    unfinished, mismatched = [], []
    for context, source, translation in entries(ts):
        if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished") \
                or not all(text.strip() for text in forms(translation)):
            unfinished.append(f"{context}: {source!r}")
            continue
        for text in forms(translation):
            if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(text)):
                mismatched.append(f"{context}: {source!r} -> {text!r}")
    assert not unfinished, f"{len(unfinished)} entries of {ts.name} unfinished:\n" + "\n".join(unfinished)
    assert not mismatched, "placeholders or markup differ:\n" + "\n".join(mismatched)


def test_a_placeholder_named_value_or_by_position_is_found():
    assert UNNAMED.findall("{value} of {value2:,} in {count} as {name2}") == ["{value}", "{value2:,}", "{name2}"]
    assert UNNAMED.findall("{} and {0} and {1!r}") == ["{}", "{0}", "{1!r}"]
    assert UNNAMED.findall("{values} {value_kind} {count:,} %1 %Ln") == []


@EVERY_TS
def test_every_placeholder_says_what_it_holds(ts):
    unnamed = [f"{context}: {source!r}" for context, source, _t in entries(ts) if UNNAMED.search(source)]
    assert not unnamed, f"{len(unnamed)} strings with placeholders that do not say what they hold:\n" + \
        "\n".join(unnamed)


@EVERY_TS
def test_the_committed_qm_is_the_ts_compiled(ts, tmp_path):
    qm = tmp_path / ts.with_suffix(".qm").name
    i18n.release(ts, qm)
    assert qm.read_bytes() == ts.with_suffix(".qm").read_bytes(), "run: python installer/i18n.py release"


@EVERY_TS
def test_the_ts_holds_every_marked_string(ts, tmp_path):
    fresh = tmp_path / ts.name
    shutil.copy(ts, fresh)
    i18n.update(fresh)
    have = {(c, s) for c, s, _t in entries(ts)}
    want = {(c, s) for c, s, _t in entries(fresh)}
    assert want - have == set(), f"not in {ts.name} yet (python installer/i18n.py update): {want - have}"
    assert have - want == set(), f"no longer in the app (python installer/i18n.py update): {have - want}"


def test_lupdate_finds_marked_strings_by_their_context(tmp_path):
    """The marking convention the app uses is the one lupdate reads: translate("context", "text")."""
    src = tmp_path / "sample.py"
    src.write_text('from app.widgets.qt import translate\nx = translate("sample", "Go live")\n', encoding="utf-8")
    ts = tmp_path / "sample_it.ts"
    subprocess.run([i18n.tool("lupdate"), str(src), "-ts", str(ts)], check=True, capture_output=True)
    assert [(c, s) for c, s, _t in entries(ts)] == [("sample", "Go live")]


def test_schema_words_cover_every_settings_title():
    words = dict.fromkeys(t for _c, t in i18n.schema_words())
    assert "Window language" in words and "Her name" in words and "Privacy mode" in words


@pytest.fixture
def italian(qapp):
    from app.ui.language import install_window_language
    assert install_window_language("it") == "it"
    yield
    install_window_language("en")


def test_italian_window_shows_italian_words(italian):
    from app.widgets.forms import CLOSED
    from app.widgets.qt import translate
    assert translate("forms", CLOSED) == "▸ Avanzate"
    assert translate("settings", "Window language") != "Window language"


def test_the_bundle_keeps_the_window_translations():
    """build.spec's filter of data files keeps Bea's own .qm (resources/i18n) and Qt's for the same languages."""
    import ast
    from pathlib import Path

    from app.ui.language import window_languages
    tree = ast.parse((REPO / "build.spec").read_text(encoding="utf-8"))
    shipped = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "shipped")
    space = {"Path": Path, "WINDOW_LANGUAGES": window_languages(), "VOICE_LANGUAGES": window_languages()}
    exec(compile(ast.Module([shipped], []), "build.spec", "exec"), space)
    keep = space["shipped"]
    assert keep("resources/i18n/bea_it.qm") and keep("PySide6/Qt/translations/qtbase_it.qm")
    assert not keep("PySide6/Qt/translations/qtbase_de.qm")
