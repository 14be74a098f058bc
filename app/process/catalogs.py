"""Her words' catalogs as shipped: resources/words/<code>.toml, one per language she can be briefed in."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from app.core.her_words import CatalogError, Catalogs, HerWords
from app.process.paths import resources_dir


def load(folder: Path) -> Catalogs:
    """Every catalog in `folder`; a catalog that cannot be read is a CatalogError naming its file."""
    found = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            found[path.stem] = HerWords.parse(path.stem, path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            raise CatalogError(f"{path} cannot be read: {e}") from None
    return Catalogs(found)


@cache
def shipped() -> Catalogs:
    """The catalogs Bea ships, read once."""
    return load(resources_dir() / "words")
