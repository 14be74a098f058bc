"""Her words: one catalog per language, each complete against the source, and no language table in code."""

import ast
from pathlib import Path

import pytest

from app.core.her_words import SOURCE, CatalogError, Catalogs, HerWords, check
from app.process.catalogs import load
from tests.conftest import REPO
from tests.her_words import CATALOGS

WORDS = REPO / "resources" / "words"
CODES = {"en", "it", "es", "de", "fr", "pt", "ja"}


def test_every_catalog_has_the_sources_keys_placeholders_and_marks() -> None:
    assert CATALOGS.languages[0] == SOURCE and set(CATALOGS.languages) >= {"en", "it", "es"}
    assert CATALOGS.problems() == []


def test_the_check_sees_what_a_catalog_lacks() -> None:
    source = HerWords.parse("en", 'a = "hi {name}, call `speak`"\nb = "[via app] x"\nc = ["x", "y"]\n')
    other = HerWords.parse("xx", 'a = "ciao {nome}, chiama `parla`"\nc = ["x"]\nd = "more"\n')
    problems = "\n".join(check(source, other))
    for found in ("'b' is missing", "'d' is not in the source", "placeholders ['nome']", "marks ['`parla`']",
                  "'c' has 1 items"):
        assert found in problems


def test_the_languages_are_the_catalogs_present(tmp_path: Path) -> None:
    for code in ("en", "it"):
        (tmp_path / f"{code}.toml").write_text((WORDS / f"{code}.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert load(tmp_path).languages == ("en", "it")
    (tmp_path / "xx.toml").write_text((WORDS / "it.toml").read_text(encoding="utf-8"), encoding="utf-8")
    catalogs = load(tmp_path)
    assert catalogs.languages == ("en", "it", "xx") and catalogs["xx"].language == "xx"
    assert catalogs.pick("zz") is catalogs["en"]   # the one fallback: a language with no catalog


def test_a_broken_or_missing_source_catalog_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "en.toml").write_text('a = "unterminated\n', encoding="utf-8")
    with pytest.raises(CatalogError, match="en catalog is not valid TOML"):
        load(tmp_path)
    with pytest.raises(CatalogError, match="no catalog for the source language"):
        Catalogs({"it": HerWords.parse("it", "")})


def test_a_missing_key_is_an_error_never_english() -> None:
    with pytest.raises(KeyError, match="the it catalog has no 'frame.nope'"):
        CATALOGS["it"].text("frame.nope")


def language_tables(source: str) -> list[int]:
    """Lines of dict literals keyed by two or more language codes (or by the source's name with another)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            keys |= {"en" for k in node.keys if isinstance(k, ast.Name) and k.id in ("ENGLISH", "SOURCE")}
            if len(keys & CODES) >= 2:
                found.append(node.lineno)
    return found


def test_no_language_table_in_code() -> None:
    wrong = [f"{path.relative_to(REPO)}:{line}" for path in sorted((REPO / "app").rglob("*.py"))
             for line in language_tables(path.read_text(encoding="utf-8"))]
    assert not wrong, "language tables outside resources/words (move them into the catalogs):\n" + "\n".join(wrong)


def test_the_table_check_sees_a_table() -> None:
    assert language_tables('X = {"en": "hi", "it": "ciao"}\nY = {ENGLISH: 1, "es": 2}\nZ = {"a": 1}\n') == [1, 2]
