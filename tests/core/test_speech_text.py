"""What reaches the synthesiser: the speech filter, the sentence chunker and the pipeline joining them.

Every behaviour is checked on the whole text; the incremental ones are also checked at every split point,
one character at a time, and over seeded random cuts of generated texts full of markers.
"""

import random

import pytest

from app.core.speech_text import (
    ABBREVIATIONS,
    MAX_SPAN,
    Action,
    Chunk,
    ChunkRules,
    Mood,
    SentenceChunker,
    SpeechEvent,
    SpeechFilter,
    SpeechPipeline,
    Text,
    is_abbreviation,
)

# -- helpers


def join_text(events: list[SpeechEvent]) -> list[SpeechEvent]:
    """Adjacent Text events joined into one (how events from different cuts are compared)."""
    out: list[SpeechEvent] = []
    for event in events:
        if isinstance(event, Text) and out and isinstance(out[-1], Text):
            out[-1] = Text(out[-1].text + event.text)
        elif not (isinstance(event, Text) and not event.text):
            out.append(event)
    return out


def filter_events(chunks, starts_inside_think=False):
    speech = SpeechFilter(starts_inside_think)
    events = []
    for chunk in chunks:
        events += speech.feed(chunk)
    return join_text(events + speech.finish())


def chunker_chunks(pieces, rules=None):
    chunker = SentenceChunker(rules)
    out = []
    for piece in pieces:
        out += chunker.feed(piece)
    return out + chunker.finish()


def pipeline_items(pieces, rules=None):
    pipeline = SpeechPipeline(rules)
    out = []
    for piece in pieces:
        out += pipeline.feed(piece)
    return out + pipeline.finish()


def two_way_splits(text):
    return [[text[:k], text[k:]] for k in range(len(text) + 1)]


def one_char_at_a_time(text):
    return list(text)


def random_cuts(text, rng, most=8):
    cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, rng.randint(1, most))))
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]


# -- the filter, whole text

FILTER_CASES = [
    # name, raw text, events
    ("plain text passes", "Ciao a tutti, come state?", [Text("Ciao a tutti, come state?")]),
    ("a think block", "<think>should I greet?</think>Hello!", [Text("Hello!")]),
    ("thinking and reasoning in any case", "<THINKING>a</thinking>b <Reasoning>c</REASONING>d",
     [Text("b d")]),
    ("only its own closing tag ends a block", "<reasoning>a</think>b</reasoning>c", [Text("c")]),
    ("an unclosed think block at the end", "Hi <think>never finished, secret", [Text("Hi")]),
    ("a cut closing tag at the end is still reasoning", "ok<think>abc</thi", [Text("ok")]),
    ("a stray closing tag is dropped, the text before stays", "Hello </think> world", [Text("Hello world")]),
    ("mood and do tags become events in order", "<mood:Happy>Hi <do:wave> there",
     [Mood("happy"), Text("Hi"), Action("wave"), Text(" there")]),
    ("tag values are stripped", "<mood: very happy >x<do: jump around >",
     [Mood("very happy"), Text("x"), Action("jump around")]),
    ("an empty tag value is dropped without an event", "a<mood: >b", [Text("a b")]),
    ("a value too long is no tag", "<mood:" + "x" * 65 + ">", [Text("<mood:" + "x" * 65 + ">")]),
    ("other angle brackets are text", "a < b, I <3 you, <b>bold</b>", [Text("a < b, I <3 you, <b>bold</b>")]),
    ("emphasis markers go, words stay", "**bold**, __strong__, _it_, ***both*** and ~~old~~ new",
     [Text("bold, strong, it, both and old new")]),
    ("a word-inner underscore is a space", "snake_case and __dunder__", [Text("snake case and dunder")]),
    ("a single tilde stays", "~ish", [Text("~ish")]),
    ("headings lose their marks", "# Title\n### Sub title\n#hashtag", [Text("Title\nSub title\n#hashtag")]),
    ("bullets lose their marks", "- one\n* two\n+ three\n  - nested", [Text("one\ntwo\nthree\nnested")]),
    ("numbered items lose their numbers", "1. one\n2) two\n2024. A year", [Text("one\ntwo\n2024. A year")]),
    ("quotes and rules lose their marks", "> quoted\n> - in a quote\n---\nafter",
     [Text("quoted\nin a quote\nafter")]),
    ("inline code keeps its text", "Run `pip install` or ``a`b``.", [Text("Run pip install or a`b.")]),
    ("a fenced block is dropped", "Here:\n```python\nprint('x')  # *no*\n```\nDone.", [Text("Here:\nDone.")]),
    ("a tilde fence is dropped", "a\n~~~\ncode\n~~~\nb", [Text("a\nb")]),
    ("an unclosed fence drops the rest", "a\n```\ncode to the end", [Text("a")]),
    ("a link becomes its text", "See [the **docs**](https://x.y/a_b) now", [Text("See the docs now")]),
    ("an image goes", "Look ![a cat](cat.png) here", [Text("Look here")]),
    ("emoji characters go", "Great job 🎉! Ciao 👋🏽 a tutti 🇮🇹 ❤️ 👨‍👩‍👧 ok",
     [Text("Great job! Ciao a tutti ok")]),
    ("shortcodes go", "Nice :tada: :+1: :smile_cat:!", [Text("Nice!")]),
    ("times and glued colons stay", "At 10:30:00, ratio 1:2, Nota:bene: and :30:",
     [Text("At 10:30:00, ratio 1:2, Nota:bene: and :30:")]),
    ("asterisk directions go", "*waves* Hi chat! I'm *grins widely* back", [Text("Hi chat! I'm back")]),
    ("bracket directions go", "[sighs] Fine. [laughs softly]", [Text("Fine.")]),
    ("paren directions go", "(laughs) That's hilarious (giggles). So (pauses) Okay.",
     [Text("That's hilarious. So Okay.")]),
    ("an aside mid-sentence stays", "Bea (that's me) is here", [Text("Bea (that's me) is here")]),
    ("parentheses with digits or many words stay", "It (see 3.5) is (one two three four five) ok",
     [Text("It (see 3.5) is (one two three four five) ok")]),
    ("a star glued to a digit is no direction", "2*3*4 and x * y", [Text("2 3 4 and x y")]),
    ("an unclosed star loses only the star", "*not closed\nnext", [Text("not closed\nnext")]),
    ("a stray bracket goes", "a [ b", [Text("a b")]),
    ("dropped things leave a gap", "Hi*waves*there and yes🎉no", [Text("Hi there and yes no")]),
    ("a space the text had before punctuation stays", "Ciao : a ; b", [Text("Ciao : a ; b")]),
    ("a tag keeps the line start", "<think>x</think># Title\n<mood:ok>- item", [Text("Title"), Mood("ok"),
                                                                               Text("\nitem")]),
    ("whitespace collapses, newlines win", "  a  \t b \n\n\n c   ", [Text("a b\nc")]),
    ("Italian accents pass untouched", "Perché è così? Sì, però… più tardi, città.",
     [Text("Perché è così? Sì, però… più tardi, città.")]),
    ("empty text", "", []),
    ("only markup", "<think>x</think> 🎉 *waves*", []),
]


@pytest.mark.parametrize("name,text,events", FILTER_CASES, ids=[c[0] for c in FILTER_CASES])
def test_filter_whole(name, text, events):
    assert filter_events([text]) == events


@pytest.mark.parametrize("name,text,events", FILTER_CASES, ids=[c[0] for c in FILTER_CASES])
def test_filter_one_character_at_a_time(name, text, events):
    assert filter_events(one_char_at_a_time(text)) == events


def test_starts_inside_think_hides_the_template_opened_block():
    assert filter_events(["I should greet.</think>Hello!"], starts_inside_think=True) == [Text("Hello!")]
    assert filter_events(["I should greet.</think>Hello!"]) == [Text("I should greet. Hello!")]


def test_only_the_words_are_text():
    events = filter_events(["<mood:sad>**Oh** no 😢 *sighs*"])
    assert "".join(e.text for e in events if isinstance(e, Text)) == "Oh no"


# -- the filter, incremental

SAMPLES = [
    "<mood:happy>Hi chat! *waves* Welcome back to the **stream**. 🎉 :tada:",
    "<think>Should I greet? Maybe *not*.</think>Hello <do:wave> everyone, this is _Bea_!",
    "# Plan\n- first: `pip install`\n- [the docs](https://x.y/z) [sighs]\n\n```py\nprint(1)\n```\nDone (laughs).",
    "Bea (that's me) is here. Mr. Smith met Dr. Who at 3.5 p.m., e.g. today... well… Maybe.",
    "Il Sig. Rossi è arrivato, ecc. Poi è andato via. Perché? Così è, però… sì! <mood:triste>Che peccato.",
    "time 10:30:00, snake_case, x<3, a < b, 2*3 <thinking>hm</thinking>ok ![i](u) ~~x~~ ~y",
    "open <reasoning>never closed <mood:x> *y*",
    "<thi<think>a</thin</think>b<mood:<mood:ok>c<do:<do:>d**e*f*g",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_filter_same_at_every_split_point(text):
    whole = filter_events([text])
    for pieces in two_way_splits(text):
        assert filter_events(pieces) == whole, pieces


@pytest.mark.parametrize("text", SAMPLES)
def test_filter_same_at_every_pair_of_split_points(text):
    whole = filter_events([text])
    for a in range(len(text) + 1):
        for b in range(a, len(text) + 1, 3):
            assert filter_events([text[:a], text[a:b], text[b:]]) == whole, (a, b)


ALPHABET = [*"ab cD.!?…,;:\n*_`~[]()<>/#-+1 23'’\"", "<think>", "</think>", "<thinking>", "</THINK>",
            "<mood:happy>", "<do:wave>", "<mood:", ">", "```", "~~~", "**", "🎉", "\u200d", "\ufe0f", ":smile:",
            "Mr.", "e.g.", "(laughs)", "(that's me)", "[sighs]", "[x](http://y)", "![i](u)", "è", "Sig.",
            "\n- ", "\n# ", "\n1. ", "\n> ", "...", "`code`"]


def generated_texts(seed, count, longest):
    rng = random.Random(seed)
    return [("".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, longest))), rng) for _ in range(count)]


@pytest.mark.parametrize("seed", range(4))
def test_filter_same_under_random_cuts_of_generated_texts(seed):
    for text, rng in generated_texts(seed, 300, 60):
        whole = filter_events([text])
        assert filter_events(random_cuts(text, rng)) == whole, text
        assert filter_events(one_char_at_a_time(text)) == whole, text


def test_a_cut_tag_is_held_back_until_settled():
    speech = SpeechFilter()
    assert speech.feed("Hello <thi") == [Text("Hello")]
    assert speech.feed("nk>secret plans</th") == []
    assert speech.feed("ink> world") == [Text(" world")]
    assert speech.finish() == []


def test_a_cut_mood_tag_comes_out_whole_and_in_order():
    speech = SpeechFilter()
    out = speech.feed("Ok. <mo") + speech.feed("od:exci") + speech.feed("ted>Yes") + speech.finish()
    assert join_text(out) == [Text("Ok."), Mood("excited"), Text(" Yes")]


def test_nothing_of_a_think_block_ever_leaks_whatever_the_cut():
    text = "Hi <think>SECRET plan: say *nothing* 🎉</think>there"
    for pieces in two_way_splits(text):
        speech = SpeechFilter()
        said = "".join(e.text for p in pieces for e in speech.feed(p) if isinstance(e, Text))
        said += "".join(e.text for e in speech.finish() if isinstance(e, Text))
        assert "SECRET" not in said and "<" not in said and said == "Hi there"


def test_text_before_a_marker_is_not_held():
    speech = SpeechFilter()
    assert speech.feed("Hello there, chat") == [Text("Hello there, chat")]


def test_an_unclosed_span_is_held_at_most_max_span():
    speech = SpeechFilter()
    assert speech.feed("*" + "a" * (MAX_SPAN - 1)) == []
    assert speech.feed("a" * 5) == [Text("a" * (MAX_SPAN + 4))]


def test_feeding_after_finish_is_an_error():
    speech = SpeechFilter()
    speech.finish()
    with pytest.raises(ValueError):
        speech.feed("x")
    assert speech.finish() == []


# -- the chunker

CHUNK_CASES = [
    # name, clean text, chunks
    ("a short first sentence goes alone", "Hi chat! Welcome back to the stream, everyone.",
     ["Hi chat!", "Welcome back to the stream, everyone."]),
    ("the first chunk ends at a comma after 8 characters", "Hey chat, welcome back to the stream.",
     ["Hey chat,", "welcome back to the stream."]),
    ("not before 8 characters", "Oh, hi there. Yes.", ["Oh, hi there.", "Yes."]),
    ("the first chunk is cut at a space by 30 characters", "Oh my god I can't believe you just did that",
     ["Oh my god I can't believe you", "just did that"]),
    ("later chunks keep commas under 60 characters",
     "Hi! Apples, pears, plums, figs, and many other fruits are here.",
     ["Hi!", "Apples, pears, plums, figs, and many other fruits are here."]),
    ("later chunks cut at a comma after 60 characters",
     "Hi! " + "Word " * 12 + "end, tail; more words here.",
     ["Hi!", ("Word " * 12 + "end,").strip(), "tail; more words here."]),
    ("newlines always cut", "Title\nfirst line\nsecond", ["Title", "first line", "second"]),
    ("English abbreviations", "Hi. Mr. Smith and Dr. Who met Mrs. Jones vs. Prof. Plum. End.",
     ["Hi.", "Mr. Smith and Dr. Who met Mrs. Jones vs. Prof. Plum.", "End."]),
    ("Latin abbreviations", "Hi. Fruit, e.g. Apples, i.e. Red ones, etc. Also more. End.",
     ["Hi.", "Fruit, e.g. Apples, i.e. Red ones, etc. Also more.", "End."]),
    ("Italian abbreviations and accents", "Ciao. Il Sig. Rossi e la Sig.ra Bianchi, ecc. Poi è andato. Sì.",
     ["Ciao.", "Il Sig. Rossi e la Sig.ra Bianchi, ecc. Poi è andato.", "Sì."]),
    ("Italian titles", "Ok. Il dott. Verdi e l'avv. Neri. Perché? Così è.",
     ["Ok.", "Il dott. Verdi e l'avv. Neri.", "Perché?", "Così è."]),
    ("initials and dotted tokens", "Ok. J. R. R. Tolkien lived in the U.S. Army days. End.",
     ["Ok.", "J. R. R. Tolkien lived in the U.S. Army days.", "End."]),
    ("decimals, versions, thousands and times", "Ok. It costs 3.5 euros, v2.0 has 1,000 users at 10:30. Bye.",
     ["Ok.", "It costs 3.5 euros, v2.0 has 1,000 users at 10:30.", "Bye."]),
    ("an ellipsis inside a word or before lower case", "Ok. Wait...what? Well... maybe… not. Yes.",
     ["Ok.", "Wait...what?", "Well... maybe… not.", "Yes."]),
    ("an ellipsis before a capital ends", "Ok. Hmm… Interesting... Right.",
     ["Ok.", "Hmm…", "Interesting...", "Right."]),
    ("a lower-case word after ? continues", 'Ok. "Really?" she said. "Yes!" He nodded.',
     ["Ok.", '"Really?" she said.', '"Yes!"', "He nodded."]),
    ("closing quotes and brackets stay with the sentence", "Ok. (It was fun.) «Sì.» Done.",
     ["Ok.", "(It was fun.)", "«Sì.»", "Done."]),
    ("runs of marks", "What?! No way!!! Ok…", ["What?!", "No way!!!", "Ok…"]),
    ("chunks with nothing to say are dropped", "... \n !!! \n Hi.", ["Hi."]),
    ("first passes on to the first kept chunk", "...\nOh my god I can't believe you just did that",
     ["Oh my god I can't believe you", "just did that"]),
    ("empty", "", []),
]


@pytest.mark.parametrize("name,text,chunks", CHUNK_CASES, ids=[c[0] for c in CHUNK_CASES])
def test_chunker_whole(name, text, chunks):
    assert chunker_chunks([text]) == chunks


@pytest.mark.parametrize("name,text,chunks", CHUNK_CASES, ids=[c[0] for c in CHUNK_CASES])
def test_chunker_same_at_every_split_point(name, text, chunks):
    for pieces in two_way_splits(text):
        assert chunker_chunks(pieces) == chunks, pieces
    assert chunker_chunks(one_char_at_a_time(text)) == chunks


def test_long_chunks_are_cut_at_a_space_by_max_chars():
    text = "Ok. " + " ".join(["Parola"] * 60)
    chunks = chunker_chunks([text])
    assert chunks[0] == "Ok."
    assert all(len(c) <= 200 for c in chunks) and " ".join(chunks[1:]) == text[4:]
    assert len(chunks[1]) > 190


def test_a_word_longer_than_max_chars_is_cut_hard():
    rules = ChunkRules(first_soft_min=2, first_max=5, soft_min=5, max_chars=10)
    assert chunker_chunks(["Ok. " + "x" * 25], rules) == ["Ok.", "x" * 10, "x" * 10, "x" * 5]


def test_custom_rules():
    rules = ChunkRules(first_soft_min=3, first_max=12, soft_min=10, max_chars=40)
    assert chunker_chunks(["Hi, there you go, all good, and fine"], rules) == [
        "Hi,", "there you go,", "all good, and fine"]


@pytest.mark.parametrize("bad", [dict(first_soft_min=0), dict(first_soft_min=40, first_max=30),
                                 dict(soft_min=300), dict(max_chars=0)])
def test_rules_are_validated(bad):
    with pytest.raises(ValueError):
        ChunkRules(**bad)


def test_the_first_chunk_is_ready_before_the_text_ends():
    chunker = SentenceChunker()
    words = "Ciao a tutti e benvenuti nella diretta di stasera che sarà lunghissima davvero".split(" ")
    arrived = []
    for n, word in enumerate(words):  # noqa: B007  (n is read after the loop)
        arrived += chunker.feed(word + " ")
        if arrived:
            break
    assert arrived == ["Ciao a tutti e benvenuti nella"] and n < len(words) - 1


def test_flush_cuts_the_pending_text_now():
    chunker = SentenceChunker()
    assert chunker.feed("Hello there") == []
    assert chunker.flush() == ["Hello there"]
    assert chunker.feed(" and more.") == []
    assert chunker.finish() == ["and more."]


@pytest.mark.parametrize("word,expected", [
    ("Mr", True), ("dr", True), ("Sig", True), ("ecc", True), ("e.g", True), ("U.S", True), ("sig.ra", True),
    ("J", True), ("è", False), ("a", False), ("cat", False), ("3", False), ("Dott", True), ("Così", False),
])
def test_is_abbreviation(word, expected):
    assert is_abbreviation("see " + word) is expected


def test_abbreviations_are_lower_case_and_dotless_at_the_end():
    assert all(a == a.lower() and not a.endswith(".") for a in ABBREVIATIONS)


@pytest.mark.parametrize("seed", range(3))
def test_chunker_same_under_random_cuts_of_generated_texts(seed):
    for text, rng in generated_texts(seed, 200, 120):
        whole = chunker_chunks([text])
        assert chunker_chunks(random_cuts(text, rng)) == whole, text
        assert chunker_chunks(one_char_at_a_time(text)) == whole, text


# -- the pipeline


def test_pipeline_cuts_at_events_so_they_sit_between_chunks():
    assert pipeline_items(["Hello there <mood:sad> I'm so sad. <do:cry>Really."]) == [
        Chunk("Hello there"), Mood("sad"), Chunk("I'm so sad."), Action("cry"), Chunk("Really.")]


def test_pipeline_a_leading_tag_comes_first():
    assert pipeline_items(["<mood:excited><do:jump>Yay! We won the game today!"]) == [
        Mood("excited"), Action("jump"), Chunk("Yay!"), Chunk("We won the game today!")]


def test_pipeline_cleans_then_chunks():
    text = "<think>plan</think># Hi chat!\n- **Item** one 🎉\n*waves* Mr. Rossi è qui (laughs). Ciao!"
    assert pipeline_items([text]) == [Chunk("Hi chat!"), Chunk("Item one"), Chunk("Mr. Rossi è qui."),
                                  Chunk("Ciao!")]


@pytest.mark.parametrize("text", SAMPLES)
def test_pipeline_same_at_every_split_point(text):
    whole = pipeline_items([text])
    for pieces in two_way_splits(text):
        assert pipeline_items(pieces) == whole, pieces
    assert pipeline_items(one_char_at_a_time(text)) == whole


@pytest.mark.parametrize("seed", range(3))
def test_pipeline_same_under_random_cuts_of_generated_texts(seed):
    for text, rng in generated_texts(seed, 200, 60):
        assert pipeline_items(random_cuts(text, rng)) == pipeline_items([text]), text


def test_pipeline_first_chunk_before_the_stream_ends():
    text = "<mood:happy>Hey chat, welcome back! Today we are playing something really special."
    pipeline = SpeechPipeline()
    for n, char in enumerate(text):  # noqa: B007  (n is read after the loop)
        items = pipeline.feed(char)
        if any(isinstance(i, Chunk) for i in items):
            break
    assert [i for i in items if isinstance(i, Chunk)] == [Chunk("Hey chat,")]
    assert n < text.index("welcome") + 2
