"""The streamer's voice print: a few takes of her reading aloud made into one print, and whether a voice is hers.

Theory of operation:
1. An embedding is a speaker model's print of one utterance (app/senses/voice/speaker_model.py: 256 numbers of
   unit length). A VoicePrint is the unit-length mean of her enrolment takes' embeddings, with how many takes
   made it and which model made them (a print from another model means nothing to this one).
2. enrol() needs at least MIN_TAKES takes. Each take is compared (cosine) with the mean of the others; when the
   worst of them is below TAKE_FLOOR, that take is refused by its number (from 1): another voice, a noise or a
   false start is in it, and she is asked to read it again. Otherwise the print is made.
3. similarity() is the cosine of the print and an embedding; is_streamer() says whether it reaches the threshold,
   SAME_SPEAKER unless another is given. SAME_SPEAKER is the tune split's equal-error threshold (0.81, rounded
   down) in tests/bench/speaker.py, checked on voices that choice never saw. TAKE_FLOOR is a step lower: on the
   synthetic tune voices 0.80-0.85 would part odd takes from good ones (0.75 still catches 11 of 13), but a real
   voice agrees with itself less than a synthetic one, and a good take refused is a reading she must repeat.
4. to_bytes() writes a small JSON document (FORMAT, VERSION, model, takes, vector, and a SHA-256 of those);
   from_bytes() reads it back exactly, and refuses anything else (not ours, a newer version, damaged, a vector
   that is not a unit vector) with ValueError saying which.
5. verdict() names whose an utterance is: the streamer's, hers (her own voice come back through the room, when
   an embedding of her voice is given), or someone else's.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

MIN_TAKES = 3
SAME_SPEAKER = 0.80
TAKE_FLOOR = 0.75
FORMAT = "bea-voice-print"
VERSION = 1


@dataclass(frozen=True)
class VoicePrint:
    vector: tuple[float, ...]
    takes: int
    model: str


class EnrolmentProblem(ValueError):
    """Why her takes made no voice print, said so she knows what to do next."""


def _unit(embedding: object) -> np.ndarray:
    v = np.asarray(embedding, dtype=np.float64).reshape(-1)
    norm = float(np.linalg.norm(v)) if v.size else 0.0
    if not v.size or not math.isfinite(norm) or norm == 0.0:
        raise ValueError("a voice embedding is a non-empty list of finite numbers, not all zero")
    return v / norm


def enrol(embeddings: Sequence[np.ndarray], model: str) -> VoicePrint:
    """Rule 2."""
    if len(embeddings) < MIN_TAKES:
        raise EnrolmentProblem(f"{MIN_TAKES} readings are needed to learn your voice, and there "
                               f"{'is' if len(embeddings) == 1 else 'are'} {len(embeddings)}; please read "
                               f"{MIN_TAKES - len(embeddings)} more")
    agreement = take_agreement(embeddings)
    worst = int(np.argmin(agreement))
    if agreement[worst] < TAKE_FLOOR:
        raise EnrolmentProblem(f"take {worst + 1} does not sound like the others; read it again")
    return VoicePrint(tuple(float(x) for x in _unit(np.sum([_unit(e) for e in embeddings], axis=0))),
                      len(embeddings), model)


def take_agreement(embeddings: Sequence[np.ndarray]) -> list[float]:
    """Rule 2: each take's cosine with the mean of the others (two takes or more)."""
    takes = [_unit(e) for e in embeddings]
    if len(takes) < 2:
        raise ValueError("takes agree or not with each other: two are needed at least")
    if len({t.size for t in takes}) != 1:
        raise ValueError("the takes' embeddings are of different sizes: they come from different models")
    total = np.sum(takes, axis=0)
    return [float(_unit(total - t) @ t) if np.linalg.norm(total - t) > 1e-12 else 1.0 for t in takes]


def similarity(p: VoicePrint, embedding: object) -> float:
    """Rule 3: cosine similarity, from -1 to 1."""
    v = _unit(embedding)
    if v.size != len(p.vector):
        raise ValueError(f"this embedding has {v.size} numbers and the voice print {len(p.vector)}: they come "
                         "from different models")
    return float(np.asarray(p.vector, dtype=np.float64) @ v)


def is_streamer(p: VoicePrint, embedding: object, threshold: float | None = None) -> bool:
    """Rule 3."""
    return similarity(p, embedding) >= (SAME_SPEAKER if threshold is None else threshold)


STREAMER, HERS, SOMEONE = "streamer", "her", "someone"


def verdict(p: VoicePrint, embedding: object, her: object | None = None) -> str:
    """Rule 5: whose voice an utterance is: STREAMER at SAME_SPEAKER or above; HERS when `her` (an embedding of
    her own voice) is given and the utterance is as close to it as a same speaker is, and closer than to the
    streamer's print (her voice come back through the room); else SOMEONE."""
    mine = similarity(p, embedding)
    if her is not None:
        hers = float(_unit(her) @ _unit(embedding))
        if hers >= SAME_SPEAKER and hers > mine:
            return HERS
    return STREAMER if is_streamer(p, embedding) else SOMEONE


def _digest(body: dict[str, object]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def to_bytes(p: VoicePrint) -> bytes:
    """Rule 4."""
    body: dict[str, object] = {"format": FORMAT, "version": VERSION, "model": p.model, "takes": p.takes,
                               "vector": list(p.vector)}
    return json.dumps(dict(body, sha256=_digest(body)), separators=(",", ":")).encode()


def from_bytes(b: bytes) -> VoicePrint:
    """Rule 4."""
    try:
        doc = json.loads(bytes(b).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, TypeError) as exc:
        raise ValueError("the saved voice print is damaged (it is not readable text); record it again") from exc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError("this is not a saved voice print")
    if doc.get("version") != VERSION:
        raise ValueError(f"this voice print was saved in format version {doc.get('version')!r}, and this Bea "
                         f"reads version {VERSION}; record it again")
    check = doc.pop("sha256", None)
    if check != _digest(doc):
        raise ValueError("the saved voice print is damaged (its check does not match); record it again")
    model, takes, vector = doc.get("model"), doc.get("takes"), doc.get("vector")
    if not isinstance(model, str) or not model:
        raise ValueError("the saved voice print does not say which model made it")
    if isinstance(takes, bool) or not isinstance(takes, int) or takes < 1:
        raise ValueError("the saved voice print has no valid number of takes")
    if (not isinstance(vector, list) or not vector
            or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in vector)):
        raise ValueError("the saved voice print's numbers are damaged")
    if abs(math.sqrt(math.fsum(float(x) ** 2 for x in vector)) - 1.0) > 1e-6:
        raise ValueError("the saved voice print is not a unit vector, so it is damaged")
    return VoicePrint(tuple(float(x) for x in vector), takes, model)
