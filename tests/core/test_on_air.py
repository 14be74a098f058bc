"""The on-air filter: say, mask or drop, English and Italian, with the streamer's lists."""

from __future__ import annotations

import pytest

from app.core.on_air import BLEEP, Decision, OnAir


@pytest.mark.parametrize(("text", "masked"), [
    ("what the fuck, chat", "what the f***, chat"),
    ("that was fucking great!", "that was f****** great!"),
    ("sh1t happens", "s*** happens"),
    ("fuuuuuck", "f*******"),
    ("you f.u.c.k.i.n.g legend", "you f************ legend"),
    ("f u c k this boss", "* * * * this boss"),
    ("che cazzo fai?", "che c**** fai?"),
    ("Stronzo!", "S******!"),
    ("porco dio che caldo", "p**** d** che caldo"),
    ("porcodio", "p*******"),
])
def test_profanity_is_masked(text, masked):
    screened = OnAir().screen(text)
    assert (screened.decision, screened.text) == (Decision.MASK, masked)


def test_a_spoken_mask_is_a_word_the_synthesiser_can_say():
    assert OnAir().screen("what the fuck", spoken=True).text == f"what the {BLEEP}"


@pytest.mark.parametrize("text", ["kill yourself", "go kys", "you n1gger", "sporco negro", "frocio", "white power!"])
def test_slurs_and_hate_are_dropped(text):
    screened = OnAir().screen(text)
    assert (screened.decision, screened.text) == (Decision.DROP, "")
    assert screened.words


@pytest.mark.parametrize("text", [
    "a cocktail in Scunthorpe with an assassin", "the class assignment", "Dickens wrote it", "ciao ragazzi",
    "che bello!", "I passed the exam", "spicy food", "the shitake mushrooms",
])
def test_innocent_words_are_said(text):
    assert OnAir().screen(text).decision is Decision.SAY


def test_the_streamers_lists():
    on_air = OnAir(never_say=["Acme Corp", "rivalname"], may_say=["culo"])
    assert on_air.screen("I love ACME corp").decision is Decision.DROP
    assert on_air.screen("say hi to RivalName").decision is Decision.DROP
    assert on_air.screen("che culo!").decision is Decision.SAY
    assert on_air.screen("che cazzo").decision is Decision.MASK      # the list adds, it does not replace
    assert OnAir().screen("che culo!").decision is Decision.MASK


def test_a_masked_line_screened_again_is_said_as_it_is():
    on_air = OnAir()
    once = on_air.screen("fucking hell, porco dio").text
    assert on_air.screen(once).decision is Decision.SAY
    assert on_air.screen(on_air.screen("fuck", spoken=True).text).decision is Decision.SAY
