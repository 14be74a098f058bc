"""Her voice print: enrolment from takes (an odd take refused by its number), the verdict, and the saved form."""

from __future__ import annotations

import json

import numpy as np
import pytest

from app.core import voice_print as vp
from app.core.voice_print import EnrolmentProblem, VoicePrint

MODEL = "resemblyzer-0.1.4"


def unit(v: np.ndarray) -> np.ndarray:
    return (v / np.linalg.norm(v)).astype(np.float32)


@pytest.fixture
def voices() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    return unit(rng.random(256)), unit(rng.normal(size=256))


def takes_of(voice: np.ndarray, n: int, seed: int = 1, spread: float = 0.02) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [unit(voice + rng.normal(0, spread, voice.size)) for _ in range(n)]


def test_three_takes_are_needed_and_she_is_told_how_many_more(voices) -> None:
    her, _ = voices
    with pytest.raises(EnrolmentProblem, match="3 readings are needed.*there are 2; please read 1 more"):
        vp.enrol(takes_of(her, 2), MODEL)
    with pytest.raises(EnrolmentProblem, match="there is 1; please read 2 more"):
        vp.enrol(takes_of(her, 1), MODEL)
    assert issubclass(EnrolmentProblem, ValueError)


def test_a_print_is_the_unit_mean_of_its_takes_and_knows_its_model(voices) -> None:
    her, _ = voices
    takes = takes_of(her, 4)
    p = vp.enrol(takes, MODEL)
    assert p.takes == 4 and p.model == MODEL and len(p.vector) == 256
    assert np.linalg.norm(p.vector) == pytest.approx(1.0)
    assert np.asarray(p.vector) @ unit(np.mean(takes, axis=0)) == pytest.approx(1.0)
    assert vp.similarity(p, her) > 0.98 and vp.is_streamer(p, her)


@pytest.mark.parametrize("odd_at", [0, 1, 2, 3])
def test_a_take_in_another_voice_is_refused_by_its_number(voices, odd_at) -> None:
    her, other = voices
    takes = takes_of(her, 3)
    takes.insert(odd_at, takes_of(other, 1, seed=9)[0])
    with pytest.raises(EnrolmentProblem, match=f"^take {odd_at + 1} does not sound like the others; read it again$"):
        vp.enrol(takes, MODEL)
    agreement = vp.take_agreement(takes)
    assert int(np.argmin(agreement)) == odd_at and min(agreement) < vp.TAKE_FLOOR


def test_takes_that_vary_as_a_real_voice_does_still_enrol(voices) -> None:
    her, _ = voices
    takes = takes_of(her, 3, spread=0.03)
    assert min(vp.take_agreement(takes)) >= vp.TAKE_FLOOR
    assert vp.enrol(takes, MODEL).takes == 3


def test_the_verdict_follows_the_threshold(voices) -> None:
    her, other = voices
    p = vp.enrol(takes_of(her, 3), MODEL)
    assert not vp.is_streamer(p, other) and vp.similarity(p, other) < vp.SAME_SPEAKER
    blend = unit(her + 0.9 * other)          # a voice half way between
    score = vp.similarity(p, blend)
    assert vp.is_streamer(p, blend, threshold=score - 0.01) and not vp.is_streamer(p, blend, threshold=score + 0.01)
    assert vp.similarity(p, 3.0 * her) == pytest.approx(vp.similarity(p, her))   # an embedding's scale is no matter
    assert 0.5 < vp.SAME_SPEAKER < 1.0 and 0.5 < vp.TAKE_FLOOR <= vp.SAME_SPEAKER


def test_embeddings_that_are_not_voices_are_refused_with_words(voices) -> None:
    her, _ = voices
    p = vp.enrol(takes_of(her, 3), MODEL)
    with pytest.raises(ValueError, match="different models"):
        vp.similarity(p, np.ones(192))
    with pytest.raises(ValueError, match="not all zero"):
        vp.similarity(p, np.zeros(256))
    with pytest.raises(ValueError, match="finite"):
        vp.similarity(p, np.full(256, np.nan))
    with pytest.raises(ValueError, match="different models"):
        vp.enrol(takes_of(her, 2) + [np.ones(192, np.float32)], MODEL)


def test_the_saved_form_reads_back_exactly(voices) -> None:
    her, _ = voices
    p = vp.enrol(takes_of(her, 3), MODEL)
    blob = vp.to_bytes(p)
    assert isinstance(blob, bytes) and len(blob) < 8000
    back = vp.from_bytes(blob)
    assert back == p and isinstance(back, VoicePrint)
    assert vp.from_bytes(bytearray(blob)) == p


def test_a_damaged_or_foreign_blob_is_refused_saying_why(voices) -> None:
    her, _ = voices
    blob = vp.to_bytes(vp.enrol(takes_of(her, 3), MODEL))
    doc = json.loads(blob)
    digit = blob.index(b"0.", blob.index(b"vector")) + 4
    flipped = blob[:digit] + bytes([48 + (blob[digit] - 47) % 10]) + blob[digit + 1:]
    cases = [
        (blob[:-10], "damaged"),
        (b"\xff\xfe" + blob, "damaged"),
        (flipped, "damaged"),
        (b"", "damaged"),
        (b"[1, 2, 3]", "not a saved voice print"),
        (json.dumps(dict(doc, format="something else")).encode(), "not a saved voice print"),
        (json.dumps(dict(doc, version=2)).encode(), "version 2.*reads version 1"),
        (json.dumps(dict(doc, takes=5)).encode(), "check does not match"),
    ]
    for bad, words in cases:
        with pytest.raises(ValueError, match=words):
            vp.from_bytes(bad)


def test_a_blob_with_a_valid_check_but_nonsense_inside_is_refused() -> None:
    def signed(**body: object) -> bytes:
        doc = {"format": vp.FORMAT, "version": vp.VERSION, "model": MODEL, "takes": 3, "vector": [0.6, 0.8]}
        doc.update(body)
        return json.dumps(dict(doc, sha256=vp._digest(doc))).encode()

    assert vp.from_bytes(signed()).vector == (0.6, 0.8)
    for body, words in [({"vector": [0.5, 0.5]}, "not a unit vector"), ({"vector": []}, "numbers are damaged"),
                        ({"vector": ["a"]}, "numbers are damaged"), ({"takes": 0}, "number of takes"),
                        ({"takes": True}, "number of takes"), ({"model": ""}, "which model")]:
        with pytest.raises(ValueError, match=words):
            vp.from_bytes(signed(**body))


def test_the_verdict_names_the_streamer_her_own_voice_or_someone_else():
    from app.core.voice_print import HERS, SOMEONE, STREAMER, VoicePrint, verdict

    def unit(*xs):
        v = np.zeros(256)
        v[:len(xs)] = xs
        return v / np.linalg.norm(v)

    streamer = VoicePrint(tuple(unit(1.0)), 3, "m")
    her = unit(0.0, 1.0)
    assert verdict(streamer, unit(1.0, 0.2), her) == STREAMER
    assert verdict(streamer, unit(0.3, 1.0), her) == HERS            # her voice come back through the room
    assert verdict(streamer, unit(0.3, 1.0)) == SOMEONE               # unknown without her voice's embedding
    assert verdict(streamer, unit(0.2, 0.2, 1.0), her) == SOMEONE
    line = unit(1.0, 0.7)                                              # 0.82 to the streamer's print
    assert verdict(streamer, line, her) == STREAMER                    # 0.57 to her voice
    assert verdict(streamer, line, unit(0.6, 1.0)) == HERS             # 0.91 to a voice of hers like it: nearer
