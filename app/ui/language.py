"""The window's language: Bea's own translation (resources/i18n/bea_<code>.qm, compiled from the .ts beside it
by installer/i18n.py) and Qt's for its standard buttons and dialogs, installed on the application. English is
the source text: its translation holds only the plural forms of the strings with a count."""

from __future__ import annotations

import logging

from babel import Locale

from app.core.ui_language import ENGLISH, window_language
from app.process.paths import resources_dir
from app.widgets.qt import QApplication, QLibraryInfo, QLocale, QTranslator

log = logging.getLogger(__name__)

_installed: list[QTranslator] = []   # kept alive while installed (Qt does not own them)


def window_languages() -> tuple[str, ...]:
    """The languages the window can speak: English, the source, and each translation present."""
    found = sorted(p.stem.removeprefix("bea_") for p in (resources_dir() / "i18n").glob("bea_*.qm"))
    return (ENGLISH, *(code for code in found if code != ENGLISH))


def language_name(code: str) -> str:
    """A language by its own name (CLDR): "English", "Español", "Italiano"."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def install_window_language(setting: str) -> str:
    """Install the translators for `setting` ("system", "en", "it"), replacing any installed before; returns the
    language code the window now speaks. Widgets made afterwards are in that language."""
    app = QApplication.instance()
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    code = window_language(setting, QLocale.system().name(), window_languages())
    # dates, day and month names and numbers in the window follow its language (the system's locale for English)
    QLocale.setDefault(QLocale.system() if code == ENGLISH else QLocale(code))
    # English is the source text, but a count's singular ("%Ln messages" for 1) is in bea_en's plural forms
    sources = [(f"bea_{code}", str(resources_dir() / "i18n"))]
    if code != ENGLISH:
        sources.append((f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)))
    for name, folder in sources:
        translator = QTranslator(app)
        if translator.load(name, folder):
            app.installTranslator(translator)
            _installed.append(translator)
        else:
            log.warning("no %s translation in %s: those words stay English", name, folder)
    return code
