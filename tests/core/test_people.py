"""Tallies and cards, the pure rules (app.core.people)."""

from decimal import Decimal

import pytest

from app.core import people as p
from app.core.people import Card, RosterEntry
from tests.her_words import CATALOGS, EN, IT


@pytest.mark.parametrize(("entry", "reason"), [
    (RosterEntry("t:1"), None),
    (RosterEntry("t:1", messages=500, session_count=2), None),                        # chatty, not a regular
    (RosterEntry("t:1", session_count=3), "regular"),
    (RosterEntry("t:1", had_1on1=True), "one_on_one"),
    (RosterEntry("t:1", marked_by_bea=True, session_count=9), "marked_by_bea"),
    (RosterEntry("t:1", donation_total=Decimal("0.01"), marked_by_bea=True, had_1on1=True), "donation"),
    (RosterEntry("t:1", donation_total=Decimal("0")), None),
])
def test_promotion_and_its_strongest_reason(entry, reason):
    assert p.promotion_reason(entry) == reason


@pytest.mark.parametrize(("a", "b", "same"), [
    ("Marco", "marco", True), ("  Marco ", "MARCO", True), ("Müller", "MÜLLER", True),
    ("e\u0301lise", "\u00e9lise", True),        # the same letters, composed or not
    ("marco", "marco_", False), ("marco", "marc0", False), ("Marco Rossi", "Marco", False), ("", "", False),
])
def test_only_exactly_the_same_name_links(a, b, same):
    assert p.same_name(a, b) is same


def test_placeholders_are_named_from_the_name_alone():
    assert p.placeholder_identity("  Marco ") == "named:marco"
    assert p.is_placeholder("named:marco") and not p.is_placeholder("twitch:123")


def test_facts_are_capped_oldest_first():
    assert p.facts_to_drop(0) == 0
    assert p.facts_to_drop(p.MAX_FACTS_STORED - 1) == 0
    assert p.facts_to_drop(p.MAX_FACTS_STORED) == 1


def test_the_block_caps_cards_and_facts_and_names_nobody_by_id():
    cards = [Card(i, f"viewer{i}", (f"viewer{i}", f"v{i}_on_discord"), "likes them", "",
                  tuple(f"fact {j}" for j in range(9, -1, -1)), "regular", ("twitch",)) for i in range(8)]
    block = p.who_block(cards, EN)
    lines = block.splitlines()
    assert lines[0] == p.HEADER and len(lines) == 1 + p.MAX_CARDS_INJECTED
    assert lines[1] == ("- **viewer0** (you: likes them): also known as v0_on_discord · "
                        "fact 9; fact 8; fact 7; fact 6; fact 5")
    assert p.who_block([], EN) == ""


def test_recall_falls_back_to_the_tally():
    entry = RosterEntry("twitch:1", messages=12, session_count=2)
    assert p.tally_text("marco", entry, EN) == "you have no card for marco: seen 12 times across 2 sessions"
    assert p.tally_text("anna", RosterEntry("twitch:2", messages=1, session_count=1), EN) == \
        "you have no card for anna: seen once across 1 session"


def test_reasons_rank_money_first_and_other_sources_last():
    assert p.stronger("donation", "regular") and not p.stronger("regular", "donation")
    assert p.stronger("regular", "profiler") and not p.stronger("profiler", "one_on_one")
    assert not p.stronger("regular", "regular")


# ---- rule 7: what she reads, in her prompts' language -------------------------------------------------------------

def test_the_block_is_in_italian_for_an_italian_stream_with_names_and_facts_as_written():
    cards = [Card(1, "marco", ("marco", "mk_on_discord"), "mi sta simpatico", "", ("plays the drums",), "regular"),
             Card(2, "anna")]
    assert p.who_block(cards, IT) == ("[CON CHI STAI PARLANDO]\n"
                                        "- **marco** (per te: mi sta simpatico): altri nomi: mk_on_discord · "
                                        "plays the drums\n"
                                        "- **anna**")
    assert p.who_block([], IT) == ""
    assert p.who_block(cards, CATALOGS.pick("de")) == p.who_block(cards, EN)   # English otherwise
    assert p.words(EN).header == p.HEADER


@pytest.mark.parametrize(("reason", "words"), [
    ("donation", "ha donato"), ("marked_by_bea", "hai deciso di ricordartene"),
    ("one_on_one", "avete parlato a tu per tu"), ("regular", "è un habitué"), ("profiler", "ha scritto tanto in chat"),
    (p.LINKED, "lo streamer ha detto che due suoi account sono la stessa persona"),
])
def test_recall_says_why_she_keeps_a_card_in_italian(reason, words):
    card = Card(1, "marco", attitude="simpatico", reason=reason)
    assert p.describe_card(card, IT) == f"**marco** (per te: simpatico)\n(te ne ricordi perché: {words})"


def test_recall_in_english_is_as_it_was():
    card = Card(1, "marco", attitude="likes him", reason="regular")
    assert p.describe_card(card, EN) == "**marco** (you: likes him)\n(you remember them because: a regular)"
    assert p.describe_card(Card(1, "anna", reason=p.LINKED), EN) == \
        "**anna**\n(you remember them because: the streamer said two of their accounts are the same person)"
    assert p.describe_card(Card(1, "anna", reason="unheard_of"), EN) == \
        "**anna**\n(you remember them because: unheard_of)"   # a reason with no words is named as stored


@pytest.mark.parametrize("language", CATALOGS.languages)
def test_every_reason_a_card_can_have_has_words_in_every_language(language):
    reasons = p.words(CATALOGS[language]).reasons
    assert {*p.REASONS, "profiler", p.LINKED} <= set(reasons), language
    english = EN.section("people.reasons")
    assert language == "en" or all(reasons[r] != english[r] for r in reasons), language


def test_recall_falls_back_to_the_tally_in_italian():
    assert p.tally_text("marco", RosterEntry("twitch:1", messages=12, session_count=2), IT) == \
        "non hai una scheda per marco: ha scritto 12 volte in 2 dirette"
    assert p.tally_text("anna", RosterEntry("twitch:2", messages=1, session_count=1), IT) == \
        "non hai una scheda per anna: ha scritto una volta in 1 diretta"
