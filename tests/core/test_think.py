"""Reasoning split out of visible text, as a table of streams fed whole and cut at every offset."""

import pytest

from app.core.think import Piece, ThinkSplitter

CASES = [
    # name, stream, visible, reasoning
    ("plain text", "ciao a tutti", "ciao a tutti", ""),
    ("a think block", "<think>they said hi</think>Hello!", "Hello!", "they said hi"),
    ("thinking and reasoning tags", "<thinking>a</thinking>b<reasoning>c</reasoning>d", "bd", "ac"),
    ("any letter case", "<THINK>x</Think>y", "y", "x"),
    ("only its own closing tag ends a block", "<reasoning>a</think>b</reasoning>c", "c", "a</think>b"),
    ("an opening tag inside a block is text", "<think>a<think>b</think>c", "c", "a<think>b"),
    ("unclosed at the end stays reasoning", "hi <think>never finished", "hi ", "never finished"),
    ("a cut tag at the end of a block", "<think>abc</thi", "", "abc</thi"),
    ("a cut tag at the end of the text", "visible <thin", "visible <thin", ""),
    ("lookalikes are text", "a < b, <b>bold</b>, <thinker> <think >", "a < b, <b>bold</b>, <thinker> <think >", ""),
    ("a lone angle at the end", "x <", "x <", ""),
    ("several blocks", "<think>1</think>A<think>2</think>B", "AB", "12"),
    ("template opened the block", "I should greet.</think>Hello!", "Hello!", "I should greet."),
    ("a stray close after a block is dropped", "<think>a</think>b</think>c", "bc", "a"),
    ("unicode around tags", "\u00e8<think>\U0001F600</think>\u00f2", "\u00e8\u00f2", "\U0001F600"),
    ("empty", "", "", ""),
]


def run(chunks, starts_inside=False):
    splitter = ThinkSplitter(starts_inside)
    pieces = [splitter.feed(c) for c in chunks] + [splitter.close()]
    return splitter, pieces


@pytest.mark.parametrize("name,stream,visible,reasoning", CASES, ids=[c[0] for c in CASES])
def test_whole(name, stream, visible, reasoning):
    splitter, pieces = run([stream])
    assert (splitter.visible, splitter.reasoning) == (visible, reasoning)


@pytest.mark.parametrize("name,stream,visible,reasoning", CASES, ids=[c[0] for c in CASES])
def test_split_at_every_offset(name, stream, visible, reasoning):
    for cut in range(len(stream) + 1):
        splitter, _ = run([stream[:cut], stream[cut:]])
        assert (splitter.visible, splitter.reasoning) == (visible, reasoning), f"split at {cut}"
    splitter, _ = run(list(stream))
    assert (splitter.visible, splitter.reasoning) == (visible, reasoning), "char by char"


@pytest.mark.parametrize("name,stream,visible,reasoning", [c for c in CASES if c[0] != "template opened the block"],
                         ids=[c[0] for c in CASES if c[0] != "template opened the block"])
def test_streamed_visible_pieces_never_carry_reasoning(name, stream, visible, reasoning):
    for cut in range(len(stream) + 1):
        _, pieces = run([stream[:cut], stream[cut:]])
        assert "".join(p.visible for p in pieces) == visible
        assert "".join(p.reasoning for p in pieces) == reasoning


def test_starts_inside_for_templates_that_open_the_block():
    for cut in range(len("plan</think>Hi") + 1):
        text = "plan</think>Hi"
        splitter, pieces = run([text[:cut], text[cut:]], starts_inside=True)
        assert "".join(p.visible for p in pieces) == "Hi" and splitter.reasoning == "plan"


def test_a_possible_tag_is_held_back_until_it_is_settled():
    splitter = ThinkSplitter()
    assert splitter.feed("Hi <th") == Piece("Hi ", "")
    assert splitter.feed("ink>hm") == Piece("", "hm")
    assert splitter.feed("</think") == Piece("", "")
    assert splitter.feed("> ok") == Piece(" ok", "")
    assert splitter.close() == Piece()
