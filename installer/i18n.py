"""The window's translations: `python installer/i18n.py update` gathers every marked string of app/ (the
translate("<context>", ...) and QT_TRANSLATE_NOOP calls) and the settings schema's words (field titles,
descriptions and choice labels in the "settings" context; skill titles and descriptions in "skills") into
each resources/i18n/bea_<code>.ts, keeping what is translated; `release` compiles each .ts into the .qm beside it,
which the app loads at start (app/ui/language.py) and the bundle carries with resources/. Both .ts and .qm are
committed; tests/ui/test_translations.py checks the .qm is the .ts compiled and the .ts is up to date. The
languages are the .ts files present; `update <code>` starts a new one (`update es` writes bea_es.ts with every
string to translate). A string with a count is marked translate(context, "%Ln messages", None, n) and has a
form for each plural of a language (<numerusform>); bea_en.ts holds the English ones ("%Ln message", "%Ln
messages"), since the source text has only one."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"
SOURCE_LANGUAGE = "en"


def translations() -> list[Path]:
    """Every window translation, bea_<code>.ts, in the order of their codes."""
    return sorted(I18N.glob("bea_*.ts"))


def tool(name: str) -> str:
    """Qt's lupdate or lrelease, as PySide6 ships them."""
    import PySide6
    here = Path(PySide6.__file__).parent
    return str(next(p for p in (here / name, here / f"{name}.exe", here / "Qt" / "libexec" / name) if p.exists()))


def schema_words() -> list[tuple[str, str]]:
    """(context, text) for every title, description and choice label the settings pages show."""
    sys.path.insert(0, str(ROOT))
    from pydantic import BaseModel

    from app.config.schema import build_root_model
    from app.skills.registry import discover

    skills = discover()
    words: list[tuple[str, str]] = []
    for cls in skills.values():
        words += [("skills", cls.title), ("skills", cls.description)]
    seen: set[type] = set()

    def walk(model: type[BaseModel]) -> None:
        if model in seen:
            return
        seen.add(model)
        for field in model.model_fields.values():
            ann = field.annotation
            if isinstance(ann, type) and issubclass(ann, BaseModel):
                walk(ann)
                continue
            extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
            for text in (field.title, field.description, *extra.get("choices", {}).values()):
                if text:
                    words.append(("settings", text))

    walk(build_root_model({k: cls.settings_model for k, cls in skills.items()}))
    return list(dict.fromkeys(words))


def _noop_module(words: list[tuple[str, str]]) -> str:
    return "".join(f"QT_TRANSLATE_NOOP({context!r}, {text!r})\n" for context, text in words)


def update(ts: Path) -> str:
    """Bring `ts` up to date with app/ and the schema (new strings unfinished, gone ones obsolete, then
    dropped); lupdate's report."""
    with tempfile.TemporaryDirectory() as tmp:
        words = Path(tmp) / "schema_words.py"
        words.write_text(_noop_module(schema_words()), encoding="utf-8")
        sources = sorted(str(p) for p in (ROOT / "app").rglob("*.py"))
        code = ts.stem.split("_", 1)[1]
        # English is the source text: its .ts holds only the strings with a count, for their singular
        plural_only = ["-pluralonly"] if code == SOURCE_LANGUAGE else []
        done = subprocess.run([tool("lupdate"), *sources, str(words), "-locations", "none", "-no-obsolete",
                               *plural_only, "-source-language", SOURCE_LANGUAGE, "-target-language", code,
                               "-ts", str(ts)], capture_output=True, text=True, check=True)
    return done.stdout + done.stderr


def release(ts: Path, qm: Path) -> None:
    subprocess.run([tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)


def main(argv: list[str]) -> int:
    if argv[:1] not in (["update"], ["release"]) or (argv[0] == "release" and argv[1:]):
        print("usage: python installer/i18n.py update [new language code...] | release", file=sys.stderr)
        return 64
    new = [I18N / f"bea_{code}.ts" for code in argv[1:]]
    for ts in sorted({*translations(), *new}):
        if argv[0] == "update":
            print(update(ts))
        else:
            release(ts, ts.with_suffix(".qm"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
