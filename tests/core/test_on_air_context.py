"""The on-air filter reads words in context: whole words in their inflections, names and known phrases said,
a word's sense from its neighbours, the slurs of both languages and their disguises caught."""

from __future__ import annotations

import pytest

from app.core.on_air import Decision, OnAir


def decide(text: str) -> Decision:
    return OnAir().screen(text).decision


@pytest.mark.parametrize("text", [
    "Siamo passati da Cazzago San Martino per il vino.",   # a word that starts like one is another word
    "Passami la cazzuola, devo finire il muro.",
    "Lo stronzio brucia con una fiamma rossa.",
    "Stasera spaghetti alla puttanesca.",
    "Il fabbro ha ferrato lo zoccolo del cavallo.",
    "I Troiani aprirono le porte.",
    "Il Negroni si fa con gin, vermut e bitter.",
    "Ho visto Cocker cantare dal vivo.",
    "Cumin and coriander, then the onions.",
])
def test_a_word_is_matched_whole_in_its_inflections_only(text):
    assert decide(text) is Decision.SAY


@pytest.mark.parametrize(("text", "decision"), [
    ("sei un cazzone", Decision.MASK),
    ("mi sono incazzatissimo", Decision.MASK),
    ("che stronzate", Decision.MASK),
    ("sei un rincoglionito", Decision.MASK),
    ("mi hai sputtanato", Decision.MASK),
    ("what a clusterfuck", Decision.MASK),
    ("shittiest game ever", Decision.MASK),
])
def test_inflected_profanity_is_masked(text, decision):
    assert decide(text) is decision


@pytest.mark.parametrize("text", [
    "Dick Van Dyke danced with penguins.", "Philip K. Dick wrote it.", "Ada Negri era una poetessa.",
    "La guerra di Troia dura dieci anni.", "Il cavallo di Troia era pieno di soldati.",
    "Have you read Moby Dick?", "Il fiume Negro attraversa la Patagonia.", "I loved that Dick Van Dyke film.",
])
def test_a_word_written_as_a_name_is_said(text):
    assert decide(text) is Decision.SAY


@pytest.mark.parametrize("text", [
    "you Coon", "Sporco Negro", "SEI UN NEGRO", "Dick.", "that coon is lazy", "sei una troia", "Quel Negro!",
])
def test_a_capital_does_not_hide_an_insult(text):
    assert decide(text) is not Decision.SAY


@pytest.mark.parametrize(("ordinary", "insult"), [
    ("blue tits at the feeder", "show us your tits"),
    ("she graduated summa cum laude", "cum on my face"),
    ("our Maine Coon weighs nine kilos", "that coon is lazy"),
    ("the kitchen was spick and span", "go back home you spick"),
    ("that's the chink in his armour", "look at that chink"),
    ("insalata di finocchio e arance", "sei un finocchio"),
    ("sono stati ammazzati in guerra", "ammazzati"),
    ("the cock crowed at five", "suck my cock"),
    ("our bitch had six puppies", "shut up bitch"),
    ("faggots and peas with onion gravy", "shut up faggot"),
    ("un effetto ritardato del farmaco", "sei un ritardato"),
])
def test_a_words_sense_is_read_from_its_neighbours(ordinary, insult):
    assert decide(ordinary) is Decision.SAY
    assert decide(insult) is not Decision.SAY


@pytest.mark.parametrize("text", [
    "terroni di merda", "sei un polentone", "i crucchi", "zingari ladri", "vu cumprà", "muso giallo",
    "dirty wop", "the dagos", "filthy jap", "a yid", "stinking polack", "a bunch of pickaninnies", "camel jockey",
    "sei un ricchione", "culattone", "dirty dyke", "shut up tranny", "you retard", "fudge packer",
])
def test_the_common_slurs_of_both_languages_are_dropped(text):
    assert decide(text) is Decision.DROP


@pytest.mark.parametrize("text", [
    "that niggaaaa", "what a f a g", "vai a i m p i c c a r t i", "wh*te power", "h a l f - b r e e d",
    "go kill y*urself", "sp*rco ebreo", "TERRONE", "t3rr0n3", "cruccoooo", "f.r.o.c.i.o",
])
def test_a_slur_in_disguise_is_dropped(text):
    assert decide(text) is Decision.DROP


def test_a_may_say_word_breaks_a_phrase_and_a_sense_is_read_only_around_a_found_word():
    on_air = OnAir(may_say=["dio"])
    assert on_air.screen("porco dio").decision is Decision.SAY
    assert OnAir().screen("porco dio").decision is Decision.MASK
    assert OnAir().screen("blue birds and great views").decision is Decision.SAY


@pytest.mark.parametrize(("text", "decision"), [
    ("what an assfucker", Decision.MASK), ("clusterfuck", Decision.MASK), ("you fagot", Decision.DROP),
    ("a faggotry", Decision.DROP), ("he sniggered at the joke", Decision.SAY), ("the Scunthorpe derby", Decision.SAY),
])
def test_an_infix_is_found_inside_a_word_and_a_stem_only_at_its_start(text, decision):
    assert decide(text) is decision
