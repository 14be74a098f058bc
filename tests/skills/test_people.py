"""The People skill on the real encrypted store: tallies, sessions, cards, facts, placeholders, aliases, the buffer,
and forgetting someone everywhere."""

from decimal import Decimal

import pytest

from app.core import people as rules
from app.core.aliases import Alias
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.memory.memories import MemoryStore
from app.memory.people_store import Sighting
from tests.fakes import HashingEmbedder


def chat(text: str, who: str, native: str, platform: str = "twitch", **meta) -> Perception:
    return Perception(PerceptionKind.CHAT, platform, f"[{who}] {text}", author=Author(platform, native, who),
                      meta={Meta.TEXT: text, Meta.CONVERSATION_KEY: f"{platform}:#bea", **meta}, ts=1000.0)


@pytest.fixture
def skill(bea):
    return bea.skills["people"]


def count(bea, table: str, where: str = "1", *args) -> int:
    return bea.db.read(lambda c: c.execute(f"SELECT count(*) FROM {table} WHERE {where}", args).fetchone()[0])


def new_session(bea) -> int:
    bea.mind.stream.end()
    return bea.mind.stream.go_live()


def test_every_message_counts_once_and_a_session_counts_once(bea, skill):
    new_session(bea)
    skill.context_for([chat("ciao", "marco", "1"), chat("come va?", "marco", "1"), chat("hi", "anna", "2")])
    skill.context_for([chat("ancora io", "marco", "1")])
    marco = skill.people.entry("twitch:1")
    assert (marco.messages, marco.session_count) == (3, 1)
    assert skill.people.entry("twitch:2").messages == 1


def test_a_message_a_surface_already_tallied_is_not_counted_again(bea, skill):
    new_session(bea)
    skill.context_for([chat("ciao", "marco", "1", tallied=True)])
    assert skill.people.entry("twitch:1") is None
    skill.context_for([chat("ciao", "marco", "1")])
    assert skill.people.entry("twitch:1").messages == 1


def test_a_regular_gets_a_card_on_the_third_session_and_only_one(bea, skill):
    for n in range(1, 6):
        new_session(bea)
        block = skill.context_for([chat(f"stream {n}", "marco", "1")])
        assert skill.people.entry("twitch:1").session_count == n
        assert (rules.HEADER in block) is (n >= 3), (n, block)
    assert count(bea, "people") == 1
    card = skill.card_of("twitch:1")
    assert card.reason == "regular" and card.label == "marco" and card.platforms == ("twitch",)


def test_the_owner_is_never_tallied(bea, skill):
    owner = Perception(PerceptionKind.CHAT, "app", "[Streamer] hi", author=Author("app", "owner", "Streamer"),
                       meta={Meta.TEXT: "hi"})
    assert skill.context_for([owner]) == ""
    assert count(bea, "roster") == 0


def test_a_donation_mints_a_card_at_once_and_a_delivery_counts_once(bea, skill):
    first = skill.donation("twitch:9", "Giulia", "kofi-123", Decimal("5.00"), "EUR", "per la pizza")
    again = skill.donation("twitch:9", "Giulia", "kofi-123", Decimal("5.00"), "EUR", "per la pizza")
    skill.donation("twitch:9", "Giulia", "kofi-124", Decimal("2.50"), "EUR")
    assert first is not None and again is None
    assert skill.people.donations_of(first) == {"EUR": Decimal("7.50")}
    assert skill.card_of("twitch:9").reason == "donation"
    assert skill.people.entry("twitch:9").donation_total == Decimal("7.50")


def test_a_card_shows_the_strongest_reason_it_has_earned(bea, skill):
    for _ in range(3):
        new_session(bea)
        skill.context_for([chat("hi", "rita", "12")])
    assert skill.card_of("twitch:12").reason == "regular"
    skill.donation("twitch:12", "rita", "d-9", Decimal("1"), "EUR")
    assert skill.card_of("twitch:12").reason == "donation"
    skill.people.mark("twitch:12", True)          # weaker than money: the shown reason stays
    assert skill.card_of("twitch:12").reason == "donation" and count(bea, "people") == 1


def test_at_most_five_cards_are_shown_with_the_newest_facts(bea, skill):
    batch = []
    for i in range(8):
        pid = skill.people.mark(f"twitch:{i}", True, f"viewer{i}")
        for j in range(25):
            skill.people.add_fact(pid, f"fact {j} about viewer{i}", "bea")
        batch.append(chat("hello", f"viewer{i}", str(i)))
    assert count(bea, "facts", "person_id = ?", skill.people.person_of("twitch:0")) == rules.MAX_FACTS_STORED
    block = skill.context_for(batch).splitlines()
    assert block[0] == rules.HEADER and len(block) == 1 + rules.MAX_CARDS_INJECTED
    assert block[1] == ("- **viewer0**: fact 24 about viewer0; fact 23 about viewer0; fact 22 about viewer0; "
                        "fact 21 about viewer0; fact 20 about viewer0")


def test_remember_person_always_keeps_and_a_placeholder_links_to_exactly_that_name(bea, skill):
    assert skill.remember_person("Lorenzo", "plays the drums", "likes him") == "remembered Lorenzo"
    placeholder = rules.placeholder_identity("Lorenzo")
    pid = skill.people.person_of(placeholder)
    assert pid is not None and skill.card_of(placeholder).facts == ("plays the drums",)
    skill.context_for([chat("hey", "lorenzo_", "77")])          # a near name: never linked
    assert skill.people.person_of("twitch:77") is None
    skill.context_for([chat("hey", "LORENZO", "78")])           # exactly that name: the same card
    assert skill.people.person_of("twitch:78") == pid
    skill.context_for([chat("me too", "Lorenzo", "79", platform="youtube")])  # only the first account links
    assert skill.people.person_of("youtube:79") is None
    assert "plays the drums" in skill.recall_person("Lorenzo")


def test_recall_person_falls_back_to_the_tally(bea, skill):
    for _ in range(2):
        new_session(bea)
        skill.context_for([chat("hi", "anna", "2"), chat("again", "anna", "2")])
    assert skill.recall_person("anna") == "you have no card for anna: seen 4 times across 2 sessions"
    assert skill.recall_person("nobody") == "you don't know anyone called nobody"
    assert skill.recall_person("") .startswith("ERROR")


def test_she_learns_a_name_and_every_later_line_uses_it(bea, skill):
    line = chat("ciao!", "xX_dark_Xx", "5")
    skill.context_for([line])
    assert skill.relabel([line])[0].content == "[xX_dark_Xx] ciao!"
    intro = chat("comunque mi chiamo Davide", "xX_dark_Xx", "5")
    skill.context_for([intro])
    assert skill.aliases.alias("bea", "twitch:5") == Alias("Davide", "known", "introduced",
                                                            skill.aliases.alias("bea", "twitch:5").updated_at)
    assert skill.relabel([line])[0].content == "[Davide] ciao!"
    skill.context_for([chat("ciao!", "new_nick", "5")])           # a nickname change does not undo the name
    assert skill.label("twitch:5") == "Davide"
    assert skill.recall_person("Davide").startswith("you have no card for Davide")


def test_the_buffer_records_both_sides_and_consolidates_into_memories(bea, skill):
    store = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    bea.mind.memories = store
    skill.context_for([chat("my cat is called Pixel", "marco", "1")])
    record = type("R", (), {"authors": ["twitch:1"], "said": [["twitch:#bea", "what a lovely name"]]})()
    skill.after_turn(record)
    from datetime import datetime

    from app.core.subjective_buffer import clock_time
    at = clock_time(1000.0, datetime.now().astimezone().tzinfo)  # the streamer's local time
    assert skill.aliases.serialised("bea")[-2] == f'[{at}] marco spoke to you: "my cat is called Pixel"'
    assert skill.aliases.serialised("bea")[-1].endswith('you spoke to marco: "what a lovely name"')
    for i in range(200):
        skill.context_for([chat(f"line number {i} about pizza", "marco", "1")])
    skill.after_turn(record)
    left = skill.aliases.count("bea")
    assert left == 50
    kept = store.search_text("spoke")
    assert len(kept) == 203 - 50 and all("twitch:" not in m.text for m in kept)  # 2 + 200 lines, then her reply
    assert {(m.author, m.source) for m in kept} == {("twitch:1", "person"), (None, "bea")}
    assert [m.text.split("] ", 1)[1] for m in kept if m.source == "bea"] == ['you spoke to marco: "what a lovely name"']


def test_forgetting_someone_reaches_everywhere(bea, skill):
    store = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    bea.mind.memories = store
    new_session(bea)
    skill.context_for([chat("my name is Sara", "sara_88", "3"), chat("hi", "tom", "4")])
    skill.donation("twitch:3", "sara_88", "d-1", Decimal("3"), "USD")
    skill.remember_person("Sara", "studies medicine")
    store.remember("sara studies medicine in padova", "person", author="twitch:3")
    store.remember("tom likes trains a lot", "person", author="twitch:4")
    bea.mind.stream.append_sync([])
    pid = skill.people.person_of("twitch:3")
    gone = skill.people.forget_person(skill.people.identities_of(pid), memories=True)
    skill.aliases.forget_targets(gone)
    assert gone == ["twitch:3"]
    for table, where in [("identities", "id = 'twitch:3'"), ("roster", "identity = 'twitch:3'"),
                         ("roster_sessions", "identity = 'twitch:3'"), ("donations", "identity = 'twitch:3'"),
                         ("aliases", "target = 'twitch:3'"), ("buffer_entries", "actor = 'twitch:3'"),
                         ("people", f"id = {pid}"), ("facts", f"person_id = {pid}"),
                         ("memories", "author = 'twitch:3'")]:
        assert count(bea, table, where) == 0, table
    assert skill.label("twitch:3") == "an unfamiliar figure"
    assert count(bea, "roster", "identity = 'twitch:4'") == 1 and count(bea, "memories", "author = 'twitch:4'") == 1


def test_a_whole_batch_is_one_transaction(bea, skill):
    writes = []
    real = bea.db.write
    bea.db.write = lambda fn: (writes.append(fn), real(fn))[1]
    try:
        skill.people.tally([Sighting(f"twitch:{i}", f"v{i}", 1.0) for i in range(300)], None)
    finally:
        bea.db.write = real
    assert len(writes) == 1 and count(bea, "roster") == 300


def test_a_private_conversation_is_a_real_one_to_one_and_earns_a_card(bea, skill):
    skill.context_for([chat("ciao in privato", "elena", "6", **{Meta.DM: True})])
    assert skill.people.entry("twitch:6").had_1on1 and skill.card_of("twitch:6").reason == "one_on_one"
    skill.context_for([chat("ciao in pubblico", "franco", "7")])
    assert skill.card_of("twitch:7") is None


def test_one_person_on_two_platforms_lists_every_name_and_names_never_merge_by_themselves(bea, skill):
    skill.context_for([chat("hi", "marco", "1"), chat("hi", "marco", "1", platform="youtube")])
    assert skill.people.person_of("youtube:1") is None  # the same name on another platform: not merged
    pid = skill.people.mark("twitch:1", True)
    skill.people.add_fact(pid, "streams on sundays", "bea")
    skill.context_for([chat("hey", "MarcoYT", "abc", platform="youtube")])
    other = skill.people.mark("youtube:abc", True)
    skill.people.add_fact(other, "has a youtube channel", "bea")
    skill.people.link("youtube:abc", pid)
    card = skill.card_of("youtube:abc")
    assert card.person_id == pid and card.names == ("marco", "MarcoYT") and card.platforms == ("twitch", "youtube")
    assert set(card.facts) == {"streams on sundays", "has a youtube channel"}
    assert count(bea, "people") == 1


def test_a_profile_from_the_profiler_lands_on_their_card(bea, skill):
    import asyncio
    skill.context_for([chat("hi", "paolo", "8")])
    asyncio.run(bea.mind._profiled("twitch:8", "a chatty speedrunner from Torino"))
    card = skill.card_of("twitch:8")
    assert card.profile == "a chatty speedrunner from Torino" and card.reason == "profiler"
