"""speak(message, mood) read out of the still-open JSON of a streamed tool call, fed at awkward boundaries."""

import json

import pytest

from app.core.speak_stream import SpeakArgs, SpeakArgsError, SpeakArgsReader, SpeakStream
from app.core.speech_text import Action, Chunk, Mood, SpeechPipeline

# every escape JSON has, a surrogate pair, accents and an emoji as raw UTF-8 and as \u escapes
MESSAGE = ('Ciao a tutti! Oggi è un gran giorno… "davvero"\nE poi \U0001F600 tab\there \\ slash/ back. '
           'Perché no? Sì, città più ù.')
ESCAPED = json.dumps({"mood": "Happy", "message": MESSAGE})                      # \u00e8, \ud83d\ude00, \n, \"
RAW = json.dumps({"message": MESSAGE, "mood": "sad"}, ensure_ascii=False)       # è and 😀 as UTF-8 bytes
DOCUMENTS = {"escaped str": ESCAPED, "escaped bytes": ESCAPED.encode(), "raw str": RAW,
             "raw bytes": RAW.encode("utf-8")}


def read(fragments):
    reader = SpeakArgsReader()
    outputs = [reader.feed(f) for f in fragments]
    return reader, outputs, reader.finish()


def stream(fragments, **kw):
    speak = SpeakStream(**kw)
    items = []
    for fragment in fragments:
        items += speak.feed(fragment)
    return speak, items + speak.finish()


def splits(data):
    return [[data[:k], data[k:]] for k in range(len(data) + 1)]


def singles(data):
    return [data[k:k + 1] for k in range(len(data))]


def test_the_documents_really_hold_the_awkward_parts():
    assert "\\u00e8" in ESCAPED and "\\ud83d\\ude00" in ESCAPED and "\\n" in ESCAPED and '\\"' in ESCAPED
    assert "\\\\" in ESCAPED and "\\t" in ESCAPED
    assert "è".encode() in RAW.encode() and "\U0001F600".encode() in RAW.encode()


# -- the reader


@pytest.mark.parametrize("name", DOCUMENTS)
def test_reader_at_every_split_point_gives_the_message_once(name):
    data = DOCUMENTS[name]
    for fragments in splits(data):
        reader, outputs, args = read(fragments)
        assert "".join(outputs) == MESSAGE == args.message, fragments


@pytest.mark.parametrize("name", DOCUMENTS)
def test_reader_one_piece_at_a_time_never_emits_a_partial_escape_or_character(name):
    reader = SpeakArgsReader()
    said = ""
    for fragment in singles(DOCUMENTS[name]):
        new = reader.feed(fragment)
        new.encode("utf-8")                         # no lone surrogate: a whole character or nothing
        assert "\ufffd" not in new                  # no half of a multi-byte character decoded as junk
        said += new
        assert MESSAGE.startswith(said)             # never a raw "\u00" or "\" from an unfinished escape
        assert reader.message == said
    assert said == MESSAGE


def test_reader_holds_an_escape_cut_in_the_middle():
    reader = SpeakArgsReader()
    assert reader.feed('{"message": "Perch') == "Perch"
    assert reader.feed("\\u00") == ""
    assert reader.feed("e9 no") == "é no"
    assert reader.feed("\\") == ""
    assert reader.feed('n"}') == "\n"
    assert reader.finish() == SpeakArgs("Perché no\n")


def test_reader_holds_half_a_surrogate_pair():
    reader = SpeakArgsReader()
    assert reader.feed('{"message": "a\\ud83d') == "a"
    assert reader.feed("\\ude") == ""
    assert reader.feed('00b"}') == "\U0001F600b"


def test_reader_holds_a_multibyte_character_cut_between_bytes():
    data = '{"message": "città 😀"}'.encode()
    cut = data.index("à".encode()) + 1
    reader = SpeakArgsReader()
    assert reader.feed(data[:cut]) == "citt"
    emoji = data.index("😀".encode())
    assert reader.feed(data[cut:emoji + 2]) == "à "
    assert reader.feed(data[emoji + 2:]) == "😀"


def test_reader_learns_the_mood_once_its_string_closes():
    reader = SpeakArgsReader()
    reader.feed('{"mood": "hap')
    assert (reader.mood_known, reader.mood) == (False, None)
    reader.feed('py ", "message": "Hi')
    assert (reader.mood_known, reader.mood, reader.mood_first) == (True, "happy", True)
    assert not reader.message_complete
    reader.feed('!"')
    assert reader.message_complete
    reader.feed("}")
    assert reader.finish() == SpeakArgs("Hi!", "happy")


def test_reader_mood_after_the_message():
    reader, _, args = read(['{"message": "Hi", ', '"mood": "calm"}'])
    assert (reader.mood_first, args.mood) == (False, "calm")


@pytest.mark.parametrize("data,mood", [('{"message": "x", "mood": null}', None), ('{"message": "x"}', None),
                                       ('{"message": "x", "mood": "  "}', None)])
def test_reader_without_a_mood(data, mood):
    assert read([data])[2] == SpeakArgs("x", mood)


def test_reader_ignores_other_keys_and_leading_whitespace():
    reader = SpeakArgsReader()
    assert reader.feed("  \n ") == ""
    assert reader.feed('{"volume": 3, "note": "Hi", "message": "Yes"}') == "Yes"
    assert reader.finish() == SpeakArgs("Yes")


@pytest.mark.parametrize("data", ['[1, 2]', '{"mood": "x"}', '{"message": 3}', '{"message": "a", "mood": 3}',
                                  '{"message": "hi"', '{"message": "hi"} x', '{"message": "a" "b"}', "", "   "])
def test_finish_validates_the_complete_json(data):
    reader = SpeakArgsReader()
    reader.feed(data)
    with pytest.raises(SpeakArgsError):
        reader.finish()


@pytest.mark.parametrize("data", ['{"message": "a\\x', '{"message": "a\nb', '{"message": "a", "message": "b',
                                  '"just a string'])
def test_text_that_cannot_become_valid_is_an_error_when_it_arrives(data):
    with pytest.raises(SpeakArgsError):
        SpeakArgsReader().feed(data)


def test_a_fragment_must_be_text_or_bytes():
    with pytest.raises(TypeError):
        SpeakArgsReader().feed(3)


# -- the stream into speech


def test_stream_whole_call():
    speak, items = stream([ESCAPED])
    assert items == [Mood("happy"), Chunk("Ciao a tutti!"), Chunk("Oggi è un gran giorno…"), Chunk('"davvero"'),
                     Chunk("E poi tab here \\ slash/ back."), Chunk("Perché no?"), Chunk("Sì, città più ù.")]
    assert speak.args == SpeakArgs(MESSAGE, "Happy") and speak.mood == "Happy" and speak.message == MESSAGE


def test_stream_mood_after_the_message_comes_last():
    items = stream([RAW])[1]
    assert items[0] == Chunk("Ciao a tutti!") and items[-1] == Mood("sad")
    pipeline = SpeechPipeline()
    assert items[:-1] == pipeline.feed(MESSAGE) + pipeline.finish()


@pytest.mark.parametrize("name", DOCUMENTS)
def test_stream_same_items_at_every_split_point(name):
    data = DOCUMENTS[name]
    whole = stream([data])[1]
    for fragments in splits(data):
        assert stream(fragments)[1] == whole, fragments
    assert stream(singles(data))[1] == whole


def test_tags_think_blocks_and_markdown_inside_the_message():
    message = "<think>be nice</think><mood:excited>**Wow**, chat! <do:jump>*jumps* That's 🎉 amazing (laughs)."
    items = stream(singles(json.dumps({"message": message})))[1]
    assert items == [Mood("excited"), Chunk("Wow, chat!"), Action("jump"), Chunk("That's amazing.")]


def test_the_first_chunk_is_out_long_before_the_stream_ends():
    message = ("Hey chat, welcome back! Today we are trying the new map, and I have a really good feeling "
               "about it. Let's go!")
    data = json.dumps({"mood": "excited", "message": message})
    fragments = [data[k:k + 4] for k in range(0, len(data), 4)]     # token-sized pieces
    speak = SpeakStream()
    first_chunk_at = None
    for n, fragment in enumerate(fragments):
        items = speak.feed(fragment)
        if first_chunk_at is None and any(isinstance(i, Chunk) for i in items):
            first_chunk_at = n
            assert items == [Chunk("Hey chat,")]
    assert first_chunk_at is not None
    consumed = len("".join(fragments[:first_chunk_at + 1]))
    assert consumed <= data.index("welcome") + 4 and first_chunk_at < len(fragments) // 3


def test_the_last_chunk_does_not_wait_for_the_closing_brace():
    speak = SpeakStream()
    assert speak.feed('{"message": "All done') == []
    assert speak.feed('. Bye"') == [Chunk("All done."), Chunk("Bye")]
    assert speak.feed("}") == []
    assert speak.finish() == []


def test_mood_given_first_is_out_before_any_word():
    speak = SpeakStream()
    assert speak.feed('{"mood": "tired", "mess') == [Mood("tired")]
    assert speak.feed('age": "Mh."}') == [Chunk("Mh.")]


def test_a_broken_call_raises_from_feed():
    speak = SpeakStream()
    speak.feed('{"message": "Hello there, ')
    with pytest.raises(SpeakArgsError):
        speak.feed("bad \\q escape")


def test_finish_of_an_unfinished_call_raises_and_leaves_no_args():
    speak = SpeakStream()
    speak.feed('{"message": "Hi')
    with pytest.raises(SpeakArgsError):
        speak.finish()
    assert speak.args is None
