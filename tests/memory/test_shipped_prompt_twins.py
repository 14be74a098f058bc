"""Her prompts in the streamer's language: every prompt shipped in resources/prompts/ (the streamer's
soul, manual and monologue, and her background work's dream, recap, profile and interview) is there in every
language, with the same {placeholders}; the background work reads the one in the streamer's language, by the
same rule as the streamer's files (the window's language setting)."""

from __future__ import annotations

import re

import pytest

from app.core.dreaming import read_dream
from app.core.prompt_language import BASE_PROMPTS, FIXED_PROMPTS, prompt_file
from app.process.paths import resources_dir
from tests.her_words import CATALOGS

SHIPPED = resources_dir() / "prompts"
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def test_each_shipped_prompt_is_there_in_every_language_with_the_same_placeholders():
    names = {p.stem for p in SHIPPED.glob("*.md")}
    languages = [code for code in CATALOGS.languages if code != "en"]
    sources = {n for n in names if not any(n.endswith(f"_{code}") for code in languages)}
    assert sources == set(BASE_PROMPTS + FIXED_PROMPTS)          # none shipped without its twin, none unread
    for name in sorted(sources):
        english = (SHIPPED / f"{name}.md").read_text(encoding="utf-8")
        for code in languages:
            twin = (SHIPPED / f"{prompt_file(name, code)}.md").read_text(encoding="utf-8")
            assert twin.strip() and twin != english, (name, code)
            assert sorted(PLACEHOLDER.findall(twin)) == sorted(PLACEHOLDER.findall(english)), (name, code)
            assert twin.count("`") == english.count("`"), (name, code)   # tool and field names kept as code


@pytest.mark.parametrize(("name", "italian"), [("dream", "Sei la memoria di Bea"),
                                                ("recap", "Scrivi il riassunto"),
                                                ("profile", "Qui sotto ci sono le righe"),
                                                ("interview", "Sei \"Conosciamoci\"")])
def test_her_background_work_reads_the_prompt_in_the_streamers_language(bea, name, italian):
    bea.settings.set("ui.language", "en")
    assert bea.mind.prompts.fixed(name) == (SHIPPED / f"{name}.md").read_text(encoding="utf-8").strip()
    bea.settings.set("ui.language", "it")
    assert bea.mind.prompts.fixed(name).startswith(italian)
    prompt = {"dream": lambda: bea.mind.dreamer._prompt(), "recap": lambda: bea.mind.handoff._prompt(),
              "profile": lambda: bea.mind.profiler._prompt(), "interview": lambda: bea.mind.prompts.fixed(name)}
    assert prompt[name]().startswith(italian)                     # what the dreamer, handoff, profiler read


@pytest.mark.parametrize("code", [code for code in CATALOGS.languages if code != "en"])
def test_every_dream_twin_keeps_the_tags_the_dream_is_read_by(code):
    twin = (SHIPPED / f"{prompt_file('dream', code)}.md").read_text(encoding="utf-8")
    for tag in ("PERSON:", "BEA:", "LORE:"):
        assert re.search(rf"^{tag} ", twin, re.M), (code, tag)


def test_the_dream_reader_reads_the_tags_before_lines_in_another_language():
    for dream in ("PERSON: Marco vive a Torino\nBEA: ho detto che amo la pizza\nLORE: Bea ama i gatti",
                  "PERSON: Lucía vive en Sevilla\nBEA: dije que me encanta la paella\nLORE: a Bea le gustan los gatos"):
        assert len(read_dream(dream, 1)) == 3, dream
