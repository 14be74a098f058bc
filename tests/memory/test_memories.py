"""Memories: what is stored, what comes back, and the two search paths agreeing exactly."""

import random

import pytest

from app.core.recall import RecallError
from app.memory.memories import MemoryStore, NewMemory
from tests.fakes import HashingEmbedder
from tests.her_words import EN, IT

WORDS = ("gatto pixel milano pasta pizza boss fight elden ring stream domani esame fisica chitarra concerto "
         "cane roma lavoro vacanza mare montagna film serie libro caffe birra calcio inter juve").split()


def test_what_is_stored_and_what_is_not(bea):
    store = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    assert store.remember("il mio gatto si chiama Pixel", "person", author="twitch:1") is not None
    assert store.remember("Il mio  gatto si chiama PIXEL", "person") is None      # a duplicate in the scope
    assert store.remember("il mio gatto si chiama Pixel", "person", scope="other") is not None
    assert store.remember("ok", "person") is None and store.remember("ahahah lol", "person") is None
    with pytest.raises(RecallError):
        store.remember("something real happened today", "viewer")


def test_plain_recall_returns_only_what_people_said(bea):
    store = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    store.remember("marco has a cat called pixel", "person")
    store.remember("my cat pixel can fly to the moon", "bea")
    people = store.recall("cat pixel")
    assert [m.text for m in people] == ["marco has a cat called pixel"]
    split = store.recall_split(["cat pixel"], EN)
    assert split.startswith("[WHAT PEOPLE TOLD YOU]\n- marco has a cat called pixel (just now)")
    assert "[WHAT YOU YOURSELF SAID OR MADE UP: not facts]\n- my cat pixel can fly to the moon" in split


class CountingEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.query_calls: list[list[str]] = []

    def embed_queries(self, texts):
        self.query_calls.append(list(texts))
        return self.embed_passages(texts)


def test_each_line_of_a_batch_is_asked_on_its_own_and_embedded_once(bea):
    embedder = CountingEmbedder()
    store = MemoryStore(bea.db, embedder, clock=bea.clock.time)
    store.remember("marco has a cat called pixel", "person")
    store.remember("my cat pixel was called captain", "bea")
    for i in range(40):
        store.remember(f"viewer {i} likes the song number {i} on the playlist tonight", "person")
    lines = [f"what a great stream tonight number {i} with friends and songs and games" for i in range(12)]
    question = "what was the cat pixel called"
    joined = " ".join(lines + [question])
    assert "marco has a cat called pixel" not in store.recall_split([joined], EN)   # drowned by the lines around it
    embedder.query_calls.clear()
    split = store.recall_split([*lines, question], EN)
    people, hers = split.split("[WHAT YOU YOURSELF SAID OR MADE UP: not facts]")
    assert people.startswith("[WHAT PEOPLE TOLD YOU]") and "- marco has a cat called pixel" in people
    assert "my cat pixel was called captain" in hers
    assert embedder.query_calls == [[*lines, question]]   # one embedding for both blocks
    italian = store.recall_split([question], IT)
    assert italian.startswith("[QUELLO CHE TI HANNO DETTO]\n") and "(proprio ora)" in italian
    assert "[QUELLO CHE HAI DETTO O INVENTATO TU: non sono fatti]\n- my cat pixel was called captain" in italian
    with pytest.raises(TypeError):
        store.recall_split("cat pixel", EN)
    assert store.recall_split([], EN) == "" and store.recall_split(["  "], EN) == ""


class PassageCounter(HashingEmbedder):
    def __init__(self, fail: bool = False) -> None:
        super().__init__(fail=fail)
        self.passage_calls: list[list[str]] = []

    def embed_passages(self, texts):
        self.passage_calls.append(list(texts))
        return super().embed_passages(texts)


def test_remember_all_keeps_each_as_remember_would_with_one_embedding(bea):
    embedder = PassageCounter()
    store = MemoryStore(bea.db, embedder, clock=bea.clock.time)
    known = store.remember("anna studies physics in bologna", "person")
    embedder.passage_calls.clear()
    ids = store.remember_all([NewMemory("luca plays the drums in a band", "person", author="twitch:2"),
                              NewMemory("ok", "person"),                                  # a fragment
                              NewMemory("Anna studies  PHYSICS in Bologna", "person"),    # known in the scope
                              NewMemory("luca plays the drums in a band", "person"),      # twice in one call
                              NewMemory("she sang a song about the moon", "bea", "buffer", session_id=3)])
    assert ids[0] is not None and ids[4] is not None and ids[1:4] == [None, None, None] and known is not None
    assert embedder.passage_calls == [["luca plays the drums in a band", "Anna studies  PHYSICS in Bologna",
                                       "luca plays the drums in a band", "she sang a song about the moon"]]
    assert [m.id for m in store.recall("who plays the drums")][:1] == [ids[0]]
    with pytest.raises(RecallError):     # a bad source refuses the whole call before anything is stored
        store.remember_all([NewMemory("the cat sleeps on the sofa all day", "person"),
                            NewMemory("something real happened today", "viewer")])
    assert store.recall("cat sleeps sofa") == []
    assert store.remember_all([]) == []


def test_remember_all_stores_without_vectors_when_the_embedder_fails(bea):
    broken = PassageCounter(fail=True)
    store = MemoryStore(bea.db, broken, clock=bea.clock.time)
    ids = store.remember_all([NewMemory("marta runs a bakery in turin", "person"),
                              NewMemory("paolo fixes old bicycles", "person")])
    assert None not in ids and store.pending_count() == 2
    broken.fail = False
    assert store.embed_pending() == 2
    assert [m.id for m in store.recall("bakery in turin")][:1] == [ids[0]]


def test_a_failed_embed_still_stores_and_is_embedded_later(bea):
    broken = HashingEmbedder(fail=True)
    store = MemoryStore(bea.db, broken, clock=bea.clock.time)
    mid = store.remember("anna studies physics in bologna", "person")
    assert mid is not None
    broken.fail = False
    assert store.recall("physics bologna") == []  # no vector yet
    assert store.embed_pending() == 1
    assert [m.id for m in store.recall("physics bologna")] == [mid]


def test_vectors_from_two_models_are_never_compared(bea):
    old = MemoryStore(bea.db, HashingEmbedder(name="model-a"), clock=bea.clock.time)
    old.remember("luca plays the guitar in a band", "person")
    new = MemoryStore(bea.db, HashingEmbedder(name="model-b"), clock=bea.clock.time)
    assert new.recall("guitar band") == []
    seen = []
    assert new.embed_pending(progress=lambda done, total: seen.append((done, total))) == 1
    assert seen == [(1, 1)] and new.recall("guitar band")[0].text == "luca plays the guitar in a band"


def test_forget_one_and_a_scope(bea):
    store = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    a = store.remember("giulia loves the sea in summer", "person", scope="s1")
    store.remember("giulia hates the mountains in winter", "person", scope="s1")
    store.remember("paolo works in rome at a bank", "person", scope="s2")
    assert store.forget(a) and not store.forget(a)
    assert store.forget_scope("s1") == 1
    assert [m.text for m in store.search_text("")] == ["paolo works in rome at a bank"]


def test_the_vector_and_exact_paths_return_identical_results(bea):
    rng = random.Random(5)
    t = [1_800_000_000.0]
    store = MemoryStore(bea.db, HashingEmbedder(dim=32), clock=lambda: t[0])
    assert store.vector_search, "sqlite-vec must load into SQLCipher"
    for i in range(1500):
        t[0] += rng.uniform(0, 3600)  # memories spread over ~2 months, so recency matters
        store.remember(" ".join(rng.sample(WORDS, 5)) + f" n{i}", rng.choice(["person", "person", "bea"]))
    for _ in range(40):
        query = " ".join(rng.sample(WORDS, 3))
        for source in ("person", "bea", None):
            exact = [(m.id, round(m.score, 9)) for m in store.recall(query, 5, source, path="exact")]
            coarse = [(m.id, round(m.score, 9)) for m in store.recall(query, 5, source, path="vec")]
            assert exact == coarse, query


def test_the_in_memory_index_follows_every_writer_as_it_grows(bea):
    """Recall keeps its matrix between queries and reads only what was added since; memories added by another
    store, re-embedded, or deleted behind its back (the People dock forgets a person's rows directly) are seen
    at once. The sqlite-vec path reads the database on every query, so it is the reference."""
    rng = random.Random(7)
    t = [1_800_000_000.0]
    store = MemoryStore(bea.db, HashingEmbedder(dim=32), clock=lambda: t[0])
    other = MemoryStore(bea.db, HashingEmbedder(dim=32), clock=lambda: t[0])  # the dreamer's, the dock's
    ids = []
    for i in range(1200):  # past the index's first capacity (1024 rows), so it grows while in use
        t[0] += rng.uniform(0, 3600)
        writer = other if i % 3 else store
        ids.append(writer.remember(" ".join(rng.sample(WORDS, 5)) + f" n{i}", "person"))
        if i % 97 == 0:
            if i % 2:
                gone = rng.choice([m for m in ids if m is not None])
                bea.db.write(lambda c, gone=gone: c.execute("DELETE FROM memories WHERE id = ?", (gone,)))
                ids.remove(gone)
            query = " ".join(rng.sample(WORDS, 3))
            exact = [(m.id, round(m.score, 9)) for m in store.recall(query, 5, None, path="exact")]
            assert exact == [(m.id, round(m.score, 9)) for m in store.recall(query, 5, None, path="vec")]
    newest = store.remember("zebra quokka axolotl", "person")
    assert store.recall("zebra quokka axolotl", 1)[0].id == newest      # added after the last query
    bea.db.write(lambda c: c.execute("DELETE FROM memories WHERE id = ?", (newest,)))
    assert all(m.id != newest for m in store.recall("zebra quokka axolotl", 5))
