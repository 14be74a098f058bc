"""Her words: everything the app writes into her briefing, in one catalog per language.

Theory of operation:
1. A catalog is a TOML text (resources/words/<code>.toml, English the source), parsed here into a HerWords: one
   language's entries under dotted keys ("frame.where", "skills.twitch.section"). A value is a text or a list
   of texts; a table of texts keyed by names the code knows (a plan's states, a card's reasons) is a section.
2. Code never picks a language itself: it is handed a HerWords (there is no default), looks a key up and fills its
   placeholders with say(). A key missing from the catalog is a KeyError, never English in its place.
3. The languages Bea speaks to her are the catalogs present (Catalogs). The one fallback lives in
   Catalogs.pick(): a language with no catalog (a computer's locale, an old setting) reads the source language.
4. check() says what a catalog lacks against the source: a key, a placeholder, a tool name in backticks, a
   provenance mark ([via ...]), a list's length. The tests run it on every catalog shipped.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

SOURCE = "en"
_TICKED = re.compile(r"`[^`]+`")
_VIA = re.compile(r"\[via [^\]]+\]")


class CatalogError(ValueError):
    """A catalog that cannot be read, or that misses what the source has."""


def _flatten(table: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            yield from _flatten(value, key + ".")
        elif isinstance(value, list):
            yield key, tuple(value)
        else:
            yield key, value


@dataclass(frozen=True)
class HerWords:
    """One language's catalog."""
    language: str
    entries: Mapping[str, Any]
    # each section once: a frame reads its words for every line of a batch (a raid's hundreds)
    _sections: dict[str, Mapping[str, Any]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def parse(cls, language: str, text: str) -> HerWords:
        try:
            table = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise CatalogError(f"the {language} catalog is not valid TOML: {e}") from None
        return cls(language, MappingProxyType(dict(_flatten(table))))

    def __getitem__(self, key: str) -> Any:
        try:
            return self.entries[key]
        except KeyError:
            raise KeyError(f"the {self.language} catalog has no {key!r}") from None

    def text(self, key: str) -> str:
        value = self[key]
        if not isinstance(value, str):
            raise TypeError(f"{key!r} in the {self.language} catalog is not a text")
        return value

    def say(self, key: str, **args: Any) -> str:
        """The text at `key` with its {placeholders} filled."""
        return self.text(key).format(**args)

    def texts(self, key: str) -> tuple[str, ...]:
        value = self[key]
        if not isinstance(value, tuple):
            raise TypeError(f"{key!r} in the {self.language} catalog is not a list")
        return value

    def section(self, prefix: str) -> dict[str, Any]:
        """Every entry under `prefix.`, by its last name: what a module's words dataclass is built from."""
        if prefix not in self._sections:
            start = prefix + "."
            self._sections[prefix] = MappingProxyType({k[len(start):]: v for k, v in self.entries.items()
                                                       if k.startswith(start) and "." not in k[len(start):]})
        return dict(self._sections[prefix])


class Catalogs:
    """Every catalog present, by language code; the source language is always there."""

    def __init__(self, catalogs: Mapping[str, HerWords]) -> None:
        if SOURCE not in catalogs:
            raise CatalogError(f"no catalog for the source language ({SOURCE})")
        self._by_code = dict(catalogs)

    @property
    def languages(self) -> tuple[str, ...]:
        """The source first, then the others in code order."""
        return (SOURCE, *sorted(c for c in self._by_code if c != SOURCE))

    def __getitem__(self, language: str) -> HerWords:
        return self._by_code[language]

    def pick(self, language: str) -> HerWords:
        """The catalog for `language`; the source's for a language Bea has no catalog for."""
        return self._by_code.get(language) or self._by_code[SOURCE]

    def problems(self) -> list[str]:
        source = self._by_code[SOURCE]
        return [p for code in self.languages[1:] for p in check(source, self._by_code[code])]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _marks(text: str) -> set[str]:
    return set(_TICKED.findall(text)) | set(_VIA.findall(text))


def check(source: HerWords, other: HerWords) -> list[str]:
    """What `other` lacks or has more than `source`: keys, placeholders, marks, list lengths, table names."""
    where = f"{other.language} catalog"
    problems = [f"{where}: {k!r} is missing" for k in source.entries if k not in other.entries]
    problems += [f"{where}: {k!r} is not in the source" for k in other.entries if k not in source.entries]
    for key, value in source.entries.items():
        theirs = other.entries.get(key)
        if theirs is None:
            continue
        if type(theirs) is not type(value):
            problems.append(f"{where}: {key!r} is a {type(theirs).__name__}, the source's a {type(value).__name__}")
            continue
        if isinstance(value, tuple) and len(value) != len(theirs):
            problems.append(f"{where}: {key!r} has {len(theirs)} items, the source {len(value)}")
        pairs = list(zip(value, theirs, strict=False)) if isinstance(value, tuple) else [(value, theirs)]
        for mine, their in pairs:
            if not isinstance(mine, str) or not isinstance(their, str):
                continue
            if placeholders(mine) != placeholders(their):
                problems.append(f"{where}: {key!r} has placeholders {sorted(placeholders(their))}, "
                                f"the source {sorted(placeholders(mine))}")
            if _marks(mine) != _marks(their):
                problems.append(f"{where}: {key!r} has marks {sorted(_marks(their))}, the source "
                                f"{sorted(_marks(mine))}")
    return problems
