"""Subjective aliases, the pure rules (app.core.aliases): learning, upgrading, resolving, introductions."""

import pytest

from app.core.aliases import UNFAMILIAR, Alias, introduced_name, learn, relabel, resolve_alias
from app.core.perception import Author, Meta, Perception, PerceptionKind

SEEN = Alias("xX_marco_Xx", "seen")
DESCRIBED = Alias("a deep voice", "described")
REMEMBERED = Alias("Marco", "known", "remembered")
INTRODUCED = Alias("Marco", "known", "introduced")
STREAMER = Alias("Marco Rossi", "known", "streamer")


@pytest.mark.parametrize(("current", "proposed", "stored"), [
    (None, DESCRIBED, DESCRIBED),                                    # nothing: what is visible
    (DESCRIBED, SEEN, SEEN),                                         # a name on screen beats a description
    (SEEN, DESCRIBED, None),                                         # ...and a description never replaces it
    (SEEN, Alias("marco_the_great", "seen"), Alias("marco_the_great", "seen")),  # a nickname change shows
    (SEEN, REMEMBERED, REMEMBERED),                                  # the upgrade: unknown -> known at once
    (DESCRIBED, INTRODUCED, INTRODUCED),
    (REMEMBERED, SEEN, None),                                        # nothing visible replaces a known name
    (REMEMBERED, Alias("Marc", "known", "introduced"), Alias("Marc", "known", "introduced")),
    (INTRODUCED, Alias("Mark", "known", "remembered"), None),       # she cannot overrule what they said
    (INTRODUCED, Alias("Marc", "known", "introduced"), Alias("Marc", "known", "introduced")),  # they correct it
    (INTRODUCED, STREAMER, STREAMER),                                # the streamer overrides all
    (STREAMER, Alias("Marc", "known", "introduced"), None),
    (INTRODUCED, INTRODUCED, None),                                  # nothing new
])
def test_when_an_alias_is_learned_and_when_it_may_change(current, proposed, stored):
    assert learn(current, proposed) == stored


def test_bad_proposals_are_refused():
    with pytest.raises(ValueError, match="needs a name"):
        learn(None, Alias("   ", "seen"))
    with pytest.raises(ValueError, match="unknown alias state"):
        learn(None, Alias("Marco", "known", "gossip"))
    assert learn(None, Alias("  Marco   Rossi ", "seen")) == Alias("Marco Rossi", "seen")


def test_resolving_gives_you_the_alias_or_an_unfamiliar_figure():
    aliases = {"twitch:1": REMEMBERED}
    assert resolve_alias("bea", "bea", aliases) == "you"
    assert resolve_alias("bea", "twitch:1", aliases) == "Marco"
    assert resolve_alias("bea", "twitch:2", aliases) == UNFAMILIAR


@pytest.mark.parametrize(("text", "name"), [
    ("hi bea, my name is Marco!", "Marco"),
    ("btw my name's anna", "anna"),
    ("you can call me Luca, everyone does", "Luca"),
    ("ciao a tutti, mi chiamo Giulia", "Giulia"),
    ("Il mio nome è Francesca Bianchi.", "Francesca Bianchi"),
    ("chiamami Fra", "Fra"),
    ("call me maybe", None),                      # a song, not a name
    ("I'm tired", None),                          # no explicit phrasing: never a name
    ("sono stanco morto", None),
    ("my name is not important", None),
    ("my name is Marco and I like cats", "Marco"),
    ("what is your name?", None),
])
def test_only_explicit_introductions_name_someone(text, name):
    assert introduced_name(text) == name


def _chat(display: str, text: str) -> Perception:
    return Perception(PerceptionKind.CHAT, "twitch", f"[{display}] {text}", author=Author("twitch", "4242", display),
                      meta={Meta.TEXT: text})


def test_relabel_renders_the_line_with_the_viewers_words():
    p = _chat("xX_marco_Xx", "hello there")
    assert relabel(p, "Marco").content == "[Marco] hello there"
    assert relabel(p, "Marco").author == p.author and relabel(p, "Marco").meta[Meta.TEXT] == "hello there"
    odd = Perception(PerceptionKind.CHAT, "twitch", "a raid of 30 people", author=Author("twitch", "1", "x"))
    assert relabel(odd, "Marco") is odd           # not a "[name] text" line: left as the surface made it


def test_relabel_keeps_her_word_for_the_author_for_where_you_are():
    p = _chat("xX_marco_Xx", "hello there")
    assert relabel(p, "Marco").who == "Marco" and relabel(p, "Marco").meta[Meta.WHO] == "Marco"
    assert p.who == "xX_marco_Xx"                 # not relabelled: the name she can read next to the line
