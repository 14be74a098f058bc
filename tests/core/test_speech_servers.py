"""Where her ears and voice run, as the streamer types it, and the servers' answers as plain data."""

from __future__ import annotations

import pytest

from app.core.speech_servers import (
    LOCAL,
    Kind,
    SpeechServerError,
    deadline_s,
    key_name,
    language_code,
    openai_offer,
    parse,
    parse_list,
    pieces,
    wyoming_offer,
)
from app.core.transcript_guard import judge


def test_the_three_places_her_speech_can_run():
    assert parse("This computer") is LOCAL and parse(" local ") is LOCAL
    w = parse("wyoming://192.168.1.20:10300")
    assert (w.kind, w.host, w.port, w.voice, w.name) == (Kind.WYOMING, "192.168.1.20", 10300, "",
                                                        "wyoming://192.168.1.20:10300")
    assert parse("wyoming://GPU-box.local:10200 en_US-lessac-medium").voice == "en_US-lessac-medium"
    o = parse("http://10.0.0.5:8000 Systran/faster-whisper-small")
    assert (o.kind, o.url, o.model, o.voice) == (Kind.OPENAI, "http://10.0.0.5:8000/v1",
                                                 "Systran/faster-whisper-small", "")
    k = parse("https://tts.example.org/api/v1/ kokoro af_bella")
    assert (k.url, k.port, k.model, k.voice) == ("https://tts.example.org:443/api/v1", 443, "kokoro", "af_bella")
    assert parse("wyoming://[fd00::5]:10300").name == "wyoming://[fd00::5]:10300"


@pytest.mark.parametrize("entry, says", [
    ("192.168.1.20:10300", "not a place her speech can run"),
    ("wyoming://192.168.1.20", "say the server's port"),
    ("wyoming://192.168.1.20:99999", "port is not a number"),
    ("wyoming://:10300", "names no machine"),
    ("http://10.0.0.5:8000/v1", "say which of the server's models"),
    ("http://10.0.0.5:8000/v1 a b c", "a model and at most one voice"),
    ("http://user:secret@10.0.0.5:8000/v1 m", "no user"),
    ("wyoming://10.0.0.5:10200 two names", "at most one name"),
])
def test_a_bad_entry_says_what_a_good_one_looks_like(entry, says):
    with pytest.raises(SpeechServerError, match=says):
        parse(entry)


def test_this_computer_is_always_the_last_resort_unless_placed():
    assert parse_list(["wyoming://10.0.0.5:10300"])[-1] is LOCAL
    placed = parse_list(["local", "wyoming://10.0.0.5:10300"])
    assert placed[0] is LOCAL and len(placed) == 2
    assert parse_list([]) == (LOCAL,)


def test_every_bad_entry_is_reported_at_once_and_a_repeat_is_refused():
    with pytest.raises(SpeechServerError) as caught:
        parse_list(["wyoming://a", "nonsense", "wyoming://b:1", "wyoming://B:1"])
    text = str(caught.value)
    assert "'wyoming://a'" in text and "'nonsense'" in text and "listed twice" in text


def test_a_key_is_kept_per_server_and_never_in_the_entry():
    assert key_name(parse("http://10.0.0.5:8000/v1 m")) == "speech.10.0.0.5:8000.api_key"
    assert key_name(parse("https://10.0.0.5:8000/other m v")) == key_name(parse("http://10.0.0.5:8000/v1 n"))


def test_a_remote_server_may_take_longer_on_more_work_but_never_forever():
    assert deadline_s("hearing", 0) == pytest.approx(2.5)
    assert deadline_s("hearing", 10) == pytest.approx(7.5)
    assert deadline_s("speaking", 100) == pytest.approx(4.0)
    assert deadline_s("speaking", -3) == deadline_s("speaking", 0)


def test_a_verbose_transcription_is_judged_as_a_local_one_is():
    answer = {"text": " hello there", "language": "english", "segments": [
        {"text": " hello there", "avg_logprob": -0.2, "no_speech_prob": 0.01, "compression_ratio": 0.9},
        {"text": " Thank you.", "avg_logprob": -1.4, "no_speech_prob": 0.9, "compression_ratio": 0.8}]}
    verdict = judge(pieces(answer), 3.0)
    assert verdict.text == "hello there" and verdict.dropped == ("no speech",)
    loop = {"text": "go go go go go go go go go"}
    assert judge(pieces(loop), 5.0).text == ""
    assert pieces({"text": "  "}) == []


def test_a_language_as_a_server_names_it():
    names = {"english": "en", "italian": "it"}
    assert language_code("Italian", names) == "it"
    assert language_code("en-US", names) == "en" and language_code("de", names) == "de"
    assert language_code(None, names) is None and language_code("???", names) is None


def test_what_a_server_offers_in_one_line():
    info = {"asr": [{"name": "faster-whisper", "models": [
        {"name": "base", "installed": True, "languages": ["en", "it"]},
        {"name": "large", "installed": False, "languages": ["en"]}]}], "tts": []}
    assert wyoming_offer(info) == "faster-whisper (base) [en, it]"
    catalogue = {"tts": [{"name": "piper", "voices": [{"name": f"voice-{i}", "languages": [f"l{i}"]}
                                                     for i in range(174)] + [{"name": "en_US-joe-medium"}]}]}
    assert wyoming_offer(catalogue, "en_US-joe-medium") == \
        "piper (voice-0, voice-1, voice-2 and 172 more); en_US-joe-medium is there"    # counted, not listed
    assert wyoming_offer(catalogue, "it_IT-paola-medium").endswith("it_IT-paola-medium is NOT there")
    assert openai_offer({"data": [{"id": "tts-1"}, {"id": "kokoro"}]}) == "tts-1, kokoro"
    assert openai_offer({"data": []}) == "no models listed"
    assert openai_offer({"data": [{"id": str(i)} for i in range(10)]}).endswith("and 2 more")
